import { spawn } from 'node:child_process';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { freePort } from '../../cli/targets.js';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const REFERENCE = fileURLToPath(new URL('../../dist/reference-server/main.js', import.meta.url));
const built = existsSync(CLI);
const dir = mkdtempSync(join(tmpdir(), 'cli-'));

/**
 * Runs the CLI to its end. Not spawnSync: the tests of this file run at once, each mostly waiting on its CLI and
 * receiver, and a synchronous spawn would hold every other test of the worker still.
 */
function cli(args: string[], env: NodeJS.ProcessEnv = { GITHUB_STEP_SUMMARY: '' }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A TCP listener on a free port of `host`, standing for another server that holds the port. */
function listening(host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    // A peer that resets the connection is no error of the test: the CLI runs beside this process, not after it.
    const server = createServer((socket) => socket.on('error', () => undefined).end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'));
    server.once('error', reject);
    server.listen(0, host, () => resolve(server));
  });
}

/** Whether nothing accepts connections at the port of 127.0.0.1. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

const withFault = (fault: string) => ['--command', `"${process.execPath}" "${REFERENCE}" --fault ${fault}`];

/** Runs the CLI writing every report, and reads what each says about the run. */
async function cliWithReports(name: string, ...args: string[]) {
  const [json, junit, markdown, html] = ['json', 'xml', 'md', 'html'].map((ext) => join(dir, `${name}.${ext}`));
  const run = await cli([...args, '--json', json!, '--junit', junit!, '--markdown', markdown!, '--html', html!]);
  const report = JSON.parse(readFileSync(json!, 'utf8'));
  const xml = readFileSync(junit!, 'utf8');
  return {
    ...run,
    report,
    says: {
      json: report.verdict.outcome,
      junit: /<(failure|error)\b/.test(xml) ? 'fail' : 'pass',
      markdown: readFileSync(markdown!, 'utf8').startsWith('## ✅') ? 'pass' : 'fail',
      html: /data-verdict="pass"/.test(readFileSync(html!, 'utf8')) ? 'pass' : 'fail',
      console: /^Verdict: +PASS/m.test(run.stdout) ? 'pass' : 'fail',
    },
    xml,
  };
}

const everyReport = (verdict: 'pass' | 'fail') => ({ json: verdict, junit: verdict, markdown: verdict, html: verdict, console: verdict });

describe.skipIf(!built)('the command line (run "npm run build" first when running vitest alone)', { concurrent: true }, () => {
  it('exits 0 when the run passes and writes every report asked for', async ({ expect }) => {
    const files = ['r.json', 'j.xml', 's.md', 'r.html'].map((name) => join(dir, `pass-${name}`));
    const run = await cli(['server', '--only', 'creation.*', '--json', files[0], '--junit', files[1], '--markdown', files[2], '--html', files[3]]);
    expect(run.code).toBe(0);
    for (const file of files) expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(files[0], 'utf8')).summary.fail).toBe(0);
  });

  it('exits 1 on a conformance failure and prints the command that reruns it alone', async ({ expect }) => {
    const run = await cli(['server', ...withFault('result-differs'), '--only', 'result-retrieval.*']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('--only result-retrieval.same-as-plain-call');
  });

  it('a warn passes, unless --strict', async ({ expect }) => {
    expect((await cli(['server', ...withFault('immediate-response-not-string'), '--only', 'creation.immediate-response-meta'])).code).toBe(0);
    expect((await cli(['server', ...withFault('immediate-response-not-string'), '--only', 'creation.immediate-response-meta', '--strict'])).code).toBe(1);
  });

  it('exits 2, in one line, when the run cannot happen', async ({ expect }) => {
    const cases = [
      ['server', '--bogus'],
      ['server', '--command', 'x', '--url', 'http://127.0.0.1:9/'],
      ['server', '--level', 'sometimes'],
      ['server', '--command', 'exit 3'],
    ];
    const runs = await Promise.all(cases.map((args) => cli(args)));
    runs.forEach((run, index) => {
      expect(run.code, cases[index]!.join(' ')).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    });
  });

  it('still writes the reports when the --launch command fails, every check saying why it did not run', async ({ expect }) => {
    const json = join(dir, 'launch-failed.json');
    const run = await cli(['server', '--url', 'http://127.0.0.1:9/mcp', '--launch', 'echo cannot start >&2; exit 1', '--only', 'creation.*', '--json', json]);
    expect(run.code).toBe(2);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.verdict.outcome).toBe('fail');
    expect(report.verdict.summary).toMatch(/^the run could not happen: the receiver under test could not be reached: .*cannot start/);
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.results.every((r: { outcome: string; message: string }) => r.outcome === 'error' && r.message.includes('cannot start'))).toBe(true);
  });

  it('--launch refuses a port that already answers: exit 2, one line naming the port and how to mend it', async ({ expect }) => {
    const other = await listening('127.0.0.1');
    try {
      const port = (other.address() as AddressInfo).port;
      const json = join(dir, 'port-taken.json');
      const run = await cli(['server', '--url', `http://127.0.0.1:${port}/mcp`, '--launch', `"${process.execPath}" "${REFERENCE}" --http --port ${port}`, '--only', 'creation.*', '--json', json]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(`port ${port} of http://127.0.0.1:${port}/mcp already answers before the --launch command started`);
      expect(run.stderr).toMatch(/give --launch and --url a free port/);
      expect(JSON.parse(readFileSync(json, 'utf8')).results.every((r: { outcome: string }) => r.outcome === 'error')).toBe(true);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('--launch: a launched server that cannot bind gives exit 2 naming the cause from its stderr', async ({ expect }) => {
    // The port is taken on 127.0.0.1 only, so nothing answers at 127.0.0.2; the launched server binds every address and cannot.
    const other = await listening('127.0.0.1');
    try {
      const port = (other.address() as AddressInfo).port;
      const run = await cli(['server', '--url', `http://127.0.0.2:${port}/mcp`, '--launch', `"${process.execPath}" "${REFERENCE}" --http --host 0.0.0.0 --port ${port}`, '--only', 'creation.*']);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/the --launch command exited before .* answered; its stderr ended with: .*EADDRINUSE/);
      expect(run.stdout).not.toMatch(/FAIL/);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('--launch: an answer at the URL counts only while the launched process lives', async ({ expect }) => {
    const port = await freePort();
    const fixture = fileURLToPath(new URL('../fixtures/broken/launch-then-leave.mjs', import.meta.url));
    const run = await cli(['server', '--url', `http://127.0.0.1:${port}/mcp`, '--launch', `"${process.execPath}" "${fixture}" ${port}`, '--only', 'creation.*']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the --launch command exited before .* answered; its stderr ended with: .*started another server in the background and left/);
    // The server it left behind carried the suite's mark, and was ended with it.
    expect(await portFree(port)).toBe(true);
  });

  it('a server on the SDK 1.x (taskSupport "forbidden" on every plain tool, no conformance_forbidden): the forbidden role falls back to such a tool, said in the notices', async ({ expect }) => {
    const fixture = fileURLToPath(new URL('../fixtures/broken/sdk1-task-support.mjs', import.meta.url));
    const json = join(dir, 'sdk1.json');
    const run = await cli(['server', '--command', `"${process.execPath}" "${fixture}"`, '--spec', '2025-11-25', '--only', 'tool-negotiation.forbidden-with-task', '--json', json]);
    expect(run.code, run.stdout).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.results.map((r: { id: string; outcome: string }) => `${r.id}: ${r.outcome}`)).toEqual(['tool-negotiation.forbidden-with-task: pass']);
    expect(report.notices.join('\n')).toMatch(/no conformance_forbidden tool; conformance_plain, which it lists with execution.taskSupport "forbidden", stands in/);
    expect(run.stdout).toMatch(/Notices:\n.*stands in for the "forbidden" fixture role/);
  });

  it('exits 3 when nothing is selected', async ({ expect }) => {
    // Each pattern names checks, but together they leave none (a pattern that names none is a typo: exit 2).
    const run = await cli(['server', '--only', 'creation.*', '--skip', 'creation']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('matches no check');
  });

  it('a baseline lets a listed failure pass, fails an unlisted one, and fails a stale entry', async ({ expect }) => {
    const baseline = join(dir, 'baseline.yml');
    const only = ['--only', 'result-retrieval.same-as-plain-call,creation.status-working'];
    expect((await cli(['server', ...withFault('result-differs'), ...only, '--write-baseline', baseline])).code).toBe(1);
    expect(readFileSync(baseline, 'utf8')).toContain('check: result-retrieval.same-as-plain-call');
    // Every report says what the exit status says: pass with only expected failures, fail on a new one or a stale entry.
    const [expected, unexpected, stale] = await Promise.all([
      cliWithReports('baseline-expected', 'server', ...withFault('result-differs'), ...only, '--baseline', baseline),
      cliWithReports('baseline-unexpected', 'server', ...withFault('create-status-not-working'), ...only, '--baseline', baseline),
      cliWithReports('baseline-stale', 'server', ...only, '--baseline', baseline),
    ]);
    expect(expected.code).toBe(0);
    expect(expected.says).toEqual(everyReport('pass'));
    expect(expected.report.verdict.baseline.expected.map((e: { check: string }) => e.check)).toEqual(['result-retrieval.same-as-plain-call']);
    expect(expected.xml).toMatch(/<skipped message="expected failure: [^"]+ — /);
    expect(unexpected.code).toBe(1);
    expect(unexpected.says).toEqual(everyReport('fail'));
    expect(stale.code).toBe(1);
    expect(stale.says).toEqual(everyReport('fail'));
    expect(stale.stdout).toMatch(/passes now: remove its entry/);
    expect(stale.xml).toContain('type="stale-baseline-entry"');
  });

  it('--repeat reports whether verdicts changed between runs, in the verdict too', async ({ expect }) => {
    const run = await cliWithReports('repeat', 'server', '--only', 'protocol-errors.*', '--repeat', '2');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('All verdicts were the same in 2 runs.');
    expect(run.says).toEqual(everyReport('pass'));
    expect(run.report.verdict.unstable).toEqual([]);
  });

  it('appends the Markdown summary to GITHUB_STEP_SUMMARY', async ({ expect }) => {
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, '# earlier step\n');
    const run = await cli(['server', '--only', 'creation.status-working'], { GITHUB_STEP_SUMMARY: summary });
    expect(run.code).toBe(0);
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# earlier step\n')).toBe(true);
    expect(text.length).toBeGreaterThan(40);
  });

  it('lists the requirement matrix with no gaps', async ({ expect }) => {
    const run = await cli(['list', '--requirements']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/, 0 not covered/);
  });
});
