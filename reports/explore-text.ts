// Wording shared by the writers of an exploration's report (explore-json, -junit, -markdown, -html): the verdict in
// words, the facts of the exploration, a counterexample's operations grouped by step, transcript lines. Each reads the
// ExploreReport (harness/explore/report.ts) as the engine wrote it; none decides an outcome or the verdict.

import type { Counterexample, ExploreReport, OperationRecord, PropertyResult } from '../harness/explore/report.js';
import { toPlain, type TranscriptEntry } from '../harness/model/model.js';
import { plural } from '../harness/model/words.js';

/** The <testsuite> and section name of an exploration's results. */
export const EXPLORE_SUITE = 'explore';

/** 850 ms, 4.2 s, 61 s; "?" for anything that is not a finite, non-negative duration. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** The verdict the report carries, as a word: PASS or FAIL. */
export function verdictWord(report: ExploreReport): 'PASS' | 'FAIL' {
  return report.outcome === 'pass' ? 'PASS' : 'FAIL';
}

/** What broke (or not) in one line: "explore.ttl broken (TASKS-TTL-INCLUDE-ACTUAL)", or "no violation". */
export function verdictLine(report: ExploreReport): string {
  const parts: string[] = [];
  for (const property of report.properties) {
    if (property.outcome === 'fail' || property.outcome === 'warn') {
      const requirement = property.counterexample ? ` (${property.counterexample.requirement})` : '';
      parts.push(`${property.id} ${property.outcome === 'fail' ? 'broken' : 'warned'}${requirement}`);
    }
  }
  const errors = report.properties.filter((property) => property.outcome === 'error').length;
  if (errors > 0) parts.push(`${plural(errors, 'property', 'properties')} without a verdict`);
  if (parts.length === 0) parts.push('no violation');
  return `${parts.join('; ')} in ${plural(report.runsDone, 'run')} of ${report.runsRequested} (${plural(report.operations, 'operation')})`;
}

/** The exploration's facts in order, as label and text: what ran, against what, how long, and why it ended. */
export function exploreFacts(report: ExploreReport): [string, string][] {
  const target = `${report.target.description} (${report.target.transport}${report.target.bundledReference ? ', bundled reference receiver' : ''})`;
  return [
    ['Target', target],
    ['Profile', `${report.profile.title} (${report.profile.id})`],
    ['Role', report.role],
    ['Seed', String(report.seed)],
    ['Runs', `${report.runsDone} of ${report.runsRequested}`],
    ['Operations', String(report.operations)],
    ['Budget', formatMs(report.budgetMs)],
    ['Duration', formatMs(report.durationMs)],
    ['Started', report.startedAt],
    ['Ended because', report.endedBecause],
    ['Tool', `${report.tool.name} ${report.tool.version}`],
  ];
}

/** The properties that carry a counterexample, with it. */
export function counterexamplesOf(report: ExploreReport): { property: PropertyResult; counterexample: Counterexample }[] {
  return report.properties.flatMap((property) => (property.counterexample ? [{ property, counterexample: property.counterexample }] : []));
}

/** Operations grouped by step, steps in order: the operations of one group were sent together. */
export function stepsOf(operations: readonly OperationRecord[]): OperationRecord[][] {
  const steps = new Map<number, OperationRecord[]>();
  for (const operation of operations) steps.set(operation.step, [...(steps.get(operation.step) ?? []), operation]);
  return [...steps.entries()].sort(([a], [b]) => a - b).map(([, step]) => step);
}

/** A step in one line: its operations' summaries, those sent together joined by " ‖ ". */
export function stepLine(step: readonly OperationRecord[]): string {
  return step.map((operation) => operation.summary).join(' ‖ ');
}

/** "shrunk from 9 to 3 operations in 10 steps", or "3 operations (not shrunk)". */
export function shrinkLine(counterexample: Counterexample): string {
  const now = counterexample.operations.length;
  if (counterexample.shrinkSteps === 0 && counterexample.originalLength === now) return `${plural(now, 'operation')} (not shrunk)`;
  return `shrunk from ${counterexample.originalLength} to ${plural(now, 'operation')} in ${plural(counterexample.shrinkSteps, 'step')}`;
}

/** The message as JSON on one line; whatever JSON cannot carry, as toPlain writes it. */
function messageJson(message: unknown): string {
  try {
    return JSON.stringify(toPlain(message)) ?? String(message);
  } catch {
    return String(message);
  }
}

/** One transcript entry on one line: "+12ms [A] → {json}", "← …", "stderr: …", "note: …". */
export function transcriptLine(entry: TranscriptEntry): string {
  const time = `+${Number.isFinite(entry.t) ? Math.round(entry.t) : '?'}ms`;
  const conn = entry.conn ? ` [${entry.conn}]` : '';
  const payload = entry.message !== undefined ? messageJson(entry.message) : (entry.text ?? '');
  const arrow = entry.dir === 'out' ? '→ ' : entry.dir === 'in' ? '← ' : `${entry.dir === 'stderr' ? 'stderr' : 'note'}: `;
  return `${time}${conn} ${arrow}${payload}`.replace(/\r\n|\r|\n/g, '\\n');
}

/** The operation kinds the coverage shows, in this order, where any state saw them. */
const COVERAGE_KINDS = ['get', 'result', 'cancel', 'update', 'list', 'peer-get', 'peer-list', 'peer-result', 'peer-cancel', 'peer-update', 'peer-listen'];

/** The coverage as a table: a column per operation kind tried, a row per task state with the count of each. */
export function coverageTable(report: ExploreReport): { columns: string[]; rows: { state: string; counts: number[] }[] } {
  const rows = report.coverage ?? [];
  const seen = new Set(rows.flatMap((row) => Object.keys(row.operations)));
  const columns = [...COVERAGE_KINDS.filter((kind) => seen.has(kind)), ...[...seen].filter((kind) => !COVERAGE_KINDS.includes(kind))];
  return { columns, rows: rows.map((row) => ({ state: row.state, counts: columns.map((kind) => row.operations[kind] ?? 0) })) };
}

/** One line per task state: "completed, 1 s on: get 4, result 1, list 2"; none when the report has no coverage. */
export function coverageLines(report: ExploreReport): string[] {
  return (report.coverage ?? []).map(
    (row) =>
      `${row.state}: ${Object.entries(row.operations)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ')}`,
  );
}

/** What reads above the coverage table, in every writer. */
export const COVERAGE_CAPTION = 'Operations tried per task state (the state the requestor last saw before sending; a tasks/list walk counts once per task of its run)';
