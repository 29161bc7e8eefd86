// A run that cannot happen is a setup error (exit 2), in every role and era: a command that cannot be started, and a
// --config that maps a fixture role to a tool the receiver does not list. Each says why in one line on stderr, and
// the reports are still written, every check not run (an error), so that no report of it reads as a pass.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const built = existsSync(CLI);
const dir = mkdtempSync(join(tmpdir(), 'setup-errors-'));

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, GITHUB_STEP_SUMMARY: '' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs the CLI with a JSON and a JUnit report, and reads them. */
function cliWithReports(name: string, ...args: string[]) {
  const [json, junit] = [join(dir, `${name}.json`), join(dir, `${name}.xml`)];
  const run = cli(...args, '--json', json, '--junit', junit);
  return { ...run, report: JSON.parse(readFileSync(json, 'utf8')), xml: readFileSync(junit, 'utf8') };
}

type Report = { verdict: { outcome: string; summary: string }; results: { outcome: string; message: string }[] };

/** Exit 2, one line on stderr saying `cause`, and reports in which every check was not run for that cause. */
function expectSetupError(run: ReturnType<typeof cliWithReports>, cause: RegExp, label: string) {
  expect(run.code, `${label}\n${run.stdout}\n${run.stderr}`).toBe(2);
  expect(run.stderr.trim().split('\n'), label).toHaveLength(1);
  expect(run.stderr, label).toMatch(cause);
  const report = run.report as Report;
  expect(report.verdict.outcome, label).toBe('fail');
  expect(report.verdict.summary, label).toMatch(/^the run could not happen: /);
  expect(report.results.length, label).toBeGreaterThan(0);
  expect(
    report.results.filter((result) => result.outcome !== 'error' || !result.message.startsWith('not run: ')),
    label,
  ).toEqual([]);
  expect(run.xml, label).not.toMatch(/errors="0"/);
}

describe.skipIf(!built)('a run that cannot happen is a setup error (exit 2), with its reports written', () => {
  const notStarted = /could not be reached: .*(exited with code 127|not found)/;
  const cases: { label: string; args: string[] }[] = [
    { label: 'server, 2025-11-25', args: ['server', '--spec', '2025-11-25'] },
    { label: 'server, 2026-07-28', args: ['server', '--spec', '2026-07-28'] },
    { label: 'client, 2025-11-25 (Streamable HTTP)', args: ['client', '--spec', '2025-11-25'] },
    { label: 'client, 2026-07-28 (Streamable HTTP)', args: ['client', '--spec', '2026-07-28'] },
    { label: 'client, 2026-07-28 over stdio', args: ['client', '--spec', '2026-07-28', '--client-transport', 'stdio'] },
    { label: 'server, auto', args: ['server', '--spec', 'auto'] },
    { label: 'server, both profiles', args: ['server', '--spec', '2025-11-25,2026-07-28'] },
    { label: 'client, both profiles', args: ['client', '--spec', '2025-11-25,2026-07-28'] },
    { label: 'client, auto', args: ['client', '--spec', 'auto'] },
    { label: 'client, auto over stdio', args: ['client', '--spec', 'auto', '--client-transport', 'stdio'] },
  ];
  for (const { label, args } of cases) {
    it(`a command that does not exist: ${label}`, () => {
      expectSetupError(cliWithReports(`missing-${label.replace(/\W+/g, '-')}`, ...args, '--command', 'does-not-exist-xyz'), notStarted, label);
    });
  }

  it('a 2026-07-28 client that exits before it sends anything, with status 0, did not start either', () => {
    const run = cliWithReports('client-exits-at-once', 'client', '--spec', '2026-07-28', '--command', 'true');
    expectSetupError(run, /the client process exited with code 0 before it sent its endpoint any request/, 'client true');
  });

  it('a 2026-07-28 client that runs but never speaks to its endpoint did not start either (bounded by the connect time)', () => {
    // The suite appends the URL: sh takes it as $0 and sleeps without reading it.
    const run = cliWithReports('client-silent', 'client', '--spec', '2026-07-28', '--command', "sh -c 'sleep 30'", '--timeout-multiplier', '0.1');
    expectSetupError(
      run,
      /the client sent nothing to its endpoint within \d+ ms of its start \(it did not connect to the URL given as its last argument and in MCP_CONFORMANCE_URL\); if it starts slowly, give it more time with --timeout-multiplier/,
      'silent client',
    );
  });

  it('a --launch command that cannot be started: the server over HTTP', () => {
    const run = cliWithReports('launch-missing', 'server', '--url', 'http://127.0.0.1:9/mcp', '--launch', 'does-not-exist-xyz', '--only', 'creation.*');
    expectSetupError(run, /could not be reached: .*not found/, 'launch');
  });

  it('the bundled reference client still starts and passes under 2026-07-28, over HTTP and stdio (the start probe does not get in its way)', () => {
    for (const over of [[], ['--client-transport', 'stdio']]) {
      const run = cli('client', '--spec', '2026-07-28', ...over, '--only', 'ext-requestor.request-envelope');
      expect(run.code, run.stdout + run.stderr).toBe(0);
    }
  });
});

describe.skipIf(!built)('a --config that maps a role to a tool the receiver does not list is refused (exit 2)', () => {
  const config = (name: string, fixtures: Record<string, { tool: string }>) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify({ fixtures }));
    return file;
  };

  it('2025-11-25: one line naming the role, the tool, and the tools the server lists', () => {
    const file = config('legacy-typo', { echo: { tool: 'conformance_echoo' } });
    const run = cliWithReports('legacy-typo', 'server', '--spec', '2025-11-25', '--config', file, '--only', 'creation.*');
    expectSetupError(run, /^mcp-tasks-conformance: --config maps the "echo" role to "conformance_echoo", which the server does not list; it lists: conformance_echo, /, 'legacy');
    expect(run.stderr).toMatch(/fix the names in the config\n$/);
    expect(run.report.verdict.summary).toContain('"conformance_echoo"');
    expect(run.report.results[0].message).toMatch(/^not run: --config maps the "echo" role/);
  });

  it('2026-07-28: every unlisted tool is named at once', () => {
    const file = config('modern-typo', { slow: { tool: 'nope' }, failing: { tool: 'neither' } });
    const run = cliWithReports('modern-typo', 'server', '--spec', '2026-07-28', '--config', file);
    expectSetupError(run, /--config maps the "slow" role to "nope" and the "failing" role to "neither", which the server does not list; it lists: .*slow_compute/, 'modern');
  });

  it('a mapping to a tool the server lists runs as before', () => {
    const file = config('legacy-right', { echo: { tool: 'conformance_echo' } });
    expect(cli('server', '--spec', '2025-11-25', '--config', file, '--only', 'creation.status-working').code).toBe(0);
  });
});

describe.skipIf(!built)('judge of a trace with no task traffic has nothing to judge (exit 3)', () => {
  const at = new Date(0).toISOString();
  const trace = (name: string, messages: { from: 'host' | 'server'; message: unknown }[]) => {
    const file = join(dir, `${name}.jsonl`);
    writeFileSync(file, messages.map((entry, index) => JSON.stringify({ t: index * 10, at, channel: 'stdio', ...entry })).join('\n') + (messages.length > 0 ? '\n' : ''));
    return file;
  };
  const opening = [
    { from: 'host' as const, message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'h', version: '1' } } } },
    { from: 'server' as const, message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } } },
    { from: 'host' as const, message: { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} } },
    { from: 'server' as const, message: { jsonrpc: '2.0', id: 2, result: { tools: [] } } },
  ];

  for (const [label, file] of [
    ['a session without tasks', () => trace('no-tasks', opening)],
    ['an empty trace', () => trace('empty', [])],
  ] as const) {
    it(`${label}: exit 3, one line saying why, and the reports say it too`, () => {
      const run = cliWithReports(`judge-${label.replace(/\W+/g, '-')}`, 'judge', file());
      expect(run.code, run.stdout + run.stderr).toBe(3);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^mcp-tasks-conformance: nothing to judge: the trace .* holds no task traffic .*record a session in which the host uses tasks/);
      expect(run.report.verdict.outcome).toBe('fail');
      expect(run.report.verdict.summary).toMatch(/^nothing to judge: /);
      expect(run.stdout).toMatch(/Verdict: +FAIL/);
    });
  }

  it('a session with task traffic is judged as before', () => {
    const file = trace('with-tasks', [
      ...opening,
      { from: 'host', message: { jsonrpc: '2.0', id: 3, method: 'tasks/list', params: {} } },
      { from: 'server', message: { jsonrpc: '2.0', id: 3, result: { tasks: [] } } },
    ]);
    const run = cliWithReports('judge-with-tasks', 'judge', file);
    expect([0, 1], run.stdout + run.stderr).toContain(run.code);
    expect(run.report.verdict.summary).not.toMatch(/nothing to judge/);
  });

  it('a server that never answers one tasks/get, while it answers the ones after it, fails BASE-JSONRPC-RESPONSE when the trace ends', () => {
    const file = join(dir, 'dropped-get.jsonl');
    const entries = [
      ...opening.map((entry, index) => ({ ...entry, t: index * 10 })),
      { t: 100, from: 'host', message: { jsonrpc: '2.0', id: 3, method: 'tasks/get', params: { taskId: 'lost' } } },
      { t: 200, from: 'host', message: { jsonrpc: '2.0', id: 4, method: 'tasks/list', params: {} } },
      { t: 210, from: 'server', message: { jsonrpc: '2.0', id: 4, result: { tasks: [] } } },
      { t: 40_000, from: 'host', message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'x', progress: 1 } } },
    ];
    writeFileSync(file, entries.map((entry) => JSON.stringify({ at, channel: 'stdio', ...entry })).join('\n') + '\n');
    const run = cliWithReports('judge-dropped-get', 'judge', file);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr + run.stdout).toMatch(/FAIL BASE-JSONRPC-RESPONSE \(MUST\) by the server: tasks\/get \(id 3\) was never answered: 40 s went by/);
  });
});
