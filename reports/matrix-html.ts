// The matrix as one self-contained HTML page: requirements (grouped by era and section, with their keyword) by
// implementations, each cell the verdict linking to its evidence (the check's messages, a transcript excerpt and the
// note that explains it), column totals, and filters (where implementations disagree, by era, by text). No network.
import { markup, rawHtml, type Html } from './html-template.js';
import { cellKey, columnTotals, rowDisagrees, type CellOutcome, type MatrixColumn, type MatrixReport, type MatrixRow } from './matrix-model.js';

const OUTCOMES: CellOutcome[] = ['pass', 'fail', 'warn', 'inconclusive', 'skip', 'error'];

const STYLE = `
:root { --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --skip: #6e7781; --inconclusive: #8250df; --error: #bc4c00; }
* { box-sizing: border-box; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; padding: 12px; color: #1f2328; }
h1 { font-size: 20px; margin: 0 0 8px; }
.filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin: 8px 0; position: sticky; top: 0; background: #fff; padding: 6px 0; z-index: 3; }
.scroll { overflow: auto; max-width: 100%; max-height: 80vh; border: 1px solid #d0d7de; }
table.matrix { border-collapse: separate; border-spacing: 0; }
.matrix th, .matrix td { border-bottom: 1px solid #eaeef2; padding: 3px 6px; text-align: center; white-space: nowrap; }
.matrix thead th { position: sticky; top: 0; background: #f6f8fa; z-index: 2; vertical-align: bottom; font-weight: 600; }
.matrix thead th .meta { display: block; font-weight: 400; font-size: 12px; color: #57606a; }
.matrix th.req { position: sticky; left: 0; background: #fff; z-index: 1; text-align: left; white-space: normal; min-width: 260px; max-width: 320px; font-weight: 400; }
.matrix thead th.req { z-index: 4; background: #f6f8fa; }
.matrix tr.section th { text-align: left; background: #eef1f4; position: sticky; left: 0; }
.matrix tfoot td, .matrix tfoot th { background: #f6f8fa; font-size: 12px; }
.kw { font-size: 11px; color: #57606a; }
.cell { font-weight: 600; text-decoration: none; }
.cell.pass { color: var(--pass); } .cell.fail { color: var(--fail); } .cell.warn { color: var(--warn); }
.cell.skip { color: var(--skip); font-weight: 400; } .cell.inconclusive { color: var(--inconclusive); } .cell.error { color: var(--error); }
.more a { font-size: 11px; margin-left: 2px; }
.note-mark { font-size: 11px; color: #0969da; cursor: help; }
.absent { color: #afb8c1; }
table.hide-agreeing tr.row:not(.disagree) { display: none; }
tr.row.filtered, tr.section.filtered { display: none; }
.evidence { display: none; border: 2px solid #0969da; border-radius: 6px; padding: 8px 12px; margin: 12px 0; }
.evidence:target { display: block; }
.evidence pre { white-space: pre-wrap; word-break: break-all; background: #f6f8fa; padding: 6px; font-size: 12px; margin: 4px 0; }
.evidence .note { background: #fff8c5; padding: 6px; border-radius: 4px; }
.error-why { color: var(--error); font-weight: 400; white-space: normal; max-width: 180px; display: block; font-size: 11px; }
.changes li { font-family: ui-monospace, monospace; font-size: 12px; }
`;

/** Filters run in the page: rows where implementations disagree, by era, by text. */
const SCRIPT = `
(function () {
  var table = document.getElementById('matrix');
  var disagree = document.getElementById('disagree-only');
  var era = document.getElementById('era');
  var text = document.getElementById('text');
  var shown = document.getElementById('shown');
  function apply() {
    table.classList.toggle('hide-agreeing', disagree.checked);
    var needle = text.value.trim().toLowerCase();
    var rows = table.querySelectorAll('tbody tr');
    var count = 0, total = 0;
    var section = null, sectionHasRow = false;
    function closeSection() { if (section) section.classList.toggle('filtered', !sectionHasRow); }
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      if (row.classList.contains('section')) { closeSection(); section = row; sectionHasRow = false; continue; }
      total++;
      var hidden = (era.value && row.getAttribute('data-era') !== era.value) || (needle && row.getAttribute('data-text').indexOf(needle) < 0);
      row.classList.toggle('filtered', !!hidden);
      var visible = !hidden && (!disagree.checked || row.classList.contains('disagree'));
      if (visible) { count++; sectionHasRow = true; }
    }
    closeSection();
    shown.textContent = count + ' of ' + total + ' requirements shown';
  }
  disagree.addEventListener('change', apply);
  era.addEventListener('change', apply);
  text.addEventListener('input', apply);
  apply();
})();
`.replace(/^\s+/gm, '');

const evidenceId = (columnIndex: number, era: string, check: string) => `ev-${columnIndex}-${era}-${check}`;

/** How to read a cell: which verdict it shows, and where it leads. */
const CELL_VERDICT = markup`Each cell is the worst verdict of the checks that verify the requirement (a check failing on another requirement counts too: its title says which);`;
const CELL_LINK = markup`it links to the check's evidence. — means no check of that run verifies it (another role or era).`;

function columnHead(column: MatrixColumn): Html {
  const what = markup`<span class="meta">${column.package} ${column.version}</span><span class="meta">${column.role}, ${column.transport}, ${column.eras.join(' + ')}</span>`;
  return markup`<th scope="col" data-column="${column.name}">${column.name}${what}${column.status === 'error' ? markup`<span class="error-why">error: ${column.why ?? ''}</span>` : ''}</th>`;
}

function cellMarkup(matrix: MatrixReport, columnIndex: number, column: MatrixColumn, row: MatrixRow): Html {
  const cell = matrix.cells[column.name]?.[cellKey(row.era, row.id)];
  if (!cell) return markup`<td class="absent" title="no check of this run verifies it">—</td>`;
  if (cell.checks.length === 0) return markup`<td><span class="cell ${cell.outcome}" title="${column.why ?? ''}">${cell.outcome}</span></td>`;
  // The verdict links to the check that decided it (the worst); the others follow as small numbered links.
  const ordered = [...cell.checks].sort((a, b) => OUTCOMES.indexOf(a.outcome) - OUTCOMES.indexOf(b.outcome) || Number(a.outcome === cell.outcome) - 1);
  const deciding = ordered.find((check) => check.outcome === cell.outcome) ?? ordered[0]!;
  const rest = cell.checks.filter((check) => check !== deciding);
  const title = cell.checks.map((check) => `${check.id}: ${check.outcome}${check.via ? ` (its findings name ${check.via.join(', ')})` : ''}`).join('\n');
  return markup`<td><a class="cell ${cell.outcome}" href="#${evidenceId(columnIndex, row.era, deciding.id)}" title="${title}">${cell.outcome}</a>${
    rest.length > 0
      ? markup`<span class="more">${rest.map((check, index) => markup`<a href="#${evidenceId(columnIndex, row.era, check.id)}" title="${check.id}: ${check.outcome}">${index + 2}</a>`)}</span>`
      : ''
  }${cell.notes ? markup` <span class="note-mark" title="${cell.notes.join('\n')}">note</span>` : ''}</td>`;
}

function evidenceBlocks(matrix: MatrixReport): Html[] {
  const blocks: Html[] = [];
  matrix.columns.forEach((column, columnIndex) => {
    const notesByCheck = new Map<string, string>();
    for (const cell of Object.values(matrix.cells[column.name] ?? {})) for (const note of cell.notes ?? []) notesByCheck.set(note.slice(0, note.indexOf(':')), note.slice(note.indexOf(':') + 2));
    for (const evidence of Object.values(matrix.evidence[column.name] ?? {})) {
      const note = notesByCheck.get(evidence.check);
      blocks.push(markup`<section class="evidence" id="${evidenceId(columnIndex, evidence.era, evidence.check)}">
<h3>${column.name}: <code>${evidence.check}</code> (${evidence.era}) — <span class="cell ${evidence.outcome}">${evidence.outcome}</span></h3>
<p class="message">${evidence.message || '(no message)'}</p>
${note ? markup`<p class="note"><strong>Note:</strong> ${note}</p>` : ''}
${evidence.findings.length > 0 ? markup`<ul>${evidence.findings.map((finding) => markup`<li>${finding.severity} ${finding.requirement} (${finding.keyword}): ${finding.message}</li>`)}</ul>` : ''}
${evidence.info.length > 0 ? markup`<ul>${evidence.info.map((info) => markup`<li>info: ${info}</li>`)}</ul>` : ''}
${evidence.transcript.length > 0 ? markup`<pre>${evidence.transcript.join('\n')}</pre>` : ''}
<p><a href="#matrix">back to the matrix</a></p>
</section>`);
    }
  });
  return blocks;
}

export function buildMatrixHtml(matrix: MatrixReport): string {
  const eras = [...new Set(matrix.rows.map((row) => row.era))];
  const body: Html[] = [];
  let section = '';
  for (const row of matrix.rows) {
    const heading = `${row.era} — ${row.section}`;
    if (heading !== section) {
      section = heading;
      body.push(markup`<tr class="section"><th class="req" colspan="${matrix.columns.length + 1}">${heading}</th></tr>`);
    }
    const disagree = rowDisagrees(matrix, row);
    const cells = matrix.columns.map((column, index) => cellMarkup(matrix, index, column, row));
    const searchText = `${row.id} ${row.section} ${row.summary}`.toLowerCase();
    const head = markup`<th class="req" scope="row"><a href="${row.url}">${row.id}</a> <span class="kw">${row.keyword}</span><br><span class="kw">${row.summary}</span></th>`;
    body.push(markup`<tr class="row${disagree ? ' disagree' : ''}" data-era="${row.era}" data-text="${searchText}">${head}${cells}</tr>`);
  }
  const totals = matrix.columns.map((column) => columnTotals(matrix, column.name));
  const foot = OUTCOMES.map(
    (outcome) => markup`<tr><th class="req" scope="row">${outcome}</th>${totals.map((total) => markup`<td class="total" data-outcome="${outcome}">${total[outcome]}</td>`)}</tr>`,
  );
  const changes = matrix.changes;
  const missing = Array.from({ length: matrix.shards.count }, (_, index) => index + 1).filter((index) => !matrix.shards.present.includes(index));
  const page = markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>MCP Tasks conformance matrix</title><style>${rawHtml(STYLE)}</style></head>
<body>
<h1>MCP Tasks conformance matrix</h1>
<p>${matrix.tool.name} ${matrix.tool.version}: ${matrix.columns.length} implementation(s), ${matrix.rows.length} requirements. ${CELL_VERDICT} ${CELL_LINK}${
    missing.length > 0 ? markup` <strong>Shard(s) ${missing.join(', ')} of ${matrix.shards.count} missing.</strong>` : ''
  }</p>
${
  changes
    ? markup`<section class="changes"><h2>Changes since ${changes.against}</h2>${
        changes.list.length === 0
          ? markup`<p>No verdict changed.</p>`
          : markup`<ul>${changes.list.map((change) => markup`<li>${change.column}: ${change.kind}: ${change.era} ${change.requirement} ${change.before} → ${change.after}</li>`)}</ul>`
      }</section>`
    : ''
}
<div class="filters">
<label><input type="checkbox" id="disagree-only"> only where implementations disagree</label>
<label>era <select id="era"><option value="">all</option>${eras.map((era) => markup`<option value="${era}">${era}</option>`)}</select></label>
<label>requirement <input type="search" id="text" placeholder="ID, section or words"></label>
<span id="shown"></span>
</div>
<div class="scroll"><table class="matrix" id="matrix">
<thead><tr><th class="req" scope="col">requirement</th>${matrix.columns.map(columnHead)}</tr></thead>
<tbody>${body}</tbody>
<tfoot>${foot}</tfoot>
</table></div>
<h2>Evidence</h2>
<p>Follow a verdict to see its check's messages, the note that explains it and the start of its transcript.</p>
${evidenceBlocks(matrix)}
<script>${rawHtml(SCRIPT)}</script>
</body></html>
`;
  return page.toString();
}
