// The reference server as a requestor (the conformance_ask fixture): it asks the client for sampling or elicitation,
// task-augmented only where the client declared that request type taskable; it then polls tasks/get at the client's
// pollInterval until the task is terminal (status notifications are welcome but never waited for), sends no
// related-task _meta on the task operations, fetches the outcome with tasks/result, and may walk the client's
// tasks/list, passing every cursor back unchanged.
import type { Connection } from './connection.js';
import type { FaultName } from '../faults.js';
import { AbortedError, sleep, type AskMethod } from '../shared/fixture-tools.js';
import { isObject } from '../shared/jsonrpc.js';
import { relatedTaskMeta } from './wire.js';

const REQUESTED_TTL_MS = 60_000;
/** The pace when the client suggests none. */
const DEFAULT_POLL_MS = 500;
/** The timer of the fault ask-poll-fixed-pace: a common fixed pace, which obeys any interval up to it and none beyond. */
const FIXED_PACE_MS = 1000;
/** A suggested pace beyond this is capped: the tool call should not hang on a typo. */
const MAX_POLL_MS = 30_000;
const MAX_LIST_PAGES = 50;
const TERMINAL = ['completed', 'failed', 'cancelled'];

/** Sends the request to the client and hands back its result, following a task the client made of it. */
export async function askClient(connection: Connection, method: AskMethod, params: Record<string, unknown>, options: { signal: AbortSignal; listTasks: boolean }): Promise<Record<string, unknown>> {
  const has = (fault: FaultName) => connection.env.faults.has(fault);
  // The fault ask-augments-any-type augments whenever the client takes any request type as a task.
  const anyType = has('ask-augments-any-type') && isObject(tasksCapability(connection.peerCapabilities)?.requests);
  const augment = clientTakesAsTask(connection.peerCapabilities, method) || has('ask-augments-undeclared') || anyType;
  const answer = await connection.request(method, augment ? { ...params, task: { ttl: REQUESTED_TTL_MS } } : params, options.signal);
  // A plain answer: the client ran the request itself (a client that takes no tasks ignores the task field).
  if (!isObject(answer.task) || typeof answer.task.taskId !== 'string') return answer;
  const result = await followTask(connection, answer.task, options.signal);
  if (options.listTasks && isObject(tasksCapability(connection.peerCapabilities)?.list)) await walkTaskList(connection, options.signal);
  return result;
}

function tasksCapability(capabilities: Record<string, unknown>): Record<string, unknown> | undefined {
  return isObject(capabilities.tasks) ? capabilities.tasks : undefined;
}

function clientTakesAsTask(capabilities: Record<string, unknown>, method: AskMethod): boolean {
  const requests = tasksCapability(capabilities)?.requests;
  const [category, action] = method.split('/');
  return isObject(requests) && isObject(requests[category]) && isObject((requests[category] as Record<string, unknown>)[action]);
}

/** Polls until the task is terminal (or waits for input, which tasks/result delivers), then fetches its result. */
async function followTask(connection: Connection, created: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>> {
  const has = (fault: FaultName) => connection.env.faults.has(fault);
  const taskId = created.taskId as string;
  const params = () => (has('ask-related-meta-on-task-requests') ? { taskId, _meta: relatedTaskMeta(taskId) } : { taskId });
  let task = created;
  let polls = 0;
  // The fault ask-input-required-not-fetched polls on through input_required instead of calling tasks/result there.
  const settled = (status: unknown) => TERMINAL.includes(status as string) || (status === 'input_required' && !has('ask-input-required-not-fetched'));
  // The fault ask-polling-yields-to-notifications stops polling once a status notification of the task has arrived.
  let notified = false;
  const stopListening = has('ask-polling-yields-to-notifications')
    ? connection.onNotification((method, notification) => {
        if (method === 'notifications/tasks/status' && notification.taskId === taskId) notified = true;
      })
    : () => undefined;
  try {
    while (!settled(task.status)) {
      if ((polls === 1 && has('ask-stops-polling-at-working')) || notified) task = await statusNotification(connection, taskId, signal);
      else {
        await sleep(has('ask-poll-interval-ignored') ? 10 : has('ask-poll-fixed-pace') ? FIXED_PACE_MS : pollDelay(task), signal);
        task = await connection.request('tasks/get', params(), signal);
        polls++;
      }
    }
  } finally {
    stopListening();
  }
  return connection.request('tasks/result', params(), signal);
}

function pollDelay(task: Record<string, unknown>): number {
  const interval = task.pollInterval;
  return typeof interval === 'number' && Number.isFinite(interval) && interval >= 0 ? Math.min(interval, MAX_POLL_MS) : DEFAULT_POLL_MS;
}

/** For the fault: the next notifications/tasks/status of the task, however long it takes (it may never come). */
function statusNotification(connection: Connection, taskId: string, signal: AbortSignal): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const stop = connection.onNotification((method, params) => {
      if (method !== 'notifications/tasks/status' || params.taskId !== taskId) return;
      stop();
      resolve(params);
    });
    signal.addEventListener('abort', () => (stop(), reject(new AbortedError())), { once: true });
  });
}

/** Every page of the client's tasks/list, each nextCursor passed back as it came. */
async function walkTaskList(connection: Connection, signal: AbortSignal): Promise<void> {
  let cursor: unknown;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const listed = await connection.request('tasks/list', cursor === undefined ? {} : { cursor }, signal);
    if (typeof listed.nextCursor !== 'string') return;
    cursor = connection.env.faults.has('ask-alters-cursor') ? listed.nextCursor.toLowerCase() : listed.nextCursor;
  }
}
