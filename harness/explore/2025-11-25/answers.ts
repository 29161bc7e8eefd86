// The 2025-11-25 model's judgements of each answer's form, and of what the operations only patient runs send show
// (identity B's tasks/result and tasks/cancel, a forged cursor, a plain call, a crowd of tasks). Pure, like model.ts:
// each judges a finished run's log. Where a scripted check reads a MUST leniently, the violation is `lenient` (a warn).
import { TASK_SHAPE_REQUIREMENTS } from '../../model/schemas/task-shape.js';
import { brief } from '../../model/describe.js';
import { analyzeTaskIds } from '../../model/id-entropy.js';
import { isRfc3339DateTime } from '../../model/schemas/validate.js';
import { taskShapeViolations, type TaskSighting } from '../../model/schemas/task-shape.js';
import { relatedTaskIdOf } from '../../receivers/2025-11-25/receiver.js';
import { CLEANUP_GRACE_MS, TEN_YEARS_MS } from '../operations.js';
import { answeredTask, INVALID_PARAMS, type ObservedOperation, type RunLog } from '../run-log.js';
import {
  judgeRuleBook,
  judgeRun,
  sightingsOf,
  answerText,
  at,
  ms,
  cancelSentBefore,
  notificationSightingsOf,
  expiryOf,
  isRecord,
  methodOf,
  taskAt,
  violation,
  type Judgement,
  type PropertyId,
  type Sighting,
  type Violation,
} from '../../rules/2025-11-25/lifecycle.js';

/** Message rules of the rule book that explore.task-form and explore.related-meta judge already. */
const ALSO_JUDGED_BY_PROPERTIES: readonly string[] = [...TASK_SHAPE_REQUIREMENTS, 'TASKS-META-RESULT-INCLUDES'];

/** listing.paginates' bound: the spec sets no page size, so only one page holding more than this is no pagination. */
const ONE_PAGE_BOUND = 100;
/** isolation.task-id-entropy's sample: fewer ids tell too little of how they are made. */
const ID_SAMPLE = 32;

/** Judges every property of the 2025-11-25 model on the log (model.ts' and these); the engine takes the earliest violation. */
export function judgeLegacyRun(log: RunLog): Partial<Record<PropertyId, Judgement>> {
  return { ...judgeRun(log), ...judgeAnswers(log, sightingsOf(log)), 'explore.rule-book': judgeRuleBook(log, ALSO_JUDGED_BY_PROPERTIES) };
}

export function judgeAnswers(log: RunLog, sightings: readonly Sighting[]): Partial<Record<PropertyId, Judgement>> {
  return {
    'explore.task-form': judgeTaskForm(log),
    'explore.timestamps': judgeTimestamps(log, sightings),
    'explore.timestamp-order': judgeTimestampOrder(log, sightings),
    'explore.related-meta': judgeRelatedMeta(log),
    'explore.plain-calls': judgePlainCalls(log),
    'explore.cursors': judgeCursors(log),
    'explore.pagination': judgePagination(log),
    'explore.expiry': judgeExpiry(log, sightings),
    'explore.cancel-stops-work': judgeCancelStopsWork(log),
    'explore.cleanup': judgeCleanup(log),
    'explore.max-ttl': judgeMaxTtl(log, sightings),
    'explore.foreign-refusals': judgeForeignRefusals(log),
    'explore.task-ids': judgeTaskIds(log),
    'explore.list-without-auth': judgeListWithoutAuth(log),
  };
}

/** The tasks an answer (or a status notification) carries, as the Task schema sees them. */
function taskMessages(log: RunLog): { operation: ObservedOperation; sighting: TaskSighting }[] {
  const messages: { operation: ObservedOperation; sighting: TaskSighting }[] = [];
  for (const operation of log.operations) {
    const { answer } = operation;
    const kind = operation.operation.kind;
    if (answer.kind === 'list') messages.push({ operation, sighting: { kind: 'list', value: { tasks: answer.tasks }, method: 'tasks/list' } });
    if (answer.kind !== 'result') continue;
    // A task-augmented request accepted (a plain answer to it is judged elsewhere); B's answers are isolation's.
    if (kind === 'create' && 'task' in answer.result) messages.push({ operation, sighting: { kind: 'create', value: answer.result, method: 'tools/call' } });
    if (kind === 'get' || kind === 'cancel') messages.push({ operation, sighting: { kind, value: answer.result, method: `tasks/${kind}` } });
  }
  for (const notification of log.notifications ?? []) {
    const operation = {
      position: -1,
      step: -1,
      operation: { kind: 'wait' as const, ms: 0 },
      peer: false,
      sentAt: notification.receivedAt,
      receivedAt: notification.receivedAt,
      answer: { kind: 'waited' as const },
    };
    messages.push({ operation, sighting: { kind: 'notification', value: notification.params, method: 'notifications/tasks/status' } });
  }
  return messages;
}

/** Every task the receiver reports is a Task: required fields, a known status, RFC 3339 timestamps, integer ttl and pollInterval. */
export function judgeTaskForm(log: RunLog): Judgement {
  const messages = taskMessages(log);
  const violations: Violation[] = [];
  for (const { operation, sighting } of messages) {
    const [first] = taskShapeViolations(sighting);
    if (first) violations.push(violation('explore.task-form', first.requirement, operation, `${first.message}${operation.position >= 0 ? ` (${methodOf(operation)} ${at(log, operation)})` : ''}`));
  }
  return { observations: messages.length, violations };
}

/** The sightings of each task, in the order they came. */
function timestampsOf(sightings: readonly Sighting[]): Map<number, Sighting[]> {
  const byTask = new Map<number, Sighting[]>();
  for (const sighting of sightings) {
    if (sighting.source === 'result') continue;
    byTask.set(sighting.task, [...(byTask.get(sighting.task) ?? []), sighting]);
  }
  return byTask;
}

const instant = (value: unknown) => (typeof value === 'string' && isRfc3339DateTime(value) ? Date.parse(value) : undefined);
/** A notification's lastUpdatedAt is left out of the order: when it was sent is unknown. */
const lastUpdatedOf = (sighting: Sighting): unknown => (sighting.source === 'notification' ? undefined : sighting.lastUpdatedAt);

/** createdAt names the same instant in every answer about the task; lastUpdatedAt never earlier than one reported before the request was sent. */
export function judgeTimestamps(log: RunLog, sightings: readonly Sighting[]): Judgement {
  const violations: Violation[] = [];
  let observations = 0;
  for (const [task, seen] of timestampsOf([...sightings, ...notificationSightingsOf(log)].sort((a, b) => a.receivedAt - b.receivedAt))) {
    const first = seen.find((sighting) => instant(sighting.createdAt) !== undefined);
    for (const later of seen) {
      if (first && later !== first && instant(later.createdAt) !== undefined) {
        observations += 1;
        if (instant(later.createdAt) !== instant(first.createdAt))
          violations.push(
            violation(
              'explore.timestamps',
              'TASKS-LIFECYCLE-STABLE-IDENTITY',
              later.operation,
              `task #${task}: createdAt ${brief(first.createdAt)} (${first.source}) became ${brief(later.createdAt)} in a later ${later.source}; a task keeps its createdAt`,
            ),
          );
      }
      const updated = instant(lastUpdatedOf(later));
      if (updated === undefined) continue;
      const earlier = seen.filter((before) => before.receivedAt < later.sentAt && (instant(lastUpdatedOf(before)) ?? Number.NEGATIVE_INFINITY) > updated).pop();
      if (!earlier) continue;
      violations.push(
        violation(
          'explore.timestamps',
          'TASKS-LIFECYCLE-MONOTONIC-UPDATE',
          later.operation,
          `task #${task}: lastUpdatedAt ${brief(lastUpdatedOf(later))} (${later.source}, status ${brief(later.status)}) ` +
            `is earlier than ${brief(lastUpdatedOf(earlier))}, reported before it was asked (${earlier.source}, status ${brief(earlier.status)})`,
        ),
      );
    }
  }
  return { observations, violations };
}

/** lastUpdatedAt no earlier than createdAt: no keyword orders them, so, as ttl.timestamps does, a warning. */
export function judgeTimestampOrder(log: RunLog, sightings: readonly Sighting[]): Judgement {
  const violations: Violation[] = [];
  let observations = 0;
  for (const sighting of sightings) {
    const [created, updated] = [instant(sighting.createdAt), instant(sighting.lastUpdatedAt)];
    if (created === undefined || updated === undefined) continue;
    observations += 1;
    if (updated >= created) continue;
    violations.push({
      ...violation(
        'explore.timestamp-order',
        'TASKS-TTL-LAST-UPDATED-AT',
        sighting.operation,
        `task #${sighting.task} (${sighting.source} ${at(log, sighting.operation)}): ` +
          `lastUpdatedAt ${brief(sighting.lastUpdatedAt)} is before createdAt ${brief(sighting.createdAt)}; the spec does not order them, so this is a warning`,
      ),
      lenient: true,
    });
  }
  return { observations, violations };
}

/** A tasks/result answer that is a result names its task in _meta["io.modelcontextprotocol/related-task"]. */
export function judgeRelatedMeta(log: RunLog): Judgement {
  const results = log.operations.filter((operation) => operation.operation.kind === 'result' && operation.task !== undefined && operation.answer.kind === 'result');
  const violations: Violation[] = [];
  for (const result of results) {
    if (result.answer.kind !== 'result') continue;
    const related = relatedTaskIdOf(result.answer.result);
    if (related === result.taskId) continue;
    violations.push(
      violation(
        'explore.related-meta',
        'TASKS-META-RESULT-INCLUDES',
        result,
        `tasks/result of task #${result.task} ${at(log, result)}: expected _meta["io.modelcontextprotocol/related-task"].taskId ${JSON.stringify(result.taskId)}, got ${brief(related)}`,
      ),
    );
  }
  return { observations: results.length, violations };
}

/** A plain call of a tool whose taskSupport is "optional" gets its normal result, not a CreateTaskResult. */
export function judgePlainCalls(log: RunLog): Judgement {
  const calls = log.operations.filter((operation) => operation.operation.kind === 'plain');
  const violations: Violation[] = [];
  for (const call of calls) {
    if (call.answer.kind !== 'result' || !isRecord(call.answer.result.task)) continue;
    violations.push(
      violation(
        'explore.plain-calls',
        'TASKS-TOOL-OPTIONAL-SERVED',
        call,
        `the plain call (no task) ${at(log, call)} of a tool whose taskSupport is "optional" ` +
          `was answered with a CreateTaskResult (task ${brief(call.answer.result.task.taskId)}); expected the tool's normal result`,
      ),
    );
  }
  return { observations: calls.length, violations };
}

/** tasks/list with a cursor the receiver never issued fails with -32602. */
export function judgeCursors(log: RunLog): Judgement {
  const forged = log.operations.filter((operation) => operation.operation.kind === 'forged-cursor');
  const violations: Violation[] = [];
  for (const list of forged) {
    if (list.answer.kind === 'error' && list.answer.code === INVALID_PARAMS) continue;
    const got = list.answer.kind === 'result' ? `a page of ${Array.isArray(list.answer.result.tasks) ? list.answer.result.tasks.length : 'no'} tasks` : answerText(list);
    violations.push(violation('explore.cursors', 'TASKS-ERROR-INVALID-CURSOR', list, `tasks/list with a cursor the receiver never issued ${at(log, list)}: expected error -32602, got ${got}`));
  }
  return { observations: forged.length, violations };
}

/** A walk over more than a hundred tasks comes in pages (a SHOULD: a warning). */
export function judgePagination(log: RunLog): Judgement {
  const walks = log.operations.filter((operation) => operation.answer.kind === 'list' && operation.answer.tasks.length > ONE_PAGE_BOUND);
  const violations: Violation[] = [];
  for (const walk of walks) {
    const largest = Math.max(...(walk.crowd?.pageSizes ?? walk.pageSizes ?? [0]));
    if (walk.answer.kind !== 'list' || walk.answer.pages > 1 || largest <= ONE_PAGE_BOUND) continue;
    violations.push(
      violation(
        'explore.pagination',
        'TASKS-LIST-PAGINATE',
        walk,
        `the tasks/list walk ${at(log, walk)} returned all ${walk.answer.tasks.length} tasks on one page without nextCursor; expected them split into pages`,
      ),
    );
  }
  return { observations: walks.length, violations };
}

/** tasks/get of a task whose ttl may have run out (and not cancelled) answers with the task or -32602, no other error. */
export function judgeExpiry(log: RunLog, sightings: readonly Sighting[]): Judgement {
  const violations: Violation[] = [];
  let observations = 0;
  for (const get of log.operations) {
    if (get.peer || (get.operation.kind !== 'get' && get.operation.kind !== 'late-get') || get.task === undefined) continue;
    const task = taskAt(log, get.task)!;
    const expiry = expiryOf(log, task, sightings, get.sentAt);
    if (!expiry || get.sentAt < expiry.at + log.allowanceMs || cancelSentBefore(log, task.index, get.receivedAt)) continue;
    observations += 1;
    if (get.answer.kind !== 'error' || get.answer.code === INVALID_PARAMS) continue;
    violations.push(
      violation(
        'explore.expiry',
        'TASKS-ERROR-INVALID-TASK-ID',
        get,
        `tasks/get of task #${task.index} ${at(log, get)}, after its ttl of ${expiry.ttl} ms had run out, was answered with ${answerText(get)}; expected the task (kept) or error -32602 (deleted)`,
      ),
    );
  }
  return { observations, violations };
}

/** A cancel answered with the task cancelled ends its work: at most one progress notification (in flight) after it (a SHOULD). */
export function judgeCancelStopsWork(log: RunLog): Judgement {
  const watched = log.operations.filter((operation) => operation.progress !== undefined && operation.progress.watchedMs > 0 && answeredTask(operation.answer)?.status === 'cancelled');
  const violations: Violation[] = [];
  for (const operation of watched) {
    const { before, after, watchedMs } = operation.progress!;
    if (after <= 1) continue;
    violations.push(
      violation(
        'explore.cancel-stops-work',
        'TASKS-CANCEL-STOP-WORK',
        operation,
        `a progress task cancelled ${at(log, operation)} (after ${before} progress notifications) ` +
          `sent ${after} or more within ${watchedMs} ms after the cancel was answered; expected its work to stop (at most one notification in flight)`,
      ),
    );
  }
  return { observations: watched.length, violations };
}

/**
 * A task still served long after its ttl ran out (the longest it reported, from its create's answer, plus twice the ttl
 * or CLEANUP_GRACE_MS, whichever is longer, as ttl.expiry waits): cleanup may lag, but not that long (a SHOULD).
 */
export function judgeCleanup(log: RunLog): Judgement {
  const violations: Violation[] = [];
  let observations = 0;
  for (const get of log.operations) {
    if (get.peer || (get.operation.kind !== 'get' && get.operation.kind !== 'late-get') || get.task === undefined) continue;
    const task = taskAt(log, get.task)!;
    const create = log.operations.find((operation) => operation.position === task.position);
    const reported = log.operations.flatMap((operation) => (operation.task === task.index && operation.receivedAt <= get.sentAt ? [reportedTtl(operation)] : [])).filter((ttl) => ttl !== undefined);
    if (!create || reported.length === 0 || reported.some((ttl) => typeof ttl !== 'number')) continue;
    const ttl = Math.max(...(reported as number[]));
    const cleanupBy = create.receivedAt + ttl + Math.max(2 * ttl, CLEANUP_GRACE_MS) + log.allowanceMs;
    if (get.sentAt < cleanupBy) continue;
    observations += 1;
    const kept = answeredTask(get.answer);
    if (!kept) continue;
    violations.push(
      violation(
        'explore.cleanup',
        'TASKS-RES-CLEANUP',
        get,
        `tasks/get of task #${task.index} ${at(log, get)} still answered with the task (status ${brief(kept.status)}) ` +
          `${ms(get.sentAt - create.receivedAt - ttl)} after its ttl of ${ttl} ms ran out; expected it cleaned up by then`,
      ),
    );
  }
  return { observations, violations };
}

/** The ttl an answer about a task reported (undefined: none reported). */
function reportedTtl(operation: ObservedOperation): unknown {
  const { answer } = operation;
  if (answer.kind !== 'result') return undefined;
  const shown = operation.operation.kind === 'create' ? answer.result.task : answer.result;
  return isRecord(shown) && 'ttl' in shown ? shown.ttl : undefined;
}

/** A task that asked for ten years is not granted them: some maximum is in force (a SHOULD). */
export function judgeMaxTtl(log: RunLog, sightings: readonly Sighting[]): Judgement {
  const violations: Violation[] = [];
  let observations = 0;
  for (const task of log.tasks.filter((created) => created.ttlRequested === TEN_YEARS_MS)) {
    const reported = sightings.filter((sighting) => sighting.task === task.index && typeof sighting.ttl === 'number');
    if (reported.length === 0) continue;
    observations += 1;
    const granted = reported.find((sighting) => (sighting.ttl as number) >= TEN_YEARS_MS);
    if (!granted) continue;
    violations.push(
      violation(
        'explore.max-ttl',
        'TASKS-RES-MAX-TTL',
        granted.operation,
        `task #${task.index} asked a ttl of ten years (${TEN_YEARS_MS} ms) and was granted ${brief(granted.ttl)} (${granted.source}); expected a maximum below it`,
      ),
    );
  }
  return { observations, violations };
}

/** Identity B's refusal of A's task is the one it gets for an id no task has (task ids aside): else it tells B the task exists. */
export function judgeForeignRefusals(log: RunLog): Judgement {
  const refused = log.operations.filter((operation) => operation.unknownTwin?.answer.kind === 'error' && operation.answer.kind === 'error');
  const violations: Violation[] = [];
  for (const operation of refused) {
    const [foreign, unknown] = [operation.answer, operation.unknownTwin!.answer];
    if (foreign.kind !== 'error' || unknown.kind !== 'error') continue;
    const same = foreign.code === unknown.code && foreign.message.split(operation.taskId!).join('<id>') === unknown.message.split(operation.unknownTwin!.taskId).join('<id>');
    if (same) continue;
    violations.push({
      ...violation(
        'explore.foreign-refusals',
        'TASKS-SEC-REJECT-FOREIGN',
        operation,
        `${methodOf(operation)} of task #${operation.task} ${at(log, operation)} was refused with error ${foreign.code} "${foreign.message}", ` +
          `but an id no task has with error ${unknown.code} "${unknown.message}": ` +
          'the difference tells B the task exists (warned, as isolation.foreign-task-rejected does)',
      ),
      lenient: true,
    });
  }
  return { observations: refused.length, violations };
}

/**
 * A crowd's ids (with the run's own), where no second identity tests binding: as isolation.task-id-entropy judges them,
 * a fail without credentials, a warning with them (the MUST binds only receivers that do not bind tasks to a context).
 */
export function judgeTaskIds(log: RunLog): Judgement {
  const crowd = log.operations.find((operation) => operation.crowd !== undefined);
  if (!crowd || !log.access || log.access.peer) return { observations: 0, violations: [] };
  const ids = [...crowd.crowd!.ids, ...log.tasks.flatMap((task) => (task.taskId === undefined ? [] : [task.taskId]))];
  if (ids.length < ID_SAMPLE) return { observations: 0, violations: [] };
  const analysis = analyzeTaskIds(ids, log.timeOrigin + crowd.receivedAt);
  if (analysis.verdict === 'pass') return { observations: 1, violations: [] };
  const lenient = analysis.verdict === 'warn' || log.access.credentials;
  const why =
    analysis.verdict === 'warn'
      ? 'no exact bar is set by the spec, hence a warning'
      : lenient
        ? 'the requests carry credentials, and the rule binds only receivers that do not bind tasks to them (warned)'
        : '';
  const found = violation('explore.task-ids', 'TASKS-SEC-SECURE-IDS', crowd, `expected unguessable task ids; ${ids.length} ids of the run: ${analysis.reason}${why ? ` (${why})` : ''}`);
  return { observations: 1, violations: [lenient ? { ...found, lenient: true } : found] };
}

/** Over HTTP without credentials the receiver cannot tell requestors apart: it should not offer tasks/list (a SHOULD NOT). */
export function judgeListWithoutAuth(log: RunLog): Judgement {
  const first = log.operations[0];
  if (!first || !log.access?.http || log.access.credentials) return { observations: 0, violations: [] };
  if (!log.access.listDeclared) return { observations: 1, violations: [] };
  return {
    observations: 1,
    violations: [
      violation(
        'explore.list-without-auth',
        'TASKS-SEC-NO-LIST-WITHOUT-AUTH',
        first,
        'the requests carry no credentials and the receiver declares tasks.list, although it cannot tell requestors apart to list each only its own',
      ),
    ],
  };
}
