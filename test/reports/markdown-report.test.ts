// The Markdown summary: verdict and why, counts, the table of fails and warns with linked requirements,
// coverage by spec section, baseline marks, escaping, truncation, and GITHUB_STEP_SUMMARY appending.

import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Baseline } from '../../harness/engine/run-policy.js';
import type { CheckResult, Outcome, RunReport } from '../../harness/model/model.js';
import { runVerdict, type RunPolicy } from '../../harness/engine/run-policy.js';
import { buildMarkdownSummary, escapeMarkdown, MARKDOWN_MAX_BYTES, writeMarkdownSummary } from '../../reports/index.js';
import { ALL_CHECKS } from '../../suites/2025-11-25/index.js';
import { runAgainstReferenceHttp } from '../support/reference-runs.js';
import { CALIBRATION } from '../support/results.js';

const TASKS = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks';

function result(id: string, outcome: Outcome, overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    id,
    title: `title of ${id}`,
    suite: id.split('.')[0]!,
    role: 'server',
    requirements: ['REQ-A'],
    level: 'must',
    outcome,
    message: `${outcome} message of ${id}`,
    findings: [],
    info: [],
    durationMs: 5,
    protocolVersion: '2025-11-25',
    transcript: [],
    ...overrides,
  };
}

const RESULTS = [
  result('lifecycle.create', 'pass'),
  result('result.exact', 'fail', {
    requirements: ['REQ-A', 'REQ-RESULT'],
    message: 'expected "a|b", got <script>alert(1)</script>\nsecond line | with pipe',
    findings: [{ requirement: 'REQ-RESULT', keyword: 'MUST', severity: 'fail', message: 'differs' }],
  }),
  result('ttl.stable', 'warn', { requirements: ['REQ-TTL'], level: 'should' }),
  result('cancel.terminal', 'skip', { requirements: ['REQ-CANCEL'] }),
  result('result.timeout', 'error', { requirements: ['REQ-RESULT'] }),
];

function fixture(overrides: Partial<RunReport> = {}): RunReport {
  return {
    tool: { name: 'mcp-tasks-conformance', version: '0.1.0' },
    specVersion: '2025-11-25',
    profile: { id: '2025-11-25', title: 'Tasks, MCP 2025-11-25', specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks' },
    target: { transport: 'stdio', description: 'node `server`.js | tee log', bundledReference: false },
    role: 'server',
    negotiatedProtocolVersion: '2025-11-25',
    serverInfo: { name: 'demo', version: '1' },
    startedAt: '2025-11-25T10:20:30.456Z',
    durationMs: 4210,
    summary: { pass: 1, fail: 1, warn: 1, skip: 1, inconclusive: 0, error: 1 },
    results: RESULTS,
    notices: ['the target is slow | to start'],
    coverage: [
      { id: 'REQ-A', keyword: 'MUST', binds: 'receiver', section: 'Tasks', url: `${TASKS}#tasks`, summary: 'a', checks: ['lifecycle.create', 'result.exact'] },
      { id: 'REQ-PASS', keyword: 'MUST', binds: 'receiver', section: 'Tasks', url: `${TASKS}#tasks`, summary: 'p', checks: ['lifecycle.create'] },
      { id: 'REQ-RESULT', keyword: 'MUST', binds: 'receiver', section: 'Result Retrieval', url: `${TASKS}#result-retrieval`, summary: 'r', checks: ['result.exact', 'result.timeout'] },
      { id: 'REQ-ERR', keyword: 'MUST', binds: 'receiver', section: 'Result Retrieval', url: `${TASKS}#result-retrieval`, summary: 'e', checks: ['result.timeout'] },
      { id: 'REQ-TTL', keyword: 'SHOULD', binds: 'receiver', section: 'TTL', url: `${TASKS}#ttl`, summary: 't', checks: ['ttl.stable'] },
      { id: 'REQ-CANCEL', keyword: 'MUST', binds: 'receiver', section: 'Task Cancellation', url: `${TASKS}#task-cancellation`, summary: 'c', checks: ['cancel.terminal'] },
      { id: 'REQ-UNTESTABLE', keyword: 'MUST', binds: 'receiver', section: 'Task Cancellation', url: `${TASKS}#task-cancellation`, summary: 'u', checks: [], reason: 'not testable: internal' },
      { id: 'REQ-GAP', keyword: 'MUST', binds: 'receiver', section: 'TTL', url: `${TASKS}#ttl`, summary: 'g', checks: [] },
    ],
    ...overrides,
  };
}

/** The report with the verdict the CLI would give it under `baseline`. */
function judged(report: RunReport, baseline: Baseline, policy: Omit<RunPolicy, 'baseline'> = {}): RunReport {
  return { ...report, verdict: runVerdict(report, { ...policy, baseline }) };
}

const CLEAN = fixture({ results: [RESULTS[0]!, RESULTS[3]!], summary: { pass: 1, fail: 0, warn: 0, skip: 1, inconclusive: 0, error: 0 } });
const WARN_ONLY = fixture({ results: [RESULTS[0]!, RESULTS[2]!], summary: { pass: 1, fail: 0, warn: 1, skip: 0, inconclusive: 0, error: 0 } });

/** The table rows (lines starting with "|") of the section under `heading`. */
function tableRows(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const rest = markdown.slice(start + heading.length);
  const end = rest.search(/\n### /);
  return (end === -1 ? rest : rest.slice(0, end))
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
}

/** Splits a table row into cells, honouring "\|" escapes. */
function cells(row: string): string[] {
  return row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'markdown-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('markdown summary', () => {
  it('states the verdict and why', () => {
    const failed = buildMarkdownSummary(fixture());
    expect(failed.split('\n')[0]).toBe('## ❌ MCP Tasks conformance: failed');
    expect(failed).toContain('**Failed**: 1 check failed, 1 check could not run (harness error) — 1 warning (a SHOULD not met) that does not fail the run.');

    const passed = buildMarkdownSummary(CLEAN);
    expect(passed.split('\n')[0]).toBe('## ✅ MCP Tasks conformance: passed');
    expect(passed).toContain('**Passed**: no check failed.');
    expect(passed).not.toContain('### Failures and warnings');

    expect(buildMarkdownSummary(WARN_ONLY)).toMatch(/^## ✅ .*passed\n\n\*\*Passed\*\*: no check failed — 1 warning/);
    const strict = buildMarkdownSummary(WARN_ONLY, { strict: true });
    expect(strict).toMatch(/^## ❌ .*failed\n\n\*\*Failed\*\*: 1 warning counts as failure under strict\./);
    expect(strict).toContain('**Strict:** yes');
  });

  it('gives the context and the counts', () => {
    const md = buildMarkdownSummary(fixture());
    // A code span fenced by more backticks than any run inside it; outside a table "|" needs no escape there.
    expect(md).toContain('**Target:** ``node `server`.js | tee log`` (stdio)');
    expect(md).toContain('**Protocol:** 2025-11-25 ·');
    expect(md).toContain('**Tool:** mcp-tasks-conformance 0.1.0');
    expect(md).toContain(`**Profile:** [Tasks, MCP 2025-11-25](${TASKS})`);
    expect(md).toContain('- the target is slow \\| to start');
    expect(md).toContain('| 1 | 1 | 1 | 1 | 0 | 1 | 5 |');
    expect(buildMarkdownSummary(fixture({ negotiatedProtocolVersion: '2025-06-18' }))).toContain('**Protocol:** 2025-06-18 ⚠️');
  });

  it('lists every fail, error and warn with linked requirements and an escaped one-line reason', () => {
    const md = buildMarkdownSummary(fixture());
    const rows = tableRows(md, '### Failures and warnings (3)').map(cells);
    expect(rows.map((row) => [row[0], row[1]])).toEqual([
      ['`result.exact`', '❌ fail'],
      ['`result.timeout`', '💥 error'],
      ['`ttl.stable`', '⚠️ warn'],
    ]);
    expect(rows[0]![2]).toBe(`[REQ-A](${TASKS}#tasks), [REQ-RESULT](${TASKS}#result-retrieval)`);
    // "|" is escaped, line breaks become spaces, HTML cannot get through.
    expect(rows[0]![3]).toBe('expected "a\\|b", got \\<script\\>alert(1)\\</script\\> second line \\| with pipe');
    expect(rows[0]).toHaveLength(4);
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('lifecycle.create`');
  });

  it('escapes Markdown and HTML in text from the implementation under test', () => {
    expect(escapeMarkdown('a|b')).toBe('a\\|b');
    expect(escapeMarkdown('[x](javascript:alert(1)) *b* _i_ `c` <img src=x> &amp; ~s~ \\')).toBe('\\[x\\](javascript:alert(1)) \\*b\\* \\_i\\_ \\`c\\` \\<img src=x\\> \\&amp; \\~s\\~ \\\\');
    expect(escapeMarkdown('line\r\nbreak\u0000\u001b[31m')).toBe('line break\\[31m');
    expect(Array.from(escapeMarkdown('x'.repeat(1000)))).toHaveLength(300);
  });

  it('shows coverage by spec section', () => {
    const md = buildMarkdownSummary(fixture());
    expect(md).toContain('### Coverage by spec section (8 requirements)');
    const rows = tableRows(md, '### Coverage by spec section').map(cells);
    // section, requirements, passed, failed, warned, error, inconclusive, skipped, explained, no check
    expect(rows).toEqual([
      [`[Tasks](${TASKS}#tasks)`, '2', '1', '1', '0', '0', '0', '0', '0', '0'],
      [`[Result Retrieval](${TASKS}#result-retrieval)`, '2', '0', '1', '0', '1', '0', '0', '0', '0'],
      [`[TTL](${TASKS}#ttl)`, '2', '0', '0', '1', '0', '0', '0', '0', '1'],
      [`[Task Cancellation](${TASKS}#task-cancellation)`, '2', '0', '0', '0', '0', '0', '1', '1', '0'],
      ['**all**', '**8**', '**1**', '**2**', '**1**', '**1**', '**0**', '**1**', '**1**', '**1**'],
    ]);
  });

  it('marks expected failures and lists stale, unknown and unexercised baseline entries', () => {
    const report = judged(
      fixture(),
      {
        file: 'ci/expected.yml',
        entries: [
          { check: 'result.exact', reason: 'known | bug', link: 'https://example.org/issues/1' },
          { check: 'lifecycle.create', reason: 'was broken' },
          { check: 'cancel.terminal', reason: 'cancel broken' },
          { check: 'result.exakt', reason: 'typo' },
        ],
      },
      { knownChecks: RESULTS.map((r) => r.id) },
    );
    const md = buildMarkdownSummary(report);
    expect(md).toContain(
      '**Failed**: 1 unexpected failure (not in the baseline), 1 stale baseline entry (the check no longer fails), ' +
        '1 baseline entry naming no check of the suite — 1 expected failure listed in the baseline',
    );
    expect(md).toContain('**Baseline:** `ci/expected.yml`');
    const rows = tableRows(md, '### Failures and warnings (3)').map(cells);
    expect(rows.map((row) => row[4])).toEqual(['expected: known \\| bug ([link](https://example.org/issues/1))', '**new**', '']);
    expect(tableRows(md, '### Stale baseline entries (1)').map(cells)).toEqual([['`lifecycle.create`', 'was broken', 'lifecycle.create passes now: remove its entry from ci/expected.yml']]);
    expect(md).toContain('### Unknown baseline entries (1)');
    expect(md).toContain('- `result.exakt`');
    expect(md).toContain('### Baseline entries not exercised (1)');
    expect(md).toMatch(/- `cancel\.terminal`: cancel\.terminal was skipped/);
  });

  it('passes with a baseline that lists every failure', () => {
    const md = buildMarkdownSummary(
      judged(fixture(), {
        entries: [
          { check: 'result.exact', reason: 'r' },
          { check: 'result.timeout', reason: 'r' },
        ],
      }),
    );
    expect(md).toMatch(/^## ✅ .*passed\n\n\*\*Passed\*\*: no unexpected failure — 2 expected failures listed in the baseline; 1 warning/);
    expect(md).not.toContain('### Stale');
  });

  it('says passed exactly when the verdict passes (the exit status is 0), taking strict and the baseline from it', () => {
    const listed = {
      file: 'ci/expected.yml',
      entries: [
        { check: 'result.exact', reason: 'known' },
        { check: 'result.timeout', reason: 'flaky' },
      ],
    };
    const passing = judged(fixture(), listed);
    expect(passing.verdict!.outcome).toBe('pass');
    expect(buildMarkdownSummary(passing).split('\n')[0]).toBe('## ✅ MCP Tasks conformance: passed');
    // Under strict the unlisted warn fails the run; the carried verdict says so whatever the options.
    const strict = judged(fixture(), listed, { strict: true });
    const strictMd = buildMarkdownSummary(strict, { strict: false });
    expect(strictMd).toMatch(/^## ❌ .*failed\n\n\*\*Failed\*\*: 1 unexpected failure \(not in the baseline\) — 2 expected failures listed in the baseline\./);
    expect(strictMd).toContain('**Strict:** yes');
    // A listed check that passes now: stale, and the summary fails.
    const stale = judged(fixture(), { ...listed, entries: [...listed.entries, { check: 'lifecycle.create', reason: 'was broken' }] });
    expect(buildMarkdownSummary(stale).split('\n')[0]).toBe('## ❌ MCP Tasks conformance: failed');
    expect(buildMarkdownSummary(stale)).toContain('### Stale baseline entries (1)');
  });

  it('lists the checks whose verdict changed between runs', () => {
    const report = { ...CLEAN, verdict: runVerdict(CLEAN, { unstable: [{ id: 'lifecycle.create', outcomes: ['pass', 'fail'] }] }) };
    const md = buildMarkdownSummary(report);
    expect(md).toMatch(/^## ❌ .*failed\n\n\*\*Failed\*\*: 1 check changed verdict between runs\.$/m);
    expect(md).toContain('### Verdicts that changed between runs (1)');
    expect(md).toContain('- `lifecycle.create`: pass → fail');
  });

  it('shows the calibration under the context, and nothing when there is none', () => {
    const md = buildMarkdownSummary(fixture({ calibration: { ...CALIBRATION, method: 'median of 5 *ping* requests' } }));
    expect(md).toContain('**Calibration:** round trip 12 ms (median of 5 \\*ping\\* requests), connect 140 ms, allowance 250 ms per round trip, multiplier 1');
    expect(buildMarkdownSummary(fixture())).not.toContain('Calibration');
  });

  it('truncates long tables with a note and stays under the size cap', () => {
    const many = Array.from({ length: 250 }, (_, i) => result(`bulk.check-${i}`, 'fail', { message: 'x'.repeat(2000) }));
    const report = fixture({ results: many, summary: { pass: 0, fail: 250, warn: 0, skip: 0, inconclusive: 0, error: 0 } });
    const md = buildMarkdownSummary(report);
    expect(tableRows(md, '### Failures and warnings (250)')).toHaveLength(200);
    expect(md).toContain('_50 more failures and warnings not shown; the JSON report (--json) has every result._');
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThan(MARKDOWN_MAX_BYTES);
    expect(tableRows(buildMarkdownSummary(report, { maxRows: 3 }), '### Failures and warnings (250)')).toHaveLength(3);
  });

  it('describes a real run with faults against the reference receiver', async () => {
    const report = await runAgainstReferenceHttp({ faults: ['result-differs', 'failed-without-status-message'] });
    const md = buildMarkdownSummary(report);
    expect(md.split('\n')[0]).toBe('## ❌ MCP Tasks conformance: failed');
    const rows = tableRows(md, '### Failures and warnings').map(cells);
    expect(rows.map((row) => row[0])).toContain('`result-retrieval.same-as-plain-call`');
    for (const row of rows) {
      expect(row).toHaveLength(4);
      expect(row[2]).toMatch(/^\[[A-Z0-9-]+\]\(https:\/\/modelcontextprotocol\.io\/specification\/2025-11-25\/[^)]+\)/);
    }
    const coverage = tableRows(md, '### Coverage by spec section').map(cells);
    expect(coverage.at(-1)![1]).toBe(`**${report.coverage.length}**`);
    expect(buildMarkdownSummary(judged(report, { entries: [] }, { knownChecks: ALL_CHECKS.map((c) => c.id) }))).toContain('**new**');
  });
});

describe('writing the markdown summary', () => {
  it('writes FILE atomically and returns it when GITHUB_STEP_SUMMARY is not set', async () => {
    vi.stubEnv('GITHUB_STEP_SUMMARY', '');
    const file = join(dir, 'plain', 'summary.md');
    expect(await writeMarkdownSummary(file, fixture())).toEqual([file]);
    await writeMarkdownSummary(file, fixture());
    expect(await readFile(file, 'utf8')).toBe(buildMarkdownSummary(fixture()));
    expect(await readdir(join(dir, 'plain'))).toEqual(['summary.md']);
    expect(await writeMarkdownSummary(undefined, fixture())).toEqual([]);
  });

  it('appends to GITHUB_STEP_SUMMARY on every run instead of overwriting it', async () => {
    const step = join(dir, 'step', 'step-summary.md');
    await rm(join(dir, 'step'), { recursive: true, force: true });
    vi.stubEnv('GITHUB_STEP_SUMMARY', step);
    expect(await writeMarkdownSummary(undefined, fixture())).toEqual([step]);
    expect(await writeMarkdownSummary(undefined, CLEAN)).toEqual([step]);
    const text = await readFile(step, 'utf8');
    expect(text).toBe(`${buildMarkdownSummary(fixture())}\n${buildMarkdownSummary(CLEAN)}\n`);
    expect(text.match(/^## /gm)).toHaveLength(2);

    const file = join(dir, 'both.md');
    expect(await writeMarkdownSummary(file, CLEAN)).toEqual([file, step]);
    expect(await readFile(file, 'utf8')).toBe(buildMarkdownSummary(CLEAN));
    expect((await readFile(step, 'utf8')).match(/^## /gm)).toHaveLength(3);
  });

  it('only appends when FILE is the step summary itself', async () => {
    const step = join(dir, 'same.md');
    await writeFile(step, '# earlier step\n');
    vi.stubEnv('GITHUB_STEP_SUMMARY', step);
    expect(await writeMarkdownSummary(step, CLEAN)).toEqual([step]);
    expect(await readFile(step, 'utf8')).toBe(`# earlier step\n${buildMarkdownSummary(CLEAN)}\n`);
  });
});
