// Runs the real CLI as a child process in its own process group, watching /proc for its descendants while it runs, so
// a test can show that the run ended in bounded time and that no process outlived it. Shared by the tests of broken
// receivers and of servers that die mid-run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupRunning } from '../../harness/wire/connections/process-group.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(ROOT, 'dist/cli/main.js');
export const BROKEN_FIXTURES = join(ROOT, 'test/fixtures/broken');
/** The CLI and the reference receiver the fixtures wrap are built (npm run build). */
export const BUILT = existsSync(CLI) && existsSync(join(ROOT, 'dist/reference-server/index.js'));

export interface ProcessSeen {
  pid: number;
  pgid: number;
  /** Start time in clock ticks since boot (field 22 of /proc/PID/stat), so a reused PID is not mistaken for ours; 'recorded' for one a fixture recorded. */
  start: string;
  command: string;
}

export interface CliRun {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  wallSeconds: number;
  stdout: string;
  stderr: string;
  jsonFile: string;
  junitFile: string;
  markdownFile: string;
  htmlFile: string;
  /** Every descendant of the CLI seen while it ran, and every process the fixtures recorded themselves. */
  processes: ProcessSeen[];
  /** The run's own folder: the reports, and $BROKEN_PID_DIR for the fixtures. */
  dir: string;
}

const workdirs: string[] = [];

/** Removes the folders of every run so far; call it from afterAll. KEEP_CLI_RUNS=1 keeps them, to read the reports of a failure. */
export function removeRunFolders(): void {
  if (process.env.KEEP_CLI_RUNS) return;
  for (const dir of workdirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A fresh folder removed by removeRunFolders, for what a test prepares before the run. */
export function runFolder(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cli-run-${name}-`));
  workdirs.push(dir);
  return dir;
}

interface ProcStat {
  ppid: number;
  pgid: number;
  state: string;
  start: string;
  command: string;
}

function statOf(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // Fields after the parenthesised command: state(3) ppid(4) pgrp(5) ... starttime(22).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]), pgid: Number(fields[2]), start: fields[19], command };
  } catch {
    return undefined;
  }
}

function processTable(): Map<number, ProcStat> {
  const table = new Map<number, ProcStat>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat) table.set(Number(entry), stat);
  }
  return table;
}

/**
 * True while the process we saw is still running; zombies do not count. A sampled process is matched by PID and
 * start time; one a fixture recorded, by PID (its start time is unknown).
 */
export function stillRunning(seen: ProcessSeen): boolean {
  const now = statOf(seen.pid);
  return now !== undefined && now.state !== 'Z' && (seen.start === 'recorded' || now.start === seen.start);
}

/** The processes and process groups of the run still alive, as readable lines; empty when nothing was left behind. */
export function leftBehind(run: CliRun): string[] {
  const survivors = run.processes.filter(stillRunning).map((p) => `${p.pid} (group ${p.pgid}) ${p.command}`);
  const groups = [...new Set(run.processes.map((p) => p.pgid))].filter((pgid) => groupRunning(pgid)).map((pgid) => `process group ${pgid}`);
  return [...survivors, ...groups];
}

export { freePort } from '../../cli/targets.js';

/**
 * Runs `cli.js server ARGS` with every report asked for (--json and --junit; --markdown and --html too with
 * `allReports`), detached, watching /proc for its descendants. Resolves on the CLI's exit (and the end of its
 * output); a run that outlives `boundMs` is killed, group and all, and rejects as a hang.
 */
export async function runCli(name: string, args: string[], options: { boundMs: number; allReports?: boolean; dir?: string }): Promise<CliRun> {
  const dir = options.dir ?? runFolder(name);
  const [jsonFile, junitFile, markdownFile, htmlFile] = ['results.json', 'junit.xml', 'summary.md', 'report.html'].map((file) => join(dir, file));
  const reports = ['--json', jsonFile, '--junit', junitFile, ...(options.allReports ? ['--markdown', markdownFile, '--html', htmlFile] : [])];
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'server', ...args, ...reports], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BROKEN_PID_DIR: dir, NO_COLOR: '1', GITHUB_STEP_SUMMARY: '' },
  });
  const cliPid = child.pid!;
  const seen = new Map<string, ProcessSeen>();
  const scan = () => {
    const table = processTable();
    const ours = new Set([cliPid]);
    // Parents come before children in no particular order: repeat until no new descendant turns up.
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, info] of table) {
        if (!ours.has(pid) && ours.has(info.ppid)) {
          ours.add(pid);
          grew = true;
        }
      }
    }
    for (const pid of ours) {
      const info = table.get(pid);
      if (info && info.state !== 'Z') seen.set(`${pid}:${info.start}`, { pid, pgid: info.pgid, start: info.start, command: info.command });
    }
  };
  // A monitor, not a wait: it samples the process tree while the run goes on.
  const monitor = setInterval(scan, 100);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let hung = false;
  const bound = setTimeout(() => {
    hung = true;
    try {
      process.kill(-cliPid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, options.boundMs);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('close', (c, s) => resolve([c, s])));
  clearTimeout(bound);
  clearInterval(monitor);
  const wallSeconds = (performance.now() - started) / 1000;
  if (hung) throw new Error(`${name}: the CLI did not end within ${options.boundMs} ms (a hang); stdout so far:\n${stdout.slice(-2000)}`);
  // The processes the fixtures recorded themselves (short-lived ones the sampling may have missed).
  const pidFile = join(dir, 'pids');
  if (existsSync(pidFile)) {
    for (const line of readFileSync(pidFile, 'utf8').split('\n').filter(Boolean)) {
      const [pid, pgid] = line.split(' ').map(Number);
      seen.set(`${pid}:recorded`, { pid, pgid, start: 'recorded', command: 'fixture' });
    }
  }
  return { name, code, signal, wallSeconds, stdout, stderr, jsonFile, junitFile, markdownFile, htmlFile, processes: [...seen.values()], dir };
}
