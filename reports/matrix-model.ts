// The conformance matrix as data: requirements by implementations, each cell a verdict the run gave, with its
// evidence. The matrix command builds it from the runs' reports; merge, compare and the writers read it only.
import type { Keyword, Outcome, RunSummary } from '../harness/model/model.js';

export const MATRIX_FORMAT = 'mcp-tasks-conformance/matrix@1';

/** A cell's verdict: a check outcome, or "error" for a target whose run did not happen. */
export type CellOutcome = Outcome;

/** One requirement: a row. */
export interface MatrixRow {
  era: string;
  id: string;
  keyword: Keyword;
  section: string;
  url: string;
  summary: string;
}

/** One implementation on one transport: a column. */
export interface MatrixColumn {
  name: string;
  implementation: string;
  package: string;
  version: string;
  role: 'server' | 'client';
  eras: string[];
  /** How it was reached: stdio, http, or the client's transport. */
  transport: string;
  /** ran: its report was read; error: the run did not happen or gave no report (why says why). */
  status: 'ran' | 'error';
  why?: string;
  /** The run's own count of check outcomes; absent when it did not run. */
  summary?: RunSummary;
  durationMs: number;
}

/** What a check of one column said: the link target of a cell. */
export interface Evidence {
  check: string;
  era: string;
  outcome: Outcome;
  message: string;
  findings: { requirement: string; keyword: Keyword; severity: 'fail' | 'warn'; message: string }[];
  info: string[];
  /** The first messages of its transcript, one line each, cut short. */
  transcript: string[];
}

export interface MatrixCell {
  outcome: CellOutcome;
  /**
   * The checks that verify the requirement, with what each said (keys into the column's evidence); `via`: the
   * requirements a failing or warning check's findings name when none is this one (its verdict counts here all the same).
   */
  checks: { id: string; outcome: Outcome; via?: string[] }[];
  /** Explanations kept for this implementation and these checks (docs/compatibility-notes.yaml). */
  notes?: string[];
}

export interface MatrixChange {
  column: string;
  era: string;
  requirement: string;
  before: CellOutcome | 'absent';
  after: CellOutcome | 'absent';
  kind: 'newly failing' | 'fixed' | 'moved to inconclusive' | 'changed';
}

export interface MatrixReport {
  format: typeof MATRIX_FORMAT;
  tool: { name: string; version: string };
  /** Shards of the manifest this matrix holds, e.g. [1, 2] of 3; every one after a complete run or merge. */
  shards: { count: number; present: number[] };
  rows: MatrixRow[];
  /** Sorted by name. */
  columns: MatrixColumn[];
  /** column name → "era requirement" → cell; no cell where no check of that column's run verifies the requirement. */
  cells: Record<string, Record<string, MatrixCell>>;
  /** column name → "era check" → evidence. */
  evidence: Record<string, Record<string, Evidence>>;
  /** Set by --compare: what changed per implementation since the older matrix. */
  changes?: { against: string; list: MatrixChange[] };
}

export const cellKey = (era: string, id: string) => `${era} ${id}`;

/** Worst first: the verdict a cell takes from several checks. */
const SEVERITY: Outcome[] = ['error', 'fail', 'warn', 'inconclusive', 'pass', 'skip'];

export function worstOutcome(outcomes: readonly Outcome[]): Outcome {
  return SEVERITY.find((outcome) => outcomes.includes(outcome)) ?? 'skip';
}

/** A column's cells counted by verdict. */
export function columnTotals(matrix: MatrixReport, column: string): Record<CellOutcome, number> {
  const totals: Record<CellOutcome, number> = { pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, error: 0 };
  for (const cell of Object.values(matrix.cells[column] ?? {})) totals[cell.outcome] += 1;
  return totals;
}

/** Implementations disagree on a row when their verdicts differ: skips, errors (no verdict on the target) and absent cells aside. */
export function rowDisagrees(matrix: MatrixReport, row: MatrixRow): boolean {
  const judged = new Set<CellOutcome>();
  for (const column of matrix.columns) {
    const cell = matrix.cells[column.name]?.[cellKey(row.era, row.id)];
    if (cell && cell.outcome !== 'skip' && cell.outcome !== 'error') judged.add(cell.outcome);
  }
  return judged.size > 1;
}

const compareRows = (order: Map<string, number>) => (a: MatrixRow, b: MatrixRow) => (order.get(a.era) ?? 99) - (order.get(b.era) ?? 99) || 0;

/**
 * Several matrices (the shards of one manifest) as one: the columns of all, sorted by name, and the rows of all in
 * the order the catalogues give them. A column in two inputs is refused: each shard runs targets of its own.
 */
export function mergeMatrices(parts: readonly MatrixReport[], names: readonly string[] = []): MatrixReport {
  if (parts.length === 0) throw new Error('nothing to merge');
  const seen = new Map<string, string>();
  parts.forEach((part, index) => {
    for (const column of part.columns) {
      const other = seen.get(column.name);
      if (other !== undefined) throw new Error(`column ${column.name} is in both ${other} and ${names[index] ?? `input ${index + 1}`}: merge the shards of one run, each once`);
      seen.set(column.name, names[index] ?? `input ${index + 1}`);
    }
  });
  const counts = new Set(parts.map((part) => part.shards.count));
  if (counts.size > 1) throw new Error(`the inputs come from different shardings (${[...counts].join(', ')} shards): merge the shards of one run`);
  // Rows: each era's rows in its catalogue order, taken from the first input that holds that era.
  const eras = [...new Set(parts.flatMap((part) => part.rows.map((row) => row.era)))].sort();
  const rows: MatrixRow[] = [];
  for (const era of eras) rows.push(...parts.find((part) => part.rows.some((row) => row.era === era))!.rows.filter((row) => row.era === era));
  rows.sort(compareRows(new Map(eras.map((era, index) => [era, index]))));
  const columns = parts.flatMap((part) => part.columns).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const count = parts[0]!.shards.count;
  const present = [...new Set(parts.flatMap((part) => part.shards.present))].sort((a, b) => a - b);
  // Every shard there: the matrix is whole, as an unsharded run's is.
  const shards = present.length === count ? { count: 1, present: [1] } : { count, present };
  return {
    format: MATRIX_FORMAT,
    tool: parts[0]!.tool,
    shards,
    rows,
    columns,
    cells: Object.fromEntries(columns.map((column) => [column.name, parts.find((part) => column.name in part.cells)?.cells[column.name] ?? {}])),
    evidence: Object.fromEntries(columns.map((column) => [column.name, parts.find((part) => column.name in part.evidence)?.evidence[column.name] ?? {}])),
  };
}

const JUDGED_BAD: readonly CellOutcome[] = ['fail', 'warn', 'error'];

/** What changed per implementation since `older`: cells newly failing, fixed, or moved to inconclusive. */
export function compareMatrices(older: MatrixReport, newer: MatrixReport): MatrixChange[] {
  const changes: MatrixChange[] = [];
  for (const column of newer.columns) {
    const before = older.cells[column.name];
    if (!before) continue;
    const after = newer.cells[column.name] ?? {};
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) {
      const was = before[key]?.outcome ?? 'absent';
      const now = after[key]?.outcome ?? 'absent';
      if (was === now) continue;
      const [era, requirement] = key.split(' ') as [string, string];
      const kind: MatrixChange['kind'] =
        now === 'inconclusive'
          ? 'moved to inconclusive'
          : JUDGED_BAD.includes(now as CellOutcome) && !JUDGED_BAD.includes(was as CellOutcome)
            ? 'newly failing'
            : JUDGED_BAD.includes(was as CellOutcome) && now === 'pass'
              ? 'fixed'
              : 'changed';
      changes.push({ column: column.name, era, requirement, before: was, after: now, kind });
    }
  }
  return changes;
}

/** The changes as lines for the console: grouped by implementation. */
export function formatChanges(changes: readonly MatrixChange[], against: string): string {
  if (changes.length === 0) return `No verdict changed since ${against}.`;
  const lines = [`Changes since ${against}:`];
  for (const column of [...new Set(changes.map((change) => change.column))]) {
    lines.push(`  ${column}`);
    for (const change of changes.filter((each) => each.column === column)) lines.push(`    ${change.kind}: ${change.era} ${change.requirement} ${change.before} → ${change.after}`);
  }
  return lines.join('\n');
}
