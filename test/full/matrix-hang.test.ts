// A target that never answers, in a matrix: its run is ended at its bound (timeoutSeconds) and becomes an error column,
// the other targets' columns are written as usual, and no process of the hung run is left running. In the full tier:
// the hung run's end waits out the grace a run gets to end its own processes (10 s).
import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatrixReport } from '../../reports/matrix-model.js';
import { CLI, ROOT } from '../support/cli-run.js';

const run = promisify(execFile);
/** Marks the hanging target's command line, so the test can look for it among the running processes afterwards. */
const HANG_TOKEN = `matrix-hang-${process.pid}`;

const MANIFEST = `
directory: ${ROOT}
targets:
  - name: hangs
    package: never-answers
    version: '1'
    role: server
    eras: [2025-11-25]
    command: node -e "setInterval(() => {}, 1000)" ${HANG_TOKEN}
    timeoutSeconds: 3
  - name: reference
    package: mcp-tasks-conformance
    version: '0.1.0'
    role: server
    eras: [2025-11-25]
    command: node dist/cli/main.js reference-server
    only: [capabilities.tasks-shape]
`;

let dir: string;

/** Processes still running whose command line carries `token`. */
function running(token: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        return '';
      }
    })
    .filter((command) => command.includes(token));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'matrix-hang-'));
  await writeFile(join(dir, 'hang.yaml'), MANIFEST);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a hanging target in a matrix', () => {
  it('is ended at its bound and shown as an error column; the rest is written and nothing is left running', async () => {
    const started = Date.now();
    const result = await run(process.execPath, [CLI, 'matrix', 'hang.yaml', '--json', 'm.json', '--html', 'm.html'], { cwd: dir, timeout: 60_000 }).catch(
      (error: { code: number; stdout: string }) => error,
    );
    const seconds = (Date.now() - started) / 1000;
    expect('code' in result ? result.code : 0).toBe(1);
    const matrix = JSON.parse(readFileSync(join(dir, 'm.json'), 'utf8')) as MatrixReport;
    expect(matrix.columns.map((column) => [column.name, column.status])).toEqual([
      ['hangs', 'error'],
      ['reference', 'ran'],
    ]);
    expect(matrix.columns[0]!.why).toMatch(/did not end within 3 s \(timeoutSeconds or --target-timeout\); it was ended/);
    expect(Object.values(matrix.cells['hangs']!).every((cell) => cell.outcome === 'error')).toBe(true);
    // Bound, then the grace a run gets to end its processes, then the kill: well under the test's own timeout.
    expect(seconds).toBeLessThan(30);
    expect(running(HANG_TOKEN)).toEqual([]);
  }, 60_000);

  it('interrupted (SIGINT), ends the runs in flight before it exits', async () => {
    const token = `${HANG_TOKEN}-interrupted`;
    await writeFile(join(dir, 'interrupted.yaml'), MANIFEST.replace(HANG_TOKEN, token).replace('timeoutSeconds: 3', 'timeoutSeconds: 60'));
    const child = spawn(process.execPath, [CLI, 'matrix', 'interrupted.yaml', '--json', 'i.json'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Once the hanging target runs, interrupt.
    const deadline = Date.now() + 20_000;
    while (running(token).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(running(token).length).toBeGreaterThan(0);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toMatch(/matrix interrupted \(SIGINT\); ending the runs in flight/);
    expect(running(token)).toEqual([]);
  }, 60_000);
});
