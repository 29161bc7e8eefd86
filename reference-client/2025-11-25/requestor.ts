// The client as a requestor (the call-tools directive of docs/client-fixture-contract.md): list the server's
// tools, call each conformance_ tool as the server's capabilities and its execution.taskSupport permit, follow every
// task it created with tasks/get at the pollInterval it was given until the task is terminal (or needs input), fetch
// its result, and, when asked, walk the server's tasks/list passing each cursor back unchanged.
import { AbortedError, sleep } from '../../reference-server/shared/fixture-tools.js';
import { INTERNAL_ERROR, RpcError, describeError, isObject } from '../../reference-server/shared/jsonrpc.js';
import { relatedTaskMeta } from '../../reference-server/2025-11-25/wire.js';
import type { CallTools } from './directives.js';

/** What call-tools needs of the connection. */
export interface Requestor {
  /** Sends a request to the server; rejects with RpcError on an error answer, AbortedError when aborted. */
  request(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>>;
  /** The capabilities the server declared in its initialize result. */
  readonly serverCapabilities: Record<string, unknown>;
  /** Listens to the server's notifications; returns the unsubscribe. */
  onNotification(listener: (method: string, params: Record<string, unknown>) => void): () => void;
  /** Sends a notification to the server. */
  notify(method: string, params: Record<string, unknown>): void;
  /** The JSON-RPC id of the request sent last. */
  readonly lastRequestId: number;
  readonly requestorFaults: ReadonlySet<string>;
  diagnose(line: string): void;
}

const TOOL_PREFIX = 'conformance_';
/** The ttl asked for each task the client creates. */
const REQUESTED_TTL_MS = 60_000;
/** The wait between polls when the server gives no pollInterval. */
const DEFAULT_POLL_MS = 500;
/** The one tool called under the fault calls-echo-only. */
const ECHO_ONLY_TOOL = 'conformance_echo';
/** The timer of the fault poll-fixed-pace: a common fixed pace, which obeys any interval up to it and none beyond. */
const FIXED_PACE_MS = 1000;
/** A task still not terminal after this long is no longer followed. */
const FOLLOW_LIMIT_MS = 60_000;
const MAX_TOOL_PAGES = 20;
const MAX_TASK_PAGES = 50;
/** How often a tasks/result cut off before its answer is tried again (after polling once more). */
const MAX_RESULT_ATTEMPTS = 3;

/** Carries out call-tools; a failing tool or task does not stop the others. Rejects only when aborted. */
export async function callTools(requestor: Requestor, asked: CallTools, signal: AbortSignal): Promise<void> {
  const tools = await listTools(requestor, signal);
  // calls-echo-only: a host that calls only the tool it needs, which the fixture contract does not ask for.
  const wanted = (name: string) => (requestor.requestorFaults.has('calls-echo-only') ? name === ECHO_ONLY_TOOL : name.startsWith(TOOL_PREFIX));
  const outcomes = await Promise.allSettled(tools.filter((tool) => typeof tool.name === 'string' && wanted(tool.name)).map((tool) => callTool(requestor, tool, asked, signal)));
  if (signal.aborted) throw new AbortedError();
  // The fault relies-on-cancelled-task lets a cancelled task that is gone fail the whole directive.
  const lost = outcomes.find((outcome) => outcome.status === 'rejected' && outcome.reason instanceof CancelledTaskLost);
  if (lost?.status === 'rejected') throw lost.reason;
  for (const outcome of outcomes) if (outcome.status === 'rejected') requestor.diagnose(`call-tools: ${describeError(outcome.reason)}`);
  if (asked.listTasks) {
    await listTasks(requestor, signal).catch((error: unknown) => {
      if (signal.aborted) throw error;
      requestor.diagnose(`call-tools: tasks/list: ${describeError(error)}`);
    });
  }
}

/** Walks the server's tasks/list to its end, passing each nextCursor back exactly as given. */
async function listTasks(requestor: Requestor, signal: AbortSignal): Promise<void> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TASK_PAGES; page++) {
    const result = await requestor.request('tasks/list', cursor === undefined ? {} : { cursor }, signal);
    if (typeof result.nextCursor !== 'string') return;
    cursor = requestor.requestorFaults.has('alters-cursor') ? result.nextCursor.toLowerCase() : result.nextCursor;
  }
}

async function listTools(requestor: Requestor, signal: AbortSignal): Promise<Array<Record<string, unknown>>> {
  const tools: Array<Record<string, unknown>> = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page++) {
    const result = await requestor.request('tools/list', cursor === undefined ? {} : { cursor }, signal);
    if (Array.isArray(result.tools)) tools.push(...result.tools.filter(isObject));
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    if (cursor === undefined) break;
  }
  return tools;
}

/** Under the fault relies-on-cancelled-task: a task just cancelled could not be looked up any more. */
class CancelledTaskLost extends RpcError {
  constructor(message: string) {
    super(INTERNAL_ERROR, message);
  }
}

async function callTool(requestor: Requestor, tool: Record<string, unknown>, asked: CallTools, signal: AbortSignal): Promise<void> {
  const text = asked.text;
  const name = tool.name as string;
  const support = isObject(tool.execution) ? tool.execution.taskSupport : undefined;
  const tasks = requestor.serverCapabilities.tasks;
  const requests = isObject(tasks) ? tasks.requests : undefined;
  const tools = isObject(requests) ? requests.tools : undefined;
  const serverTakesTasks = isObject(tools) && tools.call !== undefined;

  let asTask: boolean;
  if (!serverTakesTasks && !requestor.requestorFaults.has('augments-without-server-capability')) {
    // Without tasks.requests.tools.call no tool may be called as a task; a tool that requires one cannot be called.
    if (support === 'required') return;
    asTask = false;
  } else if (requestor.requestorFaults.has('task-support-ignored')) asTask = true;
  else if (requestor.requestorFaults.has('required-called-plainly')) asTask = support === 'optional';
  else asTask = support === 'required' || support === 'optional';

  const params: Record<string, unknown> = { name, arguments: argumentsFor(tool, text) };
  if (asTask) params.task = { ttl: REQUESTED_TTL_MS };
  const answer = requestor.request('tools/call', params, signal);
  const callId = requestor.lastRequestId;
  const result = await answer;
  const task = result.task;
  if (!asTask || !isObject(task) || typeof task.taskId !== 'string') return;
  if (asked.cancelTasks) return cancel(requestor, task.taskId, callId, signal);
  await follow(requestor, task, signal);
}

/** Cancels a task it created, as asked, and leaves it: a receiver may delete a cancelled task at once. */
async function cancel(requestor: Requestor, taskId: string, callId: number, signal: AbortSignal): Promise<void> {
  const faults = requestor.requestorFaults;
  // The fault cancels-by-notification cancels the tools/call that created the task instead of the task.
  if (faults.has('cancels-by-notification')) return requestor.notify('notifications/cancelled', { requestId: callId, reason: 'call-tools: cancelTasks' });
  await requestor.request('tasks/cancel', { taskId }, signal);
  if (!faults.has('relies-on-cancelled-task')) return;
  // The fault relies-on-cancelled-task insists on seeing the task cancelled afterwards.
  await requestor.request('tasks/get', { taskId }, signal).catch((error: unknown) => {
    throw new CancelledTaskLost(`task ${taskId} was gone right after its cancel: ${describeError(error)}`);
  });
}

/** Polls a task until it is terminal (or waits for input), then fetches its result. */
async function follow(requestor: Requestor, created: Record<string, unknown>, signal: AbortSignal): Promise<void> {
  const taskId = created.taskId as string;
  // The fault polling-yields-to-notifications stops following once a status notification of the task arrives.
  let notified = false;
  const stopListening = requestor.onNotification((method, notification) => {
    if (method === 'notifications/tasks/status' && notification.taskId === taskId) notified = true;
  });
  try {
    let task = await pollUntilSettled(requestor, created, signal, () => notified);
    for (let attempt = 0; task !== undefined && attempt < MAX_RESULT_ATTEMPTS; attempt++) {
      if (!(await resultCutOff(requestor, task, signal))) break;
      // No longer waiting on tasks/result, so back to polling (unless the fault no-polling-after-result-cut gives up).
      if (requestor.requestorFaults.has('no-polling-after-result-cut')) break;
      task = await pollUntilSettled(requestor, { ...task, status: 'working' }, signal, () => notified);
    }
  } finally {
    stopListening();
  }
}

/** The task once polling may stop (terminal, or waiting for input); undefined when a fault gives up on it. */
async function pollUntilSettled(requestor: Requestor, created: Record<string, unknown>, signal: AbortSignal, notified: () => boolean): Promise<Record<string, unknown> | undefined> {
  const taskId = created.taskId as string;
  const started = Date.now();
  let task = created;
  const faults = requestor.requestorFaults;
  // The fault input-required-not-fetched treats input_required like working: it polls on instead of opening tasks/result.
  const open = (status: unknown) => status === 'working' || (status === 'input_required' && faults.has('input-required-not-fetched'));
  let polls = 0;
  while (open(task.status)) {
    if (Date.now() - started > FOLLOW_LIMIT_MS) {
      requestor.diagnose(`call-tools: gave up following task ${taskId} after ${FOLLOW_LIMIT_MS} ms`);
      return undefined;
    }
    // The fault stops-polling-at-working gives up after one poll that says working, as if a status notification would come.
    if (polls === 1 && faults.has('stops-polling-at-working')) return undefined;
    if (notified() && faults.has('polling-yields-to-notifications')) return undefined;
    await sleep(pollDelay(requestor, task), signal);
    task = await requestor.request('tasks/get', taskParams(requestor, taskId), signal);
    polls += 1;
  }
  // The fault stops-polling-at-input-required leaves the task where polling may stop (the spec allows it), never fetching the input.
  if (task.status === 'input_required' && faults.has('stops-polling-at-input-required')) return undefined;
  return task;
}

/**
 * Terminal, or input_required (tasks/result then carries the requests for input and waits for the end). True when the
 * answer was cut off (the connection dropped, no JSON-RPC answer): the task may still be running.
 */
async function resultCutOff(requestor: Requestor, task: Record<string, unknown>, signal: AbortSignal): Promise<boolean> {
  const taskId = task.taskId as string;
  try {
    await requestor.request('tasks/result', taskParams(requestor, taskId), signal);
    return false;
  } catch (error) {
    if (signal.aborted) throw error;
    requestor.diagnose(`call-tools: tasks/result of ${taskId}: ${describeError(error)}`);
    return !(error instanceof RpcError);
  }
}

function taskParams(requestor: Requestor, taskId: string): Record<string, unknown> {
  const params = requestor.requestorFaults.has('related-meta-on-task-requests') ? { taskId, _meta: relatedTaskMeta(taskId) } : { taskId };
  return requestor.requestorFaults.has('task-on-task-requests') ? { ...params, task: {} } : params;
}

function pollDelay(requestor: Requestor, task: Record<string, unknown>): number {
  if (requestor.requestorFaults.has('poll-interval-ignored')) return 10;
  if (requestor.requestorFaults.has('poll-fixed-pace')) return FIXED_PACE_MS;
  const interval = task.pollInterval;
  return typeof interval === 'number' && Number.isFinite(interval) && interval >= 0 ? Math.min(interval, FOLLOW_LIMIT_MS) : DEFAULT_POLL_MS;
}

/** The directive's text, for a tool whose input schema has a text property; nothing otherwise. */
function argumentsFor(tool: Record<string, unknown>, text: string): Record<string, unknown> {
  const schema = tool.inputSchema;
  const properties = isObject(schema) ? schema.properties : undefined;
  return isObject(properties) && 'text' in properties ? { text } : {};
}
