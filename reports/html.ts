// The HTML report card: one self-contained file with the verdict, an overview matrix of spec section × outcome, every
// check with its findings and transcript, filters, and the requirement matrix. It renders what the runner decided and
// the run's verdict the report carries (harness/engine/run-policy.ts decided it); it never computes an outcome or a verdict.
//
// Safety: everything the implementation under test sent (messages, findings, transcripts, serverInfo) is untrusted.
// The page is built with markup`…` (html-template.ts), which escapes every interpolated value; transcripts travel as
// JSON in <script type="application/json"> data blocks (scriptJson) and the page builds them as text nodes only. The
// style (assets/report.css) and the browser script (assets/report-browser.ts, built) are inlined, and a
// Content-Security-Policy allows exactly them (by hash) and nothing else: no network, no injected script.
//
// Transcripts are rendered lazily: on the first opening of a check, in chunks of TRANSCRIPT_CHUNK entries, so a
// 2,000-entry transcript costs nothing at page load.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

import { z } from 'zod';

import { OUTCOMES, TranscriptSchema } from '../harness/model/model.js';
import type { CheckResult, CoverageEntry, Finding, Outcome, RunReport, RunVerdict, TargetExit } from '../harness/model/model.js';
import { reportVerdict } from '../harness/engine/run-policy.js';
import { plural } from '../harness/model/words.js';
import { Html, markup, rawHtml, scriptJson } from './html-template.js';
import { writeFileAtomic } from './json.js';
import { describeCalibration, describePace, describeRole, describeServer, EXIT_STDERR_LINES, exitAftermath, exitHeadline, exitsToShow } from './text.js';

/** How a check typically fails and how implementations fix it: the shape of `explain`, given by the composition root. */
export interface FixAdvice {
  does: string;
  causes: readonly { cause: string; fix: string }[];
}

export interface HtmlOptions {
  /** For a report without a verdict: a warn (a SHOULD not met) fails the run, as `--strict` does. Default false. */
  strict?: boolean;
  /** The `explain` text of a result's check (the CLI knows the suites; this layer may not). Absent: the card names the command. */
  explain?: (result: CheckResult) => FixAdvice | undefined;
  /** The command line that reruns one check against the same target; absent: one built from the report's target. */
  rerun?: (result: CheckResult) => string;
}

/** Transcript entries rendered per step when a check is opened; a button renders the next chunk. */
export const TRANSCRIPT_CHUNK = 300;

const LABELS: Record<Outcome, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP', inconclusive: 'INCONCLUSIVE', error: 'ERROR' };
const NOUNS: Record<Outcome, string> = { pass: 'passed', fail: 'failed', warn: 'warned', skip: 'skipped', inconclusive: 'inconclusive', error: 'errors' };
/** Filter buttons, in the order shown. */
const FILTER_ORDER: readonly Outcome[] = ['fail', 'warn', 'inconclusive', 'skip', 'error', 'pass'];

// ------------------------------------------------------------------------------------------------ assets

interface Assets {
  style: string;
  script: string;
}

let assets: Assets | undefined;

/**
 * The style and the built browser script, read once: beside this module when it is built (dist/reports/assets), or
 * from the build output when this module runs from the TypeScript sources (the tests); `npm run build` makes both.
 */
function loadAssets(): Assets {
  if (assets) return assets;
  const folders = [new URL('./assets/', import.meta.url), new URL('../dist/reports/assets/', import.meta.url)];
  const folder = folders.find((candidate) => existsSync(new URL('report-browser.js', candidate)));
  if (!folder) throw new Error(`the HTML report's built script is missing (looked in ${folders.map((f) => f.pathname).join(' and ')}): run \`npm run build\``);
  const style = readFileSync(new URL('report.css', folder), 'utf8');
  const script = readFileSync(new URL('report-browser.js', folder), 'utf8');
  // Inlined as they are: neither may end its element early or open a comment.
  if (/<\/style|<!--/i.test(style)) throw new Error('report.css must not contain "</style" or "<!--"');
  if (/<\/script|<!--/i.test(script)) throw new Error('report-browser.js must not contain "</script" or "<!--"');
  assets = { style, script };
  return assets;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

// ------------------------------------------------------------------------------------------------ text

function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '? ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function formatStart(startedAt: string): string {
  const date = new Date(startedAt);
  if (Number.isNaN(date.getTime())) return startedAt;
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' UTC');
}

/** Only our own spec links become hrefs; anything else is shown as text. */
function safeSpecUrl(url: string): string | undefined {
  return /^https:\/\/(?:modelcontextprotocol\.io|www\.jsonrpc\.org|jsonrpc\.org)\//.test(url) ? url : undefined;
}

/** Text on one line, cut: for previews and the failures listed first. */
function clipped(text: string, max: number): string {
  return text.replace(/\s+/g, ' ').slice(0, max);
}

// ------------------------------------------------------------------------------------------------ model

interface Row {
  result: CheckResult;
  index: number;
  section: string;
  /** The profile (spec version) the check belongs to; '' in a report made without the runner. */
  era: string;
}

/** One row of the overview: a spec section of one era (two eras may name a section alike). */
interface SectionKey {
  era: string;
  name: string;
}

/** Each result under the section of its first requirement that the coverage knows; otherwise under its suite. */
function sectionRows(report: RunReport, coverage: ReadonlyMap<string, CoverageEntry>): { rows: Row[]; sections: SectionKey[] } {
  const rows = report.results.map((result, index) => {
    const entry = result.requirements.map((id) => coverage.get(id)).find((e) => e !== undefined);
    return { result, index, section: entry?.section ?? result.suite, era: result.profile ?? '' };
  });
  // Sections in spec order (the coverage's order), then fallback suites in the order the results name them.
  const order: SectionKey[] = [];
  const seen = new Set<string>();
  const add = (era: string, name: string) => {
    const key = `${era} ${name}`;
    if (!seen.has(key)) order.push({ era, name });
    seen.add(key);
  };
  // A coverage row that names no profile (a report made without the runner) stands for each era whose checks use its section.
  for (const entry of report.coverage) {
    if (entry.profile !== undefined) add(entry.profile, entry.section);
    else for (const row of rows) if (row.section === entry.section) add(row.era, entry.section);
  }
  for (const row of rows) add(row.era, row.section);
  const used = new Set(rows.map((row) => `${row.era} ${row.section}`));
  const sections = order.filter((section) => used.has(`${section.era} ${section.name}`));
  // Grouped by era in the order the profiles ran, each era's sections in spec order.
  const eras = eraOrder(report, rows);
  return { rows, sections: eras.flatMap((era) => sections.filter((section) => section.era === era)) };
}

/** The eras of the report in the order they ran: its profiles, then any a result names that they do not. */
function eraOrder(report: RunReport, rows: readonly Row[]): string[] {
  const eras = (report.profiles ?? []).map((profile) => profile.id);
  for (const row of rows) if (!eras.includes(row.era)) eras.push(row.era);
  return eras.filter((era) => rows.some((row) => row.era === era));
}

/** How the card names an era: "<profile id> · <profile title>". */
function eraTitle(report: RunReport, era: string): string {
  const profile = (report.profiles ?? []).find((candidate) => candidate.id === era);
  if (era === '') return 'checks of no named profile';
  return profile ? `${era} · ${profile.title}` : era;
}

/** Several eras in one report: then every part of the card says which era a row belongs to. */
function isMultiEra(rows: readonly Row[]): boolean {
  return new Set(rows.map((row) => row.era)).size > 1;
}

/** Failures first, then errors, warnings and inconclusive results, then the rest; each group in the order the checks ran. */
const ATTENTION_RANK: Partial<Record<Outcome, number>> = { fail: 0, error: 1, warn: 2, inconclusive: 3 };
function byAttention(a: Row, b: Row): number {
  return (ATTENTION_RANK[a.result.outcome] ?? 4) - (ATTENTION_RANK[b.result.outcome] ?? 4) || a.index - b.index;
}

/** The card's state: the verdict's, or "none" when no check ran (that verdict fails too, but says so plainly). */
function cardState(report: RunReport, verdict: RunVerdict): { state: 'pass' | 'fail' | 'none'; word: string } {
  if (report.results.length === 0) return { state: 'none', word: 'NO CHECKS' };
  return verdict.outcome === 'pass' ? { state: 'pass', word: 'PASS' } : { state: 'fail', word: 'FAIL' };
}

/** Parts that may be left out (false, '', undefined), for parts joined one per line. */
type OptionalParts = (Html | false | '' | undefined)[];

/** The parts that are there, one per line. */
function joinLines(parts: OptionalParts): Html[] {
  return parts.filter((part): part is Html => part instanceof Html).map((part, index) => (index === 0 ? part : markup`\n${part}`));
}

// ------------------------------------------------------------------------------------------------ parts

function badge(outcome: Outcome): Html {
  return markup`<span class="badge o-${outcome}">${LABELS[outcome] ?? String(outcome).toUpperCase()}</span>`;
}

function keywordTag(keyword: string, text = keyword): Html {
  const level = /^MUST/.test(keyword) ? 'must' : /^SHOULD/.test(keyword) ? 'should' : 'may';
  return markup`<span class="kw kw-${level}">${text}</span>`;
}

/** A link to a spec page, or the text alone when the URL is not one of ours. */
function specLink(url: string, text: string, className = 'spec'): Html {
  const href = safeSpecUrl(url);
  return href ? markup`<a class="${className}" href="${href}" rel="noopener noreferrer">${text}</a>` : markup`<span class="${className}">${text}</span>`;
}

function sectionLink(entry: Pick<CoverageEntry, 'url' | 'section'>): Html {
  return specLink(entry.url, `§ ${entry.section}`);
}

function checkRef(check: string): Html {
  return markup`<a class="checkref" href="#check-${check}">${check}</a>`;
}

function requirementRef(id: string): Html {
  return markup`<a class="req" href="#req-${id}">${id}</a>`;
}

function header(report: RunReport, verdict: RunVerdict): Html {
  const s = report.summary;
  const total = OUTCOMES.reduce((sum, outcome) => sum + (s[outcome] ?? 0), 0);
  const card = cardState(report, verdict);
  const counts = OUTCOMES.map((outcome) => markup`<li class="count o-${outcome}${(s[outcome] ?? 0) === 0 && ' zero'}"><b>${s[outcome] ?? 0}</b> ${NOUNS[outcome]}</li>`);

  const { target, specVersion } = report;
  const server = describeServer(report.serverInfo);
  const negotiated = report.negotiatedProtocolVersion;
  let protocol: Html;
  if (negotiated === undefined || negotiated === '') {
    protocol = markup`<span class="warn-text">none — no initialize completed, so no protocol version was negotiated</span>`;
  } else if (negotiated === specVersion) {
    protocol = markup`<code>${negotiated}</code> <span class="ok-text">(the spec version under test)</span>`;
  } else {
    const mismatch = markup`the target negotiated another protocol version, so these results may not describe its ${specVersion} behaviour`;
    protocol = markup`<code>${negotiated}</code> <span class="warn-text">— NOT ${specVersion}: ${mismatch}</span>`;
  }
  const facts: [string, Html][] = [
    ['Target', markup`<code class="wrap">${target.description}</code>`],
    ['Transport', markup`${target.transport}${target.bundledReference ? markup` · <b>bundled reference receiver</b>` : ' · implementation under test (not the bundled reference)'}`],
    ['Role', markup`${describeRole(report)}`],
    ['Protocol', protocol],
  ];
  if (server) facts.push(['Server', markup`${server}`]);
  facts.push(['Started', markup`<time datetime="${report.startedAt}">${formatStart(report.startedAt)}</time>`]);
  facts.push(['Duration', markup`${formatDuration(report.durationMs)}`]);
  if (report.calibration) facts.push(['Calibration', markup`${describeCalibration(report.calibration)}`]);
  const pace = report.calibration && describePace(report.calibration);
  if (pace) facts.push(['Pace', markup`${pace}`]);
  if (verdict.strict) facts.push(['Mode', markup`strict: a warn fails the run`]);
  if (verdict.baseline) {
    const { file, expected, stale, unknown, notExercised } = verdict.baseline;
    const accounting = `${plural(expected.length, 'expected failure')}, ${stale.length} stale, ${unknown.length} unknown, ${notExercised.length} not exercised`;
    facts.push(['Baseline', markup`${file && markup`<code class="wrap">${file}</code> · `}<a href="#verdict-details">${accounting}</a>`]);
  }

  const notices = report.notices.length > 0 && markup`<section class="notices" aria-label="Notices"><h2>Notices</h2><ul>${report.notices.map((notice) => markup`<li>${notice}</li>`)}</ul></section>`;

  const evidence = verdict.evidence && markup`<span class="verdict-evidence${verdict.evidence.mostlySkipped && ' mostly-skipped'}" id="verdict-evidence">Judged: ${verdict.evidence.line}</span>`;

  return markup`<header class="top">
  <div class="title">
    <p class="tool">${report.tool.name} ${report.tool.version}</p>
    <h1>Conformance to ${specLink(report.profile.specUrl, report.profile.title, 'profile')}</h1>
  </div>
  <div class="verdict v-${card.state}" id="verdict" data-verdict="${card.state}">
    <span class="verdict-word">${card.word}</span>
    <span class="verdict-text"><span class="verdict-line">${verdict.summary}</span>${evidence}</span>
  </div>
</header>
<ul class="counts" aria-label="Results">${counts}<li class="count total"><b>${total}</b> ${total === 1 ? 'check' : 'checks'}</li></ul>
<dl class="facts">${facts.map(([term, value]) => markup`<div><dt>${term}</dt><dd>${value}</dd></div>`)}</dl>
${notices}`;
}

/** The banner of a run in which the server under test died: how and when, the checks it took along, what the suite did, its last stderr lines. */
function exitBanner(report: RunReport): Html | undefined {
  const exits = exitsToShow(report.targetExits);
  if (exits.length === 0) return undefined;
  const item = (exit: TargetExit) => {
    const tail = (exit.stderrTail ?? []).slice(-EXIT_STDERR_LINES);
    const stderr = !exit.stderrTail
      ? markup`<p class="muted">The suite did not start it, so its stderr is not known.</p>`
      : tail.length > 0
        ? markup`<pre class="stderr" aria-label="Its last stderr lines">${tail.map((line) => line.text).join('\n')}</pre>`
        : markup`<p class="muted">It wrote nothing to stderr.</p>`;
    const inFlight = exit.check === undefined && exit.checks.length > 0 && markup` In flight: ${exit.checks.map((check, index) => markup`${index > 0 && ', '}${checkRef(check)}`)}.`;
    return markup`<li><p><b>${exitHeadline(exit)}.</b>${inFlight} ${exitAftermath(exit)}</p>${stderr}</li>`;
  };
  const more = (report.targetExits?.length ?? 0) - exits.length;
  return markup`<section class="target-exits" id="target-exits" role="alert" aria-labelledby="target-exits-h">
<h2 id="target-exits-h">The server under test died during the run</h2>
<ul>${exits.map(item)}</ul>${more > 0 && markup`<p class="muted">${plural(more, 'more exit', 'more exits')} not shown; the JSON report has every one.</p>`}
</section>`;
}

/** The baseline's accounting and the checks whose verdict changed between runs; nothing when the run had neither. */
function verdictDetails(verdict: RunVerdict): Html | undefined {
  const list = (heading: string, items: Html[]) => items.length > 0 && markup`<h4>${heading} (${items.length})</h4><ul>${items.map((item) => markup`<li>${item}</li>`)}</ul>`;
  const { baseline, unstable } = verdict;
  const parts: OptionalParts = [];
  if (baseline) {
    const link = (url: string | undefined) => url !== undefined && markup` ${safeSpecUrl(url) ? specLink(url, 'spec') : markup`<span class="muted wrap">${url}</span>`}`;
    parts.push(
      markup`<h2 id="verdict-details-h">Baseline${baseline.file && markup` <code class="wrap">${baseline.file}</code>`}</h2>`,
      markup`<p class="hint">Listed checks that fail do not fail the run; a listed check that no longer fails (stale) and an entry naming no check (unknown) do.</p>`,
      list(
        'Stale entries: they fail the run',
        baseline.stale.map((entry) => markup`${badge(entry.outcome)} ${checkRef(entry.check)} <span class="why">${entry.message}</span>`),
      ),
      list(
        'Unknown entries: they fail the run',
        baseline.unknown.map((entry) => markup`<code>${entry.check}</code> <span class="why">${entry.message}</span>`),
      ),
      list(
        'Expected failures',
        baseline.expected.map((entry) => markup`${badge(entry.outcome)} ${checkRef(entry.check)} <span class="why">${entry.reason}</span>${link(entry.link)}`),
      ),
      list(
        'Not exercised',
        baseline.notExercised.map((entry) => markup`<code>${entry.check}</code> <span class="why">${entry.message}</span>`),
      ),
    );
  }
  if (unstable && unstable.length > 0) {
    parts.push(
      markup`<h2 id="unstable-h">Verdicts that changed between runs</h2>`,
      list(
        'Each fails the run',
        unstable.map((entry) => markup`${checkRef(entry.check)} ${entry.outcomes.map((outcome, index) => markup`${index > 0 && ' → '}${badge(outcome)}`)}`),
      ),
    );
  }
  const present = joinLines(parts);
  return present.length > 0 ? markup`<section class="verdict-details" id="verdict-details" aria-label="Verdict details">${present}</section>` : undefined;
}

/** The overview's column heads: short enough for seven columns beside the section names at 1024 px; the full word on hover. */
const SHORT_LABELS: Record<Outcome, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP', inconclusive: 'INC', error: 'ERR' };

function overview(report: RunReport, rows: readonly Row[], sections: readonly SectionKey[]): Html {
  const zero = (): Record<Outcome, number> => ({ pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, error: 0 });
  const key = (era: string, name: string) => `${era} ${name}`;
  const counts = new Map(sections.map((section) => [key(section.era, section.name), zero()]));
  const totals = zero();
  for (const row of rows) {
    const outcome = row.result.outcome;
    const record = counts.get(key(row.era, row.section))!;
    if (outcome in record) {
      record[outcome] += 1;
      totals[outcome] += 1;
    }
  }
  const multiEra = isMultiEra(rows);
  const cell = (section: SectionKey | undefined, outcome: Outcome, n: number): Html => {
    const where = section === undefined ? 'all sections' : multiEra ? `${section.era} ${section.name}` : section.name;
    const label = `${where}: ${n} ${NOUNS[outcome]}`;
    if (n === 0) return markup`<td class="c o-${outcome} zero"><span aria-label="${label}">·</span></td>`;
    const sectionAttribute = section !== undefined && markup` data-section="${section.name}" data-era="${section.era}"`;
    const button = markup`<button type="button" class="cell" data-cell-outcome="${outcome}"${sectionAttribute} aria-pressed="false" aria-label="${label}" title="Show ${label}">${n}</button>`;
    return markup`<td class="c o-${outcome}">${button}</td>`;
  };
  const sum = (record: Record<Outcome, number>) => OUTCOMES.reduce((total, outcome) => total + record[outcome], 0);
  const body: Html[] = [];
  let era: string | undefined;
  for (const section of sections) {
    // In a report of several eras, each era's sections sit under a row naming it.
    if (multiEra && section.era !== era) body.push(markup`<tr class="era-row"><th scope="colgroup" colspan="${OUTCOMES.length + 2}">${eraTitle(report, section.era)}</th></tr>`);
    era = section.era;
    const record = counts.get(key(section.era, section.name))!;
    const state = record.fail + record.error > 0 ? 'bad' : record.warn > 0 ? 'meh' : '';
    const sectionAttributes = markup`data-section="${section.name}" data-era="${section.era}"`;
    const rowHead = markup`<button type="button" class="rowhead" ${sectionAttributes} aria-pressed="false" title="Show every check of this section">${section.name}</button>`;
    body.push(markup`<tr class="${state}"><th scope="row">${rowHead}</th>${OUTCOMES.map((outcome) => cell(section, outcome, record[outcome]))}<td class="c sum">${sum(record)}</td></tr>`);
  }
  const head = OUTCOMES.map(
    (outcome) => markup`<th scope="col" class="c"><span class="badge o-${outcome}" title="${NOUNS[outcome]}" aria-label="${NOUNS[outcome]}">${SHORT_LABELS[outcome]}</span></th>`,
  );
  return markup`<section class="overview" aria-labelledby="overview-h">
<h2 id="overview-h">Overview by spec section</h2>
<p class="hint">Click a count to list those checks; click a section for all of its checks.</p>
<div class="scroll"><table class="matrix">
<thead><tr><th scope="col">Section</th>${head}<th scope="col" class="c">Total</th></tr></thead>
<tbody>
${body.map((row, index) => markup`${index > 0 && '\n'}${row}`)}
</tbody>
<tfoot><tr><th scope="row">All sections</th>${OUTCOMES.map((outcome) => cell(undefined, outcome, totals[outcome]))}<td class="c sum">${sum(totals)}</td></tr></tfoot>
</table></div>
</section>`;
}

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The rerun line from what the report knows of the target: its role, command or URL, and the check's era. */
function rerunFromReport(report: RunReport, result: CheckResult): string {
  const { target } = report;
  const parts = ['mcp-tasks-conformance', report.role];
  if (target.bundledReference && report.role === 'server') parts.push('--reference', target.transport);
  else parts.push(target.transport === 'http' && report.role === 'server' ? '--url' : '--command', shellQuote(target.description));
  if (result.profile) parts.push('--spec', result.profile);
  parts.push('--only', result.id);
  return parts.join(' ');
}

/** Text with `code` spans, as the explanations write it: the code parts as <code>, every part escaped. */
function withCode(text: string): Html[] {
  return text.split('`').map((part, index) => (index % 2 === 1 ? markup`<code>${part}</code>` : markup`${part}`));
}

/**
 * The place a failure gets fixed, first on the card: each check that failed, errored or warned, worst first, with
 * its message, how implementations typically fail it and fix it (`explain`), and the command that reruns it alone.
 */
function fixFirst(report: RunReport, rows: readonly Row[], verdict: RunVerdict, options: HtmlOptions): Html {
  const expected = new Map(verdict.baseline?.expected.map((entry) => [entry.check, entry.reason]) ?? []);
  const notable = rows.filter((row) => ['fail', 'error', 'warn'].includes(row.result.outcome)).sort(byAttention);
  const multiEra = isMultiEra(rows);
  const items = notable.map((row) => {
    const { result } = row;
    const reason = expected.get(result.id);
    const advice = options.explain?.(result);
    const command = options.rerun?.(result) ?? rerunFromReport(report, result);
    const commandId = `rerun-${row.index}`;
    const explanation = advice
      ? markup`<div class="advice"><p class="does"><b>What it checks:</b> ${withCode(advice.does)}</p><ul class="causes">${advice.causes.map(causeItem)}</ul></div>`
      : markup`<p class="advice muted"><code>mcp-tasks-conformance explain ${result.id}</code> says what the check verifies, why implementations fail it and how they fix it.</p>`;
    const eraTag = multiEra && markup` <span class="era-tag">${row.era}</span>`;
    const expectedNote = reason !== undefined && markup`<p class="expected-note">expected by the baseline: ${reason.slice(0, 300)}</p>`;
    const copyButton = markup`<button type="button" class="copy" data-copy="${commandId}" title="Copy the command">Copy</button>`;
    return markup`<li class="fix-item o-${result.outcome}${reason !== undefined && ' expected'}" data-fix-check="${result.id}">
<p class="fix-head">${badge(result.outcome)} ${checkRef(result.id)}${eraTag} <span class="ttl">${result.title}</span></p>${expectedNote}
${result.message && markup`<p class="why">${clipped(result.message, 600)}</p>`}
${explanation}
<div class="rerun"><span class="rerun-label">Rerun it alone:</span><code class="command" id="${commandId}">${command}</code>${copyButton}</div>
</li>`;
  });
  return markup`<section class="fix-first" id="fix-first" aria-labelledby="fix-first-h">
<h2 id="fix-first-h">Fix these first <span class="muted">(${notable.length})</span></h2>
${notable.length > 0 ? markup`<ol class="fix-list">${items.map((item, index) => markup`${index > 0 && '\n'}${item}`)}</ol>` : markup`<p class="all-good">Nothing failed, errored or warned.</p>`}
</section>`;
}

/** One typical cause of a failure and its fix, as an item of the advice list. */
function causeItem(cause: { cause: string; fix: string }): Html {
  return markup`<li><p class="cause"><b>Typical cause:</b> ${withCode(cause.cause)}</p><p class="fix"><b>Fix:</b> ${withCode(cause.fix)}</p></li>`;
}

function findingLine(finding: Finding): Html {
  const apart = finding.expected !== undefined && markup`<dl class="expected-actual"><dt>expected</dt><dd>${finding.expected}</dd><dt>actual</dt><dd>${finding.actual ?? ''}</dd></dl>`;
  const seen = finding.seenAt && markup`<span class="seen-at muted">${seenAtButton(finding.seenAt)} in the transcript${finding.source === 'rule-book' ? ' · judged by the rule book' : ''}</span>`;
  const severity = finding.severity === 'warn' ? 'warn' : 'fail';
  const seenAtAttribute = finding.seenAt ? markup`data-seen-at="${finding.seenAt.t}"` : '';
  const requirement = markup`${keywordTag(finding.keyword, `[${finding.keyword}]`)} ${requirementRef(finding.requirement)}`;
  return markup`<li class="finding sev-${severity}" ${seenAtAttribute}>${requirement}: <span class="msg">${finding.message}</span>${apart}${seen}</li>`;
}

/** The button that shows, in the transcript, the message a finding was seen in. */
function seenAtButton(seenAt: NonNullable<Finding['seenAt']>): Html {
  const on = seenAt.conn ? ` on ${seenAt.conn}` : '';
  return markup`<button type="button" class="seen-at-link" data-seen-at="${String(seenAt.t)}" title="Show this message in the transcript">seen at +${seenAt.t} ms${on}</button>`;
}

/** The heading of a check's transcript: how many entries, and which way each arrow points. */
function transcriptHead(entries: number): Html {
  return markup`<h4>Transcript <span class="muted">(${plural(entries, 'entry', 'entries')} · → sent to the target · ← received from it)</span></h4>`;
}

/** Where the transcript is drawn once the check is opened. */
function transcriptBody(entries: number): Html {
  return markup`<div class="transcript" data-entries="${entries}"><p class="muted loading">The transcript is shown when the check is opened.</p></div>`;
}

/** The transcript itself, as a JSON data block the page reads when the check is opened. */
function transcriptData(result: CheckResult): Html {
  return markup`<script type="application/json" class="transcript-data">${scriptJson(z.encode(TranscriptSchema, result.transcript))}</script>`;
}

function checkItem(row: Row, coverage: ReadonlyMap<string, CoverageEntry>, multiEra: boolean): Html {
  const { result, section, era } = row;
  const outcome = result.outcome;
  const searchText = [result.id, result.title, ...result.requirements].join(' ').toLowerCase();
  const preview = outcome !== 'pass' && result.message && markup`<span class="preview">${clipped(result.message, 400)}</span>`;

  const requirements = result.requirements.map((id) => {
    const entry = coverage.get(id);
    if (!entry) return markup`<li>${requirementRef(id)} <span class="muted">(not in this run's requirement matrix)</span></li>`;
    return markup`<li>${keywordTag(entry.keyword)} ${requirementRef(id)} — ${entry.summary} ${sectionLink(entry)}</li>`;
  });

  const protocol = result.protocolVersion !== undefined && markup`<span>protocol <b>${result.protocolVersion}</b></span>`;
  const restart = !!result.targetRestarts && markup`<span>ran after restart <b>${result.targetRestarts}</b> of the server</span>`;
  const placement = markup`<span>suite <b>${result.suite}</b></span><span>section <b>${section}</b></span><span>level <b>${result.level}</b></span><span>role <b>${result.role}</b></span>`;
  const facts = markup`<p class="meta">${era && markup`<span>profile <b>${era}</b></span>`}${placement}${protocol}${restart}<span>took <b>${formatDuration(result.durationMs)}</b></span></p>`;
  const entries = result.transcript.length;
  const transcript =
    entries > 0
      ? markup`<div class="block">${transcriptHead(entries)}${transcriptBody(entries)}${transcriptData(result)}</div>`
      : markup`<div class="block"><h4>Transcript</h4><p class="muted">Nothing was exchanged.</p></div>`;
  const parts = joinLines([
    facts,
    result.message && markup`<div class="block message o-${outcome}"><h4>Message</h4><p class="msg">${result.message}</p></div>`,
    result.findings.length > 0 && markup`<div class="block"><h4>Findings (${result.findings.length})</h4><ul class="findings">${result.findings.map(findingLine)}</ul></div>`,
    requirements.length > 0 && markup`<div class="block"><h4>Requirements</h4><ul class="reqs">${requirements}</ul></div>`,
    result.info.length > 0 && markup`<div class="block"><h4>Info</h4><ul class="info">${result.info.map((line) => markup`<li>${line}</li>`)}</ul></div>`,
    transcript,
  ]);

  const line = markup`<span class="line"><code class="id">${result.id}</code>${multiEra && markup`<span class="era-tag">${era}</span>`}<span class="ttl">${result.title}</span></span>`;
  const attributes = markup`id="check-${result.id}" data-check-id="${result.id}" data-outcome="${outcome}" data-section="${section}" data-era="${era}" data-search="${searchText}"`;
  return markup`<details class="check o-${outcome}" ${attributes}>
<summary>${badge(outcome)}<span class="head">${line}${preview}</span><span class="dur">${formatDuration(result.durationMs)}</span></summary>
<div class="body">${parts}</div>
</details>`;
}

/** The search box of the check list; its title names the shortcut that focuses it. */
const SEARCH_HINT = markup`title="Search check IDs, titles and requirement IDs (shortcut: /)"`;
const SEARCH_INPUT = markup`<input id="search" type="search" placeholder="Search ID, title, requirement…" ${SEARCH_HINT} autocomplete="off" spellcheck="false">`;

function checkList(report: RunReport, rows: readonly Row[], coverage: ReadonlyMap<string, CoverageEntry>): Html {
  const s = report.summary;
  const total = rows.length;
  const multiEra = isMultiEra(rows);
  const items = (group: readonly Row[]) => [...group].sort(byAttention).map((row, index) => markup`${index > 0 && '\n'}${checkItem(row, coverage, multiEra)}`);
  // One group per era when there are several, each under its heading; the failures first in each.
  const list = multiEra
    ? eraOrder(report, rows).map((era) => markup`<div class="era-group" data-era="${era}">\n<h3 class="era-h">${eraTitle(report, era)}</h3>\n${items(rows.filter((row) => row.era === era))}\n</div>\n`)
    : items(rows);
  const buttons = [
    markup`<button type="button" class="filter" data-filter="all" aria-pressed="true">All <span class="n">${total}</span></button>`,
    ...FILTER_ORDER.map(
      (outcome) => markup`<button type="button" class="filter o-${outcome}" data-filter="${outcome}" aria-pressed="false">${LABELS[outcome]} <span class="n">${s[outcome] ?? 0}</span></button>`,
    ),
  ];
  return markup`<section class="checks" aria-labelledby="checks-h">
<h2 id="checks-h">Checks</h2>
<div class="toolbar" role="search">
  <div class="filters" role="group" aria-label="Show outcome">${buttons}</div>
  <label class="search"><span class="sr">Search check IDs and titles</span>${SEARCH_INPUT}</label>
  <span id="shown-count" class="shown" aria-live="polite">${total} of ${plural(total, 'check')}</span>
  <span class="tools"><button type="button" id="expand-all">Expand shown</button><button type="button" id="collapse-all">Collapse all</button></span>
</div>
<p id="section-filter" class="section-filter" hidden>Section: <b id="section-name"></b> <button type="button" id="clear-section" aria-label="Show every section">✕ clear</button></p>
<div id="check-list">
${list}
</div>
<p id="no-match" class="no-match" hidden>No check matches these filters. <button type="button" id="clear-filters">Clear filters</button></p>
</section>`;
}

function requirementMatrix(report: RunReport, outcomes: ReadonlyMap<string, Outcome>): Html {
  if (report.coverage.length === 0) {
    return markup`<section class="coverage" aria-labelledby="coverage-h"><h2 id="coverage-h">Requirement matrix</h2><p class="muted">This report has no requirement matrix.</p></section>`;
  }
  const covered = report.coverage.filter((entry) => entry.checks.length > 0).length;
  const verifiedBy = (entry: CoverageEntry): Html => {
    if (entry.checks.length > 0) {
      const checks = entry.checks.map((id) => {
        const outcome = outcomes.get(id);
        return markup`<li><a href="#check-${id}" class="checkref${outcome && ` o-${outcome}`}">${id}</a>${outcome && markup` <span class="mini o-${outcome}">${LABELS[outcome]}</span>`}</li>`;
      });
      return markup`<ul class="inline">${checks}</ul>`;
    }
    if (entry.reason) return markup`<span class="reason">${entry.reason}</span>`;
    return markup`<span class="gap">not covered: no check verifies it and no reason is recorded</span>`;
  };
  const multiEra = new Set(report.coverage.map((entry) => entry.profile ?? '')).size > 1;
  // In a report of several eras, each era's requirements sit under a row naming it.
  const eraRow = (entry: CoverageEntry, index: number) =>
    multiEra &&
    (index === 0 || report.coverage[index - 1]!.profile !== entry.profile) &&
    markup`<tr class="era-row"><th scope="colgroup" colspan="4">${eraTitle(report, entry.profile ?? '')}</th></tr>\n`;
  const requirementCells = (entry: CoverageEntry) => {
    const requirement = markup`<td><code>${entry.id}</code><div class="summary">${entry.summary}</div></td><td>${keywordTag(entry.keyword)}</td>`;
    return markup`${requirement}<td>${sectionLink(entry)}<div class="muted small">binds the ${entry.binds}</div></td><td>${verifiedBy(entry)}</td>`;
  };
  const body = report.coverage.map((entry, index) => markup`${index > 0 && '\n'}${eraRow(entry, index)}<tr id="req-${entry.id}">${requirementCells(entry)}</tr>`);
  return markup`<section class="coverage" aria-labelledby="coverage-h">
<h2 id="coverage-h">Requirement matrix</h2>
<p class="hint">${plural(report.coverage.length, 'requirement')}; ${covered} verified by checks of this run, ${report.coverage.length - covered} with the reason none does.</p>
<div class="scroll"><table class="reqtable">
<thead><tr><th scope="col">Requirement</th><th scope="col">Keyword</th><th scope="col">Section</th><th scope="col">Checks, or why none</th></tr></thead>
<tbody>
${body}
</tbody>
</table></div>
</section>`;
}

// ------------------------------------------------------------------------------------------------ page

/** The report as one self-contained HTML document. */
export function buildHtmlReport(report: RunReport, options: HtmlOptions = {}): string {
  const { style, script } = loadAssets();
  const verdict = reportVerdict(report, options.strict);
  const coverage = new Map<string, CoverageEntry>();
  for (const entry of report.coverage) if (!coverage.has(entry.id)) coverage.set(entry.id, entry);
  const { rows, sections } = sectionRows(report, coverage);
  const outcomes = new Map<string, Outcome>();
  for (const result of report.results) if (!outcomes.has(result.id)) outcomes.set(result.id, result.outcome);

  const title = `${cardState(report, verdict).word} · ${report.profile.title} · ${report.target.description}`;
  // Our own words and base64 hashes: nothing in it needs escaping in a double-quoted attribute.
  const csp = rawHtml(["default-src 'none'", `script-src 'sha256-${sha256(script)}'`, `style-src 'sha256-${sha256(style)}'`, "img-src 'none'", "base-uri 'none'", "form-action 'none'"].join('; '));
  const tool = `${report.tool.name} ${report.tool.version}`;

  return markup`<!DOCTYPE html>
<html lang="en" data-transcript-chunk="${TRANSCRIPT_CHUNK}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="${tool}">
<title>${title}</title>
<style>${rawHtml(style)}</style>
</head>
<body>
<main>
${header(report, verdict)}
${exitBanner(report)}
${verdictDetails(verdict)}
${fixFirst(report, rows, verdict, options)}
${overview(report, rows, sections)}
${checkList(report, rows, coverage)}
${requirementMatrix(report, outcomes)}
<footer>Generated by ${tool} for ${report.profile.title}. This file is self-contained: it loads nothing from the network. Outcomes are the runner's; this page only shows them.</footer>
</main>
<script>${rawHtml(script)}</script>
</body>
</html>
`.toString();
}

/** Writes the HTML report atomically (temporary file + rename), creating the folder when needed. */
export async function writeHtmlReport(file: string, report: RunReport, options: HtmlOptions = {}): Promise<void> {
  await writeFileAtomic(file, buildHtmlReport(report, options));
}
