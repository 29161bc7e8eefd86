import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { withinMs } from '../timing.js';

/** Process groups started by this harness and not yet ended; swept on exit so nothing outlives a run. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Synchronous kill: an 'exit' handler cannot await, and a crashed harness must still leave no orphans.
  process.on('exit', () => {
    for (const pid of liveGroups) signalGroup(pid, 'SIGKILL');
  });
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
  /** Ends the whole process group: SIGTERM, then SIGKILL after graceMs. */
  end(graceMs?: number): Promise<void>;
}

/** Starts a command line (through the shell) in its own process group so that it and every descendant can be ended together. */
export function launchCommand(commandLine: string, options: { env?: Record<string, string>; stdin?: boolean } = {}): LaunchedProcess {
  installExitHook();
  // Node's own spawn: a shell line in a new process group is all this needs, and it starts ~120 ms sooner than
  // loading a process library (on the critical path of every run).
  const child = spawn(commandLine, {
    shell: true,
    detached: true,
    stdio: [options.stdin === false ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    // Added to the suite's environment, never instead of it (PATH and HOME must reach the command).
    env: options.env ? { ...process.env, ...options.env } : process.env,
  }) as LaunchedProcess['child'];
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start: ${commandLine}`);
  liveGroups.add(pid);
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
  };
  return { child, pid, exited, end };
}

/** Process groups still alive, for tests that look for orphans. */
export function liveProcessGroups(): number[] {
  return [...liveGroups].filter((pid) => groupRunning(pid));
}
