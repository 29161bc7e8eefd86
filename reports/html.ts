// The HTML report card: one self-contained file (inline CSS and vanilla JS, nothing loaded from the network)
// with the verdict, an overview matrix of spec section × outcome, every check with its findings and transcript,
// filters, and the requirement matrix. It renders what the runner decided and the run's verdict the report
// carries (harness/run-policy.ts decided it); it never computes a check's outcome or whether the run passes.
//
// Safety: everything the implementation under test sent (messages, findings, transcripts, serverInfo) is
// untrusted. Text rendered on the server side goes through escapeHtml(); transcripts travel as JSON in inline
// <script type="application/json"> data blocks (every "<", ">" and "&" written as a \u escape, so no "</script"
// or "<!--" can appear) and the page builds them with textContent only. A Content-Security-Policy allows the
// page's own script and style (by hash) and nothing else: no network, no injected script even if escaping failed.
//
// Transcripts are rendered lazily: on the first opening of a check, in chunks of TRANSCRIPT_CHUNK entries, so a
// 2,000-entry transcript costs nothing at page load.

import { createHash } from 'node:crypto';

import { OUTCOMES } from '../harness/model.js';
import type { CheckResult, CoverageEntry, Finding, Outcome, RunReport, RunVerdict, TranscriptEntry } from '../harness/model.js';
import { reportVerdict } from '../harness/run-policy.js';
import { toPlain, writeFileAtomic } from './json.js';
import { plural, describeCalibration, describeServer, EXIT_STDERR_LINES, exitAftermath, exitHeadline, exitsToShow } from './text.js';

export interface HtmlOptions {
  /** For a report without a verdict: a warn (a SHOULD not met) fails the run, as `--strict` does. Default false. */
  strict?: boolean;
}

/** Transcript entries rendered per step when a check is opened; a button renders the next chunk. */
export const TRANSCRIPT_CHUNK = 300;

const LABELS: Record<Outcome, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP', error: 'ERROR' };
const NOUNS: Record<Outcome, string> = { pass: 'passed', fail: 'failed', warn: 'warned', skip: 'skipped', error: 'errors' };
/** Filter buttons, in the order shown. */
const FILTER_ORDER: readonly Outcome[] = ['fail', 'warn', 'skip', 'error', 'pass'];

// ------------------------------------------------------------------------------------------------ text

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Control characters other than tab and line breaks are shown as their Unicode control pictures (␀, ␛, …). */
function visibleControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (c) =>
    String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)),
  );
}

/** Half of a surrogate pair without the other half: not encodable in UTF-8, written as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return visibleControls(String(value))
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON for an inline data block: parses to the same value, cannot end the <script> or open a comment, and carries no
 * raw control character (JSON.stringify already escapes C0; DEL, C1 and the line/paragraph separators are escaped here).
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '? ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function formatStart(startedAt: string): string {
  const date = new Date(startedAt);
  if (Number.isNaN(date.getTime())) return startedAt;
  return date.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
}



/** Only our own spec links become hrefs; anything else is shown as text. */
function safeSpecUrl(url: string): string | undefined {
  return /^https:\/\/(?:modelcontextprotocol\.io|www\.jsonrpc\.org|jsonrpc\.org)\//.test(url) ? url : undefined;
}

// ------------------------------------------------------------------------------------------------ model

interface Row {
  result: CheckResult;
  index: number;
  section: string;
}

/** Each result under the section of its first requirement that the coverage knows; otherwise under its suite. */
function sectionRows(report: RunReport, coverage: ReadonlyMap<string, CoverageEntry>): { rows: Row[]; sections: string[] } {
  const rows = report.results.map((result, index) => {
    const entry = result.requirements.map((id) => coverage.get(id)).find((e) => e !== undefined);
    return { result, index, section: entry?.section ?? result.suite };
  });
  // Sections in spec order (the coverage's order), then fallback suites in the order the results name them.
  const order: string[] = [];
  for (const entry of report.coverage) if (!order.includes(entry.section)) order.push(entry.section);
  for (const row of rows) if (!order.includes(row.section)) order.push(row.section);
  const used = new Set(rows.map((row) => row.section));
  return { rows, sections: order.filter((section) => used.has(section)) };
}

/** The card's state: the verdict's, or "none" when no check ran (that verdict fails too, but says so plainly). */
function cardState(report: RunReport, verdict: RunVerdict): { state: 'pass' | 'fail' | 'none'; word: string } {
  if (report.results.length === 0) return { state: 'none', word: 'NO CHECKS' };
  return verdict.outcome === 'pass' ? { state: 'pass', word: 'PASS' } : { state: 'fail', word: 'FAIL' };
}

// ------------------------------------------------------------------------------------------------ parts

function badge(outcome: Outcome): string {
  return `<span class="badge o-${outcome}">${LABELS[outcome] ?? escapeHtml(String(outcome).toUpperCase())}</span>`;
}

function keywordTag(keyword: string, text = keyword): string {
  const level = /^MUST/.test(keyword) ? 'must' : /^SHOULD/.test(keyword) ? 'should' : 'may';
  return `<span class="kw kw-${level}">${escapeHtml(text)}</span>`;
}

function specLink(entry: Pick<CoverageEntry, 'url' | 'section'>): string {
  const href = safeSpecUrl(entry.url);
  const text = `§ ${escapeHtml(entry.section)}`;
  return href ? `<a class="spec" href="${escapeHtml(href)}" rel="noopener noreferrer">${text}</a>` : `<span class="spec">${text}</span>`;
}

function header(report: RunReport, verdict: RunVerdict): string {
  const s = report.summary;
  const total = OUTCOMES.reduce((sum, outcome) => sum + (s[outcome] ?? 0), 0);
  const card = cardState(report, verdict);
  const counts = OUTCOMES.map(
    (outcome) => `<li class="count o-${outcome}${(s[outcome] ?? 0) === 0 ? ' zero' : ''}"><b>${s[outcome] ?? 0}</b> ${NOUNS[outcome]}</li>`,
  ).join('');

  const target = report.target;
  const server = describeServer(report.serverInfo);
  const negotiated = report.negotiatedProtocolVersion;
  let protocol: string;
  if (negotiated === undefined || negotiated === '') {
    protocol = `<span class="warn-text">none — no initialize completed, so no protocol version was negotiated</span>`;
  } else if (negotiated === report.specVersion) {
    protocol = `<code>${escapeHtml(negotiated)}</code> <span class="ok-text">(the spec version under test)</span>`;
  } else {
    protocol =
      `<code>${escapeHtml(negotiated)}</code> <span class="warn-text">— NOT ${escapeHtml(report.specVersion)}: the target negotiated ` +
      `another protocol version, so these results may not describe its ${escapeHtml(report.specVersion)} behaviour</span>`;
  }
  const facts: [string, string][] = [
    ['Target', `<code class="wrap">${escapeHtml(target.description)}</code>`],
    ['Transport', `${escapeHtml(target.transport)}${target.bundledReference ? ' · <b>bundled reference receiver</b>' : ' · implementation under test (not the bundled reference)'}`],
    ['Role', `${escapeHtml(report.role)} (receiver of task-augmented requests)`],
    ['Protocol', protocol],
  ];
  if (server) facts.push(['Server', escapeHtml(server)]);
  facts.push(['Started', `<time datetime="${escapeHtml(report.startedAt)}">${escapeHtml(formatStart(report.startedAt))}</time>`]);
  facts.push(['Duration', escapeHtml(formatDuration(report.durationMs))]);
  if (report.calibration) facts.push(['Calibration', escapeHtml(describeCalibration(report.calibration))]);
  if (verdict.strict) facts.push(['Mode', 'strict: a warn fails the run']);
  if (verdict.baseline) {
    const { file, expected, stale, unknown, notExercised } = verdict.baseline;
    const accounting = `${plural(expected.length, 'expected failure')}, ${stale.length} stale, ${unknown.length} unknown, ${notExercised.length} not exercised`;
    facts.push(['Baseline', `${file ? `<code class="wrap">${escapeHtml(file)}</code> · ` : ''}<a href="#verdict-details">${escapeHtml(accounting)}</a>`]);
  }

  const notices =
    report.notices.length > 0
      ? `<section class="notices" aria-label="Notices"><h2>Notices</h2><ul>${report.notices.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul></section>`
      : '';

  return `<header class="top">
  <div class="title">
    <p class="tool">${escapeHtml(report.tool.name)} ${escapeHtml(report.tool.version)}</p>
    <h1>Tasks conformance · MCP spec <span class="nowrap">${escapeHtml(report.specVersion)}</span></h1>
  </div>
  <div class="verdict v-${card.state}" id="verdict" data-verdict="${card.state}">
    <span class="verdict-word">${card.word}</span>
    <span class="verdict-line">${escapeHtml(verdict.summary)}</span>
  </div>
</header>
<ul class="counts" aria-label="Results">${counts}<li class="count total"><b>${total}</b> ${total === 1 ? 'check' : 'checks'}</li></ul>
<dl class="facts">${facts.map(([k, v]) => `<div><dt>${k}</dt><dd>${v}</dd></div>`).join('')}</dl>
${notices}`;
}

/** The banner of a run in which the server under test died: how and when, the checks it took along, what the suite did, its last stderr lines. */
function exitBanner(report: RunReport): string {
  const exits = exitsToShow(report.targetExits);
  if (exits.length === 0) return '';
  const checkref = (check: string) => `<a class="checkref" href="#check-${escapeHtml(check)}">${escapeHtml(check)}</a>`;
  const items = exits.map((exit) => {
    const tail = (exit.stderrTail ?? []).slice(-EXIT_STDERR_LINES);
    const stderr = !exit.stderrTail
      ? '<p class="muted">The suite did not start it, so its stderr is not known.</p>'
      : tail.length > 0
        ? `<pre class="stderr" aria-label="Its last stderr lines">${tail.map((line) => escapeHtml(line.text)).join('\n')}</pre>`
        : '<p class="muted">It wrote nothing to stderr.</p>';
    const checks = exit.check === undefined && exit.checks.length > 0 ? ` In flight: ${exit.checks.map(checkref).join(', ')}.` : '';
    return `<li><p><b>${escapeHtml(exitHeadline(exit))}.</b>${checks} ${escapeHtml(exitAftermath(exit))}</p>${stderr}</li>`;
  });
  const more = (report.targetExits?.length ?? 0) - exits.length;
  return `<section class="target-exits" id="target-exits" role="alert" aria-labelledby="target-exits-h">
<h2 id="target-exits-h">The server under test died during the run</h2>
<ul>${items.join('')}</ul>${more > 0 ? `<p class="muted">${plural(more, 'more exit', 'more exits')} not shown; the JSON report has every one.</p>` : ''}
</section>`;
}

/** The baseline's accounting and the checks whose verdict changed between runs; empty when the run had neither. */
function verdictDetails(verdict: RunVerdict): string {
  const parts: string[] = [];
  const list = (heading: string, items: string[]) => (items.length > 0 ? `<h4>${heading} (${items.length})</h4><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>` : '');
  const checkref = (check: string) => `<a class="checkref" href="#check-${escapeHtml(check)}">${escapeHtml(check)}</a>`;
  const { baseline, unstable } = verdict;
  if (baseline) {
    const link = (url: string | undefined) => {
      if (url === undefined) return '';
      const href = safeSpecUrl(url);
      return href ? ` <a class="spec" href="${escapeHtml(href)}" rel="noopener noreferrer">spec</a>` : ` <span class="muted wrap">${escapeHtml(url)}</span>`;
    };
    parts.push(
      `<h2 id="verdict-details-h">Baseline${baseline.file ? ` <code class="wrap">${escapeHtml(baseline.file)}</code>` : ''}</h2>`,
      `<p class="hint">Listed checks that fail do not fail the run; a listed check that no longer fails (stale) and an entry naming no check (unknown) do.</p>`,
      list('Stale entries: they fail the run', baseline.stale.map((entry) => `${badge(entry.outcome)} ${checkref(entry.check)} <span class="why">${escapeHtml(entry.message)}</span>`)),
      list('Unknown entries: they fail the run', baseline.unknown.map((entry) => `<code>${escapeHtml(entry.check)}</code> <span class="why">${escapeHtml(entry.message)}</span>`)),
      list('Expected failures', baseline.expected.map((entry) => `${badge(entry.outcome)} ${checkref(entry.check)} <span class="why">${escapeHtml(entry.reason)}</span>${link(entry.link)}`)),
      list('Not exercised', baseline.notExercised.map((entry) => `<code>${escapeHtml(entry.check)}</code> <span class="why">${escapeHtml(entry.message)}</span>`)),
    );
  }
  if (unstable && unstable.length > 0) {
    parts.push(
      `<h2 id="unstable-h">Verdicts that changed between runs</h2>`,
      list('Each fails the run', unstable.map((entry) => `${checkref(entry.check)} ${entry.outcomes.map(badge).join(' → ')}`)),
    );
  }
  return parts.length > 0 ? `<section class="verdict-details" id="verdict-details" aria-label="Verdict details">${parts.join('\n')}</section>` : '';
}

function overview(rows: readonly Row[], sections: readonly string[], verdict: RunVerdict): string {
  const counts = new Map<string, Record<Outcome, number>>();
  for (const section of sections) counts.set(section, { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 });
  const totals: Record<Outcome, number> = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const row of rows) {
    const outcome = row.result.outcome;
    const record = counts.get(row.section)!;
    if (outcome in record) {
      record[outcome] += 1;
      totals[outcome] += 1;
    }
  }
  const cell = (section: string | undefined, outcome: Outcome, n: number): string => {
    const where = section === undefined ? 'all sections' : section;
    const attrs = `data-cell-outcome="${outcome}"${section === undefined ? '' : ` data-section="${escapeHtml(section)}"`}`;
    const label = `${escapeHtml(where)}: ${n} ${NOUNS[outcome]}`;
    if (n === 0) return `<td class="c o-${outcome} zero"><span aria-label="${label}">·</span></td>`;
    return `<td class="c o-${outcome}"><button type="button" class="cell" ${attrs} aria-pressed="false" aria-label="${label}" title="Show ${label}">${n}</button></td>`;
  };
  const body = sections
    .map((section) => {
      const record = counts.get(section)!;
      const sum = OUTCOMES.reduce((a, o) => a + record[o], 0);
      const bad = record.fail + record.error > 0 ? ' bad' : record.warn > 0 ? ' meh' : '';
      return `<tr class="${bad.trim()}"><th scope="row"><button type="button" class="rowhead" data-section="${escapeHtml(section)}" aria-pressed="false" title="Show every check of this section">${escapeHtml(section)}</button></th>${OUTCOMES.map((o) => cell(section, o, record[o])).join('')}<td class="c sum">${sum}</td></tr>`;
    })
    .join('\n');
  const sum = OUTCOMES.reduce((a, o) => a + totals[o], 0);
  return `<section class="overview" aria-labelledby="overview-h">
<div class="overview-grid">
<div class="overview-matrix">
<h2 id="overview-h">Overview by spec section</h2>
<p class="hint">Click a count to list those checks; click a section for all of its checks.</p>
<div class="scroll"><table class="matrix">
<thead><tr><th scope="col">Section</th>${OUTCOMES.map((o) => `<th scope="col" class="c">${badge(o)}</th>`).join('')}<th scope="col" class="c">Total</th></tr></thead>
<tbody>
${body}
</tbody>
<tfoot><tr><th scope="row">All sections</th>${OUTCOMES.map((o) => cell(undefined, o, totals[o])).join('')}<td class="c sum">${sum}</td></tr></tfoot>
</table></div>
</div>
${attention(rows, verdict)}
</div>
</section>`;
}

/** The checks that failed, errored or warned, worst first, each linking to its entry in the list; expected failures say so. */
function attention(rows: readonly Row[], verdict: RunVerdict): string {
  const expected = new Map(verdict.baseline?.expected.map((entry) => [entry.check, entry.reason]) ?? []);
  const rank: Partial<Record<Outcome, number>> = { fail: 0, error: 1, warn: 2 };
  const notable = rows
    .filter((row) => rank[row.result.outcome] !== undefined)
    .sort((a, b) => rank[a.result.outcome]! - rank[b.result.outcome]! || a.index - b.index);
  const items = notable
    .map(
      ({ result }) =>
        `<li${expected.has(result.id) ? ' class="expected"' : ''}>${badge(result.outcome)} <a class="checkref" href="#check-${escapeHtml(result.id)}">${escapeHtml(result.id)}</a>` +
        `${expected.has(result.id) ? ` <span class="expected-note">expected by the baseline: ${escapeHtml(expected.get(result.id)!.slice(0, 300))}</span>` : ''}` +
        `${result.message ? `<div class="why">${escapeHtml(result.message.replace(/\s+/g, ' ').slice(0, 300))}</div>` : ''}</li>`,
    )
    .join('');
  return `<div class="attention" role="region" aria-labelledby="attention-h">
<h2 id="attention-h">Needs attention <span class="muted">(${notable.length})</span></h2>
${notable.length > 0 ? `<ul>${items}</ul>` : '<p class="all-good">Nothing failed, errored or warned.</p>'}
</div>`;
}

function transcriptData(transcript: readonly TranscriptEntry[]): unknown[] {
  return transcript.map((entry) => {
    const out: Record<string, unknown> = { t: Number.isFinite(entry.t) ? entry.t : null, dir: entry.dir };
    if (entry.conn !== undefined) out.conn = String(entry.conn);
    if (entry.message !== undefined) {
      const plain = toPlain(entry.message);
      out.message = plain === undefined ? null : plain;
    }
    if (entry.text !== undefined) out.text = String(entry.text);
    return out;
  });
}

function findingLine(finding: Finding): string {
  return `<li class="finding sev-${finding.severity === 'warn' ? 'warn' : 'fail'}">${keywordTag(finding.keyword, `[${finding.keyword}]`)} <a class="req" href="#req-${escapeHtml(finding.requirement)}">${escapeHtml(finding.requirement)}</a>: <span class="msg">${escapeHtml(finding.message)}</span></li>`;
}

function checkItem(row: Row, coverage: ReadonlyMap<string, CoverageEntry>): string {
  const { result, section } = row;
  const outcome = result.outcome;
  const searchText = [result.id, result.title, ...result.requirements].join(' ').toLowerCase();
  const preview =
    outcome !== 'pass' && result.message ? `<span class="preview">${escapeHtml(result.message.replace(/\s+/g, ' ').slice(0, 400))}</span>` : '';

  const requirements = result.requirements
    .map((id) => {
      const entry = coverage.get(id);
      if (!entry) return `<li><a class="req" href="#req-${escapeHtml(id)}">${escapeHtml(id)}</a> <span class="muted">(not in this run's requirement matrix)</span></li>`;
      return `<li>${keywordTag(entry.keyword)} <a class="req" href="#req-${escapeHtml(id)}">${escapeHtml(id)}</a> — ${escapeHtml(entry.summary)} ${specLink(entry)}</li>`;
    })
    .join('');

  const parts: string[] = [];
  parts.push(
    `<p class="meta"><span>suite <b>${escapeHtml(result.suite)}</b></span><span>section <b>${escapeHtml(section)}</b></span><span>level <b>${escapeHtml(result.level)}</b></span><span>role <b>${escapeHtml(result.role)}</b></span>${result.protocolVersion !== undefined ? `<span>protocol <b>${escapeHtml(result.protocolVersion)}</b></span>` : ''}${result.targetRestarts ? `<span>ran after restart <b>${result.targetRestarts}</b> of the server</span>` : ''}<span>took <b>${escapeHtml(formatDuration(result.durationMs))}</b></span></p>`,
  );
  if (result.message) parts.push(`<div class="block message o-${outcome}"><h4>Message</h4><p class="msg">${escapeHtml(result.message)}</p></div>`);
  if (result.findings.length > 0) parts.push(`<div class="block"><h4>Findings (${result.findings.length})</h4><ul class="findings">${result.findings.map(findingLine).join('')}</ul></div>`);
  if (requirements) parts.push(`<div class="block"><h4>Requirements</h4><ul class="reqs">${requirements}</ul></div>`);
  if (result.info.length > 0) parts.push(`<div class="block"><h4>Info</h4><ul class="info">${result.info.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul></div>`);
  const n = result.transcript.length;
  if (n > 0) {
    parts.push(
      `<div class="block"><h4>Transcript <span class="muted">(${plural(n, 'entry', 'entries')} · → sent to the target · ← received from it)</span></h4>` +
        `<div class="transcript" data-entries="${n}"><p class="muted loading">The transcript is shown when the check is opened.</p></div>` +
        `<script type="application/json" class="transcript-data">${scriptJson(transcriptData(result.transcript))}</script></div>`,
    );
  } else {
    parts.push(`<div class="block"><h4>Transcript</h4><p class="muted">Nothing was exchanged.</p></div>`);
  }

  return `<details class="check o-${outcome}" id="check-${escapeHtml(result.id)}" data-check-id="${escapeHtml(result.id)}" data-outcome="${escapeHtml(outcome)}" data-section="${escapeHtml(section)}" data-search="${escapeHtml(searchText)}">
<summary>${badge(outcome)}<span class="head"><span class="line"><code class="id">${escapeHtml(result.id)}</code><span class="ttl">${escapeHtml(result.title)}</span></span>${preview}</span><span class="dur">${escapeHtml(formatDuration(result.durationMs))}</span></summary>
<div class="body">${parts.join('\n')}</div>
</details>`;
}

function checkList(report: RunReport, rows: readonly Row[], coverage: ReadonlyMap<string, CoverageEntry>): string {
  const s = report.summary;
  const total = rows.length;
  const buttons = [
    `<button type="button" class="filter" data-filter="all" aria-pressed="true">All <span class="n">${total}</span></button>`,
    ...FILTER_ORDER.map(
      (o) => `<button type="button" class="filter o-${o}" data-filter="${o}" aria-pressed="false">${LABELS[o]} <span class="n">${s[o] ?? 0}</span></button>`,
    ),
  ].join('');
  return `<section class="checks" aria-labelledby="checks-h">
<h2 id="checks-h">Checks</h2>
<div class="toolbar" role="search">
  <div class="filters" role="group" aria-label="Show outcome">${buttons}</div>
  <label class="search"><span class="sr">Search check IDs and titles</span><input id="search" type="search" placeholder="Search ID, title, requirement…" title="Search check IDs, titles and requirement IDs (shortcut: /)" autocomplete="off" spellcheck="false"></label>
  <span id="shown-count" class="shown" aria-live="polite">${total} of ${plural(total, 'check')}</span>
  <span class="tools"><button type="button" id="expand-all">Expand shown</button><button type="button" id="collapse-all">Collapse all</button></span>
</div>
<p id="section-filter" class="section-filter" hidden>Section: <b id="section-name"></b> <button type="button" id="clear-section" aria-label="Show every section">✕ clear</button></p>
<div id="check-list">
${rows.map((row) => checkItem(row, coverage)).join('\n')}
</div>
<p id="no-match" class="no-match" hidden>No check matches these filters. <button type="button" id="clear-filters">Clear filters</button></p>
</section>`;
}

function requirementMatrix(report: RunReport, outcomes: ReadonlyMap<string, Outcome>): string {
  if (report.coverage.length === 0) {
    return `<section class="coverage" aria-labelledby="coverage-h"><h2 id="coverage-h">Requirement matrix</h2><p class="muted">This report has no requirement matrix.</p></section>`;
  }
  const covered = report.coverage.filter((entry) => entry.checks.length > 0).length;
  const body = report.coverage
    .map((entry) => {
      let checks: string;
      if (entry.checks.length > 0) {
        checks = `<ul class="inline">${entry.checks
          .map((id) => {
            const outcome = outcomes.get(id);
            return `<li><a href="#check-${escapeHtml(id)}" class="checkref${outcome ? ` o-${outcome}` : ''}">${escapeHtml(id)}</a>${outcome ? ` <span class="mini o-${outcome}">${LABELS[outcome]}</span>` : ''}</li>`;
          })
          .join('')}</ul>`;
      } else if (entry.reason) {
        checks = `<span class="reason">${escapeHtml(entry.reason)}</span>`;
      } else {
        checks = `<span class="gap">not covered: no check verifies it and no reason is recorded</span>`;
      }
      return `<tr id="req-${escapeHtml(entry.id)}"><td><code>${escapeHtml(entry.id)}</code><div class="summary">${escapeHtml(entry.summary)}</div></td><td>${keywordTag(entry.keyword)}</td><td>${specLink(entry)}<div class="muted small">binds the ${escapeHtml(entry.binds)}</div></td><td>${checks}</td></tr>`;
    })
    .join('\n');
  return `<section class="coverage" aria-labelledby="coverage-h">
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

const STYLE = String.raw`
:root {
  --bg: #f6f7f9; --panel: #fff; --text: #1d232b; --muted: #5f6b7a; --line: #dde1e7; --code-bg: #f2f4f7;
  --pass: #1a7f37; --pass-bg: #dcf5e3; --fail: #c62828; --fail-bg: #fde2e1; --warn: #9a6200; --warn-bg: #fff1cc;
  --skip: #5f6b7a; --skip-bg: #e9ecf0; --error: #8e24aa; --error-bg: #f3e0f8; --accent: #2557c7; --focus: #2557c7;
  --j-key: #0b5cad; --j-str: #1a7f37; --j-num: #b35900; --j-lit: #8e24aa; --on-strong: #fff;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #14171c; --panel: #1c2128; --text: #e3e7ed; --muted: #98a2b0; --line: #313842; --code-bg: #232a33;
    --pass: #4ccf70; --pass-bg: #143321; --fail: #ff6b6b; --fail-bg: #3d1a1a; --warn: #f0b429; --warn-bg: #3a2f12;
    --skip: #98a2b0; --skip-bg: #2a3039; --error: #d68cf0; --error-bg: #35213d; --accent: #7aa7ff; --focus: #7aa7ff;
    --j-key: #7aa7ff; --j-str: #7bd88f; --j-num: #f5a05a; --j-lit: #d68cf0; --on-strong: #14171c;
  }
}
* { box-sizing: border-box; }
html { font-size: 15px; }
body { margin: 0; background: var(--bg); color: var(--text); line-height: 1.45;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
main { max-width: 1240px; margin: 0 auto; padding: 20px 24px 48px; }
code, pre, .id, input[type=search] { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace; }
code { font-size: 0.92em; }
a { color: var(--accent); }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
h1 { font-size: 1.55rem; margin: 0; }
h2 { font-size: 1.15rem; margin: 0 0 8px; }
h4 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); margin: 0 0 6px; }
.muted { color: var(--muted); }
.small { font-size: 0.85em; }
.nowrap { white-space: nowrap; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
[hidden] { display: none !important; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 16px 18px; margin-top: 16px; }
.hint { color: var(--muted); margin: -4px 0 10px; font-size: 0.9em; }
.scroll { overflow-x: auto; }

.top { display: flex; align-items: center; justify-content: space-between; gap: 16px; flex-wrap: wrap; }
.tool { margin: 0 0 2px; color: var(--muted); font-size: 0.9em; }
.verdict { display: flex; align-items: center; gap: 12px; border-radius: 10px; padding: 10px 16px; border: 2px solid; }
.verdict-word { font-size: 1.7rem; font-weight: 800; letter-spacing: 0.05em; }
.verdict-line { font-weight: 600; max-width: 26em; }
.v-pass { color: var(--pass); background: var(--pass-bg); border-color: var(--pass); }
.v-fail { color: var(--fail); background: var(--fail-bg); border-color: var(--fail); }
.v-none { color: var(--warn); background: var(--warn-bg); border-color: var(--warn); }
.counts { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; padding: 0; margin: 14px 0 0; }
.count { padding: 4px 12px; border-radius: 999px; background: var(--panel); border: 1px solid var(--line); }
.count b { font-size: 1.05rem; }
.count.o-pass b { color: var(--pass); } .count.o-fail b { color: var(--fail); } .count.o-warn b { color: var(--warn); }
.count.o-error b { color: var(--error); } .count.o-skip b { color: var(--skip); }
.count.zero { opacity: 0.6; } .count.zero b { color: var(--muted); }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(330px, 1fr)); gap: 4px 24px; margin: 14px 0 0; }
.facts div { display: flex; gap: 10px; min-width: 0; }
.facts dt { color: var(--muted); min-width: 5.5em; }
.facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.wrap { overflow-wrap: anywhere; }
.warn-text { color: var(--warn); font-weight: 600; }
.ok-text { color: var(--muted); }
.notices { border-color: var(--warn); background: var(--warn-bg); }
.notices ul { margin: 0; padding-left: 20px; }
.target-exits { border: 2px solid var(--fail); background: var(--fail-bg); border-radius: 8px; padding: 10px 16px; margin: 14px 0 0; }
.target-exits h2 { color: var(--fail); margin: 0 0 6px; }
.target-exits ul { margin: 0; padding-left: 20px; }
.target-exits pre.stderr { background: var(--code-bg); border: 1px solid var(--line); border-radius: 4px; padding: 6px 8px; overflow-x: auto; max-height: 24em; white-space: pre-wrap; overflow-wrap: anywhere; }

.badge, .mini { display: inline-block; min-width: 4.4em; text-align: center; font-weight: 700; font-size: 0.75rem; letter-spacing: 0.04em;
  padding: 2px 6px; border-radius: 4px; border: 1px solid transparent; }
.mini { min-width: 0; font-size: 0.65rem; padding: 0 4px; }
.badge.o-pass, .mini.o-pass { color: var(--pass); background: var(--pass-bg); border-color: var(--pass); }
.badge.o-fail, .mini.o-fail { color: var(--on-strong); background: var(--fail); border-color: var(--fail); }
.badge.o-warn, .mini.o-warn { color: var(--warn); background: var(--warn-bg); border-color: var(--warn); }
.badge.o-skip, .mini.o-skip { color: var(--skip); background: var(--skip-bg); border-color: var(--line); }
.badge.o-error, .mini.o-error { color: var(--on-strong); background: var(--error); border-color: var(--error); }

.overview-grid { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 8px 28px; }
@media (max-width: 1000px) { .overview-grid { grid-template-columns: minmax(0, 1fr); } }
.attention { border-left: 1px solid var(--line); padding-left: 24px; min-width: 0; }
@media (max-width: 1000px) { .attention { border-left: 0; padding-left: 0; border-top: 1px solid var(--line); padding-top: 12px; } }
.attention ul { list-style: none; margin: 0; padding: 0; }
.attention li { margin: 0 0 10px; }
.attention .checkref { font-weight: 600; }
.attention .why { color: var(--muted); font-size: 0.85em; margin: 2px 0 0; overflow-wrap: anywhere;
  display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
.all-good { color: var(--pass); font-weight: 600; }
.attention li.expected { opacity: 0.75; }
.expected-note { font-size: 0.85em; color: var(--muted); font-style: italic; }
.verdict-details h2 + .hint { margin-top: 0; }
.verdict-details h4 { margin-top: 12px; }
.verdict-details ul { margin: 0; padding-left: 20px; }
.verdict-details li { margin: 3px 0; overflow-wrap: anywhere; }
.verdict-details .why { color: var(--muted); }
.matrix { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
.matrix th, .matrix td { border-bottom: 1px solid var(--line); padding: 1px 4px; text-align: left; }
.matrix thead th { border-bottom: 2px solid var(--line); padding-bottom: 6px; }
.matrix .c { text-align: center; width: 4.2em; }
.matrix tfoot th, .matrix tfoot td { border-top: 2px solid var(--line); border-bottom: 0; font-weight: 700; }
.matrix td.zero { color: var(--line); }
.matrix .sum { color: var(--muted); }
.matrix tr.bad th .rowhead { color: var(--fail); font-weight: 700; }
.matrix tr.meh th .rowhead { color: var(--warn); font-weight: 600; }
.matrix button { font: inherit; color: inherit; background: none; border: 1px solid transparent; border-radius: 5px; cursor: pointer; padding: 0 8px; }
.matrix button:hover { border-color: var(--line); background: var(--code-bg); }
.matrix button[aria-pressed=true] { border-color: var(--accent); background: var(--code-bg); box-shadow: inset 0 0 0 1px var(--accent); }
.matrix .rowhead { text-align: left; width: 100%; font-weight: 500; white-space: nowrap; }
.matrix .cell { min-width: 2.6em; font-weight: 700; }
.matrix td.o-fail .cell { color: var(--on-strong); background: var(--fail); }
.matrix td.o-error .cell { color: var(--on-strong); background: var(--error); }
.matrix td.o-warn .cell { color: var(--warn); background: var(--warn-bg); }
.matrix td.o-pass .cell { color: var(--pass); }
.matrix td.o-skip .cell { color: var(--skip); }
.matrix td.o-fail .cell[aria-pressed=true], .matrix td.o-error .cell[aria-pressed=true] { box-shadow: 0 0 0 2px var(--panel), 0 0 0 4px var(--accent); }

.toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 10px 14px; position: sticky; top: 0; z-index: 2;
  background: var(--panel); padding: 8px 0; border-bottom: 1px solid var(--line); margin-bottom: 8px; }
.filters { display: flex; gap: 4px; flex-wrap: wrap; }
.filter, .tools button, .section-filter button, .no-match button, .more { font: inherit; font-size: 0.9rem; cursor: pointer; border-radius: 6px;
  border: 1px solid var(--line); background: var(--panel); color: var(--text); padding: 4px 10px; }
.filter .n { color: var(--muted); font-variant-numeric: tabular-nums; margin-left: 2px; }
.filter:hover, .tools button:hover, .more:hover { background: var(--code-bg); }
.filter[aria-pressed=true] { background: var(--text); color: var(--panel); border-color: var(--text); }
.filter[aria-pressed=true] .n { color: inherit; opacity: 0.8; }
.filter.o-fail[aria-pressed=true] { background: var(--fail); border-color: var(--fail); color: var(--on-strong); }
.filter.o-error[aria-pressed=true] { background: var(--error); border-color: var(--error); color: var(--on-strong); }
.filter.o-warn[aria-pressed=true] { background: var(--warn); border-color: var(--warn); color: var(--on-strong); }
.filter.o-pass[aria-pressed=true] { background: var(--pass); border-color: var(--pass); color: var(--on-strong); }
.search { flex: 1 1 260px; }
.search input { width: 100%; font-size: 0.9rem; padding: 5px 10px; border-radius: 6px; border: 1px solid var(--line); background: var(--bg); color: var(--text); }
.shown { color: var(--muted); font-variant-numeric: tabular-nums; white-space: nowrap; }
.tools { display: flex; gap: 4px; }
.section-filter { margin: 4px 0 10px; }
.no-match { color: var(--muted); text-align: center; padding: 20px; }

details.check, section, .reqtable tr { scroll-margin-top: 64px; }
details.check { border: 1px solid var(--line); border-left: 4px solid var(--skip); border-radius: 6px; margin: 6px 0; background: var(--panel); }
details.check.o-pass { border-left-color: var(--pass); }
details.check.o-fail { border-left-color: var(--fail); }
details.check.o-warn { border-left-color: var(--warn); }
details.check.o-error { border-left-color: var(--error); }
details.check:target { box-shadow: 0 0 0 2px var(--accent); }
details.check > summary { display: flex; align-items: flex-start; gap: 10px; padding: 7px 10px; cursor: pointer; list-style: none; }
details.check > summary::-webkit-details-marker { display: none; }
details.check > summary::before { content: "▸"; color: var(--muted); width: 0.8em; flex: none; line-height: 1.6; }
details.check[open] > summary::before { content: "▾"; }
details.check > summary:hover { background: var(--code-bg); }
details.check[open] > summary { border-bottom: 1px solid var(--line); }
summary .badge { flex: none; margin-top: 2px; }
summary .head { flex: 1; min-width: 0; display: flex; flex-direction: column; }
summary .line { display: flex; gap: 10px; flex-wrap: wrap; align-items: baseline; }
summary .id { font-weight: 600; }
summary .ttl { color: var(--text); }
summary .preview { color: var(--muted); font-size: 0.88em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
details.check.o-fail summary .preview { color: var(--fail); }
details.check.o-error summary .preview { color: var(--error); }
details.check.o-warn summary .preview { color: var(--warn); }
summary .dur { flex: none; color: var(--muted); font-variant-numeric: tabular-nums; font-size: 0.88em; margin-top: 2px; }
.body { padding: 10px 14px 14px 32px; }
.meta { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 0 0 10px; color: var(--muted); font-size: 0.88em; }
.meta b { color: var(--text); font-weight: 600; }
.block { margin: 12px 0 0; }
.block ul { margin: 0; padding-left: 20px; }
.message .msg, .finding .msg { white-space: pre-wrap; overflow-wrap: anywhere; }
.message .msg { margin: 0; padding: 8px 10px; border-radius: 6px; background: var(--code-bg); }
.message.o-fail .msg { background: var(--fail-bg); } .message.o-error .msg { background: var(--error-bg); } .message.o-warn .msg { background: var(--warn-bg); }
.findings li, .reqs li, .info li { margin: 3px 0; }
.kw { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.8em; font-weight: 700; padding: 0 4px; border-radius: 3px; white-space: nowrap; }
.kw-must { color: var(--fail); background: var(--fail-bg); }
.kw-should { color: var(--warn); background: var(--warn-bg); }
.kw-may { color: var(--skip); background: var(--skip-bg); }
.req { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.9em; }
.spec { white-space: nowrap; font-size: 0.9em; }

.transcript { border: 1px solid var(--line); border-radius: 6px; background: var(--bg); max-height: 75vh; overflow: auto; }
.transcript .loading { margin: 8px 10px; }
.transcript ol { list-style: none; margin: 0; padding: 0; }
.entry { padding: 4px 10px 6px; border-bottom: 1px solid var(--line); }
.entry:last-child { border-bottom: 0; }
.entry-head { display: flex; gap: 10px; align-items: baseline; font-size: 0.85em; }
.entry .t { color: var(--muted); font-variant-numeric: tabular-nums; min-width: 5.5em; text-align: right; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.entry .dir { font-weight: 700; min-width: 3.2em; }
.entry.dir-out .dir { color: var(--accent); }
.entry.dir-in .dir { color: var(--pass); }
.entry.dir-stderr .dir { color: var(--warn); }
.entry.dir-note .dir { color: var(--muted); }
.entry .conn { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; padding: 0 5px; border-radius: 3px; background: var(--skip-bg); color: var(--muted); }
.entry .what { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 600; overflow-wrap: anywhere; }
.entry .what.is-error { color: var(--fail); }
.entry pre { margin: 4px 0 0 6.6em; padding: 6px 10px; background: var(--panel); border: 1px solid var(--line); border-radius: 5px;
  font-size: 0.82rem; line-height: 1.4; white-space: pre-wrap; overflow-wrap: anywhere; }
.entry.dir-note pre { background: none; border: 0; font-style: italic; color: var(--muted); padding: 0 10px; font-family: inherit; }
.entry.dir-stderr pre { color: var(--warn); }
.j-k { color: var(--j-key); } .j-s { color: var(--j-str); } .j-n { color: var(--j-num); } .j-l { color: var(--j-lit); }
.more { margin: 8px 10px; }

.reqtable { border-collapse: collapse; width: 100%; font-size: 0.92em; }
.reqtable th, .reqtable td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
.reqtable thead th { border-bottom: 2px solid var(--line); }
.reqtable tr:target { background: var(--warn-bg); }
.reqtable .summary { color: var(--muted); font-size: 0.92em; margin-top: 2px; max-width: 38em; }
.reqtable td:first-child { min-width: 22em; }
.inline { list-style: none; padding: 0; margin: 0; }
.inline li { margin: 1px 0; }
.checkref { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; }
.reason { color: var(--muted); font-style: italic; }
.gap { color: var(--fail); font-weight: 600; }
footer { color: var(--muted); font-size: 0.85em; text-align: center; margin-top: 24px; }
@media print {
  .toolbar, .tools, .hint { display: none !important; }
  section { border: 0; padding: 0; }
  .transcript { max-height: none; }
}
`;

// Plain JavaScript run in the page. No template literals and no "${" in it: it lives in a String.raw template.
const SCRIPT = String.raw`
(function () {
  'use strict';
  var CHUNK = __CHUNK__;
  var doc = document;
  var checks = Array.prototype.slice.call(doc.querySelectorAll('details.check'));
  var filterButtons = Array.prototype.slice.call(doc.querySelectorAll('[data-filter]'));
  var cellButtons = Array.prototype.slice.call(doc.querySelectorAll('.matrix [data-cell-outcome], .matrix .rowhead'));
  var search = doc.getElementById('search');
  var shown = doc.getElementById('shown-count');
  var noMatch = doc.getElementById('no-match');
  var sectionBox = doc.getElementById('section-filter');
  var sectionName = doc.getElementById('section-name');
  var state = { outcome: 'all', section: null, query: '' };

  function matches(el) {
    if (state.outcome !== 'all' && el.getAttribute('data-outcome') !== state.outcome) return false;
    if (state.section !== null && el.getAttribute('data-section') !== state.section) return false;
    if (state.query && (el.getAttribute('data-search') || '').indexOf(state.query) < 0) return false;
    return true;
  }

  function apply() {
    var n = 0;
    checks.forEach(function (el) {
      var ok = matches(el);
      el.hidden = !ok;
      if (ok) n += 1;
    });
    shown.textContent = n + ' of ' + checks.length + (checks.length === 1 ? ' check' : ' checks');
    noMatch.hidden = n > 0;
    filterButtons.forEach(function (b) {
      b.setAttribute('aria-pressed', String(b.getAttribute('data-filter') === state.outcome));
    });
    cellButtons.forEach(function (b) {
      var section = b.hasAttribute('data-section') ? b.getAttribute('data-section') : null;
      var outcome = b.getAttribute('data-cell-outcome') || 'all';
      b.setAttribute('aria-pressed', String(section === state.section && outcome === state.outcome && (section !== null || outcome !== 'all')));
    });
    sectionBox.hidden = state.section === null;
    sectionName.textContent = state.section === null ? '' : state.section;
  }

  function resetFilters() {
    state.outcome = 'all';
    state.section = null;
    state.query = '';
    search.value = '';
  }

  filterButtons.forEach(function (b) {
    b.addEventListener('click', function () {
      state.outcome = b.getAttribute('data-filter');
      apply();
    });
  });
  cellButtons.forEach(function (b) {
    b.addEventListener('click', function () {
      var section = b.hasAttribute('data-section') ? b.getAttribute('data-section') : null;
      var outcome = b.getAttribute('data-cell-outcome') || 'all';
      if (b.getAttribute('aria-pressed') === 'true') { state.section = null; state.outcome = 'all'; }
      else { state.section = section; state.outcome = outcome; }
      apply();
      doc.getElementById('checks-h').scrollIntoView({ block: 'start' });
    });
  });
  search.addEventListener('input', function () {
    state.query = search.value.trim().toLowerCase();
    apply();
  });
  doc.getElementById('clear-section').addEventListener('click', function () { state.section = null; apply(); });
  doc.getElementById('clear-filters').addEventListener('click', function () { resetFilters(); apply(); });
  doc.getElementById('expand-all').addEventListener('click', function () {
    checks.forEach(function (el) { if (!el.hidden) el.open = true; });
  });
  doc.getElementById('collapse-all').addEventListener('click', function () {
    checks.forEach(function (el) { el.open = false; });
  });
  doc.addEventListener('keydown', function (e) {
    var tag = e.target && e.target.tagName;
    if (e.key === '/' && tag !== 'INPUT' && tag !== 'TEXTAREA' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      search.focus();
      search.select();
    } else if (e.key === 'Escape' && e.target === search) {
      search.value = '';
      state.query = '';
      apply();
    }
  });

  // ------------------------------------------------------------------ transcripts, built on first opening

  var CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
  function visible(text) {
    return String(text).replace(CONTROLS, function (c) {
      return String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0));
    });
  }
  function el(tag, cls, text) {
    var node = doc.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  var DIRS = {
    out: ['\u2192', 'sent to the target'],
    'in': ['\u2190', 'received from the target'],
    stderr: ['stderr', 'written by the target to stderr'],
    note: ['note', 'a remark of the harness']
  };
  var TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|\b(?:true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

  function jsonPre(value) {
    var pre = el('pre', 'json');
    var text;
    try { text = JSON.stringify(value, null, 2); } catch (e) { text = String(value); }
    if (text === undefined) text = String(value);
    var last = 0;
    var m;
    TOKEN.lastIndex = 0;
    while ((m = TOKEN.exec(text)) !== null) {
      if (m.index > last) pre.appendChild(doc.createTextNode(text.slice(last, m.index)));
      var cls = m[1] !== undefined ? (m[2] !== undefined ? 'j-k' : 'j-s') : /^[tfn]/.test(m[0]) ? 'j-l' : 'j-n';
      if (m[2] !== undefined) {
        pre.appendChild(el('span', cls, m[1]));
        pre.appendChild(doc.createTextNode(m[2]));
      } else {
        pre.appendChild(el('span', cls, m[0]));
      }
      last = m.index + m[0].length;
    }
    if (last < text.length) pre.appendChild(doc.createTextNode(text.slice(last)));
    return pre;
  }

  // requests: "conn dir id" -> method, so that a response can say which request it answers.
  function describe(message, dir, conn, requests) {
    if (message === null || typeof message !== 'object' || Array.isArray(message)) return ['', false];
    var hasId = message.id !== undefined && message.id !== null;
    var idText = hasId ? (typeof message.id === 'string' ? message.id : JSON.stringify(message.id)) : '';
    var id = hasId ? ' #' + idText : '';
    if (typeof message.method === 'string') {
      if (hasId) requests[conn + ' ' + dir + ' ' + idText] = message.method;
      return [message.method + id, false];
    }
    var asked = requests[conn + ' ' + (dir === 'in' ? 'out' : 'in') + ' ' + idText];
    var to = hasId && asked ? ' (' + asked + ')' : '';
    if (message.error !== undefined) {
      var code = message.error && message.error.code !== undefined ? ' ' + JSON.stringify(message.error.code) : '';
      return ['error' + code + id + to, true];
    }
    if (message.result !== undefined) return ['result' + id + to, false];
    return ['', false];
  }

  function entryNode(entry, requests) {
    var dir = DIRS.hasOwnProperty(entry.dir) ? entry.dir : 'note';
    var li = el('li', 'entry dir-' + dir);
    var head = el('div', 'entry-head');
    var t = typeof entry.t === 'number' && isFinite(entry.t) ? String(Math.round(entry.t)) : '?';
    head.appendChild(el('span', 't', '+' + t + ' ms'));
    var arrow = el('span', 'dir', DIRS[dir][0]);
    arrow.title = DIRS[dir][1];
    arrow.setAttribute('aria-label', DIRS[dir][1]);
    head.appendChild(arrow);
    if (entry.conn !== undefined) head.appendChild(el('span', 'conn', visible(entry.conn)));
    if (entry.message !== undefined) {
      var what = describe(entry.message, dir, String(entry.conn), requests);
      if (what[0]) head.appendChild(el('span', 'what' + (what[1] ? ' is-error' : ''), visible(what[0])));
    }
    li.appendChild(head);
    if (entry.message !== undefined) li.appendChild(jsonPre(entry.message));
    if (entry.text !== undefined) li.appendChild(el('pre', 'text', visible(entry.text)));
    return li;
  }

  function renderFrom(list, box, entries, start, requests) {
    var end = Math.min(entries.length, start + CHUNK);
    var frag = doc.createDocumentFragment();
    for (var i = start; i < end; i += 1) frag.appendChild(entryNode(entries[i], requests));
    list.appendChild(frag);
    if (end < entries.length) {
      var rest = entries.length - end;
      var more = el('button', 'more', 'Show ' + Math.min(CHUNK, rest) + ' more (' + rest + ' not shown yet)');
      more.type = 'button';
      more.addEventListener('click', function () {
        more.remove();
        renderFrom(list, box, entries, end, requests);
      });
      box.appendChild(more);
    }
  }

  function renderTranscript(details) {
    var box = details.querySelector('.transcript');
    if (!box || box.getAttribute('data-rendered') === 'true') return;
    box.setAttribute('data-rendered', 'true');
    var data = details.querySelector('script.transcript-data');
    var entries;
    try {
      entries = JSON.parse(data ? data.textContent : '[]');
    } catch (e) {
      box.textContent = 'The transcript could not be read: ' + e.message;
      return;
    }
    box.textContent = '';
    var list = el('ol', 'entries');
    box.appendChild(list);
    renderFrom(list, box, entries, 0, Object.create(null));
  }

  checks.forEach(function (details) {
    details.addEventListener('toggle', function () { if (details.open) renderTranscript(details); });
    if (details.open) renderTranscript(details);
  });

  // ------------------------------------------------------------------ links to a check (#check-ID)

  function reveal() {
    var id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    if (!id) return;
    var target = doc.getElementById(id);
    if (!target) return;
    if (target.classList.contains('check')) {
      if (target.hidden) { resetFilters(); apply(); }
      target.open = true;
    }
    target.scrollIntoView({ block: 'start' });
  }
  window.addEventListener('hashchange', reveal);

  apply();
  reveal();
  doc.documentElement.setAttribute('data-ready', 'true');
})();
`.replace('__CHUNK__', String(TRANSCRIPT_CHUNK));

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** The report as one self-contained HTML document. */
export function buildHtmlReport(report: RunReport, options: HtmlOptions = {}): string {
  const verdict = reportVerdict(report, options.strict);
  const coverage = new Map<string, CoverageEntry>();
  for (const entry of report.coverage ?? []) if (!coverage.has(entry.id)) coverage.set(entry.id, entry);
  const withCoverage: RunReport = { ...report, coverage: report.coverage ?? [] };
  const { rows, sections } = sectionRows(withCoverage, coverage);
  const outcomes = new Map<string, Outcome>();
  for (const result of report.results) if (!outcomes.has(result.id)) outcomes.set(result.id, result.outcome);

  const title = `${cardState(report, verdict).word} · Tasks conformance ${report.specVersion} · ${report.target.description}`;
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${sha256(SCRIPT)}'`,
    `style-src 'sha256-${sha256(STYLE)}'`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="${escapeHtml(`${report.tool.name} ${report.tool.version}`)}">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${header(withCoverage, verdict)}
${exitBanner(report)}
${verdictDetails(verdict)}
${overview(rows, sections, verdict)}
${checkList(withCoverage, rows, coverage)}
${requirementMatrix(withCoverage, outcomes)}
<footer>Generated by ${escapeHtml(report.tool.name)} ${escapeHtml(report.tool.version)} for MCP spec ${escapeHtml(report.specVersion)}. This file is self-contained: it loads nothing from the network. Outcomes are the runner's; this page only shows them.</footer>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** Writes the HTML report atomically (temporary file + rename), creating the folder when needed. */
export async function writeHtmlReport(file: string, report: RunReport, options: HtmlOptions = {}): Promise<void> {
  await writeFileAtomic(file, buildHtmlReport(report, options));
}
