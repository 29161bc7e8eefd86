// The model of what the 2026-07-28 Tasks extension allows a server to show, as pure judgements of a finished run's
// log. Races are read as in model.ts: "A happens before B" when A's answer arrived before B was sent, and a race
// accepts every outcome the extension allows for either order. Cancellation is cooperative and eventually consistent
// (the task may read working for a while, and may end completed or failed instead), and an update may be acknowledged
// before tasks/get shows its effect: the model takes those readings and judges only what they leave.
import { isDeepStrictEqual } from 'node:util';
import {
  answerText,
  at,
  cancelSentBefore,
  createOf,
  isKnownStatus,
  isRecord,
  isTerminalStatus,
  methodOf,
  ms,
  STATUSES,
  taskAt,
  violation,
  type Judgement,
  type PropertyId,
  type Violation,
} from '../2025-11-25/model.js';
import { answeredTask, INVALID_PARAMS, type CreatedTask, type ObservedOperation, type RunLog } from '../run-log.js';

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

export function judgeModernRun(log: RunLog): Partial<Record<PropertyId, Judgement>> {
  const sightings = modernSightingsOf(log);
  return {
    'explore.status-graph': judgeModernStatuses(log, sightings),
    'explore.terminal-final': judgeModernTerminalFinal(log, sightings),
    'explore.durable': judgeDurable(log, sightings),
    'explore.cancel-answers': judgeModernCancel(log, sightings),
    'explore.unknown-ids': judgeModernUnknownIds(log),
    'explore.results': judgeModernResults(log, sightings),
    'explore.input': judgeInput(log, sightings),
    'explore.isolation': judgeModernIsolation(log),
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
    if (cancelSentBefore(log, task.index, get.receivedAt)) continue;
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
        `tasks/get of task #${task.index} ${at(log, get)} answered -32602 (no such task) ${ms(get.receivedAt - create.receivedAt)} after its CreateTaskResult, ${seenBefore ? 'after tasks/get had found it,' : 'the first look at it,'} with ${ms(expiry - get.receivedAt)} of its ttlMs left and no cancel sent`,
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
        `tasks/cancel of task #${cancel.task} ${at(log, cancel)} was refused with ${answerText(cancel)} while the task still worked (${said(log, stillRunning)} "${String(stillRunning.status)}" afterwards); expected an acknowledgement`,
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
    const cancelled = cancelSentBefore(log, task.index, sighting.receivedAt);
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

/** input_required shows what it asks; a key answered and acknowledged never comes back naming a different request. */
export function judgeInput(log: RunLog, sightings: readonly ModernSighting[] = modernSightingsOf(log)): Judgement {
  const asking = sightings.filter((sighting) => sighting.status === 'input_required');
  const violations: Violation[] = [];
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
 * Identity B reads identity A's tasks consistently: task IDs may be bearer tokens (EXT-SEC-IDS-AS-BEARER), so B being
 * served is allowed, but a task once refused to B (the server binds it to A) is never served to B later.
 */
export function judgeModernIsolation(log: RunLog): Judgement {
  const judged = log.operations.filter((operation) => operation.peer && operation.task !== undefined);
  const refused = new Set<unknown>();
  const violations = judged
    .filter((operation) => {
      if (operation.answer.kind === 'error') refused.add(operation.task);
      return operation.answer.kind === 'result' && refused.has(operation.task);
    })
    .map((operation) =>
      violation(
        'explore.isolation',
        'EXT-SEC-AUTH-EACH-REQUEST',
        operation,
        `tasks/get by identity B of task #${operation.task}, created by identity A, ${at(log, operation)} was answered with ${answeredTask(operation.answer) ? `the task (status "${String(answeredTask(operation.answer)?.status)}")` : 'a result'}, though an earlier one of B was refused; expected an error`,
      ),
    );
  return { observations: judged.length, violations };
}

function said(log: RunLog, sighting: ModernSighting): string {
  const by = sighting.source === 'create' ? 'the CreateTaskResult' : 'tasks/get';
  return `${by} ${at(log, sighting.operation)} showed task #${sighting.task}`;
}
