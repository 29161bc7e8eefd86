// The HTML report card: built from a hand-made report (escaping, no network references, embedded JSON), then
// opened in a real browser (Debian's chromium driven by playwright-core) from a real run with failures.

import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { toPlain, type RunReport, type TranscriptEntry } from '../../harness/model/model.js';
import { runVerdict } from '../../harness/engine/run-policy.js';
import { buildHtmlReport, TRANSCRIPT_CHUNK, writeHtmlReport, type HtmlOptions } from '../../reports/html.js';
import { fromJsonReport } from '../../reports/json.js';
import { CHECK_EXPLANATIONS } from '../../suites/2025-11-25/explanations.js';
import { EXT_CHECK_EXPLANATIONS } from '../../suites/2026-07-28/explanations.js';
import { markup, rawHtml } from '../../reports/html-template.js';
import { REFERENCE_BUILT, REFERENCE_MAIN, runAgainstReferenceHttp } from '../support/reference-runs.js';
import { CALIBRATION, result } from '../support/results.js';

// ---------------------------------------------------------------------------------------------- fixture

const XSS = '<script>alert(1)</script>';
/** Strings an implementation under test could send to break out of the page. */
const HOSTILE = [
  XSS,
  '</script><script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 2">',
  '<!-- <script>window.__pwned = 3</script> -->',
  '"\'><svg onload=alert(4)>',
  '&amp; &lt;not an entity&gt;',
  'ctrl\u0000\u001b[31mred\u007f line\u2028sep\u2029para',
  'lone \ud800 surrogate',
  'https://evil.example/x.js',
].join(' | ');

const HOSTILE_TRANSCRIPT: TranscriptEntry[] = [
  { t: 0.4, dir: 'out', conn: 'A', message: { jsonrpc: '2.0', id: 1, method: 'tasks/result', params: { taskId: 't-1' } } },
  { t: 12.6, dir: 'in', conn: 'A', message: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: HOSTILE }], big: 10n } } },
  { t: 13, dir: 'in', conn: `B${XSS}`, message: { jsonrpc: '2.0', id: XSS, error: { code: -32602, message: XSS } } },
  { t: 14, dir: 'stderr', text: `stderr: ${HOSTILE}` },
  { t: 20, dir: 'note', text: `waiting for status "completed" ${XSS}` },
];

const BIG_TRANSCRIPT: TranscriptEntry[] = Array.from({ length: 2000 }, (_, i) => ({
  t: i * 3,
  dir: i % 2 === 0 ? ('out' as const) : ('in' as const),
  conn: 'A',
  message: i % 2 === 0 ? { jsonrpc: '2.0', id: i, method: 'tasks/get', params: { taskId: `task-${i}` } } : { jsonrpc: '2.0', id: i - 1, result: { taskId: `task-${i}`, status: 'working' } },
}));

const PASS = result({ id: 'lifecycle.create', outcome: 'pass', message: 'all expectations met', info: ['the receiver sends status notifications'], transcript: BIG_TRANSCRIPT });
const FAIL = result({
  id: 'result.exact-success',
  outcome: 'fail',
  suite: 'result',
  title: `tasks/result returns what the plain call returns ${XSS}`,
  requirements: ['REQ-RESULT-1', 'REQ-RESULT-2'],
  durationMs: 1234.5678,
  message: `expected "hi", got ${HOSTILE}`,
  findings: [
    { requirement: 'REQ-RESULT-1', keyword: 'MUST', severity: 'fail', message: `result differs: ${XSS}` },
    { requirement: 'REQ-RESULT-2', keyword: 'SHOULD', severity: 'warn', message: 'no related-task metadata' },
  ],
  info: [`server said ${XSS}`],
  transcript: HOSTILE_TRANSCRIPT,
});
const WARN = result({
  id: 'ttl.keeps',
  outcome: 'warn',
  suite: 'ttl',
  requirements: ['REQ-TTL'],
  level: 'should',
  message: 'ttl 0 was kept',
  findings: [{ requirement: 'REQ-TTL', keyword: 'SHOULD', severity: 'warn', message: 'ttl 0 was kept' }],
});
const SKIP = result({ id: 'cancel.terminal', outcome: 'skip', suite: 'cancel', requirements: ['REQ-CANCEL'], message: 'the receiver does not declare tasks.cancel', durationMs: 0 });
const ERROR = result({ id: 'result.timeout', outcome: 'error', suite: 'result', requirements: ['REQ-RESULT-1'], message: 'harness: connection closed before initialize', durationMs: 30000 });
/** Its requirement is not in the coverage: it goes under its suite. */
const ORPHAN = result({ id: 'extra.orphan', outcome: 'pass', suite: 'extra-suite', requirements: ['REQ-NOT-IN-COVERAGE'] });

const TASKS = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks';
const COVERAGE: RunReport['coverage'] = [
  { id: 'REQ-A', keyword: 'MAY', binds: 'receiver', section: 'Creating Tasks', url: `${TASKS}#creating-tasks`, summary: 'a', checks: ['lifecycle.create'] },
  { id: 'REQ-RESULT-1', keyword: 'MUST', binds: 'receiver', section: 'Result Retrieval', url: `${TASKS}#result-retrieval`, summary: 'same result', checks: ['result.exact-success', 'result.timeout'] },
  { id: 'REQ-RESULT-2', keyword: 'SHOULD', binds: 'receiver', section: 'Result Retrieval', url: `${TASKS}#result-retrieval`, summary: 'metadata', checks: ['result.exact-success'] },
  { id: 'REQ-TTL', keyword: 'SHOULD', binds: 'receiver', section: 'TTL and Resource Management', url: `${TASKS}#ttl-and-resource-management`, summary: 'ttl', checks: ['ttl.keeps'] },
  { id: 'REQ-CANCEL', keyword: 'MUST NOT', binds: 'receiver', section: 'Task Cancellation', url: `${TASKS}#task-cancellation`, summary: 'c', checks: ['cancel.terminal'] },
  {
    id: 'REQ-JSONRPC',
    keyword: 'MUST',
    binds: 'receiver',
    section: 'JSON-RPC 2.0: Response object',
    url: 'https://www.jsonrpc.org/specification#response_object',
    summary: 'responses',
    checks: [],
    reason: 'verified by every check',
  },
  { id: 'REQ-UNTESTABLE', keyword: 'SHOULD', binds: 'requestor', section: 'Creating Tasks', url: `${TASKS}#creating-tasks`, summary: 'u', checks: [], reason: 'binds the requestor' },
  { id: 'REQ-GAP', keyword: 'MUST', binds: 'receiver', section: 'Task Cancellation', url: `${TASKS}#task-cancellation`, summary: 'gap', checks: [] },
];

function fixture(overrides: Partial<RunReport> = {}): RunReport {
  return {
    tool: { name: 'mcp-tasks-conformance', version: '0.1.0' },
    specVersion: '2025-11-25',
    profile: { id: '2025-11-25', title: 'Tasks, MCP 2025-11-25', specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks' },
    target: { transport: 'stdio', description: `node server.js --name ${XSS}`, bundledReference: false },
    role: 'server',
    negotiatedProtocolVersion: '2025-06-18',
    serverInfo: { name: `demo${XSS}`, version: '1.2.3' },
    startedAt: '2025-11-25T10:20:30.456Z',
    durationMs: 4210,
    summary: { pass: 2, fail: 1, warn: 1, skip: 1, inconclusive: 0, error: 1 },
    results: [PASS, FAIL, WARN, SKIP, ERROR, ORPHAN],
    notices: [`the target negotiated 2025-06-18 ${XSS}`],
    coverage: COVERAGE,
    ...overrides,
  };
}

const EXTENSION = 'https://modelcontextprotocol.io/extensions/tasks';

/** A dual-era report: the 2025-11-25 results and coverage, then the 2026-07-28 ones, each naming its profile. */
function dualEra(): RunReport {
  const legacy = { id: '2025-11-25', title: 'Tasks, MCP 2025-11-25', specUrl: TASKS };
  const modern = { id: '2026-07-28', title: 'Tasks extension, MCP 2026-07-28', specUrl: EXTENSION };
  const modernResult = result({ id: 'ext.create', profile: '2026-07-28', outcome: 'fail', suite: 'creation', requirements: ['EXT-CREATE'], message: 'resultType "complete"' });
  return fixture({
    specVersion: '2025-11-25+2026-07-28',
    profile: { id: '2025-11-25+2026-07-28', title: 'Tasks, MCP 2025-11-25 and Tasks extension, MCP 2026-07-28', specUrl: TASKS },
    profiles: [legacy, modern],
    summary: { pass: 2, fail: 2, warn: 1, skip: 1, inconclusive: 0, error: 1 },
    results: [...fixture().results.map((r) => ({ ...r, profile: '2025-11-25' })), modernResult],
    coverage: [
      ...COVERAGE.map((entry) => ({ ...entry, profile: '2025-11-25' })),
      { id: 'EXT-CREATE', profile: '2026-07-28', keyword: 'MUST', binds: 'receiver', section: 'Task Creation', url: `${EXTENSION}#task-creation`, summary: 'task', checks: ['ext.create'] },
    ],
  });
}

// ---------------------------------------------------------------------------------------------- helpers

const MAIN_SCRIPT = /<script>([\s\S]*?)<\/script>/;
const DATA_BLOCK = /<script type="application\/json" class="transcript-data">([\s\S]*?)<\/script>/g;

/** The markup without the page's own script, whose JavaScript may contain "<" comparisons. */
function markupOnly(html: string): string {
  return html.replace(MAIN_SCRIPT, '<script></script>');
}

function dataBlocks(html: string): string[] {
  return [...html.matchAll(DATA_BLOCK)].map((m) => m[1]!);
}

function expectedTranscript(transcript: readonly TranscriptEntry[]): unknown[] {
  return transcript.map((entry) => {
    const out: Record<string, unknown> = { t: entry.t, dir: entry.dir };
    if (entry.conn !== undefined) out.conn = entry.conn;
    if (entry.message !== undefined) out.message = toPlain(entry.message);
    if (entry.text !== undefined) out.text = entry.text;
    return out;
  });
}

const ALLOWED_LINK = /^(?:#|https:\/\/modelcontextprotocol\.io\/|https:\/\/(?:www\.)?jsonrpc\.org\/)/;
const ALLOWED_TAGS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'style',
  'body',
  'main',
  'header',
  'div',
  'p',
  'h1',
  'h2',
  'h4',
  'span',
  'b',
  'code',
  'time',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'section',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'button',
  'label',
  'input',
  'details',
  'summary',
  'a',
  'script',
  'footer',
]);

// ---------------------------------------------------------------------------------------------- unit

describe('markup`…`', () => {
  it('escapes every interpolated value unless it is markup built by the tag', () => {
    const item = (text: string) => markup`<li title="${text}">${text}</li>`;
    const list = markup`<ul>${[item(XSS), item('a "b" & \'c\'')]}</ul>${false}${null}${undefined}${0}`;
    expect(list.toString()).toBe(
      '<ul><li title="&lt;script&gt;alert(1)&lt;/script&gt;">&lt;script&gt;alert(1)&lt;/script&gt;</li>' + '<li title="a &quot;b&quot; &amp; &#39;c&#39;">a &quot;b&quot; &amp; &#39;c&#39;</li></ul>0',
    );
    // Markup as a plain string is text like any other; only rawHtml (our own assets) passes unescaped.
    expect(markup`${'<b>'}${rawHtml('<b>')}`.toString()).toBe('&lt;b&gt;<b>');
    expect(markup`${'ctrl\u0000\u001b lone \ud800'}`.toString()).toBe('ctrl␀␛ lone \uFFFD');
  });
});

describe('buildHtmlReport', () => {
  const report = fixture();
  const html = buildHtmlReport(report);
  const markup = markupOnly(html);

  it('is one document with exactly one executable script: ours', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
    expect(scripts.filter((tag) => tag === '<script>')).toHaveLength(1);
    expect(scripts.filter((tag) => tag !== '<script>').every((tag) => tag === '<script type="application/json" class="transcript-data">')).toBe(true);
    // Every "<" outside our script opens one of our own tags: nothing the IUT sent became markup.
    const tags = [...markup.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1]!.toLowerCase());
    expect(new Set(tags.filter((tag) => !ALLOWED_TAGS.has(tag)))).toEqual(new Set());
    expect(markup.match(/<(?![a-zA-Z/!])/g)).toBeNull();
    expect(markup).not.toMatch(/<!--/);
  });

  it('shows IUT text escaped, as text', () => {
    expect(html).not.toContain(XSS);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<svg');
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup).toContain('&lt;img src=x onerror=&quot;window.__pwned = 2&quot;&gt;');
    // Control characters are shown as control pictures, not passed through.
    expect(markup).toContain('ctrl␀␛[31mred␡ line');
    expect(markup).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
  });

  it('references nothing on the network: links only to the spec pages, no src at all', () => {
    const attributes = [...markup.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((m) => [...m[0].matchAll(/\s(src|href|action|srcset|poster|data)\s*=\s*"([^"]*)"/gi)]);
    expect(attributes.filter((a) => a[1]!.toLowerCase() !== 'href')).toEqual([]);
    const hrefs = attributes.map((a) => a[2]!.replace(/&amp;/g, '&'));
    expect(hrefs.filter((href) => !ALLOWED_LINK.test(href))).toEqual([]);
    expect(hrefs).toContain(`${TASKS}#result-retrieval`);
    expect(hrefs).toContain('https://www.jsonrpc.org/specification#response_object');
    const style = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    expect(style).not.toMatch(/url\(|@import|https?:/i);
    const script = html.match(MAIN_SCRIPT)![1]!;
    expect(script).not.toMatch(/https?:|fetch\(|XMLHttpRequest|import\(|\.src\s*=|innerHTML|insertAdjacentHTML|document\.write|eval\(/);
    // The Content-Security-Policy forbids everything but our own script and style (by hash).
    const csp = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)![1]!;
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src ${hash(script)}`);
    expect(csp).toContain(`style-src ${hash(style)}`);
  });

  it('embeds each transcript as JSON that parses back to what was recorded', () => {
    const blocks = dataBlocks(html);
    const withTranscript = report.results.filter((r) => r.transcript.length > 0);
    expect(blocks).toHaveLength(withTranscript.length);
    for (const block of blocks) {
      expect(block).not.toMatch(/<\/script|<!--|<|>|&/i);
    }
    // Each check's block inside its own entry (the list shows failures first, so not in the order the checks ran).
    const blockOf = (id: string) => html.match(new RegExp(`data-check-id="${id.replace(/\./g, '\\.')}"[^]*?class="transcript-data">([^]*?)</script>`))![1]!;
    expect(JSON.parse(blockOf(PASS.id))).toEqual(expectedTranscript(PASS.transcript));
    const hostile = JSON.parse(blockOf(FAIL.id)) as { message?: { result?: { content: { text: string }[]; big: unknown } } }[];
    expect(hostile).toEqual(expectedTranscript(FAIL.transcript));
    expect(hostile[1]!.message!.result!.content[0]!.text).toBe(HOSTILE);
    expect(hostile[1]!.message!.result!.big).toBe('10');
  });

  it('renders no transcript entry on the server side: they are built on first opening', () => {
    expect(markup).not.toContain('class="entry');
    expect(markup).toContain('data-entries="2000"');
  });

  it('has the header, the hooks the tests and users rely on, and the requirement matrix', () => {
    expect(html).toMatch(/<div class="verdict v-fail" id="verdict" data-verdict="fail">\s*<span class="verdict-word">FAIL<\/span>/);
    expect(html).toContain('<span class="verdict-line">1 check failed, 1 check could not run (harness error) — 1 warning (a SHOULD not met) that does not fail the run</span>');
    expect(html).toContain(`<h1>Conformance to <a class="profile" href="${TASKS}" rel="noopener noreferrer">Tasks, MCP 2025-11-25</a></h1>`);
    expect(html).toContain('NOT 2025-11-25');
    expect(html).toContain('the target negotiated 2025-06-18 &lt;script&gt;');
    expect(html).toContain('2025-11-25 10:20:30 UTC');
    expect(html).toContain('4.21 s');
    expect(html).toContain('id="search"');
    for (const filter of ['all', 'fail', 'warn', 'skip', 'error', 'pass']) expect(html).toContain(`data-filter="${filter}"`);
    for (const r of report.results) {
      expect(html).toContain(`data-check-id="${r.id}" data-outcome="${r.outcome}"`);
    }
    // Sections come from the first requirement's coverage entry; without one, from the suite.
    expect(html).toContain('data-check-id="result.exact-success" data-outcome="fail" data-section="Result Retrieval"');
    expect(html).toContain('data-check-id="extra.orphan" data-outcome="pass" data-section="extra-suite"');
    expect(html).toContain('data-cell-outcome="fail" data-section="Result Retrieval"');
    // Findings as [KEYWORD] REQ-ID: message.
    expect(html).toContain('<span class="kw kw-must">[MUST]</span> <a class="req" href="#req-REQ-RESULT-1">REQ-RESULT-1</a>: <span class="msg">result differs: &lt;script&gt;');
    // The requirement matrix: checks, the reason none, or a gap.
    expect(html).toContain('<tr id="req-REQ-UNTESTABLE">');
    expect(html).toContain('binds the requestor');
    expect(html).toContain('not covered: no check verifies it');
    expect(html).toContain('href="#check-result.exact-success"');
  });

  it('says plainly when no protocol version was negotiated, and passes a clean run', () => {
    const clean = buildHtmlReport(fixture({ negotiatedProtocolVersion: undefined, summary: { pass: 2, fail: 0, warn: 1, skip: 0, inconclusive: 0, error: 0 }, results: [PASS, WARN, ORPHAN] }));
    expect(clean).toContain('data-verdict="pass"');
    expect(clean).toContain('no protocol version was negotiated');
    const strict = buildHtmlReport(fixture({ summary: { pass: 2, fail: 0, warn: 1, skip: 0, inconclusive: 0, error: 0 }, results: [PASS, WARN, ORPHAN] }), { strict: true });
    expect(strict).toContain('data-verdict="fail"');
    expect(buildHtmlReport(fixture({ summary: { pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, error: 0 }, results: [] }))).toContain('data-verdict="none"');
  });

  it('renders the verdict the report carries: a baselined run passes, a stale entry fails it', () => {
    const entries = [
      { check: 'result.exact-success', reason: `known: issue 12 ${XSS}`, link: 'https://example.org/issues/12' },
      { check: 'result.timeout', reason: 'flaky transport', link: `${TASKS}#result-retrieval` },
    ];
    const baselined = fixture();
    baselined.verdict = runVerdict(baselined, { baseline: { file: 'ci/expected.yml', entries } });
    const passing = buildHtmlReport(baselined, { strict: true });
    expect(passing).toMatch(/<div class="verdict v-pass" id="verdict" data-verdict="pass">\s*<span class="verdict-word">PASS<\/span>/);
    expect(passing).toMatch(/<title>PASS · /);
    expect(passing).toContain('no unexpected failure — 2 expected failures listed in the baseline; 1 warning (a SHOULD not met) that does not fail the run');
    expect(passing).toContain('<dt>Baseline</dt><dd><code class="wrap">ci/expected.yml</code> · <a href="#verdict-details">2 expected failures, 0 stale, 0 unknown, 0 not exercised</a></dd>');
    expect(passing).toContain('<section class="verdict-details" id="verdict-details"');
    expect(passing).toContain(
      '<li class="fix-item o-fail expected" data-fix-check="result.exact-success">\n' +
        '<p class="fix-head"><span class="badge o-fail">FAIL</span> <a class="checkref" href="#check-result.exact-success">result.exact-success</a> ' +
        '<span class="ttl">tasks/result returns what the plain call returns &lt;script&gt;alert(1)&lt;/script&gt;</span></p>' +
        '<p class="expected-note">expected by the baseline: known: issue 12 &lt;script&gt;',
    );
    // A link that is no spec page is shown as text, never as an href.
    expect(passing).toContain('<span class="muted wrap">https://example.org/issues/12</span>');
    expect(passing).not.toContain('href="https://example.org');
    expect(passing).not.toContain('Mode</dt>');

    const stale = fixture();
    stale.verdict = runVerdict(stale, { baseline: { file: 'ci/expected.yml', entries: [...entries, { check: 'lifecycle.create', reason: 'was broken' }] } });
    const failing = buildHtmlReport(stale);
    expect(failing).toContain('data-verdict="fail"');
    expect(failing).toContain('1 stale baseline entry (the check no longer fails)');
    expect(failing).toMatch(
      /<h4>Stale entries: they fail the run \(1\)<\/h4><ul><li><span class="badge o-pass">PASS<\/span> <a class="checkref" href="#check-lifecycle.create">lifecycle.create<\/a> <span class="why">lifecycle.create passes now: remove its entry from ci\/expected.yml<\/span>/,
    );

    const strict = fixture();
    strict.verdict = runVerdict(strict, { strict: true, baseline: { entries } });
    expect(buildHtmlReport(strict)).toContain('<dt>Mode</dt><dd>strict: a warn fails the run</dd>');
    expect(buildHtmlReport(fixture())).not.toContain('id="verdict-details"');
  });

  it('puts the failures first, each with the explain text and a rerun command', () => {
    const advice = { does: `Calls \`tools/call\` twice ${XSS}`, causes: [{ cause: 'The stored result is rebuilt.', fix: `Store it as \`result\` ${XSS}` }] };
    const card = buildHtmlReport(fixture(), { explain: (r) => (r.id === FAIL.id ? advice : undefined) });
    const fixFirst = card.indexOf('id="fix-first"');
    expect(fixFirst).toBeGreaterThan(0);
    expect(fixFirst).toBeLessThan(card.indexOf('class="overview"'));
    // Worst first: the failure, the error, then the warning; no pass or skip among them.
    const listed = [...card.slice(fixFirst, card.indexOf('class="overview"')).matchAll(/data-fix-check="([^"]+)"/g)].map((m) => m[1]);
    expect(listed).toEqual([FAIL.id, ERROR.id, WARN.id]);
    // The explanation's text escaped, its `code` as <code>.
    expect(card).toContain('<p class="does"><b>What it checks:</b> Calls <code>tools/call</code> twice &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(card).toContain('<p class="fix"><b>Fix:</b> Store it as <code>result</code> &lt;script&gt;');
    // Without an explanation, the card names the command that has it.
    expect(card).toContain(`<code>mcp-tasks-conformance explain ${WARN.id}</code> says what the check verifies`);
    // The rerun line from the report's target, quoted for a shell, escaped for the page; the check list shows failures first too.
    expect(card).toContain(`<code class="command" id="rerun-1">mcp-tasks-conformance server --command &#39;node server.js --name &lt;script&gt;alert(1)&lt;/script&gt;&#39; --only ${FAIL.id}</code>`);
    expect([...card.matchAll(/<details class="check o-(\w+)"/g)].map((m) => m[1])).toEqual(['fail', 'error', 'warn', 'pass', 'skip', 'pass']);
    // The caller's rerun line wins (the CLI knows the flags), and a clean run says nothing failed.
    expect(buildHtmlReport(fixture(), { rerun: (r) => `custom --only ${r.id}` })).toContain(`<code class="command" id="rerun-1">custom --only ${FAIL.id}</code>`);
    expect(buildHtmlReport(fixture({ results: [PASS, ORPHAN] }))).toContain('<p class="all-good">Nothing failed, errored or warned.</p>');
  });

  it('labels the eras of a dual-era report: the overview, the check list and the requirement matrix', () => {
    const card = buildHtmlReport(dualEra());
    expect(card).toContain('<tr class="era-row"><th scope="colgroup" colspan="8">2025-11-25 · Tasks, MCP 2025-11-25</th></tr>');
    expect(card).toContain('<tr class="era-row"><th scope="colgroup" colspan="8">2026-07-28 · Tasks extension, MCP 2026-07-28</th></tr>');
    expect(card).toContain('<div class="era-group" data-era="2026-07-28">\n<h3 class="era-h">2026-07-28 · Tasks extension, MCP 2026-07-28</h3>');
    expect(card).toContain('data-check-id="ext.create" data-outcome="fail" data-section="Task Creation" data-era="2026-07-28"');
    expect(card).toContain('<code class="id">ext.create</code><span class="era-tag">2026-07-28</span>');
    expect(card).toContain('data-cell-outcome="fail" data-section="Task Creation" data-era="2026-07-28"');
    expect(card).toContain('<tr class="era-row"><th scope="colgroup" colspan="4">2026-07-28 · Tasks extension, MCP 2026-07-28</th></tr>');
    // The rerun line names the era of its check.
    expect(card).toContain('--spec 2026-07-28 --only ext.create</code>');
    // A single-era report has no era headings.
    expect(buildHtmlReport(fixture())).not.toContain('class="era-row"');
  });

  it('shows the calibration among the facts of the header, and nothing when there is none', () => {
    const html = buildHtmlReport(fixture({ calibration: CALIBRATION }));
    expect(html).toContain('<dt>Calibration</dt><dd>round trip 12 ms (median of 5 ping requests on the discovery connection), connect 140 ms, allowance 250 ms per round trip, multiplier 1</dd>');
    expect(html.indexOf('<dt>Calibration</dt>')).toBeLessThan(html.indexOf('class="overview"'));
    expect(buildHtmlReport(fixture())).not.toContain('Calibration');
  });

  it('writes the file atomically, leaving no temporary file behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'html-report-'));
    try {
      const file = join(dir, 'nested', 'report.html');
      await writeHtmlReport(file, report);
      const written = await readFile(file, 'utf8');
      expect(written.length).toBe(html.length);
      expect(written === html).toBe(true);
      expect(await readdir(join(dir, 'nested'))).toEqual(['report.html']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------- browser

function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (found) return found;
  } catch {
    // not on PATH
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

const CHROMIUM = findChromium();
const SKIP_REASON = 'chromium is not installed: install it with `apt-get install chromium` (or set CHROMIUM_PATH) to run the browser tests';
if (!CHROMIUM) console.warn(`html-report browser tests skipped: ${SKIP_REASON}`);

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const CLI_BUILT = existsSync(CLI);

/** The built CLI, its exit status and output; GITHUB_STEP_SUMMARY cleared so that no job summary is touched. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, ...args], { timeout: 120_000, env: { ...process.env, GITHUB_STEP_SUMMARY: '' } });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '' };
  }
}

interface Watched {
  page: Page;
  offsite: string[];
  dialogs: string[];
  errors: string[];
}

describe.skipIf(!CHROMIUM)(`in a real browser (${CHROMIUM ? `chromium at ${CHROMIUM}` : SKIP_REASON})`, () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'html-report-browser-'));
    browser = await chromium.launch({
      executablePath: CHROMIUM!,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Opens a report file the CLI wrote. */
  async function openFile(file: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('html[data-ready="true"]', { timeout: 10_000 });
    return page;
  }

  async function open(report: RunReport, name: string, options: HtmlOptions = {}, width = 1366): Promise<Watched> {
    const file = join(dir, name);
    await writeHtmlReport(file, report, options);
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const watched: Watched = { page, offsite: [], dialogs: [], errors: [] };
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) watched.offsite.push(request.url());
    });
    page.on('dialog', (dialog) => {
      watched.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => watched.errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') watched.errors.push(message.text());
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('html[data-ready="true"]', { timeout: 10_000 });
    return watched;
  }

  const visibleChecks = (page: Page) => page.$$eval('details.check:not([hidden])', (nodes) => nodes.map((n) => ({ id: n.getAttribute('data-check-id'), outcome: n.getAttribute('data-outcome') })));

  it('a real run with failures: filter, search, expand a failure and read its transcript', async () => {
    const report = await runAgainstReferenceHttp({ faults: ['result-differs'] });
    const failures = report.results.filter((r) => r.outcome === 'fail');
    expect(failures.length).toBeGreaterThan(0);
    const total = report.results.length;

    const { page, offsite, dialogs, errors } = await open(report, 'real-run.html');
    expect(await page.textContent('#verdict .verdict-word')).toBe('FAIL');
    expect(await page.textContent('#shown-count')).toBe(`${total} of ${total} checks`);
    expect((await visibleChecks(page)).length).toBe(total);

    // Filter to the failures: only failures are shown.
    await page.click('[data-filter="fail"]');
    const shownFailures = await visibleChecks(page);
    expect(shownFailures.map((c) => c.id)).toEqual(failures.map((f) => f.id));
    expect(shownFailures.every((c) => c.outcome === 'fail')).toBe(true);
    expect(await page.textContent('#shown-count')).toBe(`${failures.length} of ${total} checks`);
    expect(await page.getAttribute('[data-filter="fail"]', 'aria-pressed')).toBe('true');

    // Search by an ID (with all outcomes shown): only that check.
    await page.click('[data-filter="all"]');
    const passing = report.results.find((r) => r.outcome === 'pass')!;
    await page.fill('#search', passing.id);
    expect((await visibleChecks(page)).map((c) => c.id)).toEqual([passing.id]);
    await page.fill('#search', '');
    expect((await visibleChecks(page)).length).toBe(total);

    // A cell of the overview matrix: that section's failures.
    const target = failures[0]!;
    const section = await page.getAttribute(`details.check[data-check-id="${target.id}"]`, 'data-section');
    await page.click(`.matrix button[data-cell-outcome="fail"][data-section="${section}"]`);
    const inCell = await visibleChecks(page);
    expect(inCell.map((c) => c.id)).toContain(target.id);
    expect(inCell.every((c) => c.outcome === 'fail')).toBe(true);
    expect(await page.isVisible('#section-filter')).toBe(true);
    await page.click('#clear-section');

    // Back to the failures; expand one and see its transcript.
    await page.click('[data-filter="fail"]');
    const details = `details.check[data-check-id="${target.id}"]`;
    expect(await page.$$eval(`${details} .transcript .entry`, (n) => n.length)).toBe(0);
    await page.click(`${details} > summary`);
    await page.waitForSelector(`${details} .transcript .entry`);
    const entries = await page.$$eval(`${details} .transcript .entry`, (nodes) =>
      nodes.map((n) => ({
        t: n.querySelector('.t')?.textContent ?? '',
        dir: n.querySelector('.dir')?.textContent ?? '',
        conn: n.querySelector('.conn')?.textContent ?? '',
        json: n.querySelector('pre.json')?.textContent ?? null,
      })),
    );
    expect(entries).toHaveLength(Math.min(target.transcript.length, TRANSCRIPT_CHUNK));
    target.transcript.slice(0, entries.length).forEach((entry, i) => {
      const shown = entries[i]!;
      expect(shown.t).toBe(`+${Math.round(entry.t)} ms`);
      expect(shown.dir).toBe({ out: '→', in: '←', stderr: 'stderr', note: 'note' }[entry.dir]);
      expect(shown.conn).toBe(entry.conn ?? '');
      if (entry.message !== undefined) expect(shown.json).toBe(JSON.stringify(toPlain(entry.message), null, 2));
    });
    expect(entries.some((e) => e.json?.includes('\n  "jsonrpc": "2.0"'))).toBe(true);
    // The findings and the requirements with their spec links.
    // Each finding's head line, then what was expected and seen apart, and where in the transcript it showed.
    const findings = await page.$$eval(`${details} .finding`, (nodes) =>
      nodes.map((n) => ({
        head: [...n.childNodes]
          .filter((c) => !(c instanceof Element && (c.matches('.expected-actual') || c.matches('.seen-at'))))
          .map((c) => c.textContent)
          .join(''),
        expected: n.querySelector('.expected-actual dd')?.textContent,
        seenAt: n.getAttribute('data-seen-at'),
      })),
    );
    expect(findings).toEqual(target.findings.map((f) => ({ head: `[${f.keyword}] ${f.requirement}: ${f.message}`, expected: f.expected, seenAt: f.seenAt ? String(f.seenAt.t) : null })));
    expect(findings.some((f) => f.expected !== undefined && f.seenAt !== null)).toBe(true);
    // "seen at" shows the message in the transcript: the entry of that time, marked.
    const seenAt = findings.find((f) => f.seenAt !== null)!.seenAt!;
    await page.click(`${details} .finding .seen-at-link[data-seen-at="${seenAt}"]`);
    expect(await page.$$eval(`${details} .transcript li.entry.hit`, (nodes) => nodes.map((n) => (n as HTMLElement).dataset.t))).toEqual([seenAt]);
    const specLinks = await page.$$eval(`${details} .reqs a.spec`, (nodes) => nodes.map((n) => n.getAttribute('href')));
    expect(specLinks.length).toBeGreaterThan(0);
    expect(specLinks.every((href) => href?.startsWith('https://modelcontextprotocol.io/specification/2025-11-25/'))).toBe(true);

    await mkdir(ARTIFACTS, { recursive: true });
    // The page from the top to the end of the check list (the requirement matrix below is long and plain).
    const bottom = await page.evaluate(() => Math.ceil(document.querySelector('section.checks')!.getBoundingClientRect().bottom + window.scrollY + 16));
    await page.screenshot({ path: join(ARTIFACTS, 'html-report.png'), fullPage: true, clip: { x: 0, y: 0, width: 1366, height: bottom } });

    expect(offsite).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a hand-made baselined run: the card says PASS, the calibration shows; a stale entry makes it FAIL', async () => {
    const entries = [
      { check: 'result.exact-success', reason: 'known: issue 12' },
      { check: 'result.timeout', reason: 'flaky transport' },
    ];
    const baselined = fixture({ calibration: CALIBRATION });
    baselined.verdict = runVerdict(baselined, { baseline: { file: 'ci/expected.yml', entries } });
    const passing = await open(baselined, 'baselined.html');
    expect(await passing.page.textContent('#verdict .verdict-word')).toBe('PASS');
    expect(await passing.page.textContent('#verdict .verdict-line')).toBe(baselined.verdict.summary);
    expect(await passing.page.isVisible('#verdict-details')).toBe(true);
    expect(await passing.page.textContent('.facts')).toContain('round trip 12 ms (median of 5 ping requests on the discovery connection)');
    expect(passing.errors).toEqual([]);
    await passing.page.close();

    const stale = fixture();
    stale.verdict = runVerdict(stale, { baseline: { entries: [...entries, { check: 'lifecycle.create', reason: 'was broken' }] } });
    const failing = await open(stale, 'stale.html');
    expect(await failing.page.textContent('#verdict .verdict-word')).toBe('FAIL');
    expect(await failing.page.textContent('#verdict-details')).toContain('lifecycle.create passes now: remove its entry from the baseline');
    await failing.page.close();
  });

  it.skipIf(!CLI_BUILT || !REFERENCE_BUILT)('the CLI with --baseline: the card says PASS exactly when the exit status is 0', async () => {
    const baseline = join(dir, 'cli-baseline.yml');
    const only = ['--only', 'result-retrieval.same-as-plain-call,creation.status-working'];
    const faulty = ['--command', `"${process.execPath}" "${REFERENCE_MAIN}" --fault result-differs`];
    expect((await cli('server', ...faulty, ...only, '--write-baseline', baseline)).code).toBe(1);

    const expectedHtml = join(dir, 'cli-expected.html');
    expect((await cli('server', ...faulty, ...only, '--baseline', baseline, '--html', expectedHtml)).code).toBe(0);
    const passing = await openFile(expectedHtml);
    expect(await passing.textContent('#verdict .verdict-word')).toBe('PASS');
    expect(await passing.textContent('#verdict .verdict-line')).toMatch(/^no unexpected failure — 1 expected failure listed in the baseline/);
    await passing.close();

    const staleHtml = join(dir, 'cli-stale.html');
    expect((await cli('server', ...only, '--baseline', baseline, '--html', staleHtml)).code).toBe(1);
    const failing = await openFile(staleHtml);
    expect(await failing.textContent('#verdict .verdict-word')).toBe('FAIL');
    expect(await failing.textContent('#verdict-details')).toContain('result-retrieval.same-as-plain-call passes now: remove its entry');
    await failing.close();
  });

  it.skipIf(!CLI_BUILT || !REFERENCE_BUILT)(
    'a dual-era card at 1024 and 1400 px: the overview fits, eras are labelled, a jump to a failure stops below the toolbar, its rerun line copies',
    async () => {
      const json = join(dir, 'dual.json');
      const faulty = `"${process.execPath}" "${REFERENCE_MAIN}" --era dual --fault result-differs --fault ext-resulttype-not-task`;
      expect((await cli('server', '--command', faulty, '--json', json)).code).toBe(1);
      const report = fromJsonReport(JSON.parse(await readFile(json, 'utf8')));
      expect(new Set(report.results.map((r) => r.profile))).toEqual(new Set(['2025-11-25', '2026-07-28']));
      const explanations: Record<string, typeof CHECK_EXPLANATIONS> = { '2025-11-25': CHECK_EXPLANATIONS, '2026-07-28': EXT_CHECK_EXPLANATIONS };
      const explain: HtmlOptions['explain'] = (r) => explanations[r.profile ?? '']?.[r.id];
      const failures = report.results.filter((r) => r.outcome === 'fail');
      const modernFailure = failures.find((r) => r.profile === '2026-07-28')!;
      expect(modernFailure).toBeDefined();

      for (const width of [1024, 1400]) {
        const { page, offsite, errors } = await open(report, `dual-${width}.html`, { explain }, width);
        // The overview: every column on screen, nothing to scroll sideways.
        const fit = await page.evaluate(() => {
          const table = document.querySelector<HTMLElement>('.matrix')!;
          const box = table.closest<HTMLElement>('.scroll')!;
          return {
            overflow: table.scrollWidth - box.clientWidth,
            lastColumnRight: table.querySelector('thead th:last-child')!.getBoundingClientRect().right,
            page: document.documentElement.scrollWidth,
          };
        });
        expect(fit.overflow, `at ${width} px`).toBeLessThanOrEqual(0);
        expect(fit.lastColumnRight, `at ${width} px`).toBeLessThanOrEqual(width);
        expect(fit.page, `at ${width} px`).toBeLessThanOrEqual(width);
        // Each era named: in the overview, in the check list, on each check.
        const eraHeads = ['2025-11-25 · ', '2026-07-28 · '];
        expect((await page.$$eval('.matrix tr.era-row', (rows) => rows.map((row) => row.textContent ?? ''))).map((text) => text.slice(0, 13))).toEqual(eraHeads);
        expect((await page.$$eval('.era-group > .era-h', (heads) => heads.map((head) => head.textContent ?? ''))).map((text) => text.slice(0, 13))).toEqual(eraHeads);
        expect(await page.textContent(`details.check[data-check-id="${modernFailure.id}"] .era-tag`)).toBe('2026-07-28');

        // The failures first, each with its fix: the explanation's first cause and fix for the modern one.
        const fixes = await page.$$eval('[data-fix-check]', (items) => items.map((item) => item.getAttribute('data-fix-check')));
        expect(fixes.slice(0, failures.length).sort()).toEqual(failures.map((r) => r.id).sort());
        const fixItem = `[data-fix-check="${modernFailure.id}"]`;
        const firstFix = EXT_CHECK_EXPLANATIONS[modernFailure.id]!.causes[0]!.fix.replace(/`/g, '');
        expect(await page.textContent(`${fixItem} .fix`)).toBe(`Fix: ${firstFix}`);

        // A jump from the fix to the check: the check opens and its summary stops below the stuck toolbar.
        await page.click(`${fixItem} a.checkref`);
        await page.waitForFunction((id) => (document.getElementById(`check-${id}`) as HTMLDetailsElement | null)?.open === true, modernFailure.id);
        const placed = await page.evaluate((id) => {
          const toolbar = document.querySelector('.toolbar')!.getBoundingClientRect();
          const summary = document.getElementById(`check-${id}`)!.querySelector('summary')!.getBoundingClientRect();
          return { toolbarTop: toolbar.top, toolbarBottom: toolbar.bottom, summaryTop: summary.top, summaryBottom: summary.bottom, height: innerHeight };
        }, modernFailure.id);
        expect(placed.toolbarTop, `at ${width} px`).toBe(0);
        expect(placed.summaryTop, `at ${width} px`).toBeGreaterThanOrEqual(placed.toolbarBottom);
        expect(placed.summaryBottom, `at ${width} px`).toBeLessThanOrEqual(placed.height);

        // The rerun line: it names the era of its check, and Copy selects exactly it.
        const command = (await page.textContent(`${fixItem} .rerun .command`))!;
        expect(command).toMatch(new RegExp(`^mcp-tasks-conformance server --command .* --spec 2026-07-28 --only ${modernFailure.id.replace(/\./g, '\\.')}$`));
        await page.click(`${fixItem} button.copy`);
        await page.waitForSelector(`${fixItem} button.copy[data-copied]`);
        expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(command);

        if (width === 1024) {
          await mkdir(ARTIFACTS, { recursive: true });
          await page.evaluate(() => window.scrollTo(0, 0));
          const bottom = await page.evaluate(() => Math.ceil(document.querySelector('section.overview')!.getBoundingClientRect().bottom + window.scrollY + 16));
          await page.screenshot({ path: join(ARTIFACTS, 'html-report-dual-1024.png'), fullPage: true, clip: { x: 0, y: 0, width, height: bottom } });
        }
        expect(offsite).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      }
    },
  );

  it('hostile text from the IUT is shown as text and never runs; a 2,000-entry transcript renders in chunks', async () => {
    const { page, offsite, dialogs, errors } = await open(fixture(), 'hostile.html');

    const details = 'details.check[data-check-id="result.exact-success"]';
    await page.click(`${details} > summary`);
    await page.waitForSelector(`${details} .transcript .entry`);
    expect(await page.textContent(`${details} .message .msg`)).toContain(XSS);
    expect(await page.textContent(`${details} .finding`)).toBe(`[MUST] REQ-RESULT-1: result differs: ${XSS}`);
    const jsons = await page.$$eval(`${details} .transcript pre.json`, (nodes) => nodes.map((n) => n.textContent ?? ''));
    expect(jsons.some((text) => text.includes(XSS))).toBe(true);
    expect(await page.textContent(`${details} .transcript .entry.dir-stderr pre`)).toContain('<img src=x onerror=');
    // Nothing the IUT sent became an element.
    expect(await page.$$eval('img, svg, iframe, object, embed', (nodes) => nodes.length)).toBe(0);
    expect(await page.$$eval('script', (nodes) => nodes.filter((n) => n.getAttribute('type') !== 'application/json').length)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();

    // The search matches titles too.
    await page.fill('#search', 'plain call returns');
    expect((await visibleChecks(page)).map((c) => c.id)).toEqual(['result.exact-success']);
    await page.fill('#search', 'no-such-check');
    expect(await page.isVisible('#no-match')).toBe(true);
    await page.click('#clear-filters');

    // The big transcript: nothing at load, one chunk on opening, the next on request.
    const big = 'details.check[data-check-id="lifecycle.create"]';
    expect(await page.$$eval(`${big} .transcript .entry`, (n) => n.length)).toBe(0);
    await page.click(`${big} > summary`);
    await page.waitForSelector(`${big} .transcript .entry`);
    expect(await page.$$eval(`${big} .transcript .entry`, (n) => n.length)).toBe(TRANSCRIPT_CHUNK);
    await page.click(`${big} .transcript .more`);
    expect(await page.$$eval(`${big} .transcript .entry`, (n) => n.length)).toBe(2 * TRANSCRIPT_CHUNK);

    // A link to a check (#check-ID) opens it even when the filters hide it.
    await page.click('[data-filter="fail"]');
    await page.click('a.checkref[href="#check-cancel.terminal"]');
    await page.waitForFunction(() => (document.getElementById('check-cancel.terminal') as HTMLDetailsElement | null)?.open === true);
    expect(await page.isVisible('#check-cancel\\.terminal')).toBe(true);

    expect(offsite).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
