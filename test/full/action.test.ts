// The GitHub Action (action.yml) run as the runner runs a composite action: each step with bash, in order, against
// the bundled reference receiver, passing and broken. The install step (npm ci and npm run build in the action's
// folder) is left out: it would reinstall this checkout's node_modules, and the tests run after `npm run build`.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_OPTIONS } from '../../cli/options.js';
import { leaveOutInstall, type ActionStep, loadAction, parseOutputFile, runCompositeAction } from '../support/composite-action.js';
import { BUILT, freePort, ROOT } from '../support/cli-run.js';

const ACTION = loadAction(join(ROOT, 'action.yml'));
const REFERENCE = join(ROOT, 'dist/reference-server/main.js');
const workspaces: string[] = [];

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'action-workspace-'));
  workspaces.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of workspaces) rmSync(dir, { recursive: true, force: true });
});

async function runAction(inputs: Record<string, string>, dir = workspace()) {
  const run = await runCompositeAction(ACTION, { inputs, workspace: dir, actionPath: ROOT, runnerTemp: workspace(), leaveOut: leaveOutInstall, boundMs: 60_000 });
  return { ...run, dir };
}

describe('action.yml', () => {
  it('is a composite action whose scripts take every input from the environment, never spliced into the script', () => {
    expect(ACTION.runs.using).toBe('composite');
    for (const step of ACTION.runs.steps) {
      expect(step.run, `step ${step.id}`).toBeDefined();
      expect(step.run, `step ${step.id} splices an expression into its script`).not.toMatch(/\$\{\{/);
      // Every INPUT_ variable a script reads is set by its step, so a typo cannot silently read nothing.
      const read = new Set([...step.run!.matchAll(/\$\{?(INPUT_[A-Z_]+)/g)].map((match) => match[1]));
      for (const name of read) expect(Object.keys(step.env ?? {}), `step ${step.id} reads $${name}`).toContain(name);
      for (const value of Object.values(step.env ?? {})) {
        for (const [, name] of String(value).matchAll(/inputs\.([\w-]+)/g)) expect(Object.keys(ACTION.inputs), `step ${step.id}`).toContain(name);
      }
    }
  });

  it('passes only flags the command line knows', () => {
    const script = ACTION.runs.steps.find((step) => step.id === 'run')!.run!;
    const flags = [...script.matchAll(/(?:flag|flag_per_line|args\+=\()\s*"?--([a-z-]+)/g)].map((match) => match[1]);
    expect(flags.length).toBeGreaterThan(10);
    for (const flag of flags) expect(Object.keys(SERVER_OPTIONS), `--${flag}`).toContain(flag);
  });

  it('documents every input and output in docs/ci.md', () => {
    const doc = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
    for (const name of [...Object.keys(ACTION.inputs), ...Object.keys(ACTION.outputs)]) expect(doc, name).toContain(`\`${name}\``);
  });

  it('reads GITHUB_OUTPUT as the runner does', () => {
    expect(parseOutputFile('a=1\nb<<END_x\ntwo\nlines\nEND_x\nc=\n')).toEqual({ a: '1', b: 'two\nlines', c: '' });
  });
});

describe.skipIf(!BUILT)('the action against the reference receiver (run "npm run build" first when running vitest alone)', () => {
  it('passes against the reference over HTTP, with multi-line headers full of shell syntax reaching the server as written', async () => {
    const port = await freePort();
    // The token carries shell syntax: it only matches if the header reaches the server exactly as written.
    const tokenA = 'tokA$(touch${IFS}injected-a)`touch${IFS}injected-b`';
    const run = await runAction({
      launch: `node "${REFERENCE}" --http --port ${port} --tokens '${tokenA}:alice,tokB:bob'`,
      url: `http://127.0.0.1:${port}/mcp`,
      headers: `Authorization: Bearer ${tokenA}\n  X-Note: "quoted"; touch injected-c & echo $HOME  \n\n`,
      'peer-headers': 'Authorization: Bearer tokB',
      only: 'isolation.* \n creation.task-ids,creation.prompt',
      spec: '2025-11-25',
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.leftOut).toEqual([expect.stringMatching(/^install: npm ci and npm run build left out/)]);
    expect(
      readdirSync(run.dir).filter((name) => name.startsWith('injected')),
      'files a shell made from the inputs',
    ).toEqual([]);
    expect(readdirSync(ROOT).filter((name) => name.startsWith('injected'))).toEqual([]);

    expect(run.outputs.outcome).toBe('pass');
    expect(run.outputs['exit-code']).toBe('0');
    const report = JSON.parse(readFileSync(run.outputs.json, 'utf8'));
    for (const outcome of ['pass', 'fail', 'warn', 'skip', 'inconclusive', 'error'] as const) expect(run.outputs[outcome], outcome).toBe(String(report.summary[outcome]));
    expect(Number(run.outputs.pass)).toBeGreaterThan(3);
    // Identity B was told apart from A, so both header inputs arrived intact.
    expect(report.results.find((result: { id: string }) => result.id === 'isolation.foreign-task-rejected').outcome).toBe('pass');
    for (const name of ['json', 'junit', 'markdown', 'html']) {
      expect(isAbsolute(run.outputs[name]), name).toBe(true);
      expect(run.outputs[name].startsWith(join(run.dir, 'tasks-conformance')), name).toBe(true);
      expect(existsSync(run.outputs[name]), name).toBe(true);
    }
    expect(
      Object.entries(run.outputs).filter(([, value]) => value === ''),
      'outputs left empty',
    ).toEqual([]);
    expect(run.summary).toMatch(/^## ✅/m);
    expect(run.stdout).toContain(`::add-mask::Bearer ${tokenA}`);
    expect(run.stdout).not.toContain('::error');
  });

  it('fails on a broken receiver: outcome fail, the rerun line of each failure, an annotation, exit status 1', async () => {
    const run = await runAction({
      command: `node "${REFERENCE}" --fault result-differs`,
      only: 'result-retrieval.*',
      json: '',
      html: '',
    });
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.outputs.outcome).toBe('fail');
    expect(run.outputs['exit-code']).toBe('1');
    expect(Number(run.outputs.fail)).toBeGreaterThanOrEqual(1);
    expect(run.outputs.html).toBe('');
    // With no JSON path given, the report the outputs come from is written under runner.temp.
    expect(run.outputs.json).toMatch(/mcp-tasks-conformance-results\.json$/);
    expect(run.stdout).toContain('To rerun a failure alone:');
    expect(run.stdout).toMatch(/mcp-tasks-conformance server --command .*--fault result-differs.* --only result-retrieval\.same-as-plain-call/);
    // The suite's output sits between the stop and the resume of workflow commands; the annotations follow.
    const [, token] = /::stop-commands::(\S+)/.exec(run.stdout)!;
    const resumed = run.stdout.indexOf(`::${token}::`);
    expect(run.stdout.indexOf('To rerun a failure alone:')).toBeLessThan(resumed);
    expect(run.stdout.indexOf('::error title=MCP Tasks conformance::result-retrieval.same-as-plain-call: fail')).toBeGreaterThan(resumed);
    expect(run.summary).toMatch(/^## ❌/m);
  });

  it('says when the run could not happen: outcome error, exit status 2, a line in the job summary', async () => {
    const run = await runAction({ command: `node "${REFERENCE}"`, level: 'sometimes' });
    expect(run.status).toBe(2);
    expect(run.outputs.outcome).toBe('error');
    expect(run.outputs['exit-code']).toBe('2');
    expect(run.outputs.json).toBe('');
    expect(run.stderr).toContain('--level wants must, should or may, got "sometimes"');
    expect(run.summary).toContain('MCP Tasks conformance could not run');
  });

  it('min-judged fails a run that judged too few checks, and the outputs say how many were judged and why the rest skipped', async () => {
    // Over stdio the isolation checks skip (they need HTTP and a second identity): a run that judges one check at most.
    const run = await runAction({ command: `node "${REFERENCE}"`, only: 'isolation.*', spec: '2025-11-25', 'min-judged': '2', html: '', junit: '' });
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.outputs.outcome).toBe('fail');
    const report = JSON.parse(readFileSync(run.outputs.json, 'utf8'));
    expect(run.outputs.judged).toBe(String(report.verdict.evidence.judged));
    expect(Number(run.outputs.judged)).toBeLessThan(2);
    expect(run.outputs.selected).toBe(String(report.results.length));
    expect(run.outputs.evidence).toBe(report.verdict.evidence.line);
    expect(run.outputs.evidence).toMatch(/--peer-header/);
    expect(run.stdout).toMatch(/::error title=MCP Tasks conformance::only \d+ of \d+ checks judged the target, fewer than --min-judged 2/);
    expect(run.stdout).toMatch(/::warning title=MCP Tasks conformance::most checks were skipped/);
  });

  it('passes spec to the command line: a 2025-11-25 run reruns its failures with --spec 2025-11-25', async () => {
    const run = await runAction({ command: `node "${REFERENCE}" --fault result-differs`, only: 'result-retrieval.same-as-plain-call', spec: '2025-11-25', html: '' });
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/mcp-tasks-conformance server --command .* --spec 2025-11-25 --only result-retrieval\.same-as-plain-call/);
  });
  it('tests a 2026-07-28 client over stdio: client-transport reaches the command line as --client-transport', async () => {
    const only = 'ext-requestor.request-envelope,ext-requestor.routing-headers';
    const run = await runAction({ role: 'client', 'client-transport': 'stdio', spec: '2026-07-28', only, html: '', junit: '' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.outcome).toBe('pass');
    const report = JSON.parse(readFileSync(run.outputs.json!, 'utf8')) as { role: string; results: { id: string; outcome: string; message: string }[] };
    expect(report.role).toBe('client');
    // The HTTP routing headers cannot travel over stdio: the one check that says so skips.
    expect(report.results.map((r) => [r.id, r.outcome])).toEqual([
      ['ext-requestor.request-envelope', 'pass'],
      ['ext-requestor.routing-headers', 'skip'],
    ]);
    expect(report.results[1]!.message).toContain('over stdio');
  });
});

describe('the spec input, checked before the install as the command line checks --spec', () => {
  const preflightOnly = (step: ActionStep) => (step.id === 'preflight' ? undefined : 'only the preflight runs here');
  const preflight = (inputs: Record<string, string>) =>
    runCompositeAction(ACTION, { inputs, workspace: workspace(), actionPath: ROOT, runnerTemp: workspace(), leaveOut: preflightOnly, boundMs: 20_000 });

  it('defaults to auto, as the command line does', () => {
    expect(ACTION.inputs.spec.default).toBe('auto');
  });

  it.each(['auto', '', '2025-11-25', '2026-07-28', '2025-11-25,2026-07-28', '2026-07-28, 2025-11-25'])('takes "%s"', async (spec) => {
    const run = await preflight({ spec });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  it.each([
    [{ role: 'client', 'client-transport': 'stdio' }, 0, ''],
    [{ role: 'client', 'client-transport': 'http' }, 0, ''],
    [{ role: 'server', 'client-transport': 'stdio' }, 2, 'client-transport applies to role client only, got role "server"'],
    [{ role: 'client', 'client-transport': 'tcp' }, 2, 'client-transport wants http or stdio, got "tcp"'],
  ])('checks client-transport before the install: %o', async (inputs, status, message) => {
    const run = await preflight(inputs);
    expect(run.status, run.stdout + run.stderr).toBe(status);
    if (message) expect(run.stdout).toContain(`::error title=MCP Tasks conformance::${message}`);
  });

  it.each([
    ['2025-03-26', 'spec wants auto, 2025-11-25, 2026-07-28 or a comma-separated list of them, got "2025-03-26"'],
    ['2025-11-25,', 'spec wants auto, 2025-11-25, 2026-07-28 or a comma-separated list of them, got "2025-11-25,"'],
    ['auto,2026-07-28', 'spec wants auto, 2025-11-25, 2026-07-28 or a comma-separated list of them, got "auto,2026-07-28"'],
    ['2026-07-28,2026-07-28', 'spec names a profile twice: "2026-07-28,2026-07-28"'],
  ])('stops before the install on "%s"', async (spec, message) => {
    const run = await preflight({ spec });
    expect(run.status).toBe(2);
    expect(run.stdout).toContain(`::error title=MCP Tasks conformance::${message}`);
  });
});

describe("the install step, with npm stood in for (test/full/package.test.ts runs it for real on a release tag's tree)", () => {
  /** An action folder with or without a release's dist/, and a stand-in npm that writes down how it was called. */
  async function install(release: boolean) {
    const actionPath = workspace();
    const bin = workspace();
    if (release) {
      mkdirSync(join(actionPath, 'dist/cli'), { recursive: true });
      writeFileSync(join(actionPath, 'dist/cli/main.js'), '');
      writeFileSync(join(actionPath, 'dist/release.json'), JSON.stringify({ version: '9.8.7', tag: 'v9.8.7', commit: 'c0ffee'.repeat(7) }));
    }
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "$*" >> "${join(bin, 'calls')}"\n`);
    chmodSync(join(bin, 'npm'), 0o755);
    const installOnly = (step: ActionStep) => (step.id === 'install' ? undefined : 'only the install runs here');
    const run = await runCompositeAction(ACTION, { inputs: {}, workspace: workspace(), actionPath, runnerTemp: workspace(), leaveOut: installOnly, boundMs: 20_000, pathFirst: bin });
    return { run, calls: readFileSync(join(bin, 'calls'), 'utf8').trim().split('\n') };
  }

  it("installs runtime dependencies only and builds nothing when the action's folder has a release's dist/", async () => {
    const { run, calls } = await install(true);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(calls).toEqual(['ci --omit=dev --no-audit --no-fund --ignore-scripts']);
    expect(run.stdout).toContain('Using the built suite of this release (9.8.7, built from c0ffeec0ffee); installing runtime dependencies only');
  });

  it('installs everything and builds, saying so, on a ref without a built dist/ (a branch)', async () => {
    const { run, calls } = await install(false);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(calls).toEqual(['ci --no-audit --no-fund --ignore-scripts', 'run build']);
    expect(run.stdout).toContain('::notice title=MCP Tasks conformance::this ref has no built dist/');
  });
});
