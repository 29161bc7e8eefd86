import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunReport } from '../../harness/model/model.js';
import { TOOL } from '../../harness/model/tool.js';
import { runVerdict } from '../../harness/engine/run-policy.js';
import { buildJunitXml, formatCheckLine, formatSummary, RUN_VERDICT_CASE, SYSTEM_OUT_MAX_BYTES, toJsonReport, writeJsonReport, writeJunitReport } from '../../reports/index.js';
import { CALIBRATION, result, runReport } from '../support/results.js';

// ---------------------------------------------------------------------------------------------- fixture

const NASTY = 'bad\u0000chars\u001b[31mred\uFFFF end ]]> and again ]]> done';

const PASS = result({
  id: 'lifecycle.create',
  outcome: 'pass',
  suite: 'lifecycle',
  durationMs: 312,
  info: ['the receiver sends status notifications'],
  transcript: [
    { t: 0, dir: 'out', conn: 'A', message: { jsonrpc: '2.0', id: 1, method: 'tools/call' } },
    { t: 12.4, dir: 'in', conn: 'A', message: { jsonrpc: '2.0', id: 1, result: { task: { taskId: 't1' } } } },
  ],
});

const FAIL = result({
  id: 'result.exact-success',
  outcome: 'fail',
  suite: 'result',
  title: 'tasks/result returns what the plain call returns',
  requirements: ['REQ-RESULT-1', 'REQ-RESULT-2'],
  durationMs: 1234.5678,
  message: 'expected content [{"type":"text","text":"hi"}], got [] <&> "quoted"',
  findings: [
    { requirement: 'REQ-RESULT-1', keyword: 'MUST', severity: 'fail', message: 'result differs from the plain call' },
    { requirement: 'REQ-RESULT-2', keyword: 'SHOULD', severity: 'warn', message: 'no related-task metadata' },
  ],
  transcript: [
    { t: 1, dir: 'out', message: { method: 'tasks/result', params: { taskId: NASTY } } },
    { t: 2, dir: 'in', message: { result: { content: [{ type: 'text', text: NASTY }] } } },
    { t: 3, dir: 'stderr', text: `stderr line with ${NASTY}` },
    { t: 4, dir: 'note', text: 'two\nlines' },
  ],
});

const WARN = result({
  id: 'lifecycle.ttl',
  outcome: 'warn',
  suite: 'lifecycle',
  requirements: ['REQ-TTL'],
  level: 'should',
  message: 'ttl 0 was kept although a minimum is advisable',
  findings: [{ requirement: 'REQ-TTL', keyword: 'SHOULD', severity: 'warn', message: 'ttl 0 was kept' }],
  durationMs: 5,
});

const SKIP = result({
  id: 'cancel.terminal',
  outcome: 'skip',
  suite: 'cancel',
  requirements: ['REQ-CANCEL'],
  message: 'the receiver does not declare tasks.cancel <&> "x"',
  durationMs: 0,
});

const ERROR = result({
  id: 'result.timeout',
  outcome: 'error',
  suite: 'result',
  requirements: ['REQ-RESULT-1'],
  message: 'harness: connection closed before initialize',
  durationMs: 30000,
});

const TASKS = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks';
const COVERAGE: RunReport['coverage'] = [
  { id: 'REQ-A', keyword: 'MAY', binds: 'receiver', section: 'Tasks', url: `${TASKS}#tasks`, summary: 'a', checks: ['lifecycle.create'] },
  { id: 'REQ-RESULT-1', keyword: 'MUST', binds: 'receiver', section: 'Task Results', url: `${TASKS}#task-results`, summary: 'same result', checks: ['result.exact-success', 'result.timeout'] },
  { id: 'REQ-RESULT-2', keyword: 'SHOULD', binds: 'receiver', section: 'Task Results', url: `${TASKS}#task-results`, summary: 'metadata', checks: ['result.exact-success'] },
  { id: 'REQ-TTL', keyword: 'SHOULD', binds: 'receiver', section: 'TTL', url: `${TASKS}#ttl-and-resource-management`, summary: 'ttl', checks: ['lifecycle.ttl'] },
  { id: 'REQ-CANCEL', keyword: 'MUST NOT', binds: 'receiver', section: 'Task Cancellation', url: `${TASKS}#task-cancellation`, summary: 'c', checks: ['cancel.terminal'] },
  { id: 'REQ-UNTESTABLE', keyword: 'SHOULD', binds: 'requestor', section: 'Tasks', url: `${TASKS}#tasks`, summary: 'u', checks: [], reason: 'binds the requestor' },
];

function fixture(overrides: Partial<RunReport> = {}): RunReport {
  return {
    tool: { name: 'mcp-tasks-conformance', version: '0.1.0' },
    specVersion: '2025-11-25',
    profile: { id: '2025-11-25', title: 'Tasks, MCP 2025-11-25', specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks' },
    target: { transport: 'stdio', description: 'node server.js', bundledReference: false },
    role: 'server',
    negotiatedProtocolVersion: '2025-11-25',
    serverInfo: { name: 'demo-server', version: '1.2.3' },
    startedAt: '2025-11-25T10:20:30.456Z',
    durationMs: 4210,
    summary: { pass: 1, fail: 1, warn: 1, skip: 1, inconclusive: 0, error: 1 },
    results: [PASS, FAIL, WARN, SKIP, ERROR],
    notices: ['the target is slow to start'],
    coverage: COVERAGE,
    ...overrides,
  };
}

// ------------------------------------------------------------------------------------- XML test helpers

const XML_ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function unescapeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Attributes of a start tag; values may contain ">" (XML does not require it escaped there). */
const ATTRS = String.raw`((?:\s+[\w:.-]+="[^"]*")*)`;
const tagRe = (name: string, tail: string, flags = '') => new RegExp(`<${name}${ATTRS}\\s*${tail}`, flags);

const BAD_ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

/** A small well-formedness check: legal characters, balanced tags, one root, clean text and attributes. */
function assertWellFormed(xml: string): void {
  expect(XML_ILLEGAL.test(xml)).toBe(false);
  let rest = xml.replace(/^<\?xml[^?]*\?>/, '');
  rest = rest.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*(\/?)>/y;
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < rest.length) {
    const lt = rest.indexOf('<', i);
    const text = rest.slice(i, lt === -1 ? rest.length : lt);
    expect(text).not.toContain(']]>');
    expect(BAD_ENTITY.test(text)).toBe(false);
    if (stack.length === 0) expect(text.trim()).toBe('');
    if (lt === -1) break;
    tag.lastIndex = lt;
    const match = tag.exec(rest);
    if (!match) throw new Error(`malformed markup at: ${rest.slice(lt, lt + 80)}`);
    const [, closing, name, attributes, selfClosing] = match;
    expect(BAD_ENTITY.test(attributes ?? '')).toBe(false);
    if (closing) {
      expect(stack.pop()).toBe(name);
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name!);
    }
    i = tag.lastIndex;
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of source.matchAll(/([\w:.-]+)="([^"]*)"/g)) out[match[1]!] = unescapeXml(match[2]!);
  return out;
}

interface ParsedCase {
  attrs: Record<string, string>;
  body: string;
  properties: Record<string, string>;
  systemOut: string;
}

function testSuites(xml: string): { attrs: Record<string, string>; cases: ParsedCase[] }[] {
  return [...xml.matchAll(tagRe('testsuite', String.raw`>([\s\S]*?)<\/testsuite>`, 'g'))].map((suite) => ({
    attrs: attributes(suite[1]!),
    cases: [...suite[2]!.matchAll(tagRe('testcase', String.raw`(?:\/>|>([\s\S]*?)<\/testcase>)`, 'g'))].map((tc) => {
      const body = tc[2] ?? '';
      const properties: Record<string, string> = {};
      for (const p of body.matchAll(tagRe('property', '/>', 'g'))) {
        const a = attributes(p[1]!);
        properties[a.name!] = a.value!;
      }
      const out = /<system-out><!\[CDATA\[([\s\S]*?)\]\]><\/system-out>/.exec(body);
      return { attrs: attributes(tc[1]!), body, properties, systemOut: out?.[1] ?? '' };
    }),
  }));
}

function findCase(xml: string, id: string): ParsedCase {
  for (const suite of testSuites(xml)) {
    const found = suite.cases.find((c) => c.attrs.name?.startsWith(`${id}: `));
    if (found) return found;
  }
  throw new Error(`no testcase for ${id}`);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reports-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// ------------------------------------------------------------------------------------------------ tests

describe('tool', () => {
  it('names the suite with the name and version of its package.json', async () => {
    const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
    expect(TOOL).toEqual({ name: manifest.name, version: manifest.version });
  });
});

describe('console', () => {
  it('formats one line per check with a padded tag, id, title, message and duration', () => {
    expect(formatCheckLine(FAIL)).toBe(
      'FAIL   result.exact-success  tasks/result returns what the plain call returns — ' + 'expected content [{"type":"text","text":"hi"}], got [] <&> "quoted"  (1.23 s)',
    );
    expect(formatCheckLine(PASS)).toBe('PASS   lifecycle.create  title of lifecycle.create  (312 ms)');
    expect(formatCheckLine(ERROR)).toMatch(/^ERROR {2}result\.timeout {2}/);
    expect(formatCheckLine(SKIP)).toMatch(/^SKIP {3}cancel\.terminal {2}.* — the receiver does not declare tasks\.cancel/);
    expect(formatCheckLine(WARN)).toMatch(/^WARN {3}lifecycle\.ttl {2}/);
  });

  it('keeps the line to one line, drops control characters and truncates long messages', () => {
    const line = formatCheckLine({ ...FAIL, message: `line1\nline2 ${NASTY} ${'x'.repeat(500)}` });
    expect(line).not.toMatch(/[\n\r\u0000\u001b]/);
    expect(line).toContain('line1 line2 badchars[31mred');
    expect(line).toContain('…');
    expect(line.length).toBeLessThan(400);
  });

  it('colours only when asked', () => {
    expect(formatCheckLine(FAIL)).not.toContain('\u001b[');
    expect(formatCheckLine(FAIL, { color: true })).toContain('\u001b[31mFAIL\u001b[0m');
    expect(formatSummary(fixture())).not.toContain('\u001b[');
    expect(formatSummary(fixture(), { color: true })).toContain('\u001b[');
  });

  it('names the tool and the profile, with its spec page, first', () => {
    const [first, second] = formatSummary(fixture()).split('\n');
    expect(first).toBe('mcp-tasks-conformance 0.1.0 — Tasks, MCP 2025-11-25');
    expect(second).toBe(`Spec:        ${TASKS}`);
  });

  it('summarises target, protocol, notices, counts, duration and each failure and error', () => {
    const text = formatSummary(fixture());
    expect(text).toContain('node server.js (stdio)');
    expect(text).toMatch(/Protocol: +2025-11-25$/m);
    expect(text).toContain('demo-server 1.2.3');
    expect(text).toContain('  - the target is slow to start');
    expect(text).toContain('1 passed, 1 failed, 1 warned, 1 skipped, 0 inconclusive, 1 error (5 checks)');
    expect(text).toMatch(/Duration: +4\.2 s/);
    expect(text).toMatch(/FAIL +result\.exact-success +expected content/);
    expect(text).toMatch(/ERROR +result\.timeout +harness: connection closed/);
    // The warning is listed too, saying that only --strict makes it fail the run.
    expect(text).toMatch(/Warnings \(a SHOULD not met; they fail the run only under --strict\):\n +WARN +lifecycle\.ttl /);
    expect(text).not.toMatch(/cancel\.terminal/);
  });

  it('says plainly when another protocol version was negotiated, or none', () => {
    expect(formatSummary(fixture({ negotiatedProtocolVersion: '2025-06-18' }))).toMatch(/2025-06-18 — NOT 2025-11-25/);
    expect(formatSummary(fixture({ negotiatedProtocolVersion: undefined }))).toContain('no protocol version was negotiated');
  });

  it('ends with the verdict the report carries; without one, the run policy gives it', () => {
    expect(formatSummary(fixture()).split('\n').at(-1)).toBe('Verdict:     FAIL — 1 check failed, 1 check could not run (harness error) — 1 warning (a SHOULD not met) that does not fail the run');
    const clean = runReport([PASS, WARN]);
    expect(formatSummary(clean).split('\n').at(-1)).toMatch(/^Verdict: +PASS — no check failed — 1 warning/);
    expect(formatSummary(clean, { strict: true }).split('\n').at(-1)).toBe('Verdict:     FAIL — 1 warning counts as failure under strict (strict)');
    // The carried verdict wins over the fallback's strict.
    expect(
      formatSummary({ ...clean, verdict: runVerdict(clean) }, { strict: true })
        .split('\n')
        .at(-1),
    ).toMatch(/^Verdict: +PASS/);
  });

  it('with a baseline: marks expected failures, lists stale and unknown entries, and the verdict agrees', () => {
    const entries = [
      { check: 'result.exact-success', reason: 'known: issue 12' },
      { check: 'result.timeout', reason: 'flaky transport' },
    ];
    const passing = fixture();
    passing.verdict = runVerdict(passing, { baseline: { file: 'ci/expected.yml', entries } });
    const text = formatSummary(passing);
    expect(text).toMatch(/FAIL +result\.exact-success +expected content.*\(expected by the baseline: known: issue 12\)$/m);
    expect(text).toContain('Baseline ci/expected.yml: 2 expected failures, 0 stale entries, 0 unknown entries, 0 not exercised');
    expect(text.split('\n').at(-1)).toBe('Verdict:     PASS — no unexpected failure — 2 expected failures listed in the baseline; 1 warning (a SHOULD not met) that does not fail the run');

    const stale = fixture();
    stale.verdict = runVerdict(stale, {
      baseline: { file: 'ci/expected.yml', entries: [...entries, { check: 'lifecycle.create', reason: 'was broken' }, { check: 'lifecycle.craete', reason: 'typo' }] },
    });
    const staleText = formatSummary(stale);
    expect(staleText).toContain('Stale baseline entries (they fail the run):\n  lifecycle.create passes now: remove its entry from ci/expected.yml');
    expect(staleText).toContain('Unknown baseline entries (they fail the run):\n  ci/expected.yml lists "lifecycle.craete", which is no check of this suite; did you mean "lifecycle.create"?');
    expect(staleText.split('\n').at(-1)).toMatch(/^Verdict: +FAIL — 1 stale baseline entry \(the check no longer fails\), 1 baseline entry naming no check of the suite — /);
  });

  it('lists the checks whose verdict changed between runs', () => {
    const report = runReport([PASS]);
    report.verdict = runVerdict(report, { unstable: [{ id: PASS.id, outcomes: ['fail', 'pass'] }] });
    const text = formatSummary(report);
    expect(text).toContain('Verdicts that changed between runs:\n  lifecycle.create: fail → pass');
    expect(text.split('\n').at(-1)).toBe('Verdict:     FAIL — 1 check changed verdict between runs');
  });

  it('shows the calibration in the header, and nothing when there is none', () => {
    const text = formatSummary(fixture({ calibration: CALIBRATION }));
    expect(text).toMatch(/^Calibration: round trip 12 ms \(median of 5 ping requests on the discovery connection\), connect 140 ms, allowance 250 ms per round trip, multiplier 1$/m);
    expect(text.indexOf('Calibration:')).toBeLessThan(text.indexOf('Results:'));
    expect(formatSummary(fixture())).not.toContain('Calibration');
  });

  it('reports counts as given, with plural errors', () => {
    const text = formatSummary(fixture({ summary: { pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, error: 2 }, results: [] }));
    expect(text).toContain('0 passed, 0 failed, 0 warned, 0 skipped, 0 inconclusive, 2 errors (2 checks)');
  });
});

describe('json', () => {
  it('has the documented fields in order', () => {
    const json = toJsonReport(fixture()) as unknown as Record<string, unknown>;
    expect(Object.keys(json)).toEqual([
      '$schema',
      'tool',
      'specVersion',
      'profile',
      'profiles',
      'target',
      'role',
      'negotiatedProtocolVersion',
      'serverInfo',
      'startedAt',
      'durationMs',
      'calibration',
      'notices',
      'targetExits',
      'summary',
      'verdict',
      'results',
      'coverage',
    ]);
    const results = json.results as Record<string, unknown>[];
    expect(results.map((r) => r.outcome)).toEqual(['pass', 'fail', 'warn', 'skip', 'error']);
    expect(Object.keys(results[0]!)).toEqual([
      'id',
      'profile',
      'title',
      'suite',
      'role',
      'requirements',
      'level',
      'outcome',
      'message',
      'findings',
      'info',
      'durationMs',
      'protocolVersion',
      'targetRestarts',
      'transcript',
    ]);
    expect(json.summary).toEqual({ pass: 1, fail: 1, warn: 1, skip: 1, inconclusive: 0, error: 1 });
    const coverage = json.coverage as Record<string, unknown>[];
    expect(coverage.map((c) => c.id)).toEqual(COVERAGE.map((c) => c.id));
    expect(Object.keys(coverage[0]!)).toEqual(['id', 'profile', 'keyword', 'binds', 'section', 'url', 'summary', 'checks', 'reason']);
    expect(coverage[0]!.reason).toBeNull();
    expect(coverage.at(-1)!.reason).toBe('binds the requestor');
  });

  it('writes the verdict and the calibration as the report carries them, null when absent', () => {
    expect(toJsonReport(fixture())).toMatchObject({ verdict: null, calibration: null });
    const report = fixture({ calibration: CALIBRATION });
    report.verdict = runVerdict(report, {
      baseline: {
        entries: [
          { check: 'result.exact-success', reason: 'known', link: 'https://example.org/1' },
          { check: 'cancel.terminal', reason: 'r' },
        ],
      },
    });
    const json = JSON.parse(JSON.stringify(toJsonReport(report)));
    expect(json.calibration).toEqual(CALIBRATION);
    expect(json.verdict).toEqual({
      outcome: 'fail',
      strict: false,
      failing: [{ check: 'result.timeout', outcome: 'error', message: ERROR.message }],
      baseline: {
        file: null,
        expected: [{ check: 'result.exact-success', outcome: 'fail', message: FAIL.message, reason: 'known', link: 'https://example.org/1' }],
        stale: [],
        unknown: [],
        notExercised: [{ check: 'cancel.terminal', outcome: 'skip', message: expect.stringMatching(/^cancel\.terminal was skipped/), reason: 'r' }],
      },
      unstable: null,
      problems: [`result.timeout: error — ${ERROR.message} (not listed in the baseline)`],
      summary: '1 unexpected failure (not in the baseline) — 1 expected failure listed in the baseline; 1 warning (a SHOULD not met) that does not fail the run',
      evidence: { selected: 5, judged: 3, skipped: 1, mostlySkipped: false, skipCauses: [], minJudged: null, line: '3 of 5 checks judged, 1 skipped, 1 not run' },
    });
  });

  it('round-trips through JSON, keeping every character', () => {
    const json = toJsonReport(fixture());
    const back = JSON.parse(JSON.stringify(json));
    expect(back).toEqual(json);
    expect(back.results[1].transcript[1].message.result.content[0].text).toBe(NASTY);
  });

  it('uses null for absent optional values and survives bigint and cycles from the peer', () => {
    const cyclic: Record<string, unknown> = { a: 1n };
    cyclic.self = cyclic;
    const report = fixture({
      negotiatedProtocolVersion: undefined,
      serverInfo: undefined,
      results: [{ ...PASS, protocolVersion: undefined, transcript: [{ t: 0, dir: 'in', message: cyclic }] }],
    });
    const json = JSON.parse(JSON.stringify(toJsonReport(report)));
    expect(json.negotiatedProtocolVersion).toBeNull();
    expect(json.serverInfo).toBeNull();
    expect(json.results[0].protocolVersion).toBeNull();
    expect(json.results[0].transcript[0].message).toEqual({ a: '1', self: '[Circular]' });
  });

  it('writes pretty JSON atomically, creating folders', async () => {
    const file = join(dir, 'json', 'nested', 'results.json');
    await writeJsonReport(file, fixture());
    const text = await readFile(file, 'utf8');
    expect(text).toMatch(/^\{\n {2}"\$schema": "urn:mcp-tasks-conformance:report:v4",\n {2}"tool": \{/);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(toJsonReport(fixture()))));
    await writeJsonReport(file, fixture({ durationMs: 1 }));
    expect(JSON.parse(await readFile(file, 'utf8')).durationMs).toBe(1);
    expect(await readdir(join(dir, 'json', 'nested'))).toEqual(['results.json']);
  });
});

describe('junit', () => {
  it('is well-formed XML with no characters illegal in XML 1.0', () => {
    const xml = buildJunitXml(fixture());
    assertWellFormed(xml);
    expect(xml).not.toMatch(/\u0000|\u001b|\uFFFF/);
    assertWellFormed(buildJunitXml(fixture(), { strict: true }));
  });

  it('has one testsuite per suite in first-seen order, stamped with the run start', () => {
    const suites = testSuites(buildJunitXml(fixture()));
    expect(suites.map((s) => s.attrs.name)).toEqual(['mcp-tasks-conformance 2025-11-25 · lifecycle', 'mcp-tasks-conformance 2025-11-25 · result', 'mcp-tasks-conformance 2025-11-25 · cancel']);
    for (const suite of suites) expect(suite.attrs.timestamp).toBe('2025-11-25T10:20:30Z');
    expect(suites.map((s) => s.cases.length)).toEqual([2, 2, 1]);
    expect(suites[1]!.attrs).toMatchObject({ tests: '2', failures: '1', errors: '1', skipped: '0', time: '31.235' });
  });

  it('names test cases "<id>: <title>" with the suite as classname and time in seconds', () => {
    const xml = buildJunitXml(fixture());
    const fail = findCase(xml, 'result.exact-success');
    expect(fail.attrs.name).toBe('result.exact-success: tasks/result returns what the plain call returns');
    expect(fail.attrs.classname).toBe('result');
    expect(fail.attrs.time).toBe('1.235');
    expect(findCase(xml, 'lifecycle.create').attrs.time).toBe('0.312');
    expect(findCase(xml, 'result.timeout').attrs.time).toBe('30');
    expect(findCase(xml, 'cancel.terminal').attrs.time).toBe('0');
  });

  it("leads each test case's system-out with its facts (the JUnit schema allows no properties in a testcase)", () => {
    const xml = buildJunitXml(fixture());
    expect(xml).not.toMatch(/<testcase\b[^>]*>\s*<properties>/);
    const fail = findCase(xml, 'result.exact-success');
    expect(fail.properties).toEqual({});
    expect(fail.systemOut.split('\n').slice(0, 5)).toEqual(['requirements: REQ-RESULT-1,REQ-RESULT-2', 'keyword: MUST', 'level: must', 'outcome: fail', 'protocolVersion: 2025-11-25']);
    expect(findCase(xml, 'cancel.terminal').systemOut).toContain('\nkeyword: MUST NOT\n');
    expect(findCase(xml, 'lifecycle.ttl').systemOut).toContain('\nkeyword: SHOULD\n');
    // The keyword comes from the report's coverage: without a coverage entry, there is none to name.
    expect(findCase(buildJunitXml(fixture({ coverage: [] })), 'result.exact-success').systemOut).not.toContain('keyword:');
  });

  it('keeps the run facts as properties of each testsuite', () => {
    const xml = buildJunitXml(fixture());
    const first = tagRe('testsuite', String.raw`>\s*<properties>([\s\S]*?)<\/properties>`).exec(xml);
    expect(first).not.toBeNull();
    const properties: Record<string, string> = {};
    for (const p of first![2]!.matchAll(tagRe('property', '/>', 'g'))) {
      const a = attributes(p[1]!);
      properties[a.name!] = a.value!;
    }
    expect(properties).toEqual({
      profile: 'Tasks, MCP 2025-11-25 <https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks>',
      specVersion: '2025-11-25',
      tool: 'mcp-tasks-conformance 0.1.0',
      target: 'node server.js',
      transport: 'stdio',
      role: 'server',
      negotiatedProtocolVersion: '2025-11-25',
      checksSelected: '5',
      checksJudged: '3',
      evidence: '3 of 5 checks judged, 1 skipped, 1 not run',
    });
  });

  it('maps fail to <failure> with the findings and spec links in its body', () => {
    const xml = buildJunitXml(fixture());
    const fail = findCase(xml, 'result.exact-success');
    const failure = tagRe('failure', String.raw`>([\s\S]*?)<\/failure>`).exec(fail.body);
    expect(failure).not.toBeNull();
    expect(attributes(failure![1]!)).toEqual({ message: FAIL.message, type: 'MUST' });
    const body = failure![2]!;
    expect(body).toContain('[MUST] REQ-RESULT-1: result differs from the plain call');
    expect(body).toContain('[SHOULD] REQ-RESULT-2: no related-task metadata');
    expect(body).toContain('https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-results');
    expect(xml.match(/<failure\b/g)).toHaveLength(1);
  });

  it("describes requirements from the report's coverage, and the profile's spec page for one it lacks", () => {
    const unlisted = { ...FAIL, requirements: [...FAIL.requirements, 'REQ-UNLISTED'] };
    const xml = buildJunitXml(fixture({ results: [unlisted], summary: { pass: 0, fail: 1, warn: 0, skip: 0, inconclusive: 0, error: 0 } }));
    const body = tagRe('failure', String.raw`>([\s\S]*?)<\/failure>`).exec(findCase(xml, FAIL.id).body)![2]!;
    expect(body).toContain(`REQ-RESULT-1 [MUST] Task Results: same result\n  ${TASKS}#task-results`);
    const lines = body.replace(/]]>$/, '').split('\n');
    expect(lines[lines.indexOf('REQ-UNLISTED') + 1]).toBe(`  ${TASKS}`);
    // The catalogue the CLI used to pass is accepted and changes nothing.
    const catalogue = new Map([['REQ-A', { id: 'REQ-A', keyword: 'MUST', section: 'Elsewhere', anchor: 'elsewhere', summary: 'other' }]]);
    expect(buildJunitXml(fixture(), { requirements: catalogue })).toBe(buildJunitXml(fixture()));
  });

  it('maps error to <error> and skip to <skipped message="reason">', () => {
    const xml = buildJunitXml(fixture());
    const error = findCase(xml, 'result.timeout');
    expect(attributes(tagRe('error', '>').exec(error.body)![1]!)).toMatchObject({ message: ERROR.message });
    expect(error.body).not.toContain('<failure');
    const skip = findCase(xml, 'cancel.terminal');
    expect(attributes(tagRe('skipped', '/>').exec(skip.body)![1]!)).toEqual({ message: SKIP.message });
    expect(skip.systemOut).toContain(`SKIP: ${SKIP.message}`);
    expect(xml.match(/<error\b/g)).toHaveLength(1);
    expect(xml.match(/<skipped\b/g)).toHaveLength(1);
    // The JUnit schema allows no skipped count on <testsuites>; each <testsuite> has its own.
    expect(attributes(tagRe('testsuites', '>').exec(xml)![1]!)).toEqual({
      name: 'mcp-tasks-conformance',
      tests: '5',
      failures: '1',
      errors: '1',
    });
    expect(testSuites(xml).map((suite) => suite.attrs.skipped)).toEqual(['0', '0', '1']);
  });

  it('reports a warn as passing with a WARN line, and as a failure under strict', () => {
    const lenient = findCase(buildJunitXml(fixture()), 'lifecycle.ttl');
    expect(lenient.systemOut).toContain('\noutcome: warn\n');
    expect(lenient.systemOut).toContain(`WARN: ${WARN.message}`);
    expect(lenient.body).not.toMatch(/<(failure|error|skipped)\b/);

    const strictXml = buildJunitXml(fixture(), { strict: true });
    const strict = findCase(strictXml, 'lifecycle.ttl');
    expect(strict.systemOut).toContain(`WARN: ${WARN.message}`);
    expect(attributes(tagRe('failure', '>').exec(strict.body)![1]!)).toEqual({ message: WARN.message, type: 'SHOULD' });
    expect(attributes(tagRe('testsuites', '>').exec(strictXml)![1]!).failures).toBe('2');
  });

  const BASELINE_ENTRIES = [
    { check: 'result.exact-success', reason: 'known: issue 12' },
    { check: 'result.timeout', reason: 'flaky transport' },
  ];
  const rootAttributes = (xml: string) => attributes(tagRe('testsuites', '>').exec(xml)![1]!);
  const failsConsumers = (xml: string) => /<(failure|error)\b/.test(xml);

  it('writes an expected failure of the baseline as <skipped>, so JUnit consumers pass the run as the exit status does', () => {
    const report = fixture();
    report.verdict = runVerdict(report, { baseline: { file: 'ci/expected.yml', entries: BASELINE_ENTRIES } });
    expect(report.verdict.outcome).toBe('pass');
    const xml = buildJunitXml(report);
    assertWellFormed(xml);
    expect(failsConsumers(xml)).toBe(false);
    expect(rootAttributes(xml)).toMatchObject({ tests: '5', failures: '0', errors: '0' });
    const fail = findCase(xml, 'result.exact-success');
    expect(attributes(tagRe('skipped', '/>').exec(fail.body)![1]!)).toEqual({ message: `expected failure: known: issue 12 — ${FAIL.message}` });
    expect(fail.systemOut).toContain('\noutcome: fail\n');
    expect(fail.systemOut).toContain('EXPECTED FAILURE: known: issue 12');
    const error = findCase(xml, 'result.timeout');
    expect(attributes(tagRe('skipped', '/>').exec(error.body)![1]!)).toEqual({ message: `expected failure: flaky transport — ${ERROR.message}` });
    expect(testSuites(xml).map((suite) => suite.attrs.skipped)).toEqual(['0', '2', '1']);
  });

  it('fails JUnit consumers on a stale entry, on its check', () => {
    const report = fixture();
    report.verdict = runVerdict(report, { baseline: { file: 'ci/expected.yml', entries: [...BASELINE_ENTRIES, { check: 'lifecycle.create', reason: 'was broken' }] } });
    const xml = buildJunitXml(report);
    assertWellFormed(xml);
    const stale = findCase(xml, 'lifecycle.create');
    const failure = tagRe('failure', String.raw`>([\s\S]*?)<\/failure>`).exec(stale.body)!;
    expect(attributes(failure[1]!)).toEqual({ message: 'stale baseline entry: lifecycle.create passes now: remove its entry from ci/expected.yml', type: 'stale-baseline-entry' });
    expect(failure[2]).toContain("The entry's reason: was broken");
    expect(stale.systemOut).toContain('STALE BASELINE ENTRY: lifecycle.create passes now');
    expect(rootAttributes(xml)).toMatchObject({ failures: '1', errors: '0' });
    expect(xml).not.toContain(RUN_VERDICT_CASE);
  });

  it('fails JUnit consumers with a run-verdict test case for what no check shows: an unknown entry', () => {
    const report = fixture();
    report.verdict = runVerdict(report, { baseline: { entries: [...BASELINE_ENTRIES, { check: 'result.exakt-success', reason: 'typo' }] } });
    const xml = buildJunitXml(report);
    assertWellFormed(xml);
    const suite = testSuites(xml).at(-1)!;
    expect(suite.attrs).toMatchObject({ name: `mcp-tasks-conformance 2025-11-25 · ${RUN_VERDICT_CASE}`, tests: '1', failures: '1' });
    const failure = tagRe('failure', String.raw`>([\s\S]*?)<\/failure>`).exec(suite.cases[0]!.body)!;
    expect(attributes(failure[1]!)).toEqual({ message: report.verdict.summary, type: RUN_VERDICT_CASE });
    expect(failure[2]).toContain('- the baseline lists "result.exakt-success", which is no check of this suite; did you mean "result.exact-success"?');
  });

  it('fails JUnit consumers exactly when the verdict fails', () => {
    const base = fixture();
    const cases: [string, RunReport][] = [
      ['no baseline', base],
      ['all expected', { ...base, verdict: runVerdict(base, { baseline: { entries: BASELINE_ENTRIES } }) }],
      ['strict, warn not listed', { ...base, verdict: runVerdict(base, { strict: true, baseline: { entries: BASELINE_ENTRIES } }) }],
      ['strict, warn listed', { ...base, verdict: runVerdict(base, { strict: true, baseline: { entries: [...BASELINE_ENTRIES, { check: 'lifecycle.ttl', reason: 'r' }] } }) }],
      ['warn listed without strict (stale)', { ...base, verdict: runVerdict(base, { baseline: { entries: [...BASELINE_ENTRIES, { check: 'lifecycle.ttl', reason: 'r' }] } }) }],
      ['changed between runs', { ...base, verdict: runVerdict(base, { baseline: { entries: BASELINE_ENTRIES }, unstable: [{ id: 'lifecycle.create', outcomes: ['fail', 'pass'] }] }) }],
      ['clean', runReport([PASS, WARN, SKIP])],
      ['strict clean', { ...runReport([PASS, WARN]), verdict: runVerdict(runReport([PASS, WARN]), { strict: true }) }],
    ];
    for (const [name, report] of cases) {
      const verdict = report.verdict ?? runVerdict(report);
      const xml = buildJunitXml(report);
      assertWellFormed(xml);
      expect(failsConsumers(xml), name).toBe(verdict.outcome === 'fail');
    }
    const changed = buildJunitXml(cases[5]![1]);
    expect(attributes(tagRe('failure', '>').exec(findCase(changed, 'lifecycle.create').body)![1]!)).toEqual({
      message: 'the verdict changed between runs: fail → pass',
      type: 'unstable-verdict',
    });
  });

  it('takes strict from the verdict, and shows the calibration as a property of each testsuite', () => {
    const report = fixture({ calibration: CALIBRATION });
    report.verdict = runVerdict(report, { strict: true });
    const xml = buildJunitXml(report);
    expect(attributes(tagRe('failure', '>').exec(findCase(xml, 'lifecycle.ttl').body)![1]!)).toEqual({ message: WARN.message, type: 'SHOULD' });
    expect(xml).toContain(
      '<property name="calibration" value="round trip 12 ms (median of 5 ping requests on the discovery connection), connect 140 ms, allowance 250 ms per round trip, multiplier 1"/>',
    );
  });

  it('puts the transcript in system-out, one line per entry, cleaned for XML', () => {
    const xml = buildJunitXml(fixture());
    const pass = findCase(xml, 'lifecycle.create');
    expect(pass.systemOut.split('\n')).toEqual([
      'requirements: REQ-A',
      'keyword: MAY',
      'level: must',
      'outcome: pass',
      'protocolVersion: 2025-11-25',
      'INFO: the receiver sends status notifications',
      '+0ms [A] → {"jsonrpc":"2.0","id":1,"method":"tools/call"}',
      '+12ms [A] ← {"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t1"}}}',
      '',
    ]);
    const out = findCase(xml, 'result.exact-success').systemOut.split('\n').slice(5);
    // In JSON lines, illegal characters and ">" of "]]>" are \u escapes: legal XML, and the JSON parses back exactly.
    expect(out[0]).toBe('+1ms → {"method":"tasks/result","params":{"taskId":"bad\\u0000chars\\u001b[31mred\\uffff end ]]\\u003e and again ]]\\u003e done"}}');
    expect(JSON.parse(out[0]!.slice('+1ms → '.length)).params.taskId).toBe(NASTY);
    expect(out[1]).toMatch(/^\+2ms ← \{"result"/);
    expect(out[2]).toBe('+3ms stderr: stderr line with badchars[31mred end ]]&gt; and again ]]&gt; done');
    expect(out[3]).toBe('+4ms note: two\\nlines');
  });

  it('caps system-out at about 200 KB and says so', () => {
    const big = 'y'.repeat(10_000);
    const transcript = Array.from({ length: 100 }, (_, i) => ({ t: i, dir: 'note' as const, text: big }));
    const xml = buildJunitXml(fixture({ results: [{ ...PASS, info: [], transcript }] }));
    assertWellFormed(xml);
    const out = findCase(xml, 'lifecycle.create').systemOut;
    expect(Buffer.byteLength(out, 'utf8')).toBeLessThanOrEqual(SYSTEM_OUT_MAX_BYTES);
    expect(Buffer.byteLength(out, 'utf8')).toBeGreaterThan(SYSTEM_OUT_MAX_BYTES - 20_000);
    expect(out).toMatch(/note: system-out truncated at 200 KB: the last \d+ of 105 lines/);
  });

  it('starts from a fresh builder on every call', () => {
    const first = buildJunitXml(fixture());
    expect(buildJunitXml(fixture())).toBe(first);
    // No check ran: no check's suite, only the run-verdict test case saying that an empty run never passes.
    const empty = testSuites(buildJunitXml(fixture({ results: [] })));
    expect(empty.map((suite) => suite.attrs.name)).toEqual([`mcp-tasks-conformance 2025-11-25 · ${RUN_VERDICT_CASE}`]);
    expect(empty[0]!.cases[0]!.body).toContain('no check ran: an empty run never passes');
  });

  it('writes atomically, creating folders and replacing an existing file', async () => {
    const folder = join(dir, 'junit', 'deep');
    const file = join(folder, 'junit.xml');
    await writeJunitReport(file, fixture());
    await writeFile(join(dir, 'junit', 'marker'), '');
    await writeJunitReport(file, fixture(), { strict: true });
    const text = await readFile(file, 'utf8');
    expect(text).toBe(`${buildJunitXml(fixture(), { strict: true })}\n`);
    expect(await readdir(folder)).toEqual(['junit.xml']);
    await Promise.all([writeJunitReport(file, fixture()), writeJunitReport(file, fixture())]);
    assertWellFormed((await readFile(file, 'utf8')).trimEnd());
    expect(await readdir(folder)).toEqual(['junit.xml']);
  });
});
