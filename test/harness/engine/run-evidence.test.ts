// A run that judged little says so: the verdict counts the checks that judged the target of those selected, names the
// one or two most common skip causes with their mend when most skipped (computed once, in the run policy), and every
// writer renders that; --min-judged N fails a run that judged fewer than N.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from '../../support/cli-async.js';
import type { CheckResult, Outcome, RunReport } from '../../../harness/model/model.js';
import { runVerdict } from '../../../harness/engine/run-policy.js';
import { MOSTLY_SKIPPED_SHARE } from '../../../harness/engine/evidence.js';
import { missingFixtureReason, NEEDS_PEER_IDENTITY, needsTransportReason } from '../../../harness/model/skip-causes.js';
import { formatSummary } from '../../../reports/console.js';
import { buildMarkdownSummary } from '../../../reports/markdown.js';
import { buildJunitXml } from '../../../reports/junit.js';
import { buildHtmlReport } from '../../../reports/html.js';
import { toJsonReport } from '../../../reports/json.js';

function result(id: string, outcome: Outcome, message = `${outcome} of ${id}`): CheckResult {
  return {
    id,
    title: `title of ${id}`,
    suite: id.split('.')[0]!,
    role: 'server',
    requirements: ['REQ-A'],
    level: 'must',
    outcome,
    message,
    findings: outcome === 'fail' || outcome === 'warn' ? [{ requirement: 'REQ-A', keyword: 'MUST', severity: outcome, message }] : [],
    info: [],
    durationMs: 1,
    transcript: [],
  };
}

function report(results: CheckResult[]): RunReport {
  const summary = { pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, error: 0 };
  for (const r of results) summary[r.outcome] += 1;
  return {
    tool: { name: 'mcp-tasks-conformance', version: 'test' },
    specVersion: '2025-11-25',
    profile: { id: '2025-11-25', title: 'Tasks, MCP 2025-11-25', specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks' },
    target: { transport: 'stdio', description: 'node server.js', bundledReference: false },
    role: 'server',
    startedAt: '2025-11-25T10:20:30.456Z',
    durationMs: 10,
    summary,
    results,
    notices: [],
    coverage: [{ id: 'REQ-A', keyword: 'MUST', binds: 'receiver', section: 'Tasks', url: 'https://example.test/#tasks', summary: 'a', checks: results.map((r) => r.id) }],
  };
}

const missing = (role: string) => missingFixtureReason(`conformance_${role}`, role);
const skips = (prefix: string, count: number, message: string) => Array.from({ length: count }, (_, index) => result(`${prefix}.s${index}`, 'skip', message));

/** server-everything without its config, in miniature: 2 judged, 8 skipped, most for want of fixture tools. */
const MOSTLY_SKIPPED = report([
  result('a.pass', 'pass'),
  result('a.warn', 'warn'),
  ...skips('echo', 4, missing('echo')),
  ...skips('input', 2, missing('input')),
  ...skips('peer', 1, NEEDS_PEER_IDENTITY),
  ...skips('http', 1, needsTransportReason('http')),
]);

describe('the evidence of a run, in its verdict', () => {
  it('counts the checks judged (pass, warn, fail, inconclusive) of those selected, each check once at its worst', () => {
    const verdict = runVerdict(
      report([result('a.x', 'pass'), result('a.x', 'fail'), result('b.y', 'inconclusive'), result('c.z', 'skip', 'the receiver does not declare tasks.list'), result('d.w', 'error')]),
    );
    expect(verdict.evidence).toMatchObject({ selected: 4, judged: 2, skipped: 1, mostlySkipped: false, skipCauses: [] });
    expect(verdict.evidence?.line).toBe('2 of 4 checks judged, 1 skipped, 1 not run');
  });

  it(`more than ${MOSTLY_SKIPPED_SHARE * 100}% skipped: the two most common causes, fixture roles grouped (most skipped first), each with its mend`, () => {
    const verdict = runVerdict(MOSTLY_SKIPPED);
    expect(verdict.outcome).toBe('pass');
    expect(verdict.evidence).toMatchObject({ selected: 10, judged: 2, skipped: 8, mostlySkipped: true });
    expect(verdict.evidence?.skipCauses).toEqual([
      { checks: 6, cause: 'no tool for the roles echo, input', mend: expect.stringMatching(/^map them to tools the receiver lists with --config \(configs\/server-everything\.json/) },
      { checks: 1, cause: 'no second identity', mend: 'test over --url with --peer-header' },
    ]);
    expect(verdict.evidence?.line).toMatch(/^2 of 10 checks judged, 8 skipped; chiefly: no tool for the roles echo, input \(6\) — map them .*; no second identity \(1\) — test over --url/);
    // The verdict's own line says it too, without changing what passes.
    expect(verdict.summary).toBe('no check failed — 1 warning (a SHOULD not met) that does not fail the run; most checks were skipped (8 of 10), so the run says little');
  });

  it('half skipped is not most; a skip that is no setup cause stands as its own message, without a mend', () => {
    const half = runVerdict(report([result('a.p', 'pass'), result('b.s', 'skip', 'the receiver does not declare tasks.list')]));
    expect(half.evidence).toMatchObject({ mostlySkipped: false, skipCauses: [] });
    const most = runVerdict(report([result('a.p', 'pass'), ...skips('b', 2, 'the receiver does not declare tasks.list')]));
    expect(most.evidence?.skipCauses).toEqual([{ checks: 2, cause: 'the receiver does not declare tasks.list' }]);
  });

  it('--min-judged: fewer judged fails the run with one line naming the chief skip cause and its mend; as many passes', () => {
    const failing = runVerdict(MOSTLY_SKIPPED, { minJudged: 3 });
    expect(failing.outcome).toBe('fail');
    expect(failing.problems).toEqual([
      expect.stringMatching(/^only 2 of 10 checks judged the target, fewer than --min-judged 3; skipped chiefly for no tool for the roles echo, input — map them .*--config/),
    ]);
    expect(failing.summary).toMatch(/^only 2 of 10 checks judged, fewer than --min-judged 3/);
    expect(failing.evidence?.minJudged).toBe(3);
    expect(runVerdict(MOSTLY_SKIPPED, { minJudged: 2 }).outcome).toBe('pass');
    // A run that could not happen is said as such, not as too few judged.
    expect(runVerdict(MOSTLY_SKIPPED, { minJudged: 50, notRun: 'x' }).problems).toEqual(['the run could not happen: x']);
  });

  it('a trace with nothing to judge fails with its reason', () => {
    const verdict = runVerdict(report([result('r.x', 'skip', 'not observed')]), { nothingToJudge: 'the trace t.jsonl holds no task traffic' });
    expect(verdict).toMatchObject({ outcome: 'fail', summary: 'nothing to judge: the trace t.jsonl holds no task traffic', problems: ['nothing to judge: the trace t.jsonl holds no task traffic'] });
  });
});

describe('every writer renders the evidence the verdict carries, and computes none', () => {
  const withVerdict = (base: RunReport, line: string) => {
    const verdict = runVerdict(base);
    // A line no writer could compute: each must read it from the verdict.
    return { ...base, verdict: { ...verdict, evidence: { ...verdict.evidence!, line } } };
  };
  const stored = withVerdict(MOSTLY_SKIPPED, 'STORED evidence line');

  it('console: a Judged: line above the verdict', () => {
    const lines = formatSummary(stored).split('\n');
    const judged = lines.findIndex((line) => line.startsWith('Judged:'));
    expect(lines[judged]).toBe('Judged:      STORED evidence line');
    expect(lines.findIndex((line) => line.startsWith('Verdict:'))).toBeGreaterThan(judged);
  });

  it('Markdown: a Judged line under the verdict, with a warning sign when most skipped', () => {
    expect(buildMarkdownSummary(stored)).toContain('⚠️ **Judged:** STORED evidence line.');
    const full = withVerdict(report([result('a.p', 'pass')]), 'ALL judged');
    expect(buildMarkdownSummary(full)).toContain('\n**Judged:** ALL judged.');
  });

  it('JUnit: the counts and the line as properties of every suite', () => {
    const xml = buildJunitXml(stored);
    expect(xml).toContain('<property name="checksSelected" value="10"/>');
    expect(xml).toContain('<property name="checksJudged" value="2"/>');
    expect(xml).toContain('<property name="evidence" value="STORED evidence line"/>');
  });

  it('HTML: beside the verdict word, marked when most skipped', () => {
    const html = buildHtmlReport(stored);
    expect(html).toMatch(/<span class="verdict-evidence mostly-skipped" id="verdict-evidence">Judged: STORED evidence line<\/span>/);
  });

  it('JSON: the verdict carries it', () => {
    const json = JSON.parse(JSON.stringify(toJsonReport(stored)));
    expect(json.verdict.evidence).toMatchObject({ selected: 10, judged: 2, skipped: 8, mostlySkipped: true, minJudged: null, line: 'STORED evidence line' });
    expect(json.verdict.evidence.skipCauses[1]).toEqual({ checks: 1, cause: 'no second identity', mend: 'test over --url with --peer-header' });
  });
});

const CLI = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));
const SERVER_EVERYTHING = fileURLToPath(new URL('../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));

const cli = (...args: string[]) => runNode([CLI, ...args], { env: { ...process.env, GITHUB_STEP_SUMMARY: '' } });

describe.skipIf(!existsSync(CLI))('the command line says how much it judged, and --min-judged gates on it', { concurrent: true }, () => {
  // Over stdio the isolation checks skip (they need HTTP and a second identity): one of five is judged.
  const isolation = ['server', '--spec', '2025-11-25', '--only', 'isolation.*'];

  it('without --min-judged a run that judged little passes, and says so above its verdict', async ({ expect }) => {
    const run = await cli(...isolation);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Judged: +1 of 5 checks judged, 4 skipped; chiefly: no second identity \(3\) — test over --url with --peer-header; /m);
    expect(run.stdout).toMatch(/^Verdict: +PASS — .*most checks were skipped \(4 of 5\), so the run says little$/m);
  });

  it('--min-judged N: fewer judged is exit 1 with the reason in the verdict; as many is exit 0', async ({ expect }) => {
    const failing = await cli(...isolation, '--min-judged', '2');
    expect(failing.code, failing.stdout + failing.stderr).toBe(1);
    expect(failing.stdout).toMatch(/^Verdict: +FAIL — only 1 of 5 checks judged, fewer than --min-judged 2/m);
    expect((await cli(...isolation, '--min-judged', '1')).code).toBe(0);
  });

  it.for(['0', '1.5', 'many'])('--min-judged %s is a usage error told in one line (exit 2)', async (value, { expect }) => {
    const run = await cli(...isolation, '--min-judged', value);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([`mcp-tasks-conformance: --min-judged wants a whole number from 1 up, got "${value}"`]);
  });

  it.skipIf(!existsSync(SERVER_EVERYTHING))('server-everything without its config: the fixture roles it lacks, and the --config that maps them', async ({ expect }) => {
    const run = await cli('server', '--spec', '2025-11-25', '--command', `"${process.execPath}" "${SERVER_EVERYTHING}" stdio`);
    expect(run.stdout).toMatch(
      /^Judged: +\d+ of \d+ checks judged, \d+ skipped; chiefly: no tool for the roles echo, .* — map them to tools the receiver lists with --config \(configs\/server-everything\.json/m,
    );
    expect(run.stdout).toMatch(/most checks were skipped/);
  });
});
