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
  /** Operations per sequence, at most. */
  maxOps: number;
}

/** Creation indexes a reference points at: low ones, so most references name a task that exists. */
const MAX_TASK_INDEX = 2;

/** Mostly a task of the sequence, sometimes an id the receiver never issued. */
export function taskRefArbitrary(): fc.Arbitrary<TaskRef> {
  return fc.oneof({ weight: 9, arbitrary: fc.nat({ max: MAX_TASK_INDEX }) }, { weight: 1, arbitrary: fc.constant('unknown' as const) });
}

export function createArbitrary(scope: GenerationScope): fc.Arbitrary<Extract<Operation, { kind: 'create' }>> {
  return fc.record({ kind: fc.constant('create' as const), role: fc.constantFrom(...scope.roles), delayMs: fc.constantFrom(...DELAYS_MS), ttl: fc.constantFrom(...TTLS_MS) });
}

export function operationArbitrary(scope: GenerationScope): fc.Arbitrary<Operation> {
  const task = taskRefArbitrary();
  const choices: fc.WeightedArbitrary<Operation>[] = [
    { weight: 4, arbitrary: createArbitrary(scope) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('get' as const), task }) },
    // tasks/result blocks until the end: fewer of them keep runs short, so more runs fit the budget.
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('result' as const), task }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(...WAITS_MS) }) },
  ];
  // Cancels are where races with the end of the work hide: they come often.
  if (scope.cancel) choices.push({ weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), task }) });
  if (scope.list) choices.push({ weight: 2, arbitrary: fc.record({ kind: fc.constant('list' as const) }) });
  if (scope.peer) {
    choices.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('peer-get' as const), task }) });
    if (scope.list) choices.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('peer-list' as const) }) });
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
  return fc.tuple(createArbitrary(scope), rest).map(([first, entries]) => groupIntoSteps([{ operation: first, withPrevious: false }, ...entries]));
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
