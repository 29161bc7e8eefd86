// How a modern task looks on the wire: the flat CreateTaskResult, and the DetailedTask that tasks/get and
// notifications/tasks carry (result, error or inputRequests inlined by status), with the faults that distort them.
import type { Faults } from '../faults.js';
import type { ModernTask } from './tasks.js';

export type Wire = Record<string, unknown>;

/** A result of the modern era that is the final answer of its request. */
export function complete(result: Wire): Wire {
  return { resultType: 'complete', ...result };
}

/** The Task fields every shape shares. */
export function taskFields({ record, ttlShownMs }: ModernTask): Wire {
  const fields: Wire = { taskId: record.taskId, status: record.status };
  if (record.statusMessage !== undefined) fields.statusMessage = record.statusMessage;
  fields.createdAt = new Date(record.createdAtMs).toISOString();
  fields.lastUpdatedAt = new Date(record.lastUpdatedAtMs).toISOString();
  fields.ttlMs = ttlShownMs ?? record.ttl;
  fields.pollIntervalMs = record.pollInterval;
  return fields;
}

/** The answer to a tools/call that became a task. */
export function createTaskResult(task: ModernTask, faults: Faults): Wire {
  return { resultType: faults.has('ext-resulttype-not-task') ? 'complete' : 'task', ...taskFields(task) };
}

/**
 * The DetailedTask for tasks/get (`for: 'get'`) or notifications/tasks (`for: 'notification'`). Each fault
 * distorts only the message kind its check looks at.
 */
export function detailedTask(task: ModernTask, faults: Faults, purpose: 'get' | 'notification'): Wire {
  const { record } = task;
  const fields = taskFields(task);
  const get = purpose === 'get';
  if (record.status === 'failed' && faults.has('ext-failed-without-status-message')) delete fields.statusMessage;
  if (get && faults.has('ext-get-without-timestamps')) {
    delete fields.createdAt;
    delete fields.lastUpdatedAt;
    delete fields.ttlMs;
  }
  if (get && record.status === 'completed' && faults.has('ext-terminal-reverts') && ++record.getsSinceCompleted >= 2) {
    fields.status = 'working';
    return fields;
  }
  if (get && record.status === 'working' && faults.has('ext-working-reads-running')) fields.status = 'running';
  // Fault ext-notify-terminal-says-working: the news of the end says the status it ended from, with nothing inlined.
  if (!get && faults.has('ext-notify-terminal-says-working') && ['completed', 'failed', 'cancelled'].includes(record.status)) {
    fields.status = 'working';
    return fields;
  }
  const outcome = record.outcome;
  switch (record.status) {
    case 'input_required':
      if (!(get && faults.has('ext-input-required-without-requests')) && !(!get && faults.has('ext-notify-input-without-requests'))) fields.inputRequests = task.inputs.view(faults);
      break;
    case 'completed':
      if (outcome?.kind === 'result' && !(get && faults.has('ext-completed-without-result')) && !(!get && faults.has('ext-notify-partial-task'))) {
        fields.result = complete(faults.has('ext-result-differs') ? withAlteredText(outcome.result) : outcome.result);
      }
      break;
    case 'failed':
      if (outcome?.kind === 'error' && !(get && faults.has('ext-failed-without-error'))) {
        const error = outcome.error.toJSON();
        fields.error = faults.has('ext-error-differs') ? { ...error, code: -32000 } : error;
      }
      break;
    default:
      break;
  }
  // Fault ext-answered-key-lingers: the answered requests stay listed in every later look, working and ended included.
  if (record.status !== 'input_required' && task.inputs.lingers(faults)) fields.inputRequests = task.inputs.view(faults);
  return fields;
}

/** The result with " (from task)" appended to each text (fault ext-result-differs). */
function withAlteredText(result: Wire): Wire {
  const content = Array.isArray(result.content) ? result.content : [];
  return {
    ...result,
    content: content.map((item: unknown) =>
      typeof item === 'object' && item !== null && (item as Wire).type === 'text' ? { ...(item as Wire), text: `${String((item as Wire).text)} (from task)` } : item,
    ),
  };
}
