// The HTML card of an exploration (explore --html FILE): one small self-contained page with the verdict, what ran, a
// table of the model's properties and each counterexample (its operations step by step, the requirement, the replay
// command, the transcript of the shrunk run). It renders the report's outcomes and verdict; it decides neither.
//
// Safety as in reports/html.ts: the page is built with markup`…` (html-template.ts), which escapes every value it
// interpolates, so whatever the receiver sent can only become text; the style is inlined and a Content-Security-Policy
// allows exactly it (by hash) and nothing else: no script, no network.

import { createHash } from 'node:crypto';

import type { Counterexample, ExploreReport, PropertyResult } from '../harness/explore/report.js';
import type { Outcome } from '../harness/model/model.js';
import { counterexamplesOf, COVERAGE_CAPTION, coverageTable, exploreFacts, shrinkLine, stepsOf, transcriptLine, verdictLine, verdictWord } from './explore-text.js';
import { Html, markup, rawHtml } from './html-template.js';
import { writeFileAtomic } from './json.js';

const LABELS: Record<Outcome, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP', inconclusive: 'INCONCLUSIVE', error: 'ERROR' };
/** Transcript entries shown per counterexample; the JSON report has them all. */
export const EXPLORE_HTML_TRANSCRIPT_MAX = 500;

/** The card's whole style: no "</style" and no "<!--" in it, so it can be inlined as it is. */
const STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #57606a; --line: #d0d7de; --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --skip: #6e7781; --error: #8250df; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8d96a0; --line: #30363d; --pass: #3fb950; --fail: #f85149; --warn: #d29922; --skip: #8d96a0; --error: #a371f7; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 1100px; margin: 0 auto; padding: 24px 16px 40px; }
header.top { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; justify-content: space-between; }
h1 { font-size: 22px; margin: 0; } h2 { font-size: 18px; margin: 28px 0 8px; } h3 { font-size: 15px; margin: 16px 0 6px; }
.tool, .muted { color: var(--muted); margin: 0; }
.verdict { border: 2px solid; border-radius: 8px; padding: 8px 14px; display: flex; flex-direction: column; max-width: 60%; }
.verdict.v-pass { border-color: var(--pass); } .verdict.v-fail { border-color: var(--fail); }
.verdict-word { font-size: 24px; font-weight: 700; } .v-pass .verdict-word { color: var(--pass); } .v-fail .verdict-word { color: var(--fail); }
dl.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 6px 18px; margin: 16px 0; }
dl.facts div { min-width: 0; } dt { color: var(--muted); font-size: 12px; } dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: 6px 8px; }
td.n { text-align: right; font-variant-numeric: tabular-nums; } td.msg { overflow-wrap: anywhere; }
.badge { display: inline-block; font-size: 11px; font-weight: 700; padding: 1px 6px; border-radius: 4px; color: #fff; }
.o-pass { background: var(--pass); } .o-fail { background: var(--fail); } .o-warn { background: var(--warn); } .o-skip { background: var(--skip); } .o-error { background: var(--error); }
section.counterexample { border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: 6px; padding: 4px 16px 12px; margin: 16px 0; }
section.counterexample.s-warn { border-left-color: var(--warn); }
ol.steps li { margin: 2px 0; } .op { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; } .together { color: var(--muted); padding: 0 6px; }
pre { background: rgba(127, 127, 127, 0.12); padding: 8px 10px; border-radius: 6px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; }
a { color: inherit; } .kw { font-size: 11px; font-weight: 700; border: 1px solid var(--line); border-radius: 4px; padding: 0 4px; }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
`;

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** Only our own spec links become hrefs (as in reports/html.ts); anything else is shown as text. */
function specLink(url: string, text: string): Html {
  return /^https:\/\/(?:modelcontextprotocol\.io|www\.jsonrpc\.org|jsonrpc\.org)\//.test(url) ? markup`<a href="${url}" rel="noopener noreferrer">${text}</a>` : markup`<span>${text}</span>`;
}

function badge(outcome: Outcome): Html {
  return markup`<span class="badge o-${outcome}">${LABELS[outcome] ?? String(outcome).toUpperCase()}</span>`;
}

function header(report: ExploreReport): Html {
  const state = report.outcome === 'pass' ? 'pass' : 'fail';
  const facts = exploreFacts(report).map(([term, value]) => markup`<div><dt>${term}</dt><dd>${value}</dd></div>`);
  const notices = report.notices.length > 0 && markup`<section aria-label="Notices"><h2>Notices</h2><ul>${report.notices.map((notice) => markup`<li>${notice}</li>`)}</ul></section>`;
  return markup`<header class="top">
  <div>
    <p class="tool">${report.tool.name} ${report.tool.version} · explore</p>
    <h1>Exploration of ${specLink(report.profile.specUrl, report.profile.title)}</h1>
  </div>
  <div class="verdict v-${state}" id="verdict" data-verdict="${state}">
    <span class="verdict-word">${verdictWord(report)}</span>
    <span class="verdict-line">${verdictLine(report)}</span>
  </div>
</header>
<dl class="facts">${facts}</dl>
${notices}`;
}

/** A property's row of the table: what it is, its verdict, how often it was observed, its requirements, its message. */
function propertyCells(property: ExploreReport['properties'][number]): Html {
  const requirements = property.requirements.map((id, index) => markup`${index > 0 && ', '}<code>${id}</code>`);
  const message = property.counterexample ? markup`<a href="#counterexample-${property.id}">${property.message}</a>` : property.message;
  const name = markup`<td><code>${property.id}</code><div class="muted">${property.title}</div></td>`;
  return markup`${name}<td>${badge(property.outcome)}</td><td class="n">${property.observations}</td><td>${requirements}</td><td class="msg">${message}</td>`;
}

function propertyTable(report: ExploreReport): Html {
  const rows = report.properties.map((property) => markup`<tr id="property-${property.id}">${propertyCells(property)}</tr>`);
  return markup`<section aria-labelledby="properties-h">
<h2 id="properties-h">Properties</h2>
<table>
<thead><tr><th scope="col">Property</th><th scope="col">Outcome</th><th scope="col">Observations</th><th scope="col">Requirements</th><th scope="col">Message</th></tr></thead>
<tbody>
${rows.map((row, index) => markup`${index > 0 && '\n'}${row}`)}
</tbody>
</table>
</section>`;
}

/** The operations tried per task state, as a table (nothing when nothing was tried). */
function coverageSection(report: ExploreReport): Html | false {
  const { columns, rows } = coverageTable(report);
  if (rows.length === 0) return false;
  return markup`<section aria-labelledby="coverage-h">
<h2 id="coverage-h">Coverage</h2>
<p class="muted">${COVERAGE_CAPTION}.</p>
<table>
<thead><tr><th scope="col">State</th>${columns.map((column) => markup`<th scope="col">${column}</th>`)}</tr></thead>
<tbody>
${rows.map(({ state, counts }, index) => markup`${index > 0 && '\n'}<tr><td>${state}</td>${counts.map((count) => markup`<td class="n">${count}</td>`)}</tr>`)}
</tbody>
</table>
</section>`;
}

function counterexampleSection(report: ExploreReport, property: PropertyResult, counterexample: Counterexample): Html {
  const steps = stepsOf(counterexample.operations).map(
    (step) => markup`<li>${step.map((operation, index) => markup`${index > 0 && markup`<span class="together" title="sent together">‖</span>`}<span class="op">${operation.summary}</span>`)}</li>`,
  );
  const shown = counterexample.transcript.slice(0, EXPLORE_HTML_TRANSCRIPT_MAX);
  const more = counterexample.transcript.length - shown.length;
  const moreNote = more > 0 && markup`<p class="muted">${more} more entries not shown; the JSON report has them all.</p>`;
  const transcript =
    counterexample.transcript.length > 0 &&
    markup`<details><summary>Transcript of the shrunk run (${counterexample.transcript.length} entries)</summary><pre>${shown.map(transcriptLine).join('\n')}</pre>${moreNote}</details>`;
  return markup`<section class="counterexample s-${counterexample.severity}" id="counterexample-${property.id}" aria-labelledby="counterexample-${property.id}-h">
<h2 id="counterexample-${property.id}-h">Counterexample: <code>${property.id}</code> ${badge(counterexample.severity)}</h2>
<p class="message">${counterexample.message}</p>
<p>Requirement: ${specLink(report.profile.specUrl, counterexample.requirement)} <span class="kw">${counterexample.keyword}</span></p>
<h3>Operations</h3>
<p class="muted">${shrinkLine(counterexample)}; operations joined by ‖ were sent together.</p>
<ol class="steps">${steps}</ol>
<h3>Replay</h3>
<pre><code>${counterexample.replayCommand}</code></pre>
${counterexample.file && markup`<p class="muted">Counterexample file: <code>${counterexample.file}</code></p>`}
${transcript}
</section>`;
}

/** The exploration as one self-contained HTML document. */
export function buildExploreHtml(report: ExploreReport): string {
  const csp = rawHtml(["default-src 'none'", "script-src 'none'", `style-src 'sha256-${sha256(STYLE)}'`, "img-src 'none'", "base-uri 'none'", "form-action 'none'"].join('; '));
  const tool = `${report.tool.name} ${report.tool.version}`;
  const counterexamples = counterexamplesOf(report).map(({ property, counterexample }) => counterexampleSection(report, property, counterexample));
  return markup`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="${tool}">
<title>${verdictWord(report)} · explore · ${report.target.description}</title>
<style>${rawHtml(STYLE)}</style>
</head>
<body>
<main>
${header(report)}
${propertyTable(report)}
${coverageSection(report)}
${counterexamples}
<footer>Generated by ${tool} (explore, ${report.profile.title}). This file is self-contained: it loads nothing from the network. Outcomes are the exploration's; this page only shows them.</footer>
</main>
</body>
</html>
`.toString();
}

/** Writes the HTML card atomically, creating the folder when needed. */
export async function writeExploreHtml(file: string, report: ExploreReport): Promise<void> {
  await writeFileAtomic(file, buildExploreHtml(report));
}
