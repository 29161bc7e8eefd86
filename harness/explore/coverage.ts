// What an exploration exercised: for each state a task of a run was in (as the requestor last saw it), the operations
// sent to it. The search biases its next runs toward the (state, operation) pairs not yet tried (a fuzzer's feedback),
// and the reports show the table, so a clean exploration says what it actually looked at.
import { answeredTask, INVALID_PARAMS, type ObservedOperation, type RunLog } from './run-log.js';
import type { ExploreRole, OperationKind } from './operations.js';

/** A terminal status seen for this long is "settled": a task read again later, as a retry or a dashboard would. */
export const SETTLED_AFTER_MS = 1_000;

/** The states of a task as the requestor knows it when it sends an operation naming the task. */
export const COVERAGE_STATES = ['unseen', 'working', 'input_required', 'completed', 'failed', 'cancelled', 'completed, 1 s on', 'failed, 1 s on', 'cancelled, 1 s on', 'gone'] as const;
export type CoverageState = (typeof COVERAGE_STATES)[number];

/** Operations tried per state: state → operation kind → count. */
export type Coverage = Map<CoverageState, Map<OperationKind, number>>;

/** The operations a requestor reads or acts on a task with (creates and waits name none; a list walk reads every task). */
const TASK_OPERATIONS: readonly OperationKind[] = ['get', 'result', 'cancel', 'update', 'list', 'peer-get', 'peer-list', 'peer-result', 'peer-cancel', 'peer-update', 'peer-listen'];

const TERMINAL = ['completed', 'failed', 'cancelled'];

/** Adds a run's (state, operation) pairs to `coverage`. */
export function addRunCoverage(coverage: Coverage, log: RunLog): void {
  for (const [state, kind] of runPairs(log)) {
    const row = coverage.get(state) ?? new Map<OperationKind, number>();
    row.set(kind, (row.get(kind) ?? 0) + 1);
    coverage.set(state, row);
  }
}

/** Each operation naming a task (a list walk: each task of the run), with the state the requestor knew it in. */
export function runPairs(log: RunLog): [CoverageState, OperationKind][] {
  const pairs: [CoverageState, OperationKind][] = [];
  const tasks = log.tasks.filter((task) => task.taskId !== undefined);
  for (const operation of log.operations) {
    const kind = operation.operation.kind;
    if (!TASK_OPERATIONS.includes(kind)) continue;
    const named = kind === 'list' || kind === 'peer-list' ? tasks.map((task) => task.index) : operation.task === undefined ? [] : [operation.task];
    for (const index of named) pairs.push([stateWhenSent(log, index, operation), kind]);
  }
  return pairs;
}

/** The last status an answer of identity A showed for the task before `operation` was sent. */
function stateWhenSent(log: RunLog, index: number, operation: ObservedOperation): CoverageState {
  const taskId = log.tasks.find((task) => task.index === index)?.taskId;
  let state: CoverageState = 'unseen';
  let terminalSince: number | undefined;
  const before = log.operations.filter((seen) => !seen.peer && seen.receivedAt < operation.sentAt).sort((a, b) => a.receivedAt - b.receivedAt);
  for (const seen of before) {
    const status = statusShown(seen, index, taskId);
    if (status === undefined) continue;
    if (status === 'gone') state = 'gone';
    else if (typeof status === 'string' && (COVERAGE_STATES as readonly string[]).includes(status)) state = status as CoverageState;
    if (TERMINAL.includes(state)) terminalSince ??= seen.receivedAt;
  }
  if (TERMINAL.includes(state) && terminalSince !== undefined && operation.sentAt - terminalSince >= SETTLED_AFTER_MS) return `${state}, 1 s on` as CoverageState;
  return state;
}

/** What one answer said of the task: its status, 'gone' for -32602 on its id, nothing when it did not speak of it. */
function statusShown(seen: ObservedOperation, index: number, taskId: string | undefined): unknown {
  const { answer } = seen;
  if (answer.kind === 'list') return answer.tasks.find((task) => task.taskId === taskId)?.status;
  if (seen.task !== index) return undefined;
  // 2025-11-25 nests the task in the CreateTaskResult; 2026-07-28 answers with the task itself.
  if (seen.operation.kind === 'create')
    return answer.kind === 'result' ? (typeof answer.result.task === 'object' ? (answer.result.task as Record<string, unknown>).status : answer.result.status) : undefined;
  if (answer.kind === 'error' && answer.code === INVALID_PARAMS && seen.operation.kind !== 'update') return 'gone';
  return answeredTask(answer)?.status;
}

/** How many of `states` have not seen an operation of `kind`. */
export function untried(coverage: Coverage, kind: OperationKind, states: readonly CoverageState[]): number {
  return states.filter((state) => (coverage.get(state)?.get(kind) ?? 0) === 0).length;
}

/** The states a task of each fixture role normally passes through (the fixture contracts); a cancel adds cancelled. */
const ROLE_STATES: Record<ExploreRole, readonly CoverageState[]> = {
  echo: ['working', 'completed', 'completed, 1 s on'],
  fail: ['working', 'failed', 'failed, 1 s on'],
  error: ['working', 'failed', 'failed, 1 s on'],
  slow: ['working', 'completed', 'completed, 1 s on'],
  failing: ['working', 'completed', 'completed, 1 s on'],
  protocolError: ['working', 'failed', 'failed, 1 s on'],
  confirm: ['input_required', 'working', 'completed'],
};

/**
 * Weights for the next runs, from the base ones: each operation kind gains one base share per state it has not been
 * tried in yet (among the states a run can reach), each role one per (state, read) pair still untried among the states it leads to.
 */
export function biasedWeights(
  coverage: Coverage,
  kinds: readonly OperationKind[],
  roles: readonly ExploreRole[],
  base: { weights: Partial<Record<OperationKind, number>>; roleWeights: Partial<Record<ExploreRole, number>> },
): { weights: Partial<Record<OperationKind, number>>; roleWeights: Partial<Record<ExploreRole, number>> } {
  const reachable = new Set<CoverageState>(['unseen', 'cancelled', 'cancelled, 1 s on', ...roles.flatMap((role) => ROLE_STATES[role])]);
  const states = [...reachable];
  const weights: Partial<Record<OperationKind, number>> = {};
  const factors = kinds.map((kind) => 1 + untried(coverage, kind, states));
  kinds.forEach((kind, index) => (weights[kind] = (base.weights[kind] ?? 1) * factors[index]));
  // Creates and waits keep their share against the reads as a whole: the mean factor of the reads.
  const mean = Math.max(1, Math.round(factors.reduce((sum, factor) => sum + factor, 0) / Math.max(1, factors.length)));
  for (const [kind, share] of Object.entries(base.weights) as [OperationKind, number][]) if (!kinds.includes(kind)) weights[kind] = share * mean;
  const roleWeights: Partial<Record<ExploreRole, number>> = {};
  for (const role of roles) {
    const share = base.roleWeights[role] ?? 1;
    const reads = kinds.filter((kind) => kind !== 'cancel');
    const open = ROLE_STATES[role].reduce((sum, state) => sum + reads.filter((kind) => (coverage.get(state)?.get(kind) ?? 0) === 0).length, 0);
    roleWeights[role] = share * (1 + open);
  }
  return { weights, roleWeights };
}

/** The table as plain data for the report: states in their order, each with its operations tried (none: left out). */
export function coverageRows(coverage: Coverage): { state: CoverageState; operations: Partial<Record<OperationKind, number>> }[] {
  return COVERAGE_STATES.filter((state) => (coverage.get(state)?.size ?? 0) > 0).map((state) => ({ state, operations: Object.fromEntries(coverage.get(state)!) }));
}
