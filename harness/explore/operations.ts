// The operations an exploration sends, as plain data: a sequence serialises into a counterexample file and replays
// from it. A sequence is a list of steps; the operations of one step are sent together (that is where races happen).
import type { OperationRecord } from './report.js';

/** The fixture roles a generated task runs (2025-11-25 fixture contract). */
export const EXPLORE_ROLES = ['echo', 'fail', 'error'] as const;
/** The same for the 2026-07-28 profile (its fixture contract): work of whole seconds, a tool error, a JSON-RPC error, a question. */
export const MODERN_EXPLORE_ROLES = ['slow', 'failing', 'protocolError', 'confirm'] as const;
export type ExploreRole = (typeof EXPLORE_ROLES)[number] | (typeof MODERN_EXPLORE_ROLES)[number];
const ALL_ROLES: readonly string[] = [...EXPLORE_ROLES, ...MODERN_EXPLORE_ROLES];

/** Small sets of values, so that work, waits and ttls overlap often. */
export const DELAYS_MS = [0, 50, 150, 300, 600] as const;
export const WAITS_MS = [50, 150, 400] as const;
/**
 * Every generated create asks for a short ttl: over HTTP the runs share one identity, and tasks of earlier runs that
 * lived for the receiver's default (minutes) would pile up in every tasks/list walk. (null, no ttl asked, stays valid
 * in counterexample files.)
 */
export const TTLS_MS = [300, 800, 2000] as const;
/** A ttl no receiver should grant in full (ten years): what it reports shows whether it caps ttls (TASKS-RES-MAX-TTL). */
export const TEN_YEARS_MS = 10 * 365 * 24 * 60 * 60 * 1000;
/** How many instant tasks a crowd creates: more than one page of a receiver that paginates at 100 (listing.paginates' bound), and a sample of ids. */
export const CROWD_SIZE = 101;
/**
 * 2026-07-28: slow_compute takes whole seconds (the fixture contract never sends fractions): one second, so that looks,
 * cancels and updates land while it works and near its end; the other tools end at once.
 */
export const MODERN_DELAYS_MS = [1000] as const;
/**
 * 2026-07-28: waits that reach into a second of work, most of them landing a cancel in its last 600 ms (where a cancel
 * that loses the race shows) without running far past it (issue 31: sampled, these waits gave more such cancels per
 * minute than 150 to 900 ms did, in shorter runs).
 */
export const MODERN_WAITS_MS = [150, 450, 700] as const;
/**
 * 2026-07-28: a second of work is where its races are (cancels and looks near its end), so the sequences dwell on one
 * or two tasks, mostly of slow_compute, looked at and cancelled often; the other tools end at once or wait for input.
 */
export const MODERN_GENERATION = {
  weights: { create: 2, get: 3, wait: 5, cancel: 4, update: 1, 'peer-get': 1, 'peer-cancel': 1, 'peer-update': 1, 'peer-listen': 1 },
  roleWeights: { slow: 6, failing: 1, protocolError: 1, confirm: 2 },
  maxTaskIndex: 1,
} as const;

/** A patient run's tasks end completed as often as failed (echo completes; fail and error both fail), before the coverage's bias. */
const PATIENT_ROLE_WEIGHTS = { echo: 2, fail: 1, error: 1 } as const;
/**
 * 2025-11-25: one run in five is a patient requestor's (generate.ts): it follows a task to its end, then reads it again
 * at once and 1.2 s later, with a ttl of 5 s that outlives those reads. The other four interleave: a patient run lasts
 * about four interleaving ones, so the races keep half the budget.
 */
export const LEGACY_REVISITS = {
  share: { interleaving: 4, patient: 1 },
  ttlMs: 5000,
  /** Three patient tasks in seven ask no ttl (the receiver's own then in force), one in seven ten years (is it capped?): both outlive the revisits. */
  otherTtls: [null, null, null, TEN_YEARS_MS],
  waitsMs: [0, 1200],
  roleWeights: PATIENT_ROLE_WEIGHTS,
} as const;
/** 2025-11-25: how often each kind of operation comes in a patient run (before the coverage's bias). */
export const LEGACY_WEIGHTS = { create: 4, get: 3, result: 1, wait: 2, cancel: 3, list: 2, 'peer-get': 1, 'peer-list': 1 } as const;
/**
 * 2025-11-25: a run may end with one probe, an operation that judges an answer rather than a race (identity B's
 * tasks/result and tasks/cancel, a forged cursor, a plain call, a crowd of tasks, a look at a task long after its ttl),
 * two runs in three; after the run's own steps, so its races are as they were. The late look waits seconds: it comes least.
 */
export const LEGACY_PROBES = { weights: { 'peer-result': 2, 'peer-cancel': 2, 'forged-cursor': 2, plain: 2, crowd: 2, 'late-get': 1, 'cancel-progress': 1 }, freq: 3 } as const;
/** A task's ttl is over this long ago (and twice the ttl, if longer) when a late look asks for it: ttl.expiry's grace for cleanup. */
export const CLEANUP_GRACE_MS = 2_000;
/** Late looks wait for tasks of the shortest ttls only (a look at a 2 s task would wait 6 s): at most about 3 s. */
export const LATE_GET_MAX_TTL_MS = 800;
/**
 * 2025-11-25: the same in an interleaving run: more creates, cancels and lists, fewer looks, so that a create lands
 * inside a list walk over tasks of the run and a cancel near the end of the work more often.
 */
export const INTERLEAVING_WEIGHTS = { create: 6, get: 2, result: 1, wait: 2, cancel: 4, list: 3, 'peer-get': 1, 'peer-list': 1 } as const;

/** A task by its creation index in the sequence, or an id no task has. */
export type TaskRef = number | 'unknown';

export type Operation =
  | { kind: 'create'; role: ExploreRole; delayMs: number; ttl: number | null }
  | { kind: 'get'; task: TaskRef }
  | { kind: 'result'; task: TaskRef }
  | { kind: 'cancel'; task: TaskRef }
  /** 2026-07-28: tasks/update answering what the task last asked (an unknown key when it asked nothing). */
  | { kind: 'update'; task: TaskRef }
  | { kind: 'list' }
  | { kind: 'peer-get'; task: TaskRef }
  | { kind: 'peer-list' }
  /** Identity B's tasks/cancel of a task (2025-11-25: of a task created for it just before; refused like its tasks/get). */
  | { kind: 'peer-cancel'; task: TaskRef }
  /** 2026-07-28: identity B's tasks/update of a task, and its subscriptions/listen naming it (open until the run ends). */
  | { kind: 'peer-update'; task: TaskRef }
  | { kind: 'peer-listen'; task: TaskRef }
  /** Identity B's tasks/result of a task (2025-11-25): refused like its tasks/get. */
  | { kind: 'peer-result'; task: TaskRef }
  /** tasks/list with a cursor the receiver never issued (2025-11-25). */
  | { kind: 'forged-cursor' }
  /** The fixture tool called without `task` (2025-11-25; tools whose taskSupport is "optional"): a plain result. */
  | { kind: 'plain'; role: ExploreRole }
  /** CROWD_SIZE instant echo tasks at once, then a list walk (2025-11-25): pages, and a sample of ids. */
  | { kind: 'crowd' }
  /** A task of the progress fixture with a progressToken, cancelled once its progress flows, then watched (2025-11-25 servers). */
  | { kind: 'cancel-progress' }
  /** tasks/get of a task once its reported ttl and CLEANUP_GRACE_MS are over (2025-11-25; ttls up to LATE_GET_MAX_TTL_MS). */
  | { kind: 'late-get'; task: TaskRef }
  | { kind: 'wait'; ms: number };

export type OperationKind = Operation['kind'];
export type Step = Operation[];
export type Sequence = Step[];

/** The most operations one step sends together. */
export const MAX_STEP_WIDTH = 3;

export function operationCount(sequence: Sequence): number {
  return sequence.reduce((sum, step) => sum + step.length, 0);
}

/** The task an operation names, when it names one. */
export function taskRefOf(operation: Operation): TaskRef | undefined {
  return 'task' in operation ? operation.task : undefined;
}

export function describeTaskRef(ref: TaskRef): string {
  return ref === 'unknown' ? 'an unknown id' : `task #${ref}`;
}

/** The operation in a few words, without what it saw: `create(echo, 150 ms, ttl 800)`, `get(task #2)`. */
export function describeOperation(operation: Operation): string {
  switch (operation.kind) {
    case 'create':
      return `create(${operation.role}, ${operation.delayMs} ms${operation.ttl === null ? '' : `, ttl ${operation.ttl}`})`;
    case 'list':
    case 'peer-list':
    case 'forged-cursor':
    case 'cancel-progress':
      return `${operation.kind}()`;
    case 'crowd':
      return `crowd(${CROWD_SIZE} tasks)`;
    case 'plain':
      return `plain(${operation.role})`;
    case 'wait':
      return `wait(${operation.ms} ms)`;
    default:
      return `${operation.kind}(${describeTaskRef(operation.task)})`;
  }
}

/** The operation as a report records it; `seen` says what it saw, e.g. "working" or "error -32602". */
export function toRecord(operation: Operation, step: number, seen?: string): OperationRecord {
  const { kind, ...args } = operation;
  return { step, kind, args, summary: seen === undefined ? describeOperation(operation) : `${describeOperation(operation)} → ${seen}` };
}

/** Creation indexes of the sequence's creates that no operation names. */
export function unreferencedCreates(sequence: Sequence): number[] {
  const named = new Set(sequence.flat().map(taskRefOf));
  let index = 0;
  const unused: number[] = [];
  for (const operation of sequence.flat()) if (operation.kind === 'create' && !named.has(index++)) unused.push(index - 1);
  return unused;
}

/** The sequence without the create of that creation index; references to later tasks move down by one. */
export function withoutCreate(sequence: Sequence, removed: number): Sequence {
  let index = 0;
  const renamed = (ref: TaskRef): TaskRef => (ref !== 'unknown' && ref > removed ? ref - 1 : ref);
  return sequence
    .map((step) =>
      step.flatMap((operation): Operation[] => {
        if (operation.kind === 'create') return index++ === removed ? [] : [operation];
        return 'task' in operation ? [{ ...operation, task: renamed(operation.task) }] : [operation];
      }),
    )
    .filter((step) => step.length > 0);
}

/** The sequence without its n-th operation (flat order), which is no create; a step left empty goes. */
export function withoutOperation(sequence: Sequence, removed: number): Sequence {
  let position = 0;
  return sequence.map((step) => step.filter(() => position++ !== removed)).filter((step) => step.length > 0);
}

/** One line per operation, steps numbered; operations sent together share a number. */
export function describeRecords(records: readonly OperationRecord[]): string[] {
  return records.map((record) => `${String(record.step + 1).padStart(2)}. ${record.summary}`);
}

/** A counterexample file's operations must be exactly what toRecord writes; anything else is named. */
export class MalformedOperation extends Error {}

/** Reads operations back (from a counterexample file) into a sequence, steps in order. */
export function sequenceFromRecords(records: readonly OperationRecord[]): Sequence {
  const steps = new Map<number, Step>();
  records.forEach((record, position) => {
    if (typeof record !== 'object' || record === null || !Number.isInteger(record.step) || record.step < 0) {
      throw new MalformedOperation(`operation ${position + 1} has no step number (a whole number from 0)`);
    }
    const operation = operationFromRecord(record, position);
    steps.set(record.step, [...(steps.get(record.step) ?? []), operation]);
  });
  return [...steps.entries()].sort(([a], [b]) => a - b).map(([, step]) => step);
}

function operationFromRecord(record: OperationRecord, position: number): Operation {
  const args = typeof record.args === 'object' && record.args !== null ? record.args : {};
  const bad = (what: string): never => {
    throw new MalformedOperation(`operation ${position + 1} (${String(record.kind)}): ${what}`);
  };
  const task = (): TaskRef => {
    const value = args.task;
    if (value === 'unknown' || (typeof value === 'number' && Number.isInteger(value) && value >= 0)) return value;
    return bad(`args.task must be a creation index (0, 1, ...) or "unknown", got ${JSON.stringify(value)}`);
  };
  const wholeMs = (name: string): number => {
    const value = args[name];
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : bad(`args.${name} must be a whole number of milliseconds, got ${JSON.stringify(value)}`);
  };
  switch (record.kind) {
    case 'create': {
      const role = args.role;
      if (!ALL_ROLES.includes(role as string)) bad(`args.role must be one of ${ALL_ROLES.join(', ')}, got ${JSON.stringify(role)}`);
      const ttl = args.ttl ?? null;
      if (ttl !== null && !(typeof ttl === 'number' && Number.isInteger(ttl) && ttl >= 0)) bad(`args.ttl must be null or a whole number of milliseconds, got ${JSON.stringify(ttl)}`);
      return { kind: 'create', role: role as ExploreRole, delayMs: wholeMs('delayMs'), ttl: ttl as number | null };
    }
    case 'get':
    case 'result':
    case 'cancel':
    case 'update':
    case 'peer-get':
    case 'peer-cancel':
    case 'peer-update':
    case 'peer-listen':
    case 'peer-result':
    case 'late-get':
      return { kind: record.kind, task: task() };
    case 'list':
    case 'peer-list':
    case 'forged-cursor':
    case 'crowd':
    case 'cancel-progress':
      return { kind: record.kind };
    case 'plain': {
      const role = args.role;
      if (!ALL_ROLES.includes(role as string)) bad(`args.role must be one of ${ALL_ROLES.join(', ')}, got ${JSON.stringify(role)}`);
      return { kind: 'plain', role: role as ExploreRole };
    }
    case 'wait':
      return { kind: 'wait', ms: wholeMs('ms') };
    default:
      return bad(
        'unknown kind; expected create, get, result, cancel, update, list, peer-get, peer-list, peer-result, peer-cancel, peer-update, peer-listen, ' +
          'forged-cursor, plain, crowd, late-get, cancel-progress or wait',
      );
  }
}
