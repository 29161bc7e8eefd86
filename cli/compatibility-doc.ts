// "matrix doc": the tables of docs/compatibility.md rendered from a matrix (the verdicts, transports and counts) and
// its notes (the words), between <!-- matrix:NAME --> and <!-- /matrix:NAME --> markers; the prose around them stays
// as written. --check writes nothing and exits 1 when the page differs, so the page cannot drift from the runs.
import { readFile, writeFile } from 'node:fs/promises';
import type { Outcome } from '../harness/model/model.js';
import { cellKey, type Evidence, type MatrixColumn, type MatrixReport } from '../reports/matrix-model.js';
import { DEFAULT_COLUMNS, DEFAULT_SHOW, loadNotes, type CompatibilityNotes, type ImplementationNotes, type TableColumn } from './compatibility-notes.js';
import { readMatrix } from './matrix-file.js';
import { ConfigError, parse, UsageError } from './options.js';

const HEADINGS: Record<TableColumn, string> = {
  implementation: 'implementation',
  check: 'check',
  verdict: 'verdict',
  requirement: 'requirement',
  exchange: 'exchange',
  report: 'for the bug report',
  why: 'why',
};

/** Says what to run when the page and the matrix part ways. */
export const REGENERATE =
  'npm run matrix && node dist/cli/main.js matrix doc out/matrix.json --notes docs/compatibility-notes.yaml --doc docs/compatibility.md ' +
  '(review the diff; explain new verdicts in docs/compatibility-notes.yaml)';

/** A table cell: one line, its pipes escaped. */
const cellText = (text: string) => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
const row = (cells: readonly string[]) => `| ${cells.map(cellText).join(' | ')} |`;

export interface RenderedTables {
  /** Block name ("summary", or an implementation) → its Markdown. */
  blocks: Map<string, string>;
  /** Checks shown without a note, and notes of checks no longer shown: each one line. */
  problems: string[];
}

function columnsOf(matrix: MatrixReport, implementation: string, notes: ImplementationNotes): MatrixColumn[] {
  return Object.keys(notes.targets).map((name) => {
    const column = matrix.columns.find((each) => each.name === name);
    if (!column) throw new ConfigError(`notes: implementation ${implementation} names target ${name}, which the matrix does not hold; name the targets of the manifest`);
    return column;
  });
}

function summaryTable(matrix: MatrixReport, notes: CompatibilityNotes): string {
  const lines = [row(['implementation', 'version', 'transport', 'pass', 'fail', 'warn', 'skip', 'expected results']), '|---|---|---|---|---|---|---|---|'];
  for (const [implementation, kept] of Object.entries(notes.implementations)) {
    columnsOf(matrix, implementation, kept).forEach((column, index) => {
      const target = kept.targets[column.name]!;
      const first = index === 0 || target.title !== undefined;
      const title = target.title ?? kept.title;
      const version = target.version ?? (title.includes(`\`${column.package}\``) ? column.version : `\`${column.package}\` ${column.version}`);
      const s = column.summary;
      // A run that did not happen says so in place of its counts; inconclusive and error counts join the skips.
      const counts = !s
        ? [`error: ${column.why ?? 'no report'}`, '', '', '']
        : [String(s.pass), String(s.fail), String(s.warn), `${s.skip}${s.inconclusive ? ` (+${s.inconclusive} inconclusive)` : ''}${s.error ? ` (+${s.error} error)` : ''}`];
      lines.push(row([first ? title : '', first ? version : '', target.label, ...counts, target.expected]));
    });
  }
  return lines.join('\n');
}

/** The requirements a check verifies in a column, as links with their keywords (from the matrix's rows). */
function requirementLinks(matrix: MatrixReport, columns: readonly MatrixColumn[], evidence: readonly Evidence[]): string {
  const ids = new Set<string>();
  for (const found of evidence) for (const finding of found.findings) ids.add(`${found.era} ${finding.requirement}`);
  if (ids.size === 0) {
    for (const column of columns)
      for (const [key, cell] of Object.entries(matrix.cells[column.name] ?? {})) if (cell.checks.some((check) => evidence.some((found) => found.check === check.id))) ids.add(key);
  }
  return [...ids]
    .map((key) => {
      const found = matrix.rows.find((each) => cellKey(each.era, each.id) === key);
      const id = key.slice(key.indexOf(' ') + 1);
      return found ? `[${id}](${found.url}) (${found.keyword})` : id;
    })
    .join(', ');
}

function implementationTable(matrix: MatrixReport, implementation: string, kept: ImplementationNotes, problems: string[]): string {
  const columns = columnsOf(matrix, implementation, kept);
  const show = kept.show ?? DEFAULT_SHOW;
  const tableColumns = kept.columns ?? DEFAULT_COLUMNS;
  // Each check shown: where (which targets) and with what verdict; the notes' order first, then the rest by ID.
  const shown = new Map<string, { column: MatrixColumn; evidence: Evidence }[]>();
  for (const column of columns) {
    for (const evidence of Object.values(matrix.evidence[column.name] ?? {})) {
      if (!show.includes(evidence.outcome)) continue;
      shown.set(evidence.check, [...(shown.get(evidence.check) ?? []), { column, evidence }]);
    }
  }
  const noted = Object.keys(kept.checks ?? {});
  for (const check of noted) if (!shown.has(check)) problems.push(`${implementation}: ${check} has a note but no verdict the table shows (${show.join(', ')}); drop the note or widen show`);
  const order = [...noted.filter((check) => shown.has(check)), ...[...shown.keys()].filter((check) => !noted.includes(check)).sort()];
  const lines = [row(tableColumns.map((column) => HEADINGS[column])), `|${tableColumns.map(() => '---|').join('')}`];
  for (const check of order) {
    const where = shown.get(check)!;
    const note = kept.checks?.[check];
    if (!note) problems.push(`${implementation}: ${check} is ${where.map((each) => each.evidence.outcome).join('/')} without a note; explain it in docs/compatibility-notes.yaml`);
    const short = (column: MatrixColumn) => kept.targets[column.name]!.short ?? kept.targets[column.name]!.label;
    const outcomes = [...new Set(where.map((each) => each.evidence.outcome))] as Outcome[];
    const verdict = outcomes.length === 1 ? outcomes[0]! : where.map((each) => `${each.evidence.outcome} (${short(each.column)})`).join(', ');
    const cells: Record<TableColumn, string> = {
      implementation: where.map((each) => kept.targets[each.column.name]!.name ?? each.column.name).join(', '),
      check: `\`${check}\`${columns.length > 1 && !tableColumns.includes('implementation') ? ` (${where.map((each) => short(each.column)).join(', ')})` : ''}`,
      verdict,
      requirement:
        note?.requirement ??
        requirementLinks(
          matrix,
          columns,
          where.map((each) => each.evidence),
        ),
      exchange: note?.exchange ?? '',
      report: note?.report ?? (note ? '' : '(no note yet)'),
      why: note?.why ?? (note ? '' : '(no note yet)'),
    };
    lines.push(row(tableColumns.map((column) => cells[column])));
  }
  return lines.join('\n');
}

export function renderTables(matrix: MatrixReport, notes: CompatibilityNotes): RenderedTables {
  const problems: string[] = [];
  const blocks = new Map<string, string>([['summary', summaryTable(matrix, notes)]]);
  for (const [implementation, kept] of Object.entries(notes.implementations)) blocks.set(implementation, implementationTable(matrix, implementation, kept, problems));
  return { blocks, problems };
}

/** The page with each marked block replaced; a block the page does not mark is a mistake to mend in the page. */
export function replaceBlocks(page: string, blocks: ReadonlyMap<string, string>, file: string): string {
  let text = page;
  for (const [name, markdown] of blocks) {
    const open = `<!-- matrix:${name} -->`;
    const close = `<!-- /matrix:${name} -->`;
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start < 0 || end < start) throw new ConfigError(`${file}: no block ${open} … ${close}; mark where the table of ${name} goes`);
    text = `${text.slice(0, start + open.length)}\n${markdown}\n${text.slice(end)}`;
  }
  return text;
}

/** The lines of the two pages that differ, first few only: enough to see which table moved. */
export function firstDifferences(before: string, after: string, limit = 5): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const lines: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length) && lines.length < limit; i++) {
    if (a[i] !== b[i]) lines.push(`line ${i + 1}: page has ${JSON.stringify((a[i] ?? '(end)').slice(0, 160))}, matrix gives ${JSON.stringify((b[i] ?? '(end)').slice(0, 160))}`);
  }
  return lines;
}

export async function docCommand(args: string[]): Promise<number> {
  const inputs = args.filter((arg, index) => !arg.startsWith('-') && (index === 0 || !['--notes', '--doc'].includes(args[index - 1]!)));
  if (inputs.length !== 1) throw new UsageError('matrix doc wants one MATRIX.json, e.g. matrix doc out/matrix.json --notes docs/compatibility-notes.yaml --doc docs/compatibility.md');
  const values = parse(
    args.filter((arg) => arg !== inputs[0]),
    { notes: { type: 'string' }, doc: { type: 'string' }, check: { type: 'boolean' } },
    'matrix',
  ).values as { notes?: string; doc?: string; check?: boolean };
  if (!values.notes || !values.doc) throw new UsageError('matrix doc needs --notes FILE (the explanations) and --doc FILE (the page whose tables it renders)');
  const matrix = await readMatrix(inputs[0]!, 'matrix doc');
  const { blocks, problems } = renderTables(matrix, await loadNotes(values.notes));
  const page = await readFile(values.doc, 'utf8');
  const rendered = replaceBlocks(page, blocks, values.doc);
  for (const problem of problems) process.stdout.write(`! ${problem}\n`);
  if (values.check) {
    if (rendered === page && problems.length === 0) {
      process.stdout.write(`${values.doc}: its tables match the matrix\n`);
      return 0;
    }
    process.stdout.write(`${values.doc}: its tables differ from the matrix; regenerate with: ${REGENERATE}\n${firstDifferences(page, rendered).join('\n')}\n`);
    return 1;
  }
  await writeFile(values.doc, rendered);
  process.stdout.write(`Wrote the tables of ${values.doc} (${blocks.size} blocks)${problems.length ? `; ${problems.length} problem(s) above` : ''}\n`);
  return problems.length > 0 ? 1 : 0;
}
