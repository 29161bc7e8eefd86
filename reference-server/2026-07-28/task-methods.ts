// tasks/get, tasks/update and tasks/cancel of the Tasks extension, and the 2025-11-25 methods it removed
// (tasks/result, tasks/list), which answer -32601.
import type { Faults } from '../faults.js';
import { INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, RpcError, isObject } from '../shared/jsonrpc.js';
import { isTerminal } from '../shared/task-store.js';
import type { Envelope } from './envelope.js';
import type { InputAnswer, PendingInput } from './inputs.js';
import { tasksExtensionRequired } from './protocol.js';
import { complete, detailedTask, taskFields, type Wire } from './task-wire.js';
import type { ModernTask, ModernTasks } from './tasks.js';

export interface TaskMethodContext {
  tasks: ModernTasks;
  faults: Faults;
  envelope: Envelope;
  context: string;
}

/** The same message for an unknown task and another context's task, so an answer never reveals that the latter exists. */
const NOT_FOUND = 'Task not found: no task with this taskId exists for this requestor';
/** Looks a task up in every context (the store's lookup without a context). */
const ANY_CONTEXT = undefined;
const EXPIRED = 'Task expired: its ttl has elapsed and it was deleted';
/** Under ext-update-dropped, how long the task's ttl runs on after the dropped update. */
const DROPPED_UPDATE_TTL_MS = 2_000;

export function getTask(params: Record<string, unknown>, ctx: TaskMethodContext): Wire {
  const task = findTask('tasks/get', params, ctx);
  ctx.tasks.admitPoll(task);
  const resultType = ctx.faults.has('ext-get-resulttype-task') ? 'task' : 'complete';
  return { resultType, ...detailedTask(task, ctx.faults, 'get') };
}

/** Records the answers to outstanding input requests; keys that are not outstanding are ignored. */
export function updateTask(params: Record<string, unknown>, ctx: TaskMethodContext): Wire {
  const task = findOrAcknowledge('tasks/update', params, ctx);
  if (!task) return acknowledgement(undefined, ctx.faults);
  const { faults } = ctx;
  const responses = params.inputResponses;
  if (!isObject(responses)) throw new RpcError(INVALID_PARAMS, 'Invalid params: tasks/update needs params.inputResponses, an object of answers by input key');
  const answers: Array<[PendingInput, InputAnswer]> = [];
  for (const [key, answer] of Object.entries(responses)) {
    const pending = task.inputs.find(key, faults);
    if (!pending) {
      if (faults.has('ext-update-unknown-key-rejected')) throw new RpcError(INVALID_PARAMS, `Invalid params: input key ${JSON.stringify(key)} is not outstanding for this task`);
      continue; // never issued, already answered, or superseded: ignored
    }
    const problem = task.inputs.problemWith(pending, answer);
    if (problem) throw new RpcError(INVALID_PARAMS, `Invalid params: ${problem}`);
    answers.push([pending, answer as InputAnswer]);
  }
  if (answers.length > 0 && faults.has('ext-update-refused')) throw new RpcError(INTERNAL_ERROR, 'Internal error: the answers could not be recorded');
  if (answers.length > 0 && faults.has('ext-update-dropped')) {
    // Acknowledged, then lost: the task keeps waiting, and its ttl now ends soon after.
    task.ttlShownMs = Date.now() - task.record.createdAtMs + DROPPED_UPDATE_TTL_MS;
    return acknowledgement(task, faults);
  }
  // Acknowledged now; with --update-lag-ms the answers reach the task later (eventual consistency, which the extension allows).
  ctx.tasks.afterUpdateLag(() => {
    for (const [pending, answer] of answers) task.inputs.answer(pending, answer);
  });
  return acknowledgement(task, faults);
}

/** Cancels an unfinished task (its work stops); a terminal task is left as it is. Either way the request is acknowledged. */
export function cancelTask(params: Record<string, unknown>, ctx: TaskMethodContext): Wire {
  const task = findOrAcknowledge('tasks/cancel', params, ctx);
  if (!task) return acknowledgement(undefined, ctx.faults);
  if (!isTerminal(task.record.status) && ctx.faults.has('ext-cancel-refused')) throw new RpcError(INTERNAL_ERROR, 'Internal error: the task could not be cancelled');
  if (task.record.status === 'input_required' && ctx.faults.has('ext-cancel-refuses-input-required')) {
    throw new RpcError(INVALID_PARAMS, 'Invalid params: the task is waiting for input, not running; answer it with tasks/update');
  }
  ctx.tasks.cancel(task);
  return acknowledgement(task, ctx.faults);
}

/** tasks/result and tasks/list belong to 2025-11-25; the extension removed them (a fault still serves them). */
export function removedMethod(method: 'tasks/result' | 'tasks/list', params: Record<string, unknown>, ctx: TaskMethodContext): Wire {
  if (!ctx.faults.has('ext-serves-removed-methods')) {
    throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${method} does not exist in 2026-07-28 (the tasks extension polls with tasks/get, whose result inlines the outcome)`);
  }
  if (method === 'tasks/list') return complete({ tasks: [] });
  const { record } = findTask(method, params, ctx);
  if (record.outcome?.kind === 'error') throw record.outcome.error;
  if (record.outcome?.kind === 'result' && record.status === 'completed') return complete(record.outcome.result);
  throw new RpcError(INVALID_PARAMS, `Invalid params: the task is ${record.status}, not completed`);
}

function acknowledgement(task: ModernTask | undefined, faults: Faults): Wire {
  if (faults.has('ext-ack-without-resulttype')) return {};
  return faults.has('ext-ack-not-empty') && task ? { resultType: 'complete', ...taskFields(task) } : { resultType: 'complete' };
}

/** findTask, except that a fault acknowledges an unknown task id (undefined) instead of refusing it. */
function findOrAcknowledge(method: string, params: Record<string, unknown>, ctx: TaskMethodContext): ModernTask | undefined {
  try {
    return findTask(method, params, ctx);
  } catch (error) {
    // Only an id no context knows: another context's task is still refused (isolation is another check's concern).
    const unknownEverywhere = typeof params.taskId === 'string' && ctx.tasks.find(params.taskId, ANY_CONTEXT).state === 'missing';
    if (ctx.faults.has('ext-unknown-task-acknowledged') && error instanceof RpcError && error.code === INVALID_PARAMS && unknownEverywhere) return undefined;
    throw error;
  }
}

/** Checks the extension is declared and resolves params.taskId to a task of the caller's context, or throws the protocol error. */
function findTask(method: string, params: Record<string, unknown>, { tasks, faults, envelope, context }: TaskMethodContext): ModernTask {
  if (!envelope.tasks && !faults.has('ext-task-methods-without-extension')) throw tasksExtensionRequired(method);
  const taskId = params.taskId;
  if (typeof taskId !== 'string' || taskId === '') {
    throw new RpcError(
      method === 'tasks/get' && faults.has('ext-malformed-task-id-internal') ? INTERNAL_ERROR : INVALID_PARAMS,
      `Invalid params: ${method} needs params.taskId, the non-empty string id of a task, got ${taskId === undefined ? 'none' : JSON.stringify(taskId)}`,
    );
  }
  // Under ext-cancel-unbound only tasks/cancel skips the ownership check.
  const found = tasks.find(taskId, method === 'tasks/cancel' && faults.has('ext-cancel-unbound') ? ANY_CONTEXT : context);
  if (found.state === 'found') return found.task;
  if (found.state === 'expired') throw new RpcError(INVALID_PARAMS, EXPIRED);
  throw new RpcError(method === 'tasks/get' && faults.has('ext-unknown-task-wrong-code') ? INTERNAL_ERROR : INVALID_PARAMS, NOT_FOUND);
}
