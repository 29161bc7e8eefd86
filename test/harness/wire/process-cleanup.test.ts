import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openConnection } from '../../../harness/wire/connections/connect.js';
import { endEscapedProcesses, groupRunning, launchCommand, liveProcessGroups, processEnded, PROCESS_MARK, type LaunchedProcess } from '../../../harness/wire/connections/process-group.js';
import type { JsonReport } from '../../../reports/json.js';
import { BROKEN_FIXTURES, BUILT, CLI, leftBehind, removeRunFolders, ROOT, runCli, runFolder } from '../../support/cli-run.js';
import { CommandStdioTransport } from '../../../harness/wire/connections/stdio-transport.js';
import { IutError } from '../../../harness/wire/session.js';
import { Transcript } from '../../../harness/wire/transcript.js';

const groupAlive = groupRunning;

afterAll(removeRunFolders);

describe('process cleanup', () => {
  it('ends the whole process group of a stdio IUT, grandchildren included', async () => {
    // The shell starts a background grandchild that ignores stdin closing; only a group kill ends it.
    const transport = new CommandStdioTransport('sleep 300 & sleep 300');
    await transport.start();
    const pid = transport.pid!;
    expect(groupAlive(pid)).toBe(true);
    await transport.close();
    expect(groupAlive(pid)).toBe(false);
    expect(liveProcessGroups()).not.toContain(pid);
  });

  it('ends a process that ignores SIGTERM, after the grace period', async () => {
    const transport = new CommandStdioTransport(`trap '' TERM; sleep 300 & wait`);
    await transport.start();
    const pid = transport.pid!;
    await transport.close();
    expect(groupAlive(pid)).toBe(false);
  });

  it('gives up on an IUT that never answers initialize, and leaves no process behind', async () => {
    const transcript = new Transcript();
    const attempt = openConnection({ transport: 'stdio', command: 'cat > /dev/null' }, { transcript, label: 'A', requestTimeoutMs: 200, connectTimeoutMs: 200 });
    await expect(attempt).rejects.toBeInstanceOf(IutError);
    expect(liveProcessGroups()).toEqual([]);
    expect(transcript.entries().some((e) => e.dir === 'out')).toBe(true);
  });

  it('reports non-JSON stdout lines and stderr in the transcript', async () => {
    const transcript = new Transcript();
    const command = `echo 'this is not json'; echo 'oops' >&2; cat > /dev/null`;
    await expect(openConnection({ transport: 'stdio', command }, { transcript, label: 'A', requestTimeoutMs: 300, connectTimeoutMs: 300 })).rejects.toBeInstanceOf(IutError);
    const entries = transcript.entries();
    expect(entries.some((e) => e.dir === 'in' && e.text === 'this is not json')).toBe(true);
    expect(entries.some((e) => e.dir === 'stderr' && e.text === 'oops')).toBe(true);
  });
});

/** The first line the launched command writes to stdout. */
function firstLine(launched: LaunchedProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    launched.child.stdout.setEncoding('utf8');
    launched.child.stdout.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    launched.child.stdout.once('end', () => reject(new Error(`stdout ended before a line: ${text}`)));
  });
}

function groupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

/** Resolves once the process runs the program named (its exec has completed), checking at each turn of the event loop; bounded. */
async function execDone(pid: number, program: string): Promise<void> {
  for (let turn = 0; turn < 100_000; turn++) {
    if (readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0')[0]?.endsWith(program)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`process ${pid} never ran ${program}`);
}

describe('processes that escape the process group', () => {
  const proc = existsSync('/proc/self/environ');
  // Each prints the daemon's pid, then stays up until the suite ends it.
  const escapes = {
    'a double fork into a new session': `(setsid sh -c 'echo $$; exec sleep 300' &); exec sleep 300`,
    'a detached child':
      `exec "${process.execPath}" -e "const c = require('child_process').spawn('sleep', ['300'], { detached: true, stdio: 'ignore' }); ` + 'c.unref(); console.log(c.pid); setInterval(() => {}, 1e6)"',
  };
  for (const [how, command] of Object.entries(escapes)) {
    it.skipIf(!proc)(`ends ${how} with the process that started it, found by its mark`, async () => {
      const launched = launchCommand(command, { stdin: false });
      const daemon = Number(await firstLine(launched));
      expect(groupOf(daemon), 'the daemon left the group the suite ends').not.toBe(launched.pid);
      // The pid is printed before the daemon's exec, while which /proc shows an empty environment: read it once the exec is done.
      await execDone(daemon, 'sleep');
      expect(readFileSync(`/proc/${daemon}/environ`, 'latin1')).toContain(`${PROCESS_MARK}=${launched.mark}`);
      await launched.end();
      expect(processEnded(daemon)).toBe(true);
      expect(launched.escaped.map(({ pid }) => pid)).toEqual([daemon]);
      expect(await endEscapedProcesses()).toEqual([]);
    });
  }

  it.skipIf(!proc || !BUILT)('a run leaves no daemon of its receivers running, and says which it ended', async () => {
    const run = await runCli(
      'daemonising',
      ['--command', `node ${join(BROKEN_FIXTURES, 'daemonising.mjs')}`, '--spec', '2025-11-25', '--only', 'creation.create-task-result-shape,creation.status-working'],
      { boundMs: 60_000 },
    );
    const report = JSON.parse(readFileSync(run.jsonFile, 'utf8')) as JsonReport;
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    const recorded = run.processes.filter((seen) => seen.start === 'recorded');
    // The discovery process and at least one check's: each left two daemons.
    expect(recorded.length).toBeGreaterThanOrEqual(6);
    expect(leftBehind(run), 'daemons outlived the run').toEqual([]);
    const told = report.notices.filter((line) => /^Ended \d+ process/.test(line)).join('\n');
    expect(told).toMatch(/after checks? creation\./);
    expect(told).toMatch(/outside the checks \(from the discovery connection/);
  });

  it.skipIf(!proc || !BUILT)('a client under test that starts a session daemon leaves none behind', () => {
    const tag = `escape-${randomUUID()}`;
    const client = `(setsid env DAEMON_TAG=${tag} sleep 600 >/dev/null 2>&1 < /dev/null &); exec "${process.execPath}" "${join(ROOT, 'dist/reference-client/main.js')}"`;
    const json = join(runFolder('client-daemon'), 'results.json');
    const run = spawnSync(process.execPath, [CLI, 'client', '--command', client, '--only', 'creation.status-working,creation.create-task-result-shape', '--json', json], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stdout.slice(-2000)).toBe(0);
    expect(processesTagged(tag), 'daemons outlived the run').toEqual([]);
    const report = JSON.parse(readFileSync(json, 'utf8')) as JsonReport;
    expect(report.notices.join('\n')).toMatch(/^Ended \d+ process(es)? after checks? creation\..*sleep 600/m);
  });
});

/** Running processes whose environment carries DAEMON_TAG=tag. */
function processesTagged(tag: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`DAEMON_TAG=${tag}`) && !processEnded(Number(entry));
      } catch {
        return false;
      }
    })
    .map(Number);
}
