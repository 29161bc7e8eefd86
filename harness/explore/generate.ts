// The arbitraries of an exploration: random sequences of operations that fast-check generates from a seed and shrinks.
// Delays, waits and ttls come from small sets so that work, cancels, lists and expiries overlap often.
import fc from 'fast-check';
import { DELAYS_MS, LATE_GET_MAX_TTL_MS, MAX_STEP_WIDTH, TTLS_MS, WAITS_MS, type ExploreRole, type Operation, type Sequence, type TaskRef } from './operations.js';

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
  /** 2025-11-25 servers: the roles whose tool declares taskSupport "optional", called plainly too (none: no plain calls). */
  plainRoles?: readonly ExploreRole[];
  /** 2025-11-25 servers: the progress fixture takes tasks, so its work can be watched stop on a cancel. */
  progress?: boolean;
  /** 2025-11-25 servers: crowds of instant echo tasks may come. */
  crowd?: boolean;
  /** 2025-11-25: the probe a run may end with (probeArbitrary), by weight, and how often one comes against none (1). */
  probes?: { weights: Partial<Record<Operation['kind'], number>>; freq: number };
  /** The highest creation index a reference names (default 2). */
  maxTaskIndex?: number;
  /** Operations per sequence, at most (the revisits after it not counted). */
  maxOps: number;
  /**
   * Patient runs beside the interleaving ones (2025-11-25; absent: every run interleaves). A patient run is shorter
   * (half the operations), asks a ttl that outlives its revisits, is biased by the coverage (`guided`), and ends by
   * following one of its tasks to its end and reading it again after each pause of `waitsMs` (at once, more than a
   * second later: a retry, a second reader, a dashboard), its tasks of `roleWeights` until the coverage biases them.
   * `share` weighs the two kinds of run against each other.
   */
  revisits?: {
    share: { interleaving: number; patient: number };
    ttlMs: number;
    /** ttls a patient task may ask instead of ttlMs (which keeps half the creates): none, or one no receiver should grant. */
    otherTtls?: readonly (number | null)[];
    waitsMs: readonly number[];
    roleWeights?: Partial<Record<ExploreRole, number>>;
  };
  /** With `revisits`: the interleaving runs' weights (default `weights`), heavier on creates, cancels and lists. */
  interleavingWeights?: Partial<Record<Operation['kind'], number>>;
  /** The coverage's weights (explore.ts guidedScope), for the patient runs; interleaving runs keep theirs. */
  guided?: { weights: Partial<Record<Operation['kind'], number>>; roleWeights: Partial<Record<ExploreRole, number>> };
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
  return fc.record({ kind: fc.constant('create' as const), role, delayMs: fc.constantFrom(...(scope.delaysMs ?? DELAYS_MS)), ttl: fc.constantFrom(...ttls) });
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
    // Identity B's writes and listening, only where the profile weighs them (2026-07-28).
    for (const kind of ['peer-cancel', 'peer-update', 'peer-listen'] as const) {
      if ((scope.weights?.[kind] ?? 0) > 0) choices.push({ weight: weight(kind, 0), arbitrary: fc.record({ kind: fc.constant(kind), task }) });
    }
  }
  return fc.oneof(...choices);
}

/**
 * The operation a run may end with: one that judges an answer, not a race (identity B's tasks/result or tasks/cancel of
 * the run's first tasks, a forged cursor, a plain call, a crowd), of those the target allows; undefined for none.
 */
export function probeArbitrary(scope: GenerationScope): fc.Arbitrary<Operation[] | undefined> {
  const probes = scope.probes;
  if (!probes) return fc.constant(undefined);
  const task = taskRefArbitrary(scope.maxTaskIndex);
  const plainRoles = scope.plainRoles ?? [];
  const allowed: [Operation['kind'], boolean | undefined, fc.Arbitrary<Operation>][] = [
    ['peer-result', scope.peer && scope.result !== false, fc.record({ kind: fc.constant('peer-result' as const), task })],
    ['peer-cancel', scope.peer && scope.cancel && scope.roles.includes('echo'), fc.record({ kind: fc.constant('peer-cancel' as const), task })],
    ['forged-cursor', scope.list, fc.constant({ kind: 'forged-cursor' as const })],
    ['plain', plainRoles.length > 0, fc.constant({ kind: 'plain' as const, role: plainRoles[0] ?? scope.roles[0] })],
    ['crowd', scope.crowd && scope.roles.includes('echo'), fc.constant({ kind: 'crowd' as const })],
    ['late-get', true, fc.record({ kind: fc.constant('late-get' as const), task })],
    ['cancel-progress', scope.progress && scope.cancel, fc.constant({ kind: 'cancel-progress' as const })],
  ];
  const choices = allowed.filter(([kind, ok]) => ok && (probes.weights[kind] ?? 0) > 0).map(([kind, , arbitrary]) => ({ weight: probes.weights[kind]!, arbitrary }));
  if (choices.length === 0) return fc.constant(undefined);
  // A plain call goes to every tool that takes one, together (at most MAX_STEP_WIDTH roles).
  const step = (probe: Operation): Operation[] => (probe.kind === 'plain' ? plainRoles.slice(0, MAX_STEP_WIDTH).map((role) => ({ kind: 'plain', role })) : [probe]);
  return fc.option(fc.oneof(...choices).map(step), { freq: probes.freq, nil: undefined });
}

/**
 * The steps with the probe, when there is one, as a step of its own at the end. A late look names the run's first task
 * that asked a ttl short enough to wait out (none: no late look); identity B's tasks/cancel goes to a task of its own
 * step before, still working then (a cancel of an ended task is refused whoever sends it).
 */
function withProbe(steps: Sequence, probe: Operation[] | undefined): Sequence {
  if (!probe) return steps;
  const creates = steps.flat().filter((operation) => operation.kind === 'create');
  if (probe[0].kind === 'peer-cancel') return [...steps, [{ kind: 'create', role: 'echo', delayMs: FOREIGN_CANCEL_WORK_MS, ttl: TTLS_MS[1] }], [{ kind: 'peer-cancel', task: creates.length }]];
  if (probe[0].kind !== 'late-get') return [...steps, probe];
  const short = creates.findIndex((create) => create.ttl !== null && create.ttl <= LATE_GET_MAX_TTL_MS);
  return short < 0 ? steps : [...steps, [{ kind: 'late-get', task: short }]];
}

/** The work of the task identity B tries to cancel: the longest of DELAYS_MS, so it still runs when B's request comes. */
const FOREIGN_CANCEL_WORK_MS = DELAYS_MS[DELAYS_MS.length - 1];

/**
 * A sequence of half of maxOps to maxOps operations in steps of 1 to 3, beginning with a create (operations naming a
 * task find one far more often). Generated flat, each operation saying whether it goes with the one before, so
 * shrinking removes single operations and separates concurrent ones (false shrinks first). With `revisits`, a share of
 * the runs are patient ones instead (patientSequenceArbitrary).
 */
export function sequenceArbitrary(scope: GenerationScope): fc.Arbitrary<Sequence> {
  if (!scope.revisits) return interleavingSequenceArbitrary(scope);
  const { share } = scope.revisits;
  const interleaving = interleavingSequenceArbitrary({ ...scope, weights: scope.interleavingWeights ?? scope.weights });
  return fc.oneof({ weight: share.interleaving, arbitrary: interleaving }, { weight: share.patient, arbitrary: patientSequenceArbitrary(scope, scope.revisits) });
}

/**
 * Operations close together, with the scope's weights and short ttls: where races show. Two operations in three go
 * with the one before, and a run has at least half the operations (a race needs a few); shrinking still separates and
 * removes them (false and shorter first), down to that minimum, below which explore.ts's own shrinking goes.
 */
function interleavingSequenceArbitrary(scope: GenerationScope): fc.Arbitrary<Sequence> {
  const withPrevious = fc.integer({ min: 0, max: 2 }).map((together) => together > 0);
  const entry = fc.record({ operation: operationArbitrary(scope), withPrevious });
  const rest = fc.array(entry, { minLength: Math.max(0, Math.floor(scope.maxOps / 2) - 1), maxLength: Math.max(0, scope.maxOps - 1), size: 'max' });
  return fc.tuple(createArbitrary(scope), rest, probeArbitrary(scope)).map(([first, entries, probe]) => withProbe(groupIntoSteps([{ operation: first, withPrevious: false }, ...entries]), probe));
}

/**
 * A patient requestor's run: half the operations (weighted by the coverage so far, tasks with a ttl that outlives the
 * revisits), then its revisits. The revisits come first in the tuple and may shrink to none as a whole, so a
 * violation that needs no revisit shrinks as an interleaving run does.
 */
function patientSequenceArbitrary(scope: GenerationScope, revisits: NonNullable<GenerationScope['revisits']>): fc.Arbitrary<Sequence> {
  const guided = scope.guided ?? { roleWeights: revisits.roleWeights ?? scope.roleWeights };
  const ttls = [revisits.ttlMs, revisits.ttlMs, revisits.ttlMs, ...(revisits.otherTtls ?? [])];
  const patient: GenerationScope = { ...scope, ...guided, ttls, maxOps: Math.max(1, Math.ceil(scope.maxOps / 2)) };
  const entry = fc.record({ operation: operationArbitrary(patient), withPrevious: fc.boolean() });
  const rest = fc.array(entry, { maxLength: Math.max(0, patient.maxOps - 1), size: 'max' });
  // Nearly always there (nil one run in a thousand), but nil is what shrinking tries first.
  const tail = fc.option(revisitsArbitrary(patient, revisits.waitsMs), { freq: 1000, nil: undefined });
  return fc.tuple(tail, createArbitrary(patient), rest, probeArbitrary(scope)).map(([revisit, first, entries, probe]) => {
    const steps = groupIntoSteps([{ operation: first, withPrevious: false }, ...entries]);
    const creates = steps.flat().filter((operation) => operation.kind === 'create').length;
    return withProbe(revisit ? [...steps, ...revisit(creates)] : steps, probe);
  });
}

/**
 * The end of a patient run, given how many tasks the run created: a tasks/result that follows one of them to its end
 * (where tasks/result exists), then a revisit per pause of `waitsMs` (the first at once), each one to three reads sent
 * together, mostly of the followed task (several readers of one task). Each revisit but the first may go.
 */
export function revisitsArbitrary(scope: GenerationScope, waitsMs: readonly number[]): fc.Arbitrary<(creates: number) => Sequence> {
  const FOLLOWED = -1;
  const task = fc.oneof({ weight: 3, arbitrary: fc.constant(FOLLOWED) }, { weight: 1, arbitrary: taskRefArbitrary(scope.maxTaskIndex) });
  const reads: fc.WeightedArbitrary<Operation>[] = [{ weight: 4, arbitrary: fc.record({ kind: fc.constant('get' as const), task }) }];
  if (scope.result !== false) reads.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('result' as const), task }) });
  if (scope.list) reads.push({ weight: 2, arbitrary: fc.record({ kind: fc.constant('list' as const) }) });
  if (scope.cancel) reads.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), task }) });
  // A second reader may be another requestor, which must not reach the task.
  if (scope.peer) reads.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('peer-get' as const), task }) });
  const revisit = fc.array(fc.oneof(...reads), { minLength: 1, maxLength: MAX_STEP_WIDTH });
  const [, ...later] = waitsMs;
  const laterRevisits = fc.tuple(...later.map(() => fc.option(revisit, { freq: 5, nil: undefined })));
  return fc.tuple(fc.nat(), revisit, laterRevisits).map(([pick, first, rest]) => (creates: number) => {
    const followed = pick % Math.max(1, creates);
    const resolve = (operation: Operation): Operation => ('task' in operation && operation.task === FOLLOWED ? { ...operation, task: followed } : operation);
    // Where tasks/result exists, it follows the task to its end (it blocks until then).
    const steps: Sequence = scope.result === false ? [] : [[{ kind: 'result', task: followed }]];
    [first, ...rest].forEach((reads, index) => {
      if (!reads) return;
      if (waitsMs[index] > 0) steps.push([{ kind: 'wait', ms: waitsMs[index] }]);
      steps.push(reads.map(resolve));
    });
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
