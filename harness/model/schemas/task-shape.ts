// Every task a receiver reports, validated where it passes through the harness (harness/receivers/2025-11-25/receiver.ts), and each
// broken rule of the Task schema tied to the catalogue requirement it belongs to. Like the schemas beside it, the
// table is the 2025-11-25 profile's: its IDs are catalogue entries (test/harness/model/schemas.test.ts keeps them so).

import { taskSchemaErrors, type SchemaError, type TaskSchemaName } from './validate.js';

/** Where a task was seen: the answer to a task-augmented request, tasks/get, tasks/list, tasks/cancel, or a status notification. */
export type TaskMessageKind = 'create' | 'get' | 'list' | 'cancel' | 'notification';

/** One message that carries a task (a tasks/list result carries several), as the receiver sent it. */
export interface TaskSighting {
  kind: TaskMessageKind;
  /** The result, or the notification's params. */
  value: unknown;
  /** The method the task came in answer to (e.g. tools/call), or the notification's method. */
  method: string;
}

/** A rule a task broke, the requirement it belongs to, and a sentence saying where and how. */
export interface TaskShapeViolation {
  requirement: string;
  message: string;
}

/** Every requirement a violation can land on. */
export const TASK_SHAPE_REQUIREMENTS = [
  'TASKS-TASK-SHAPE',
  'TASKS-ID-STRING',
  'TASKS-TTL-CREATED-AT',
  'TASKS-TTL-LAST-UPDATED-AT',
  'TASKS-TTL-INCLUDE-ACTUAL',
  'TASKS-NOTIFY-FULL-TASK',
  'TASKS-RESULT-CREATE-TASK-RESULT',
] as const;

const SCHEMA_OF: Record<Exclude<TaskMessageKind, 'list'>, TaskSchemaName> = {
  create: 'CreateTaskResult',
  get: 'GetTaskResult',
  cancel: 'CancelTaskResult',
  notification: 'TaskStatusNotificationParams',
};

/**
 * The requirement a broken rule belongs to. A status notification is one rule (its params are a full Task); in an
 * answer, the timestamps and a string taskId have rules of their own, ttl has one in tasks/get (the ttl in force must be
 * there), and everything else about a Task (required fields, status enum, integer ttl and pollInterval) is its shape.
 * `field` is undefined for the envelope around the task (a CreateTaskResult without `task`, a `_meta` that is no object).
 */
function requirementFor(kind: TaskMessageKind, field: string | undefined, error: SchemaError): string {
  if (kind === 'notification') return 'TASKS-NOTIFY-FULL-TASK';
  if (field === undefined || field === '_meta') return kind === 'create' ? 'TASKS-RESULT-CREATE-TASK-RESULT' : 'TASKS-TASK-SHAPE';
  if (field === 'createdAt') return 'TASKS-TTL-CREATED-AT';
  if (field === 'lastUpdatedAt') return 'TASKS-TTL-LAST-UPDATED-AT';
  if (field === 'ttl' && kind === 'get') return 'TASKS-TTL-INCLUDE-ACTUAL';
  if (field === 'taskId' && error.keyword === 'type') return 'TASKS-ID-STRING';
  return 'TASKS-TASK-SHAPE';
}

/** The Task field an error is about, given where the task sits in the message; undefined when it is about the envelope. */
function fieldOf(error: SchemaError, taskPointer: string): string | undefined {
  if (error.pointer === taskPointer) return error.keyword === 'required' ? error.missingProperty : undefined;
  if (!error.pointer.startsWith(`${taskPointer}/`)) return error.keyword === 'required' ? undefined : error.pointer.split('/')[1];
  return error.pointer.slice(taskPointer.length + 1).split('/')[0];
}

function describeWhere(sighting: TaskSighting, task: unknown, entry?: number): string {
  const fields = typeof task === 'object' && task !== null ? (task as Record<string, unknown>) : {};
  const about = typeof fields.taskId === 'string' ? ` (task ${fields.taskId}${typeof fields.status === 'string' ? `, status ${fields.status}` : ''})` : '';
  switch (sighting.kind) {
    case 'create':
      return `the CreateTaskResult answering ${sighting.method}${about}`;
    case 'list':
      return `entry ${(entry ?? 0) + 1} of a tasks/list page${about}`;
    case 'notification':
      return `a notifications/tasks/status${about}`;
    default:
      return `a ${sighting.kind === 'get' ? 'tasks/get' : 'tasks/cancel'} result${about}`;
  }
}

function violationsOf(sighting: TaskSighting, schema: TaskSchemaName, value: unknown, taskPointer: string, entry?: number): TaskShapeViolation[] {
  const task = taskPointer === '' ? value : (value as Record<string, unknown> | undefined)?.task;
  return taskSchemaErrors(schema, value).map((error) => ({
    requirement: requirementFor(sighting.kind, fieldOf(error, taskPointer), error),
    message: `expected a well-formed Task in ${describeWhere(sighting, task, entry)}, got one where ${error.text}`,
  }));
}

/** Every rule of the Task schema the sighting breaks, each under its requirement; none for a valid one. */
export function taskShapeViolations(sighting: TaskSighting): TaskShapeViolation[] {
  if (sighting.kind !== 'list') return violationsOf(sighting, SCHEMA_OF[sighting.kind], sighting.value, sighting.kind === 'create' ? '/task' : '');
  // The page around the entries (tasks an array, nextCursor a string) is the listing checks' concern; each entry is a Task.
  const tasks = (sighting.value as Record<string, unknown> | undefined)?.tasks;
  return Array.isArray(tasks) ? tasks.flatMap((entry, index) => violationsOf(sighting, 'Task', entry, '', index)) : [];
}

/** The sightings in one answer: which of them carries a task follows from the method and, for a task-augmented request, from `task` in the result. */
export function sightingsInAnswer(method: string, params: Record<string, unknown> | undefined, result: Record<string, unknown>): TaskSighting[] {
  if (method === 'tasks/get') return [{ kind: 'get', value: result, method }];
  if (method === 'tasks/cancel') return [{ kind: 'cancel', value: result, method }];
  if (method === 'tasks/list') return [{ kind: 'list', value: result, method }];
  // A task-augmented request answered with a task: a receiver may also answer it plainly (the checks judge when).
  if (params?.task !== undefined && 'task' in result) return [{ kind: 'create', value: result, method }];
  return [];
}
