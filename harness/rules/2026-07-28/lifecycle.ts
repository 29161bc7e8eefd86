// The model of what the 2026-07-28 Tasks extension allows a server to show, as pure judgements of a finished run's
// log. Races are read as in model.ts: "A happens before B" when A's answer arrived before B was sent, and a race
// accepts every outcome the extension allows for either order. Cancellation is cooperative and eventually consistent
// (the task may read working for a while, and may end completed or failed instead), and an update may be acknowledged
// before tasks/get shows its effect: the model takes those readings and judges only what they leave.
import { isDeepStrictEqual } from 'node:util';
import {
  answerText,
  at,
  createOf,
  isKnownStatus,
  isRecord,
  isTerminalStatus,
  judgeRuleBook,
  methodOf,
  ms,
  STATUSES,
  taskAt,
  violation,
  type ExploreProperty,
  type Judgement,
  type PropertyId,
  type Violation,
} from '../2025-11-25/lifecycle.js';
import { MIN_BITS, MIN_LENGTH } from '../../model/id-entropy.js';
import { extTaskShapeProblems } from '../../receivers/2026-07-28/tasks.js';
import { answeredTask, INVALID_PARAMS, type CreatedTask, type ObservedOperation, type RunLog } from '../../explore/run-log.js';

/** The properties of the 2026-07-28 profile (judgeRun judges them): no tasks/result nor tasks/list; results inline in tasks/get. */
export const EXPLORE_PROPERTIES = [
  { id: 'explore.status-graph', title: "A task's statuses are those of the lifecycle", requirements: ['EXT-GET-CURRENT-STATUS'] },
  { id: 'explore.terminal-final', title: 'Once terminal, a task keeps that status', requirements: ['EXT-LIFECYCLE-TERMINAL-FINAL'] },
  { id: 'explore.durable', title: 'A task the server created is there from its CreateTaskResult on, and not lost while it works', requirements: ['EXT-CREATE-DURABLE', 'EXT-GET-CURRENT-STATUS'] },
  { id: 'explore.cancel-answers', title: 'tasks/cancel of a task still working is acknowledged', requirements: ['EXT-CANCEL-ACK'] },
  { id: 'explore.unknown-ids', title: 'Operations on unknown task ids fail with -32602', requirements: ['EXT-ERR-UNKNOWN-TASK-GET', 'EXT-ERR-UNKNOWN-TASK-UPDATE-CANCEL'] },
  {
    id: 'explore.results',
    title: 'tasks/get of a finished task carries its outcome, the same every time',
    requirements: ['EXT-GET-COMPLETED-RESULT', 'EXT-GET-FAILED-ERROR', 'EXT-EXEC-TOOL-ERROR-COMPLETED', 'EXT-EXEC-SAME-RESULT'],
  },
  { id: 'explore.input', title: 'An input_required task lists what it asks, and a key answered never names another request', requirements: ['EXT-GET-INPUT-REQUIRED', 'EXT-UPDATE-KEY-NO-REUSE'] },
  {
    id: 'explore.isolation',
    title: 'A server that refuses another requestor one request on a task refuses it every one (tasks/get, tasks/update, tasks/cancel, listening)',
    requirements: ['EXT-SEC-AUTH-EACH-REQUEST'],
  },
  {
    id: 'explore.answer-forms',
    title: 'Each answer has its form: resultType "task" on a CreateTaskResult only, "complete" on tasks/get, empty acknowledgements',
    requirements: [
      'EXT-RESULTTYPE-TASK',
      'EXT-RESULTTYPE-NOT-TASK-ELSEWHERE',
      'EXT-GET-RESULTTYPE-COMPLETE',
      'EXT-UPDATE-ACK',
      'EXT-UPDATE-RESULTTYPE-COMPLETE',
      'EXT-CANCEL-ACK',
      'EXT-CANCEL-RESULTTYPE-COMPLETE',
    ],
  },
  { id: 'explore.unguessable-ids', title: 'Task IDs are long enough to be unguessable, and never repeat', requirements: ['EXT-SEC-UNGUESSABLE-IDS'] },
  { id: 'explore.rule-book', title: "Every other message keeps the era's rule book, as the checks and the proxy judge it", requirements: ['EXT-BASE-META-REQUIRED'] },
] as const satisfies readonly ExploreProperty[];

/** A task as identity A saw it: in the CreateTaskResult or a tasks/get answer (flat: the result is the task). */
export interface ModernSighting {
  task: number;
  status: unknown;
  source: 'create' | 'get';
  shown: Record<string, unknown>;
  operation: ObservedOperation;
  sentAt: number;
  receivedAt: number;
}

const happensBefore = (a: { receivedAt: number }, b: { sentAt: number }) => a.receivedAt < b.sentAt;

export function modernSightingsOf(log: RunLog): ModernSighting[] {
  const sightings: ModernSighting[] = [];
  for (const operation of log.operations) {
    if (operation.peer || operation.task === undefined) continue;
    const kind = operation.operation.kind;
    if (kind !== 'create' && kind !== 'get') continue;
    const shown = answeredTask(operation.answer);
    if (!shown || shown.taskId !== operation.taskId) continue;
    sightings.push({ task: operation.task, status: shown.status, source: kind, shown, operation, sentAt: operation.sentAt, receivedAt: operation.receivedAt });
  }
  return sightings.sort((a, b) => a.receivedAt - b.receivedAt);
}

export function judgeRun(log: RunLog): Partial<Record<PropertyId, Judgement>> {
  const sightings = modernSightingsOf(log);
  return {
    'explore.status-graph': judgeModernStatuses(log, sightings),
    'explore.terminal-final': judgeModernTerminalFinal(log, sightings),
    'explore.durable': judgeDurable(log, sightings),
    'explore.cancel-answers': judgeModernCancel(log, sightings),
    'explore.unknown-ids': judgeModernUnknownIds(log),
    'explore.results': judgeModernResults(log, sightings),
    'explore.input': judgeInput(log, sightings),
    'explore.isolation': judgeModernIsolation(log, sightings),
    'explore.answer-forms': judgeAnswerForms(log),
    'explore.unguessable-ids': judgeTaskIds(log),
    // The forms of a CreateTaskResult and of the acknowledgements are explore.answer-forms'.
    'explore.rule-book': judgeRuleBook(log, ['EXT-RESULTTYPE-TASK', 'EXT-GET-RESULTTYPE-COMPLETE', 'EXT-CANCEL-RESULTTYPE-COMPLETE']),
  };
}

/** Every status shown is one of the five. */
export function judgeModernStatuses(log: RunLog, sightings: readonly ModernSighting[] = modernSightingsOf(log)): Judgement {
  const violations = sightings
    .filter((sighting) => !isKnownStatus(sighting.status))
    .map((sighting) =>
      violation(
        'explore.status-graph',
        'EXT-GET-CURRENT-STATUS',
        sighting.operation,
        `${said(log, sighting)} status ${JSON.stringify(sighting.status)}, which is no status of the lifecycle; expected one of ${STATUSES.join(', ')}`,
      ),
    );
  return { observations: sightings.length, violations };
}

/** After a terminal status, every later tasks/get shows that one (a tasks/cancel coming after it included). */
export function judgeModernTerminalFinal(log: RunLog, sightings: readonly ModernSighting[] = modernSightingsOf(log)): Judgement {
  const violations: Violation[] = [];
  let observations = 0;
  for (const later of sightings) {
    const first = sightings.find((earlier) => earlier.task === later.task && isTerminalStatus(earlier.status) && happensBefore(earlier, later));
    if (!first) continue;
    observations += 1;
    if (later.status === first.status) continue;
    violations.push(
      violation(
        'explore.terminal-final',
        'EXT-LIFECYCLE-TERMINAL-FINAL',
        later.operation,
        `task #${later.task}: ${said(log, first)} "${String(first.status)}"; later ${said(log, later)} "${String(later.status)}"; a terminal status must stay`,
      ),
    );
  }
  return { observations, violations };
}

/**
 * tasks/get of a task the server created answers with the task until its ttlMs (from createdAt) has run out: -32602
 * before that is a task that was not durable (first look) or lost while it worked (later). Tasks the requestor
 * cancelled, and tasks last seen finished, are not judged: the extension says how long neither must stay.
 */
export function judgeDurable(log: RunLog, sightings: readonly ModernSighting[] = modernSightingsOf(log)): Judgement {
  const gets = log.operations.filter((operation) => operation.operation.kind === 'get' && !operation.peer && operation.task !== undefined);
  const violations: Violation[] = [];
  for (const get of gets) {
    if (get.answer.kind !== 'error' || get.answer.code !== INVALID_PARAMS) continue;
    const task = taskAt(log, get.task)!;
    if (anyCancelSentBefore(log, task.index, get.receivedAt)) continue;
    const expiry = modernExpiry(log, task, sightings);
    if (expiry === undefined || get.receivedAt >= expiry - log.allowanceMs) continue;
    const create = createOf(log, task)!;
    const seenBefore = sightings.some((sighting) => sighting.task === task.index && sighting.source === 'get' && happensBefore(sighting, get));
    // A finished task dropped before its ttlMs: the extension ties removal to the ttl without forbidding an earlier
    // one in words, so only a task that vanished while it still worked (its outcome lost) is judged.
    const lastSeen = sightings.filter((sighting) => sighting.task === task.index && happensBefore(sighting, get)).pop();
    if (seenBefore && lastSeen && isTerminalStatus(lastSeen.status)) continue;
    violations.push(
      violation(
        'explore.durable',
        seenBefore ? 'EXT-GET-CURRENT-STATUS' : 'EXT-CREATE-DURABLE',
        get,
        `tasks/get of task #${task.index} ${at(log, get)} answered -32602 (no such task) ${ms(get.receivedAt - create.receivedAt)} after its CreateTaskResult,` +
          ` ${seenBefore ? 'after tasks/get had found it,' : 'the first look at it,'}` +
          ` with ${ms(expiry - get.receivedAt)} of its ttlMs left and no cancel sent`,
      ),
    );
  }
  return { observations: gets.length, violations };
}

/** When the task's ttlMs runs out: the createdAt it reported (kept within its create's flight) plus the shortest ttlMs shown. */
function modernExpiry(log: RunLog, task: CreatedTask, sightings: readonly ModernSighting[]): number | undefined {
  const create = createOf(log, task);
  const own = sightings.filter((sighting) => sighting.task === task.index);
  const ttls = own.map((sighting) => sighting.shown.ttlMs).filter((ttl): ttl is number => typeof ttl === 'number' && Number.isFinite(ttl) && ttl >= 0);
  if (!create || ttls.length === 0) return own.some((sighting) => sighting.shown.ttlMs === null) ? Number.POSITIVE_INFINITY : undefined;
  const createdAt = own.find((sighting) => typeof sighting.shown.createdAt === 'string')?.shown.createdAt as string | undefined;
  const reported = createdAt === undefined ? Number.NaN : Date.parse(createdAt) - log.timeOrigin;
  const created = Number.isFinite(reported) ? Math.min(Math.max(reported, create.sentAt), create.receivedAt) : create.sentAt;
  return created + Math.min(...ttls);
}

/**
 * tasks/cancel of a task still working is acknowledged: an error is a refusal when a tasks/get sent after it shows the
 * task not yet terminal (one that ended first was merely cancelled late, and may be answered either way).
 */
export function judgeModernCancel(log: RunLog, sightings: readonly ModernSighting[] = modernSightingsOf(log)): Judgement {
  const cancels = log.operations.filter((operation) => operation.operation.kind === 'cancel' && operation.task !== undefined);
  const violations: Violation[] = [];
  for (const cancel of cancels) {
    if (cancel.answer.kind !== 'error') continue;
    const endedBefore = sightings.some((sighting) => sighting.task === cancel.task && isTerminalStatus(sighting.status) && sighting.sentAt < cancel.receivedAt);
    if (endedBefore) continue;
    const stillRunning = sightings.find(
      (sighting) => sighting.task === cancel.task && sighting.source === 'get' && happensBefore(cancel, sighting) && isKnownStatus(sighting.status) && !isTerminalStatus(sighting.status),
    );
    if (!stillRunning) continue;
    violations.push(
      violation(
        'explore.cancel-answers',
        'EXT-CANCEL-ACK',
        cancel,
        `tasks/cancel of task #${cancel.task} ${at(log, cancel)} was refused with ${answerText(cancel)}` +
          ` while the task still worked (${said(log, stillRunning)} "${String(stillRunning.status)}" afterwards); expected an acknowledgement`,
      ),
    );
  }
  return { observations: cancels.length, violations };
}

/** tasks/get of an id never issued fails with -32602 (MUST); tasks/update and tasks/cancel should too. */
export function judgeModernUnknownIds(log: RunLog): Judgement {
  const unknown = log.operations.filter((operation) => 'task' in operation.operation && operation.operation.task === 'unknown' && !operation.peer);
  const violations: Violation[] = [];
  for (const operation of unknown) {
    if (operation.answer.kind === 'error' && operation.answer.code === INVALID_PARAMS) continue;
    const requirement = operation.operation.kind === 'get' ? 'EXT-ERR-UNKNOWN-TASK-GET' : 'EXT-ERR-UNKNOWN-TASK-UPDATE-CANCEL';
    violations.push(
      violation(
        'explore.unknown-ids',
        requirement,
        operation,
        `${methodOf(operation)} of a taskId the server never issued (${JSON.stringify(operation.taskId)}) ${at(log, operation)}: expected error -32602, got ${answerText(operation)}`,
      ),
    );
  }
  return { observations: unknown.length, violations };
}

/**
 * A completed task shows its result (the failing tool's with isError true; the confirm tool's naming the file), the
 * same at every look; a failed one shows the error; the failing tool's task never ends failed.
 */
export function judgeModernResults(log: RunLog, sightings: readonly ModernSighting[] = modernSightingsOf(log)): Judgement {
  const ended = sightings.filter((sighting) => sighting.status === 'completed' || sighting.status === 'failed');
  const violations: Violation[] = [];
  for (const sighting of ended) {
    const task = taskAt(log, sighting.task)!;
    const cancelled = anyCancelSentBefore(log, task.index, sighting.receivedAt);
    const problem = modernOutcomeProblem(task, sighting, cancelled);
    if (problem) violations.push(violation('explore.results', problem.requirement, sighting.operation, `task #${task.index} (${task.role}): ${said(log, sighting)} ${problem.message}`));
    const first = ended.find((earlier) => earlier.task === sighting.task && earlier.status === sighting.status && happensBefore(earlier, sighting));
    const key = sighting.status === 'completed' ? 'result' : 'error';
    if (first && !isDeepStrictEqual(first.shown[key], sighting.shown[key])) {
      violations.push(
        violation(
          'explore.results',
          'EXT-EXEC-SAME-RESULT',
          sighting.operation,
          `task #${task.index}: ${said(log, sighting)} a ${key} that differs from the one ${said(log, first)}; a finished task's outcome is the one its request produced`,
        ),
      );
    }
  }
  return { observations: ended.length, violations };
}

function modernOutcomeProblem(task: CreatedTask, sighting: ModernSighting, cancelled: boolean): { requirement: string; message: string } | undefined {
  const { shown } = sighting;
  if (sighting.status === 'failed') {
    if (!isRecord(shown.error) || typeof shown.error.code !== 'number')
      return { requirement: 'EXT-GET-FAILED-ERROR', message: `"failed" without the JSON-RPC error that ended it (error is ${JSON.stringify(shown.error)})` };
    // A tool that reports its error in its result ends completed; a cancel racing it may end the task otherwise.
    if (task.role === 'failing' && !cancelled)
      return { requirement: 'EXT-EXEC-TOOL-ERROR-COMPLETED', message: '"failed", yet its tool reports the error in its result (isError true), which ends a task completed' };
    return undefined;
  }
  if (!isRecord(shown.result)) return { requirement: 'EXT-GET-COMPLETED-RESULT', message: `"completed" without the result inline (result is ${JSON.stringify(shown.result)})` };
  if (task.role === 'failing' && shown.result.isError !== true)
    return { requirement: 'EXT-EXEC-SAME-RESULT', message: `"completed" with a result whose isError is ${JSON.stringify(shown.result.isError)}; the tool's result says isError true` };
  if (task.role === 'confirm' && task.comparesText) {
    const text = JSON.stringify(shown.result.content ?? '');
    if (!text.includes(String(task.input.filename)))
      return { requirement: 'EXT-EXEC-SAME-RESULT', message: `"completed" with a result that does not name the file ${String(task.input.filename)} (${text.slice(0, 120)})` };
  }
  return undefined;
}

/**
 * input_required shows what it asks; a key answered and acknowledged never comes back naming a different request,
 * nor, once the task has shown the answer taken, listed at all (judgeAnsweredKeysGone).
 */
export function judgeInput(log: RunLog, sightings: readonly ModernSighting[] = modernSightingsOf(log)): Judgement {
  const asking = sightings.filter((sighting) => sighting.status === 'input_required');
  const violations: Violation[] = judgeAnsweredKeysGone(log, sightings);
  for (const sighting of asking) {
    const requests = sighting.shown.inputRequests;
    if (!isRecord(requests) || Object.keys(requests).length === 0) {
      violations.push(
        violation(
          'explore.input',
          'EXT-GET-INPUT-REQUIRED',
          sighting.operation,
          `task #${sighting.task}: ${said(log, sighting)} "input_required" without the requests it waits for (inputRequests is ${JSON.stringify(requests)})`,
        ),
      );
      continue;
    }
    const updates = log.operations.filter(
      (operation) => operation.operation.kind === 'update' && operation.task === sighting.task && operation.answer.kind === 'result' && happensBefore(operation, sighting),
    );
    for (const update of updates) {
      for (const key of update.inputKeys ?? []) {
        if (!(key in requests)) continue;
        // The request the key named when it was answered: the last look at the task before the update was sent.
        const before = asking
          .filter((earlier) => earlier.task === sighting.task && happensBefore(earlier, update) && isRecord(earlier.shown.inputRequests) && key in earlier.shown.inputRequests)
          .pop();
        if (!before || isDeepStrictEqual((before.shown.inputRequests as Record<string, unknown>)[key], requests[key])) continue; // the same request, not yet taken in: allowed
        violations.push(
          violation(
            'explore.input',
            'EXT-UPDATE-KEY-NO-REUSE',
            sighting.operation,
            `task #${sighting.task}: key "${key}" was answered by tasks/update ${at(log, update)} and acknowledged; later ${said(log, sighting)} it naming a different request`,
          ),
        );
      }
    }
  }
  return { observations: asking.length, violations };
}

/**
 * A key answered by an acknowledged tasks/update may stay listed until the task shows the answer taken (the effect may
 * trail the acknowledgement with no bound short of the ttl). A look after the acknowledgement that shows the task
 * working or ended, or input_required without the key, shows it taken: that look still listing the key (a working or
 * ended task carrying it among its inputRequests), or any later look listing it again, names an answered key as an
 * outstanding request after its response was delivered (EXT-UPDATE-KEY-NO-REUSE, the reading beside it).
 */
function judgeAnsweredKeysGone(log: RunLog, sightings: readonly ModernSighting[]): Violation[] {
  const violations: Violation[] = [];
  const lists = (sighting: ModernSighting, key: string) => isRecord(sighting.shown.inputRequests) && key in sighting.shown.inputRequests;
  const updates = log.operations.filter((operation) => operation.operation.kind === 'update' && !operation.peer && operation.task !== undefined && operation.answer.kind === 'result');
  for (const update of updates) {
    const after = sightings.filter((sighting) => sighting.task === update.task && happensBefore(update, sighting) && isKnownStatus(sighting.status));
    for (const key of new Set(update.inputKeys ?? [])) {
      const taken = after.find((sighting) => sighting.status !== 'input_required' || !lists(sighting, key));
      if (!taken) continue;
      const listed = lists(taken, key) ? taken : after.find((sighting) => happensBefore(taken, sighting) && lists(sighting, key));
      if (!listed) continue;
      const how =
        listed === taken
          ? `${said(log, listed)} "${String(listed.status)}", which waits on no answer, still listing it among its inputRequests`
          : `${said(log, taken)} "${String(taken.status)}"${taken.status === 'input_required' ? ' without it' : ''}, the answer taken; later ${said(log, listed)} it listed again`;
      violations.push(
        violation('explore.input', 'EXT-UPDATE-KEY-NO-REUSE', listed.operation, `task #${String(update.task)}: key "${key}" was answered by tasks/update ${at(log, update)} and acknowledged; ${how}`),
      );
    }
  }
  return violations;
}

/** A tasks/cancel of the task sent before `time`, by A or by B (a cancel B was served ends A's task just the same). */
function anyCancelSentBefore(log: RunLog, task: number, time: number): boolean {
  return log.operations.some((operation) => (operation.operation.kind === 'cancel' || operation.operation.kind === 'peer-cancel') && operation.task === task && operation.sentAt < time);
}

/**
 * Identity B and identity A's tasks: task IDs may be bearer tokens (EXT-SEC-IDS-AS-BEARER), so B being served is
 * allowed, but a server that refuses B one request on a task refuses it every one (EXT-SEC-AUTH-EACH-REQUEST): B's
 * tasks/get, tasks/update or tasks/cancel served, or its subscription carrying notifications/tasks of the task, while
 * B's tasks/get or tasks/cancel of it was refused. A refusal counts when the task was there (A read it after the
 * refusal, or B was served after it) and, for a cancel, still working (a finished task's cancel may be refused) in a
 * run where A's own cancels were not refused.
 * B's refused updates (it answers a key never issued) and listens (listening is optional) count only as served or not.
 */
export function judgeModernIsolation(log: RunLog, sightings: readonly ModernSighting[] = modernSightingsOf(log)): Judgement {
  const judged = log.operations.filter((operation) => operation.peer && operation.task !== undefined);
  const servedOf = (operation: ObservedOperation) =>
    operation.answer.kind === 'result' || (operation.answer.kind === 'heard' && operation.answer.notifications.some((notification) => notification.taskId === operation.taskId));
  const served = judged.filter(servedOf);
  const violations: Violation[] = [];
  for (const refusal of judged.filter((operation) => operation.answer.kind === 'error' && ['peer-get', 'peer-cancel'].includes(operation.operation.kind))) {
    const finishedBefore = sightings.some((sighting) => sighting.task === refusal.task && isTerminalStatus(sighting.status) && sighting.sentAt < refusal.receivedAt);
    // A server that refuses A's own cancels refuses B's for that reason, not for B's identity (cancel-answers judges it).
    const cancelsRefused = log.operations.some((operation) => !operation.peer && operation.operation.kind === 'cancel' && operation.answer.kind === 'error');
    if (refusal.operation.kind === 'peer-cancel' && (finishedBefore || cancelsRefused)) continue;
    const stillThere = sightings.some((sighting) => sighting.task === refusal.task && sighting.source === 'get' && happensBefore(refusal, sighting));
    const breach = served.find((operation) => operation.task === refusal.task && (stillThere || happensBefore(refusal, operation)));
    if (!breach) continue;
    violations.push(
      violation(
        'explore.isolation',
        'EXT-SEC-AUTH-EACH-REQUEST',
        breach,
        `identity B's ${peerMethod(breach)} of task #${String(breach.task)}, created by identity A, ${at(log, breach)}` +
          ` was ${breach.answer.kind === 'heard' ? `followed by ${breach.answer.notifications.length} notifications/tasks of it` : 'served'},` +
          ` while B's ${peerMethod(refusal)} of it ${at(log, refusal)} was refused with ${answerText(refusal)};` +
          ` a server that refuses another requestor a task refuses it every request`,
      ),
    );
    break;
  }
  return { observations: judged.length, violations };
}

function peerMethod(operation: ObservedOperation): string {
  return (
    { 'peer-get': 'tasks/get', 'peer-cancel': 'tasks/cancel', 'peer-update': 'tasks/update', 'peer-listen': 'subscriptions/listen' }[operation.operation.kind as string] ?? operation.operation.kind
  );
}

/** What an empty result may still carry besides resultType. */
const ENVELOPE_KEYS = new Set(['resultType', '_meta']);

/**
 * The form of identity A's answers: a CreateTaskResult says resultType "task" with the Task fields flat; a tasks/get
 * answer says "complete", never "task"; the acknowledgements of tasks/update and tasks/cancel are empty but for
 * resultType "complete". A call answered without a task is the server's choice, judged only not to say "task".
 */
export function judgeAnswerForms(log: RunLog): Judgement {
  const violations: Violation[] = [];
  let observations = 0;
  for (const operation of log.operations) {
    if (operation.peer || operation.answer.kind !== 'result') continue;
    const result = operation.answer.result;
    const fault = (requirement: string, message: string) =>
      violations.push(violation('explore.answer-forms', requirement, operation, `${operation.operation.kind === 'create' ? 'the tool call' : methodOf(operation)} ${at(log, operation)}: ${message}`));
    const kind = operation.operation.kind;
    if (kind === 'create') {
      observations += 1;
      const isTask = typeof result.taskId === 'string' && typeof result.status === 'string';
      if (!isTask) {
        if (result.resultType === 'task') fault('EXT-RESULTTYPE-NOT-TASK-ELSEWHERE', 'the answer is no CreateTaskResult (no taskId and status) but says resultType "task"');
        continue;
      }
      if (result.resultType !== 'task') fault('EXT-RESULTTYPE-TASK', `the CreateTaskResult of task ${String(result.taskId)} says resultType ${JSON.stringify(result.resultType)}; expected "task"`);
      const problems = extTaskShapeProblems(result);
      if (problems.length > 0) fault('EXT-RESULTTYPE-TASK', `the CreateTaskResult is not a flat Task: ${problems.join('; ')}`);
    } else if (kind === 'get') {
      observations += 1;
      if (result.resultType === 'task')
        fault('EXT-RESULTTYPE-NOT-TASK-ELSEWHERE', `the tasks/get answer (status ${JSON.stringify(result.status)}) says resultType "task"; only a CreateTaskResult may`);
      else if (result.resultType !== 'complete')
        fault('EXT-GET-RESULTTYPE-COMPLETE', `the tasks/get answer (status ${JSON.stringify(result.status)}) says resultType ${JSON.stringify(result.resultType)}; expected "complete"`);
    } else if (kind === 'update' || kind === 'cancel') {
      observations += 1;
      const [ack, resultType] = kind === 'update' ? ['EXT-UPDATE-ACK', 'EXT-UPDATE-RESULTTYPE-COMPLETE'] : ['EXT-CANCEL-ACK', 'EXT-CANCEL-RESULTTYPE-COMPLETE'];
      if (result.resultType !== 'complete') fault(resultType, `the acknowledgement says resultType ${JSON.stringify(result.resultType)}; expected "complete"`);
      const extra = Object.keys(result).filter((key) => !ENVELOPE_KEYS.has(key));
      if (extra.length > 0) fault(ack, `the acknowledgement is not empty: it carries ${extra.join(', ')} besides resultType`);
    }
  }
  return { observations, violations };
}

/**
 * The task IDs of identity A's CreateTaskResults: none so short that it cannot carry the random bits an unguessable ID
 * needs (fewer characters than that carry too few even in base64url), and no two tasks of a run with the same one.
 * Sampling a few IDs per run, the model judges only what one or two IDs show; ext-security.unguessable-ids weighs a
 * larger sample's entropy.
 */
export function judgeTaskIds(log: RunLog): Judgement {
  const created = log.tasks.filter((task) => typeof task.taskId === 'string');
  const violations: Violation[] = [];
  const seen = new Map<string, CreatedTask>();
  for (const task of created) {
    const id = task.taskId!;
    const create = createOf(log, task);
    const earlier = seen.get(id);
    seen.set(id, task);
    if (!create) continue;
    if (id.length < MIN_LENGTH)
      violations.push(
        violation(
          'explore.unguessable-ids',
          'EXT-SEC-UNGUESSABLE-IDS',
          create,
          `task #${task.index}'s ID ${JSON.stringify(id)} has ${id.length} characters; fewer than ${MIN_LENGTH} cannot carry ${MIN_BITS} random bits even in base64url`,
        ),
      );
    else if (earlier)
      violations.push(
        violation('explore.unguessable-ids', 'EXT-SEC-UNGUESSABLE-IDS', create, `task #${task.index} got the ID ${JSON.stringify(id)}, which task #${earlier.index} of the same run already had`),
      );
  }
  return { observations: created.length, violations };
}

function said(log: RunLog, sighting: ModernSighting): string {
  const by = sighting.source === 'create' ? 'the CreateTaskResult' : 'tasks/get';
  return `${by} ${at(log, sighting.operation)} showed task #${sighting.task}`;
}
