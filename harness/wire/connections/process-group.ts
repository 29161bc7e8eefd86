import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { withinMs } from '../timing.js';

/**
 * The environment variable every process the suite starts carries, and its descendants inherit: this harness's run
 * and the launch it came from. A process that left its group (setsid, a double fork, a detached child) still carries
 * it, so it can be found in /proc and ended (docs/client-fixture-contract.md, "How a run works").
 */
export const PROCESS_MARK = 'MCP_TASKS_CONFORMANCE_PROCESS';
/** This harness's runs: unique per harness process, so a run never ends another run's processes. */
const RUN_ID = `${process.pid}-${randomBytes(4).toString('hex')}`;
let launches = 0;

/** Process groups started by this harness and not yet ended; swept on exit so nothing outlives a run. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Synchronous kill: an 'exit' handler cannot await, and a crashed harness must still leave no orphans.
  process.on('exit', () => {
    for (const pid of liveGroups) signalGroup(pid, 'SIGKILL');
    for (const { pid } of markedProcesses(() => true)) signalProcess(pid, 'SIGKILL');
  });
}

function signalProcess(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** A process the suite started that outlived the process group it was started in, found by its mark and ended. */
export interface EscapedProcess {
  pid: number;
  /** Its command line as /proc tells it. */
  command: string;
}

/**
 * Running processes whose environment holds PROCESS_MARK with a value that begins with `valuePrefix`, and the rest of
 * that value (Linux /proc; none elsewhere). This process is never among them.
 */
export function markedPids(valuePrefix: string): { pid: number; rest: string }[] {
  if (!existsSync('/proc/self/environ')) return [];
  const prefix = `${PROCESS_MARK}=${valuePrefix}`;
  const found: { pid: number; rest: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environ: string;
    try {
      // Unreadable for other users' processes, empty for zombies: neither is ours to end.
      environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
    } catch {
      continue;
    }
    const at = environ.indexOf(prefix);
    if (at < 0 || (at > 0 && environ[at - 1] !== '\0')) continue;
    const end = environ.indexOf('\0', at);
    found.push({ pid: Number(entry), rest: environ.slice(at + prefix.length, end < 0 ? undefined : end) });
  }
  return found;
}

/** Running processes carrying a mark of this harness that `wanted` accepts (Linux /proc; none elsewhere). */
function markedProcesses(wanted: (launch: string) => boolean): EscapedProcess[] {
  const found: EscapedProcess[] = [];
  for (const { pid, rest } of markedPids(`${RUN_ID}/`)) {
    if (!wanted(rest)) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    } catch {
      continue;
    }
    found.push({ pid, command: command.length > 200 ? `${command.slice(0, 200)}…` : command });
  }
  return found;
}

/** Ends the marked processes `wanted` accepts: SIGTERM, then SIGKILL after graceMs; resolves once they are gone (bounded). */
async function endMarked(wanted: (launch: string) => boolean, graceMs: number): Promise<EscapedProcess[]> {
  const found = markedProcesses(wanted);
  if (found.length === 0) return found;
  for (const { pid } of found) signalProcess(pid, 'SIGTERM');
  const gone = () => found.every(({ pid }) => processEnded(pid));
  const deadline = Date.now() + graceMs;
  while (!gone() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  if (!gone()) {
    for (const { pid } of found) if (!processEnded(pid)) signalProcess(pid, 'SIGKILL');
    const reaped = Date.now() + 1000;
    while (!gone() && Date.now() < reaped) await new Promise((r) => setTimeout(r, 10));
  }
  return found;
}

/** A run notice for processes that outlived the process they came from (`who` started them) and were ended `when`. */
export function escapedNotice(escaped: readonly EscapedProcess[], who: string, when: string): string {
  const shown = escaped
    .slice(0, 5)
    .map(({ pid, command }) => `${pid} (${JSON.stringify(command)})`)
    .join(', ');
  return (
    `Ended ${escaped.length === 1 ? '1 process' : `${escaped.length} processes`} ${when} that ${who} had started ` +
    'outside the process group the suite ends (detached, setsid or a double fork), ' +
    `found by the ${PROCESS_MARK} variable every process the suite starts carries: ` +
    `${shown}${escaped.length > 5 ? `, and ${escaped.length - 5} more` : ''}.`
  );
}

/** Escaped processes ended with their launch and not yet told in a run's notices. */
const untold = new Set<EscapedProcess>();

/** The escaped processes among `these` (default: all) not yet told, now counted as told: each is told once. */
export function takeUntold(these?: readonly EscapedProcess[]): EscapedProcess[] {
  const taken = (these ?? [...untold]).filter((escaped) => untold.has(escaped));
  for (const escaped of taken) untold.delete(escaped);
  return taken;
}

/** Launches of this harness that are still running (their end() not yet called). */
const liveLaunches = new Set<string>();

/** Ends every process of this harness whose launch has ended yet still runs (one that left its group): for the end of a run. */
export function endEscapedProcesses(graceMs = 2000): Promise<EscapedProcess[]> {
  return endMarked((launch) => !liveLaunches.has(launch), graceMs);
}

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * True while a process of the group is still running. Zombies do not count: an orphan's zombie waits for
 * PID 1 to reap it, which some container inits do only now and then.
 */
export function groupRunning(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  if (!existsSync('/proc/self/stat')) return true;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the parenthesised command name: state, ppid, pgrp, ...
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') return true;
  }
  return false;
}

/** True once the process itself (not its group) has ended: gone, or a zombie not yet reaped. */
export function processEnded(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  if (!existsSync(`/proc/${pid}/stat`)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

export interface LaunchedProcess {
  child: ChildProcessByStdio<Writable | null, Readable, Readable>;
  pid: number;
  /** Resolves when the process has exited, with its code or signal. */
  exited: Promise<{ code: number | null; signal: string | null }>;
  /**
   * Ends the whole process group: SIGTERM, then SIGKILL after graceMs; then every process that carries this launch's
   * mark but left the group (escaped, below).
   */
  end(graceMs?: number): Promise<void>;
  /** This launch's mark (the value of PROCESS_MARK its processes carry). */
  readonly mark: string;
  /** The processes the last end() found outside the group, still carrying this launch's mark, and ended. */
  readonly escaped: EscapedProcess[];
}

/** Starts a command line (through the shell) in its own process group so that it and every descendant can be ended together. */
export function launchCommand(commandLine: string, options: { env?: Record<string, string>; stdin?: boolean } = {}): LaunchedProcess {
  installExitHook();
  const launch = String((launches += 1));
  const mark = `${RUN_ID}/${launch}`;
  // Node's own spawn: a shell line in a new process group is all this needs, and it starts ~120 ms sooner than
  // loading a process library (on the critical path of every run).
  const child = spawn(commandLine, {
    shell: true,
    detached: true,
    stdio: [options.stdin === false ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    // Added to the suite's environment, never instead of it (PATH and HOME must reach the command); the mark last.
    env: { ...process.env, ...options.env, [PROCESS_MARK]: mark },
  }) as LaunchedProcess['child'];
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start: ${commandLine}`);
  liveGroups.add(pid);
  liveLaunches.add(launch);
  const escaped: EscapedProcess[] = [];
  let exitInfo: { code: number | null; signal: string | null } | undefined;
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      resolve(exitInfo);
    });
    child.once('error', () => resolve(exitInfo ?? { code: null, signal: null }));
  });
  // While the group's leader runs, the group runs: reading all of /proc (to see past zombies) is needed only after
  // it exited, and doing it every 25 ms of every ending cost the harness ~300 ms of CPU in a run.
  const groupGone = () => (exitInfo === undefined && signalGroup(pid, 0) ? false : !groupRunning(pid));
  const end = async (graceMs = 2000) => {
    if (!groupGone()) {
      signalGroup(pid, 'SIGTERM');
      const deadline = Date.now() + graceMs;
      // Descendants may outlive the shell, so wait on the group, not only on the child.
      while (!groupGone() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      if (!groupGone()) {
        signalGroup(pid, 'SIGKILL');
        const reaped = Date.now() + 1000;
        while (!groupGone() && Date.now() < reaped) await new Promise((r) => setTimeout(r, 10));
      }
    }
    await withinMs(exited, graceMs);
    liveGroups.delete(pid);
    liveLaunches.delete(launch);
    // A descendant that left the group (a daemon) outlives the group's end: found by its mark, and ended too.
    for (const found of await endMarked((marked) => marked === launch, graceMs)) {
      if (escaped.some(({ pid }) => pid === found.pid)) continue;
      escaped.push(found);
      untold.add(found);
    }
  };
  return { child, pid, exited, end, mark, escaped };
}

/** Process groups still alive, for tests that look for orphans. */
export function liveProcessGroups(): number[] {
  return [...liveGroups].filter((pid) => groupRunning(pid));
}
