// The tasks/* methods: get, result (blocking, exact replay), list (keyset pages) and cancel.
import { NO_REPLY, type Connection, type HandlerResult, type IncomingRequest } from './connection.js';
import type { Faults } from '../faults.js';
import { inputRelayFor } from './input-relay.js';
import { INTERNAL_ERROR, INVALID_PARAMS, RpcError, isObject, rateLimited } from '../shared/jsonrpc.js';
import { LIST_PAGE_SIZE, isTerminal, type TaskRecord } from '../shared/task-store.js';
import { RELATED_TASK_KEY, relatedTaskMeta, wireTask, wireTaskForGet } from './wire.js';

/** Messages shared by unknown and foreign tasks, so an answer never reveals that a foreign task exists. */
const NOT_FOUND_MESSAGE = 'Task not found: no task with this taskId exists for this requestor';
const EXPIRED_MESSAGE = 'Task expired: its ttl has elapsed and it was deleted';

/** An error produced by the task layer itself (never a replayed tool error). */
export function taskLayerError(faults: Faults, code: number, message: string, data?: unknown): RpcError {
  return new RpcError(code, faults.has('error-messages-empty') ? '' : message, data);
}

type Method = 'tasks/get' | 'tasks/result' | 'tasks/cancel';

/** Under cancel-race-completes, a cancel this close to the end of the work does not stop it. */
const CANCEL_RACE_WINDOW_MS = 150;
/** result-gives-up-at-ttl: the longest the faulty tasks/result waits, whatever the ttl. */
const GIVE_UP_MS = 5 * 60_000;

const WRONG_CODE_FAULT = {
  'tasks/get': 'unknown-task-get-wrong-code',
  'tasks/result': 'unknown-task-result-wrong-code',
  'tasks/cancel': 'unknown-task-cancel-wrong-code',
} as const;

/** Resolves params.taskId to a task the caller may see, or throws the protocol error for it. */
function findTask(connection: Connection, request: IncomingRequest, method: Method, bound: boolean, taskIdOverride?: string): TaskRecord {
  const { faults, store } = connection.env;
  const taskId = taskIdOverride ?? request.params.taskId;
  // The empty string is malformed unless the receiver gave it to a task of its own (first-task-id-empty).
  if (typeof taskId !== 'string' || (taskId === '' && !faults.has('first-task-id-empty'))) {
    const code = faults.has('malformed-task-id-wrong-code') ? INTERNAL_ERROR : INVALID_PARAMS;
    throw taskLayerError(faults, code, `${method}: params.taskId must be the non-empty string of a task this receiver created, got ${taskId === undefined ? 'none' : JSON.stringify(taskId)}`);
  }
  const found = store.lookup(taskId, bound ? request.context : undefined);
  if (found.state === 'found') return found.record;
  if (found.state === 'expired') {
    if (method === 'tasks/get' && faults.has('expired-task-wrong-error')) throw taskLayerError(faults, INTERNAL_ERROR, 'Task expired');
    throw taskLayerError(faults, INVALID_PARAMS, EXPIRED_MESSAGE);
  }
  if (bound && faults.has('foreign-task-distinct-error') && store.lookup(taskId, undefined).state === 'found') {
    throw taskLayerError(faults, INVALID_PARAMS, 'task belongs to another requestor');
  }
  throw taskLayerError(faults, faults.has(WRONG_CODE_FAULT[method]) ? INTERNAL_ERROR : INVALID_PARAMS, NOT_FOUND_MESSAGE);
}

/** Under its fault, the task named in the request's related-task _meta instead of params.taskId. */
function metaTaskOverride(connection: Connection, request: IncomingRequest, fault: 'get-honours-meta-task' | 'result-honours-meta-task' | 'cancel-honours-meta-task'): string | undefined {
  if (!connection.env.faults.has(fault)) return undefined;
  const related = isObject(request.params._meta) ? request.params._meta[RELATED_TASK_KEY] : undefined;
  return isObject(related) && typeof related.taskId === 'string' ? related.taskId : undefined;
}

export function handleTasksGet(connection: Connection, request: IncomingRequest): HandlerResult {
  const { env } = connection;
  // Any related-task _meta in the request is ignored: params.taskId names the task.
  const record = findTask(connection, request, 'tasks/get', env.bindsContexts, metaTaskOverride(connection, request, 'get-honours-meta-task'));
  const waitMs = env.store.pollWaitMs(record);
  if (env.rateLimit && waitMs > 0) throw rateLimited(waitMs, record.pollInterval);
  env.store.polled(record);
  return wireTaskForGet(record, env.faults);
}

export async function handleTasksResult(connection: Connection, request: IncomingRequest): Promise<HandlerResult> {
  const { env } = connection;
  const record = findTask(connection, request, 'tasks/result', env.bindsContexts, metaTaskOverride(connection, request, 'result-honours-meta-task'));
  if (isTerminal(record.status)) {
    if (env.faults.has('result-terminal-refused')) throw taskLayerError(env.faults, INVALID_PARAMS, 'The task has already finished');
    return finalAnswer(connection, record);
  }
  if (record.status === 'input_required' && env.faults.has('input-result-refused')) throw taskLayerError(env.faults, INVALID_PARAMS, 'Task is waiting for input: it has no result yet');
  const neverAnswer = record.status === 'input_required' && env.faults.has('input-result-unanswered');
  if (env.faults.has('result-does-not-block')) throw taskLayerError(env.faults, INVALID_PARAMS, 'Task is not ready: it has not reached a terminal status');

  // Block until the task is terminal (or gone); meanwhile this open tasks/result lets queued input requests through.
  const outcome = await new Promise<'terminal' | 'removed' | 'aborted' | 'gave-up'>((resolve) => {
    const closeRelay = inputRelayFor(record).openResult(connection);
    let giveUp: NodeJS.Timeout | undefined;
    const settle = (how: 'terminal' | 'removed' | 'aborted' | 'gave-up') => {
      clearTimeout(giveUp);
      record.listeners.delete(onChange);
      request.signal.removeEventListener('abort', onAbort);
      closeRelay();
      resolve(how);
    };
    const onChange = (changed: TaskRecord) => {
      if (changed.removed) settle('removed');
      else if (isTerminal(changed.status)) settle('terminal');
    };
    const onAbort = () => settle('aborted');
    record.listeners.add(onChange);
    request.signal.addEventListener('abort', onAbort, { once: true });
    // Fault result-gives-up-at-ttl: the waiter has a bound of its own, min(ttl, 5 min) from the creation.
    if (env.faults.has('result-gives-up-at-ttl')) giveUp = setTimeout(() => settle('gave-up'), Math.max(0, record.createdAtMs + Math.min(record.ttl, GIVE_UP_MS) - Date.now()));
  });
  if (outcome === 'gave-up') return withRelatedMeta({ content: [{ type: 'text', text: '' }] }, record, env.faults);
  if (outcome === 'aborted' || neverAnswer) return NO_REPLY;
  if (outcome === 'removed') throw taskLayerError(env.faults, INVALID_PARAMS, EXPIRED_MESSAGE);
  return finalAnswer(connection, record);
}

/** Exactly what the underlying tools/call would have answered, tagged with the related task. */
function finalAnswer(connection: Connection, record: TaskRecord): HandlerResult {
  const { faults } = connection.env;
  if (record.status === 'cancelled') {
    if (faults.has('result-after-cancel-hangs')) return NO_REPLY;
    // The work was stopped, so there is no tool result or tool error to replay. Answering at once with
    // -32602 (the taskId does not name a task with a result) keeps the requestor from blocking forever.
    throw taskLayerError(faults, INVALID_PARAMS, 'Task was cancelled before it finished, so it has no result to return', {
      taskId: record.taskId,
      status: 'cancelled',
    });
  }
  const outcome = record.outcome;
  if (!outcome) throw taskLayerError(faults, INTERNAL_ERROR, `Task is ${record.status} but its outcome was not recorded`);
  if (outcome.kind === 'error') {
    if (!faults.has('result-error-not-replayed')) throw new RpcError(outcome.error.code, outcome.error.message, faults.has('result-error-data-dropped') ? undefined : outcome.error.data);
    const asResult = record.errorAsResult?.(outcome.error) ?? { content: [{ type: 'text', text: outcome.error.message }], isError: true };
    return withRelatedMeta(asResult, record, faults);
  }
  const result = structuredClone(outcome.result);
  if (faults.has('result-differs')) markTexts(result, ' (from task)');
  return withRelatedMeta(result, record, faults);
}

/**
 * Appends a suffix to every text of a result: text items of a content array (tools/call), a single text
 * content block (sampling/createMessage), or the string fields of form content (elicitation/create).
 */
function markTexts(result: Record<string, unknown>, suffix: string): void {
  const content = result.content;
  const items = Array.isArray(content) ? content : isObject(content) ? [content] : [];
  for (const item of items) {
    if (!isObject(item)) continue;
    if (item.type === 'text' && typeof item.text === 'string') item.text = `${item.text}${suffix}`;
    else if (item.type === undefined) for (const [key, value] of Object.entries(item)) if (typeof value === 'string') item[key] = `${value}${suffix}`;
  }
}

function withRelatedMeta(result: Record<string, unknown>, record: TaskRecord, faults: Faults): Record<string, unknown> {
  if (faults.has('result-missing-related-meta')) return result;
  const meta = isObject(result._meta) ? result._meta : {};
  return { ...result, _meta: { ...meta, ...relatedTaskMeta(record.taskId) } };
}

export function handleTasksCancel(connection: Connection, request: IncomingRequest): HandlerResult {
  const { env } = connection;
  const { faults, store } = env;
  const record = findTask(connection, request, 'tasks/cancel', env.bindsContexts && !faults.has('foreign-cancel-allowed'), metaTaskOverride(connection, request, 'cancel-honours-meta-task'));
  if (isTerminal(record.status)) {
    if (faults.has('cancel-terminal-accepted') && record.status !== 'cancelled') {
      store.transition(record, 'cancelled', 'Cancelled by the requestor through tasks/cancel', true);
      return wireTask(record);
    }
    throw taskLayerError(faults, INVALID_PARAMS, `Nothing to cancel: the task has already finished with status '${record.status}'`);
  }
  if (faults.has('cancel-returns-working')) {
    const answer = wireTask(record);
    setTimeout(() => cancelNow(connection, record), 50).unref();
    return answer;
  }
  cancelNow(connection, record);
  const answer = wireTask(record);
  if (faults.has('cancel-status-misspelt')) answer.status = 'canceled';
  return answer;
}

/** Moves the task to cancelled first (so the answer shows it), then stops its work. */
function cancelNow(connection: Connection, record: TaskRecord): void {
  const { faults, store } = connection.env;
  if (!store.transition(record, 'cancelled', 'Cancelled by the requestor through tasks/cancel')) return;
  if (faults.has('cancel-not-final') || faults.has('cancel-keeps-running')) return;
  // Too close to the end to bother stopping: the work runs on, and its outcome will overwrite cancelled.
  if (faults.has('cancel-race-completes') && record.workEndsAtMs !== undefined && record.workEndsAtMs - Date.now() <= CANCEL_RACE_WINDOW_MS) {
    record.cancelOverwritable = true;
    return;
  }
  record.abort.abort(new Error('task cancelled'));
}

export function handleTasksList(connection: Connection, request: IncomingRequest): HandlerResult {
  const { env } = connection;
  const { faults, store } = env;
  const cursor = request.params.cursor;
  if (cursor !== undefined && typeof cursor !== 'string') throw taskLayerError(faults, INVALID_PARAMS, 'tasks/list: params.cursor must be a string');

  let afterSeq = 0;
  let page = 0;
  if (cursor !== undefined) {
    const position = store.decodeCursor(cursor, request.context);
    if (position) ({ afterSeq, page } = position);
    else if (!faults.has('list-bad-cursor-accepted')) {
      throw taskLayerError(faults, INVALID_PARAMS, 'tasks/list: invalid cursor; pass back a nextCursor exactly as this receiver issued it, or omit cursor to start over');
    }
  }

  const entry = (record: TaskRecord) => {
    const task = wireTask(record);
    if (faults.has('list-entries-without-ttl')) delete task.ttl;
    return task;
  };
  const everyone = !env.bindsContexts || faults.has('list-leaks-foreign');
  let tasks = store.inCreationOrder(everyone ? undefined : request.context);
  if (faults.has('list-omits-failed')) tasks = tasks.filter((record) => record.status !== 'failed');
  if (faults.has('list-no-pagination')) return { tasks: tasks.map(entry) };

  if (faults.has('list-shifts-on-create')) return shiftingPage(connection, request, tasks, entry, afterSeq, cursor === undefined ? undefined : page);

  // Keyset paging: everything created after the last task already shown, so new tasks never shift a walk.
  const repeatLast = faults.has('list-duplicates') && page > 0;
  const remaining = tasks.filter((record) => (repeatLast ? record.seq >= afterSeq : record.seq > afterSeq));
  const shown = remaining.slice(0, LIST_PAGE_SIZE);
  const result: Record<string, unknown> = { tasks: shown.map(entry) };
  const more = remaining.length > shown.length;
  if (more && !(faults.has('list-missing-next-cursor') && page === 1)) {
    result.nextCursor = store.encodeCursor(request.context, shown[shown.length - 1].seq, page + 1);
  }
  return result;
}

/** Page size under list-shifts-on-create. */
const SHIFTING_PAGE_SIZE = 2;

/** Under list-shifts-on-create: how many tasks each connection (a stdio process, an HTTP session) has created. */
const createdThrough = new WeakMap<Connection, number>();

/** Counts a task created through this connection, for list-shifts-on-create. */
export function noteTaskCreated(connection: Connection): void {
  createdThrough.set(connection, (createdThrough.get(connection) ?? 0) + 1);
}

/**
 * The fault list-shifts-on-create: newest-first pages of two, each next page starting after the last task shown and
 * then moved on by the number of tasks this connection created since the previous page, as if its own new tasks had
 * pushed the list down (they would have with offset paging; after the last task shown they push nothing), so a task
 * created during a walk makes the walk skip the task that should have come next. The cursor's page slot carries the
 * connection's creation count when it was issued.
 */
function shiftingPage(
  connection: Connection,
  request: IncomingRequest,
  tasks: TaskRecord[],
  entry: (record: TaskRecord) => Record<string, unknown>,
  beforeSeq: number,
  issuedAtCount: number | undefined,
): HandlerResult {
  const created = createdThrough.get(connection) ?? 0;
  const newestFirst = [...tasks].reverse();
  const remaining = issuedAtCount === undefined ? newestFirst : newestFirst.filter((record) => record.seq < beforeSeq);
  const shift = issuedAtCount === undefined ? 0 : Math.max(0, created - issuedAtCount);
  const shown = remaining.slice(shift, shift + SHIFTING_PAGE_SIZE);
  const result: Record<string, unknown> = { tasks: shown.map(entry) };
  if (remaining.length > shift + shown.length) result.nextCursor = connection.env.store.encodeCursor(request.context, shown[shown.length - 1].seq, created);
  return result;
}
