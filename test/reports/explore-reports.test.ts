// The report writers of an exploration (reports/explore-*.ts) on hand-made ExploreReports: a pass, a fail with a
// counterexample, a warn, a skip, hostile text from the receiver everywhere. JSON is the report after its $schema;
// JUnit has one test case per property and validates against Jenkins' junit-10.xsd (xmllint, as
// test/full/junit-xsd.test.ts does, skipped when ../shared is absent); Markdown and HTML show the verdict, the properties
// and each counterexample, escaping everything the receiver sent.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';

import type { Counterexample, ExploreReport, PropertyResult } from '../../harness/explore/report.js';
import { buildExploreHtml, writeExploreHtml } from '../../reports/explore-html.js';
import { buildExploreJson, EXPLORE_REPORT_SCHEMA_ID, renderExploreJson, writeExploreJson } from '../../reports/explore-json.js';
import { buildExploreJunit, writeExploreJunit } from '../../reports/explore-junit.js';
import { buildExploreMarkdown, writeExploreMarkdown } from '../../reports/explore-markdown.js';

const XSD_PATH = fileURLToPath(new URL('../../../shared/reference/junit-10.xsd', import.meta.url));
const XSD = existsSync(XSD_PATH) ? readFileSync(XSD_PATH, 'utf8') : undefined;
const SKIP_REASON = `${XSD_PATH} is absent (../shared is not beside the project), so the JUnit XML cannot be checked against the schema`;

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [XSD!] });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

const SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks';
/** What a hostile receiver could put in a status, a message or a transcript. */
const HOSTILE = 'bad\u0000chars\u001b[31mred\uFFFF\uD800 end ]]> and <script>alert(1)</script> & \'quote\' "dq" | pipe `tick` ]]> done\r\n# line two';

const PROPERTIES: { id: string; title: string; requirements: string[] }[] = [
  { id: 'explore.status-graph', title: "A task's statuses follow the lifecycle graph", requirements: ['TASKS-LIFECYCLE-VALID-TRANSITIONS'] },
  { id: 'explore.terminal-final', title: 'Once terminal, a task keeps that status', requirements: ['TASKS-LIFECYCLE-TERMINAL-FINAL', 'TASKS-CANCEL-STAYS-CANCELLED'] },
  { id: 'explore.listing', title: 'A tasks/list walk shows every live task once', requirements: ['TASKS-LIST-GET-IMPLIES-LIST', 'TASKS-LIST-NO-DUPLICATES'] },
  { id: 'explore.isolation', title: "Another requestor neither reaches nor lists the requestor's tasks", requirements: ['TASKS-SEC-REJECT-FOREIGN', 'TASKS-SEC-LIST-OWN-ONLY'] },
];

function counterexample(overrides: Partial<Counterexample> = {}): Counterexample {
  return {
    requirement: 'TASKS-CANCEL-STAYS-CANCELLED',
    keyword: 'MUST',
    severity: 'fail',
    message: 'task #0: the tasks/cancel answer at +2 ms showed "cancelled"; tasks/get at +160 ms showed "completed"',
    operations: [
      { step: 0, kind: 'create', args: { role: 'echo', delayMs: 150, ttl: null }, summary: 'create(echo, 150 ms) → working' },
      { step: 1, kind: 'cancel', args: { task: 0 }, summary: 'cancel(task #0) → cancelled' },
      { step: 1, kind: 'get', args: { task: 0 }, summary: 'get(task #0) → working' },
      { step: 2, kind: 'wait', args: { ms: 150 }, summary: 'wait(150 ms) → done' },
      { step: 3, kind: 'get', args: { task: 0 }, summary: 'get(task #0) → completed' },
    ],
    originalLength: 9,
    shrinkSteps: 7,
    transcript: [
      { t: 0, dir: 'out', conn: 'A', message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'conformance_echo', task: {}, big: 10n } } },
      { t: 1.5, dir: 'in', conn: 'A', message: { jsonrpc: '2.0', id: 1, result: { task: { taskId: 'abc', status: 'working' } } } },
      { t: 2, dir: 'stderr', text: 'stderr line' },
      { t: 3, dir: 'note', text: 'a note' },
    ],
    file: 'out/explore/counterexample-42.json',
    replayCommand: 'mcp-tasks-conformance explore --reference http --replay out/explore/counterexample-42.json',
    seed: 42,
    path: '3:1:0',
    ...overrides,
  };
}

function property(index: number, overrides: Partial<PropertyResult> = {}): PropertyResult {
  const { id, title, requirements } = PROPERTIES[index]!;
  return { id, title, requirements, outcome: 'pass', observations: 10 + index, message: 'no violation in 40 runs (12 observations)', ...overrides };
}

function report(overrides: Partial<ExploreReport> = {}): ExploreReport {
  return {
    tool: { name: 'mcp-tasks-conformance', version: '0.1.0' },
    profile: { id: '2025-11-25', title: 'Tasks, MCP 2025-11-25', specUrl: SPEC },
    target: { transport: 'http', description: 'http://127.0.0.1:3000/mcp', bundledReference: true },
    role: 'server',
    seed: 42,
    runsRequested: 100,
    runsDone: 40,
    operations: 230,
    budgetMs: 60_000,
    startedAt: '2025-11-25T10:20:30.456Z',
    durationMs: 12_345,
    endedBecause: 'all 100 runs done',
    properties: PROPERTIES.map((_, index) => property(index)),
    outcome: 'pass',
    notices: [],
    ...overrides,
  };
}

const PASSING = report();
const FAILING = report({
  runsDone: 17,
  endedBecause: 'a violation showed in run 17 and was shrunk from 9 to 5 operations',
  outcome: 'fail',
  properties: [
    property(0),
    property(1, { outcome: 'fail', message: 'TASKS-CANCEL-STAYS-CANCELLED: task #0 went from cancelled to completed', counterexample: counterexample() }),
    property(2),
    property(3, { outcome: 'skip', observations: 0, message: 'needs a second identity over HTTP (--peer-header)' }),
  ],
});
const WARNING = report({
  properties: [
    property(0),
    property(1),
    property(2, {
      outcome: 'warn',
      message: 'TASKS-LIST-NO-DUPLICATES: the walk showed task #1 twice',
      counterexample: counterexample({
        requirement: 'TASKS-LIST-NO-DUPLICATES',
        keyword: 'SHOULD',
        severity: 'warn',
        message: 'the tasks/list walk at +6 ms showed task #1 more than once',
        operations: [{ step: 0, kind: 'list', args: {}, summary: 'list() → 4 tasks in 2 pages' }],
        originalLength: 1,
        shrinkSteps: 0,
        file: undefined,
      }),
    }),
    property(3, { outcome: 'skip', observations: 0, message: 'needs a second identity over HTTP (--peer-header)' }),
  ],
  endedBecause: 'a violation showed in run 40 and was shrunk from 1 to 1 operation',
});
/** --strict: the CLI has set the verdict to fail on the warn. */
const WARNING_STRICT = { ...WARNING, outcome: 'fail' as const };
const HOSTILE_REPORT = report({
  target: { transport: 'stdio', description: `node server.js ${HOSTILE}`, bundledReference: false },
  endedBecause: `a violation ${HOSTILE}`,
  notices: [HOSTILE],
  outcome: 'fail',
  properties: [
    property(0, { title: `title ${HOSTILE}`, message: HOSTILE }),
    property(1, {
      outcome: 'fail',
      message: `TASKS-CANCEL-STAYS-CANCELLED: ${HOSTILE}`,
      counterexample: counterexample({
        message: HOSTILE,
        operations: [
          { step: 0, kind: 'create', args: { role: 'echo', delayMs: 0, ttl: null }, summary: `create(echo, 0 ms) → ${HOSTILE}` },
          { step: 1, kind: 'get', args: { task: 0 }, summary: `# get(task #0) → ${HOSTILE}` },
        ],
        transcript: [
          { t: 0, dir: 'in', conn: 'A', message: { jsonrpc: '2.0', id: 1, result: { text: HOSTILE } } },
          { t: 1, dir: 'stderr', text: HOSTILE },
        ],
        file: `out/${HOSTILE}.json`,
        replayCommand: `mcp-tasks-conformance explore --command 'node ${HOSTILE}' --replay x.json`,
      }),
    }),
    property(2, { outcome: 'error', message: `no verdict: ${HOSTILE}` }),
    property(3, { outcome: 'skip', observations: 0, message: `skipped ${HOSTILE}` }),
  ],
});

describe('the JSON report of an exploration', () => {
  it('is the report as it is, after its $schema', () => {
    const json = buildExploreJson(FAILING);
    expect(Object.keys(json)[0]).toBe('$schema');
    expect(json.$schema).toBe(EXPLORE_REPORT_SCHEMA_ID);
    expect(EXPLORE_REPORT_SCHEMA_ID).toBe('urn:mcp-tasks-conformance:explore:v1');
    const { $schema: _schema, ...rest } = JSON.parse(renderExploreJson(FAILING)) as Record<string, unknown>;
    // Only what JSON cannot carry changes: the bigint in the transcript becomes its decimal string.
    const expected = structuredClone(FAILING) as unknown as { properties: { counterexample?: { transcript: { message?: { params?: { big?: unknown } } }[] } }[] };
    expected.properties[1]!.counterexample!.transcript[0]!.message!.params!.big = '10';
    expect(rest).toEqual(expected);
    expect(Object.keys(rest)).toEqual(Object.keys(FAILING));
  });

  it('keeps hostile text intact (JSON escapes it), and ends with a newline', () => {
    const text = renderExploreJson(HOSTILE_REPORT);
    expect(text.endsWith('}\n')).toBe(true);
    const parsed = JSON.parse(text) as ExploreReport;
    expect(parsed.notices[0]).toBe(HOSTILE);
    expect(parsed.properties[1]!.counterexample!.message).toBe(HOSTILE);
  });
});

describe('the JUnit XML of an exploration', () => {
  it('is one suite named after the profile, with what ran as its properties, and one test case per property', () => {
    const xml = buildExploreJunit(FAILING);
    expect(xml.match(/<testsuite\b/g)).toHaveLength(1);
    expect(xml).toMatch(/<testsuite name="mcp-tasks-conformance 2025-11-25 · explore" [^>]*tests="4" failures="1" errors="0" skipped="1"/);
    for (const [name, value] of [
      ['seed', '42'],
      ['runs', '17 of 100'],
      ['operations', '230'],
      ['budget', '60 s'],
      ['target', 'http://127.0.0.1:3000/mcp'],
    ]) {
      expect(xml).toContain(`<property name="${name}" value="${value}"/>`);
    }
    for (const { id, title } of PROPERTIES) expect(xml).toContain(`<testcase classname="explore" name="${id}: ${title}">`);
  });

  it('makes a violation a <failure> with the shrunk operations, the message, the requirement and the replay command', () => {
    const xml = buildExploreJunit(FAILING);
    const failure = xml.match(/<failure message="([^"]*)" type="MUST">\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*<\/failure>/);
    expect(failure).not.toBeNull();
    expect(failure![1]).toBe('TASKS-CANCEL-STAYS-CANCELLED: task #0 went from cancelled to completed');
    const body = failure![2]!;
    expect(body).toContain('task #0: the tasks/cancel answer at +2 ms showed "cancelled"');
    expect(body).toContain(`Requirement: TASKS-CANCEL-STAYS-CANCELLED [MUST] ${SPEC}`);
    expect(body).toContain('Operations (shrunk from 9 to 5 operations in 7 steps; operations with the same number were sent together):');
    expect(body).toContain(' 1. create(echo, 150 ms) → working\n 2. cancel(task #0) → cancelled ‖ get(task #0) → working\n 3. wait(150 ms) → done\n 4. get(task #0) → completed');
    expect(body).toContain('Replay: mcp-tasks-conformance explore --reference http --replay out/explore/counterexample-42.json');
    expect(xml).toContain('<skipped message="needs a second identity over HTTP (--peer-header)"/>');
    // The transcript of the shrunk run, bigint and all, in the failing case's system-out.
    expect(xml).toContain('+0ms [A] → {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"conformance_echo","task":{},"big":"10"}}');
  });

  it('passes a warn with the warning in system-out, and fails it when the verdict does (strict)', () => {
    const lenient = buildExploreJunit(WARNING);
    expect(lenient).not.toMatch(/<(failure|error)\b/);
    expect(lenient).toContain('WARN: TASKS-LIST-NO-DUPLICATES: the walk showed task #1 twice');
    expect(lenient).toContain('Requirement: TASKS-LIST-NO-DUPLICATES [SHOULD]');
    for (const strict of [buildExploreJunit(WARNING_STRICT), buildExploreJunit(WARNING, { strict: true })]) {
      expect(strict.match(/<failure\b/g)).toHaveLength(1);
      expect(strict).toContain('<failure message="TASKS-LIST-NO-DUPLICATES: the walk showed task #1 twice" type="SHOULD">');
    }
  });

  it('has no failure for a passing exploration, and a run-verdict failure when the verdict fails without one', () => {
    expect(buildExploreJunit(PASSING)).not.toMatch(/<(failure|error|skipped)\b/);
    const verdictOnly = buildExploreJunit({ ...PASSING, outcome: 'fail', endedBecause: 'the receiver could not be reached' });
    expect(verdictOnly).toContain('<testcase classname="run-verdict" name="run-verdict: the exploration passes"');
    expect(verdictOnly.match(/<failure\b/g)).toHaveLength(1);
  });

  it('cleans hostile text: no illegal characters, CDATA never ended early, an error for a property without a verdict', () => {
    const xml = buildExploreJunit(HOSTILE_REPORT);
    expect(xml).not.toMatch(/[\u0000\u001b\uFFFF]/);
    expect(xml).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    for (const cdata of xml.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)) expect(cdata[1]).not.toContain('<script>alert(1)</script>]]');
    expect(xml).toContain('type="harness-error"');
    // Outside CDATA sections, the receiver's markup is escaped.
    expect(xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')).not.toMatch(/<script>/);
  });

  describe.skipIf(XSD === undefined)('against junit-10.xsd', () => {
    it('validates for a pass, a fail, a warn (lenient and strict), a verdict-only failure and hostile text', async () => {
      for (const subject of [PASSING, FAILING, WARNING, WARNING_STRICT, HOSTILE_REPORT, { ...PASSING, outcome: 'fail' as const }, { ...PASSING, startedAt: 'not a date' }]) {
        expect(await schemaErrors(buildExploreJunit(subject))).toEqual([]);
      }
    });
  });

  describe.skipIf(XSD !== undefined)('against junit-10.xsd (schema absent)', () => {
    it.skip(SKIP_REASON, () => undefined);
  });
});

describe('the Markdown summary of an exploration', () => {
  it('leads with the verdict and what ran', () => {
    const passing = buildExploreMarkdown(PASSING);
    expect(passing).toMatch(/^## ✅ MCP Tasks explore: passed\n\n\*\*Passed\*\*: no violation in 40 runs of 100 \(230 operations\)\./);
    expect(passing).toContain('**Seed:** 42 · **Runs:** 40 of 100 · **Operations:** 230 · **Budget:** 60 s · **Duration:** 12 s');
    expect(passing).toContain(`**Profile:** [Tasks, MCP 2025-11-25](${SPEC})`);
    expect(passing).not.toContain('### Counterexample');
    const failing = buildExploreMarkdown(FAILING);
    expect(failing).toMatch(/^## ❌ MCP Tasks explore: failed\n\n\*\*Failed\*\*: explore\.terminal-final broken \(TASKS-CANCEL-STAYS-CANCELLED\) in 17 runs of 100/);
  });

  it('has a table of the properties with their outcomes', () => {
    const text = buildExploreMarkdown(FAILING);
    expect(text).toContain('| property | outcome | observations | requirements | message |\n| --- | --- | ---: | --- | --- |');
    expect(text).toContain("| explore.status-graph: A task's statuses follow the lifecycle graph | ✅ pass | 10 | TASKS-LIFECYCLE-VALID-TRANSITIONS |");
    expect(text).toContain('| explore.terminal-final: Once terminal, a task keeps that status | ❌ fail | 11 | TASKS-LIFECYCLE-TERMINAL-FINAL, TASKS-CANCEL-STAYS-CANCELLED |');
    expect(text).toContain('| ⏭️ skip | 0 |');
  });

  it('lists the counterexample step by step, with the requirement linked and the replay command in a code block', () => {
    const text = buildExploreMarkdown(FAILING);
    expect(text).toContain('### Counterexample: explore.terminal-final (❌ fail)');
    expect(text).toContain(`**Requirement:** [TASKS-CANCEL-STAYS-CANCELLED](${SPEC}) (MUST)`);
    expect(text).toContain(['1. create(echo, 150 ms) → working', '2. cancel(task #0) → cancelled ‖ get(task #0) → working', '3. wait(150 ms) → done', '4. get(task #0) → completed'].join('\n'));
    expect(text).toContain('shrunk from 9 to 5 operations in 7 steps');
    expect(text).toContain('```sh\nmcp-tasks-conformance explore --reference http --replay out/explore/counterexample-42.json\n```');
  });

  it('shows a warn with its counterexample, under the passing verdict it leaves', () => {
    const text = buildExploreMarkdown(WARNING);
    expect(text).toMatch(/^## ✅ MCP Tasks explore: passed\n\n\*\*Passed\*\*: explore\.listing warned \(TASKS-LIST-NO-DUPLICATES\)/);
    expect(text).toContain('### Counterexample: explore.listing (⚠️ warn)');
    expect(text).toContain('| ⚠️ warn |');
  });

  it('escapes hostile text: no HTML, no table columns, no heading, no way out of the code block', () => {
    const text = buildExploreMarkdown(HOSTILE_REPORT);
    // Outside the code block of the replay command (where it is code, shown as written), no markup is live.
    expect(text.replace(/^(`{3,})sh\n[\s\S]*?\n\1$/m, '')).not.toContain('<script>');
    expect(text).toContain('\\<script\\>');
    expect(text).not.toMatch(/[\u0000\u001b]/);
    expect(text).not.toMatch(/^#+ (line two|get)/m);
    expect(text).toContain('2. \\# get(task #0)');
    // Every table row keeps its five columns.
    for (const line of text.split('\n').filter((l) => l.startsWith('| explore.'))) expect(line.split(/(?<!\\)\|/).length - 2).toBe(5);
    // The fence is longer than any backtick run inside it, and the command stays on one line.
    const fence = text.match(/^(`{3,})sh$/m)![1]!;
    const block = text.slice(text.indexOf(`${fence}sh\n`) + fence.length + 3);
    expect(block.split('\n')[1]).toBe(fence);
  });
});

describe('the HTML card of an exploration', () => {
  it('shows the verdict, the facts, the properties and the counterexample', () => {
    const html = buildExploreHtml(FAILING);
    expect(html).toMatch(/<div class="verdict v-fail" id="verdict" data-verdict="fail">\s*<span class="verdict-word">FAIL<\/span>/);
    expect(html).toContain('<span class="verdict-line">explore.terminal-final broken (TASKS-CANCEL-STAYS-CANCELLED) in 17 runs of 100 (230 operations)</span>');
    for (const term of ['Seed', 'Runs', 'Operations', 'Budget', 'Duration']) expect(html).toContain(`<dt>${term}</dt>`);
    expect(html).toContain('<tr id="property-explore.terminal-final"><td><code>explore.terminal-final</code>');
    expect(html).toContain('<section class="counterexample s-fail" id="counterexample-explore.terminal-final"');
    expect(html).toContain(`<a href="${SPEC}" rel="noopener noreferrer">TASKS-CANCEL-STAYS-CANCELLED</a>`);
    expect(html).toContain('<li><span class="op">cancel(task #0) → cancelled</span><span class="together" title="sent together">‖</span><span class="op">get(task #0) → working</span></li>');
    expect(html).toContain('<pre><code>mcp-tasks-conformance explore --reference http --replay out/explore/counterexample-42.json</code></pre>');
    expect(html).toContain('Transcript of the shrunk run (4 entries)');
    const passing = buildExploreHtml(PASSING);
    expect(passing).toMatch(/<div class="verdict v-pass" id="verdict" data-verdict="pass">\s*<span class="verdict-word">PASS<\/span>/);
    expect(passing).not.toContain('class="counterexample');
  });

  it('is self-contained: no script, nothing from the network, a CSP that allows only its own style', () => {
    const html = buildExploreHtml(FAILING);
    expect(html).not.toMatch(/<script\b/i);
    const attributes = [...html.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((m) => [...m[0].matchAll(/\s(src|href|action|srcset|poster|data)\s*=\s*"([^"]*)"/gi)]);
    expect(attributes.filter((a) => a[1]!.toLowerCase() !== 'href')).toEqual([]);
    expect(attributes.map((a) => a[2]).filter((href) => !href!.startsWith('#') && !href!.startsWith(SPEC))).toEqual([]);
    const style = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    expect(style).not.toMatch(/url\(|@import|https?:/i);
    const csp = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)![1]!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`);
  });

  it('shows hostile text as text only', () => {
    const html = buildExploreHtml(HOSTILE_REPORT);
    expect(html).not.toMatch(/<script\b/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/[\u0000\u001b]/);
    expect(html).toContain('<span class="badge o-error">ERROR</span>');
  });
});

describe('the writers', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'explore-reports-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('write what the builders build, creating folders as needed', async () => {
    const files = { json: join(folder, 'a', 'explore.json'), junit: join(folder, 'b', 'junit.xml'), markdown: join(folder, 'c', 'explore.md'), html: join(folder, 'd', 'explore.html') };
    await writeExploreJson(files.json, FAILING);
    await writeExploreJunit(files.junit, FAILING);
    await writeExploreMarkdown(files.markdown, FAILING);
    await writeExploreHtml(files.html, FAILING);
    expect(await readFile(files.json, 'utf8')).toBe(renderExploreJson(FAILING));
    expect(await readFile(files.junit, 'utf8')).toBe(`${buildExploreJunit(FAILING)}\n`);
    expect(await readFile(files.markdown, 'utf8')).toBe(buildExploreMarkdown(FAILING));
    expect(await readFile(files.html, 'utf8')).toBe(buildExploreHtml(FAILING));
  });
});

describe('the coverage of an exploration, in every writer', () => {
  const COVERED = report({
    coverage: [
      { state: 'working', operations: { get: 7, cancel: 2 } },
      { state: 'completed, 1 s on', operations: { get: 3, result: 1 } },
    ],
  });

  it('JSON carries it as the engine wrote it', () => {
    expect(buildExploreJson(COVERED).coverage).toEqual(COVERED.coverage);
  });

  it('JUnit has a suite property per task state, its operations tried', () => {
    const xml = buildExploreJunit(COVERED);
    expect(xml).toContain('<property name="coverage.working" value="get 7, cancel 2"/>');
    expect(xml).toContain('<property name="coverage.completed, 1 s on" value="get 3, result 1"/>');
  });

  it('Markdown and HTML have a table: a row per state, a column per operation kind, 0 where none was tried', () => {
    const markdown = buildExploreMarkdown(COVERED);
    expect(markdown).toContain('| state | get | result | cancel |');
    expect(markdown).toContain('| working | 7 | 0 | 2 |');
    expect(markdown).toContain('| completed, 1 s on | 3 | 1 | 0 |');
    const html = buildExploreHtml(COVERED);
    expect(html).toContain('<h2 id="coverage-h">Coverage</h2>');
    expect(html).toContain('<tr><td>completed, 1 s on</td><td class="n">3</td><td class="n">1</td><td class="n">0</td></tr>');
  });

  it('none of them shows a coverage table for a report without one', () => {
    expect(buildExploreMarkdown(PASSING)).not.toContain('Operations tried per task state');
    expect(buildExploreHtml(PASSING)).not.toContain('coverage-h');
  });
});
