// The arbitraries of an exploration: random sequences of operations that fast-check generates from a seed and shrinks.
// Delays, waits and ttls come from small sets so that work, cancels, lists and expiries overlap often.
import fc from 'fast-check';
import { DELAYS_MS, MAX_STEP_WIDTH, TTLS_MS, WAITS_MS, type ExploreRole, type Operation, type Sequence, type TaskRef } from './operations.js';

/** What the receiver offers, hence which operations a sequence may hold. */
export interface GenerationScope {
  /** Fixture roles the receiver runs as tasks; at least one. */
  roles: readonly ExploreRole[];
  /** tasks.list is declared. */
  list: boolean;
  /** tasks.cancel is declared. */
  cancel: boolean;
  /** A second identity is configured (HTTP --peer-header). */
  peer: boolean;
  /** tasks/result exists (2025-11-25; the 2026-07-28 extension inlines results in tasks/get). */
  result?: boolean;
  /** tasks/update exists (2026-07-28). */
  update?: boolean;
  /** The work a create asks for, and the ttls it asks (null: none); the 2025-11-25 sets when absent. */
  delaysMs?: readonly number[];
  ttls?: readonly (number | null)[];
  /** The pauses a wait takes; the 2025-11-25 set when absent. */
  waitsMs?: readonly number[];
  /** How often each kind of operation comes, and each role a create runs; the 2025-11-25 weights when absent. */
  weights?: Partial<Record<Operation['kind'], number>>;
  roleWeights?: Partial<Record<ExploreRole, number>>;
  /** The highest creation index a reference names (default 2). */
  maxTaskIndex?: number;
  /** Operations per sequence, at most (the revisits after it not counted). */
  maxOps: number;
  /**
   * The revisits that end every sequence: pauses, then reads of the tasks the sequence made, as a requestor that
   * follows a task to its end and comes back to it does (a retry, a second reader, a dashboard). Absent: none.
   */
  revisits?: { count: number; waitsMs: readonly number[]; firstWaitsMs?: readonly number[] };
}

/** Creation indexes a reference points at: low ones, so most references name a task that exists. */
const MAX_TASK_INDEX = 2;

/** Mostly a task of the sequence, sometimes an id the receiver never issued. */
export function taskRefArbitrary(maxIndex = MAX_TASK_INDEX): fc.Arbitrary<TaskRef> {
  return fc.oneof({ weight: 9, arbitrary: fc.nat({ max: maxIndex }) }, { weight: 1, arbitrary: fc.constant('unknown' as const) });
}

export function createArbitrary(scope: GenerationScope): fc.Arbitrary<Extract<Operation, { kind: 'create' }>> {
  const ttls: readonly (number | null)[] = scope.ttls ?? TTLS_MS;
  const weighted = scope.roleWeights;
  const role = weighted ? fc.oneof(...scope.roles.map((each) => ({ weight: weighted[each] ?? 1, arbitrary: fc.constant(each) }))) : fc.constantFrom(...scope.roles);
  // The longest ttl as often as the others together: tasks that outlive their revisits.
  const ttl =
    ttls.length > 1 ? fc.oneof({ weight: ttls.length - 1, arbitrary: fc.constantFrom(...ttls) }, { weight: ttls.length - 1, arbitrary: fc.constant(ttls[ttls.length - 1]) }) : fc.constantFrom(...ttls);
  return fc.record({ kind: fc.constant('create' as const), role, delayMs: fc.constantFrom(...(scope.delaysMs ?? DELAYS_MS)), ttl });
}

export function operationArbitrary(scope: GenerationScope): fc.Arbitrary<Operation> {
  const task = taskRefArbitrary(scope.maxTaskIndex);
  const weight = (kind: Operation['kind'], otherwise: number) => scope.weights?.[kind] ?? otherwise;
  const choices: fc.WeightedArbitrary<Operation>[] = [
    { weight: weight('create', 4), arbitrary: createArbitrary(scope) },
    { weight: weight('get', 3), arbitrary: fc.record({ kind: fc.constant('get' as const), task }) },
    // tasks/result blocks until the end: fewer of them keep runs short, so more runs fit the budget.
    ...(scope.result === false ? [] : [{ weight: weight('result', 1), arbitrary: fc.record({ kind: fc.constant('result' as const), task }) }]),
    { weight: weight('wait', 2), arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(...(scope.waitsMs ?? WAITS_MS)) }) },
  ];
  // Answers to what a task asked, or to keys it never issued.
  if (scope.update) choices.push({ weight: weight('update', 2), arbitrary: fc.record({ kind: fc.constant('update' as const), task }) });
  // Cancels are where races with the end of the work hide: they come often.
  if (scope.cancel) choices.push({ weight: weight('cancel', 3), arbitrary: fc.record({ kind: fc.constant('cancel' as const), task }) });
  if (scope.list) choices.push({ weight: weight('list', 2), arbitrary: fc.record({ kind: fc.constant('list' as const) }) });
  if (scope.peer) {
    choices.push({ weight: weight('peer-get', 1), arbitrary: fc.record({ kind: fc.constant('peer-get' as const), task }) });
    if (scope.list) choices.push({ weight: weight('peer-list', 1), arbitrary: fc.record({ kind: fc.constant('peer-list' as const) }) });
  }
  return fc.oneof(...choices);
}

/**
 * A sequence of 1 to maxOps operations in steps of 1 to 3, beginning with a create (operations naming a task find one
 * far more often). Generated flat, each operation saying whether it goes with the one before, so shrinking removes
 * single operations and separates concurrent ones (false shrinks first).
 */
export function sequenceArbitrary(scope: GenerationScope): fc.Arbitrary<Sequence> {
  const entry = fc.record({ operation: operationArbitrary(scope), withPrevious: fc.boolean() });
  const rest = fc.array(entry, { maxLength: Math.max(0, scope.maxOps - 1), size: 'max' });
  const revisits = scope.revisits ? revisitsArbitrary(scope, scope.revisits) : fc.constant([] as Sequence);
  return fc.tuple(createArbitrary(scope), rest, revisits).map(([first, entries, tail]) => [...groupIntoSteps([{ operation: first, withPrevious: false }, ...entries]), ...tail]);
}

/**
 * The end of every sequence: `count` revisits, each a pause (from the given set) then a step of one to three reads of
 * the sequence's tasks sent together (several readers of one task). The first revisit of a profile with tasks/result
 * blocks on it, so the sequence follows a task to its end before it comes back to it.
 */
export function revisitsArbitrary(scope: GenerationScope, revisits: NonNullable<GenerationScope['revisits']>): fc.Arbitrary<Sequence> {
  // Mostly the task followed to its end (several reads of one task), sometimes any other.
  const FOLLOWED = -1;
  const task = fc.oneof({ weight: 3, arbitrary: fc.constant(FOLLOWED) }, { weight: 1, arbitrary: taskRefArbitrary(scope.maxTaskIndex) });
  // Fixed weights: the coverage biases the operations before the revisits, not the revisits themselves.
  const reads: fc.WeightedArbitrary<Operation>[] = [{ weight: 3, arbitrary: fc.record({ kind: fc.constant('get' as const), task }) }];
  if (scope.result !== false) reads.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('result' as const), task }) });
  if (scope.list) reads.push({ weight: 2, arbitrary: fc.record({ kind: fc.constant('list' as const) }) });
  if (scope.cancel) reads.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), task }) });
  // A second reader may be another requestor, which must not reach the task.
  if (scope.peer) reads.push({ weight: 2, arbitrary: fc.record({ kind: fc.constant('peer-get' as const), task }) });
  const read = fc.oneof(...reads);
  const revisit = (waits: readonly number[]) => fc.tuple(fc.constantFrom(...waits), fc.array(read, { minLength: 1, maxLength: MAX_STEP_WIDTH }));
  const followedIndex = fc.nat({ max: scope.maxTaskIndex ?? MAX_TASK_INDEX });
  // The revisits after the first may go, so that shrinking can take away what a counterexample does not need.
  const rest = fc.array(revisit(revisits.waitsMs), { maxLength: Math.max(0, revisits.count - 1) });
  return fc.tuple(followedIndex, revisit(revisits.firstWaitsMs ?? revisits.waitsMs), rest).map(([followed, first, later]) => {
    const resolve = (operation: Operation): Operation => ('task' in operation && operation.task === FOLLOWED ? { ...operation, task: followed } : operation);
    // Where tasks/result exists, it follows the task to its end (it blocks until then).
    const steps: Sequence = scope.result === false ? [] : [[{ kind: 'result', task: followed }]];
    for (const [ms, step] of [first, ...later]) {
      if (ms > 0) steps.push([{ kind: 'wait', ms }]);
      steps.push(step.map(resolve));
    }
    return steps;
  });
}

export function groupIntoSteps(entries: readonly { operation: Operation; withPrevious: boolean }[]): Sequence {
  const steps: Sequence = [];
  for (const { operation, withPrevious } of entries) {
    const last = steps[steps.length - 1];
    if (withPrevious && last && last.length < MAX_STEP_WIDTH) last.push(operation);
    else steps.push([operation]);
  }
  return steps;
}
