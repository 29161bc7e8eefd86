// How a task record is shown on the wire in each kind of message, including the distortions faults ask for.
import type { Faults } from '../faults.js';
import { isTerminal, type TaskRecord } from '../shared/task-store.js';

export const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';
export const IMMEDIATE_RESPONSE_KEY = 'io.modelcontextprotocol/model-immediate-response';

export type WireTask = Record<string, unknown>;

export function relatedTaskMeta(taskId: string): Record<string, unknown> {
  return { [RELATED_TASK_KEY]: { taskId } };
}

/** The truthful Task object, as tasks/list, tasks/cancel and the CreateTaskResult show it. */
export function wireTask(record: TaskRecord): WireTask {
  const task: WireTask = { taskId: record.taskId, status: record.status };
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage;
  task.createdAt = iso(record.createdAtMs);
  task.lastUpdatedAt = iso(record.lastUpdatedAtMs);
  if (!record.ttlHidden) task.ttl = record.ttl;
  task.pollInterval = record.pollInterval;
  return task;
}

/** The task of a CreateTaskResult. */
export function wireTaskForCreate(record: TaskRecord, faults: Faults): WireTask {
  const created = wireTask(record);
  if (faults.has('create-status-not-working')) created.status = 'input_required';
  if (faults.has('create-result-incomplete')) delete created.lastUpdatedAt;
  if (record.numericIdOnCreate) created.taskId = record.seq;
  return created;
}

/** The tasks/get result. Counts the call, since some faults depend on how often a task was polled. */
export function wireTaskForGet(record: TaskRecord, faults: Faults): WireTask {
  record.getCount++;
  if (record.status === 'completed') record.getsSinceCompleted++;
  const task = wireTask(record);
  const terminal = isTerminal(record.status);

  if (faults.has('terminal-reverts-to-working') && record.getsSinceCompleted >= 2) task.status = 'working';
  // lastUpdatedAt of a completed task is when it completed.
  if (faults.has('completed-turns-failed') && record.status === 'completed' && Date.now() - record.lastUpdatedAtMs >= 1_000) task.status = 'failed';
  if (faults.has('status-unknown-while-working') && record.status === 'working' && record.getCount === 1) task.status = 'running';
  if (faults.has('created-at-drifts')) task.createdAt = iso(Date.now());
  // The same instant written with a numeric offset instead of Z: RFC 3339 allows both.
  else if (faults.has('created-at-reformatted')) task.createdAt = iso(record.createdAtMs).replace(/Z$/, '+00:00');
  else if (faults.has('created-at-not-iso')) task.createdAt = String(record.createdAtMs);

  let lastUpdated = record.lastUpdatedAtMs;
  if (faults.has('last-updated-goes-back')) {
    // While running, report the poll time (never before creation); once terminal, jump back to just after creation.
    lastUpdated = terminal ? record.createdAtMs + 1 : Math.max(Date.now(), record.createdAtMs);
  }
  if (faults.has('last-updated-before-created') && terminal) lastUpdated = record.createdAtMs - 1_000;
  task.lastUpdatedAt = faults.has('timestamps-not-iso') ? String(lastUpdated) : iso(lastUpdated);

  if (faults.has('ttl-missing')) delete task.ttl;
  else if (faults.has('ttl-unstable')) task.ttl = record.ttl - record.getCount;
  if (faults.has('poll-interval-not-integer')) task.pollInterval = 50.5;
  if (faults.has('related-meta-on-get')) task._meta = relatedTaskMeta(record.taskId);
  return task;
}

/** The params of notifications/tasks/status. */
export function wireTaskForNotification(record: TaskRecord, faults: Faults, status = record.status): WireTask {
  const task = wireTask(record);
  task.status = status;
  if (faults.has('status-notification-incomplete')) delete task.createdAt;
  if (faults.has('related-meta-on-status-notification')) task._meta = relatedTaskMeta(record.taskId);
  return task;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
