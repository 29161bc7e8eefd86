// The request-independent half of a task's life: granting the ttl, choosing the id, enforcing the per-requestor
// limit, settling the outcome into a terminal status, and announcing status changes. tools/call uses it here;
// the reference client uses it for task-augmented sampling/createMessage and elicitation/create.
import { createHash, randomBytes } from 'node:crypto';
import type { Connection, IncomingRequest } from './connection.js';
import type { ReceiverEnvironment } from '../shared/environment.js';
import { INVALID_PARAMS, SERVER_ERROR, isObject } from '../shared/jsonrpc.js';
import { noteTaskCreated, taskLayerError } from './task-methods.js';
import { DEFAULT_TTL_MS, MAX_ACTIVE_TASKS_PER_CONTEXT, MAX_TTL_MS, isTerminal, type TaskOutcome, type TaskRecord } from '../shared/task-store.js';
import { wireTaskForNotification } from './wire.js';

/**
 * Creates the record for a task-augmented request: checks the requested ttl and the requestor's limit,
 * picks the id, and wires status notifications to the connection. `identity` names the request for the
 * fault task-id-from-arguments (identical requests then get identical ids).
 */
export function openTask(connection: Connection, request: IncomingRequest, task: Record<string, unknown>, identity: readonly string[]): TaskRecord {
  const { env } = connection;
  const faults = env.faults;
  const ttl = grantedTtl(task, env, request.method);
  if (env.store.activeCount(request.context) >= MAX_ACTIVE_TASKS_PER_CONTEXT) {
    throw taskLayerError(
      faults,
      SERVER_ERROR,
      `Too many unfinished tasks: at most ${MAX_ACTIVE_TASKS_PER_CONTEXT} may be working or waiting for input per requestor; wait for some to finish or cancel them`,
    );
  }
  // Under expires-at-half-ttl the task is kept for half the ttl it reports.
  // Under expired-tasks-kept it is kept a minute longer than that.
  const lifetimeMs = faults.has('expires-at-half-ttl') ? Math.floor(ttl / 2) : faults.has('expired-tasks-kept') ? ttl + 60_000 : ttl;
  // Under result-gives-up-at-ttl a task still working at its ttl is kept until it ends (a server may keep it).
  const keptWhileWorking = faults.has('result-gives-up-at-ttl');
  const record = env.store.create({ taskId: newTaskId(env, task, identity), context: request.context, ttl, lifetimeMs, keptWhileWorking });
  if (faults.has('ttl-missing-unrequested') && (task.ttl === undefined || task.ttl === null)) record.ttlHidden = true;
  if (faults.has('numeric-task-id-when-offered') && task.taskId !== undefined) record.numericIdOnCreate = true;
  record.onStatusChange = (changed) => sendStatus(connection, changed);
  if (faults.has('list-shifts-on-create')) noteTaskCreated(connection);
  return record;
}

/** The ttl to grant: the default when none is asked for, else the request capped at MAX_TTL_MS (unless a fault lifts the cap). */
export function grantedTtl(task: Record<string, unknown>, env: ReceiverEnvironment, method: string): number {
  const requested = task.ttl;
  if (requested === undefined || requested === null) return DEFAULT_TTL_MS;
  if (typeof requested !== 'number' || !Number.isInteger(requested) || requested < 0) {
    throw taskLayerError(env.faults, INVALID_PARAMS, `${method}: params.task.ttl must be a non-negative integer number of milliseconds`);
  }
  return env.faults.has('ttl-not-capped') ? requested : Math.min(requested, MAX_TTL_MS);
}

export function newTaskId(env: ReceiverEnvironment, task: Record<string, unknown>, identity: readonly string[]): string {
  const faults = env.faults;
  const offered = isObject(task) ? task.taskId : undefined;
  if (faults.has('adopt-requestor-task-id') && typeof offered === 'string') return offered;
  if (faults.has('task-id-from-arguments')) {
    const hash = createHash('sha256');
    for (const part of identity) hash.update(part);
    return hash.digest('base64url');
  }
  // Only where tasks are bound to a context: without binding, an ID anyone can guess breaks TASKS-SEC-SECURE-IDS.
  if (faults.has('first-task-id-empty') && env.bindsContexts && !env.emptyIdIssued) {
    env.emptyIdIssued = true;
    return '';
  }
  if (faults.has('sequential-task-ids')) return `task-${++env.sequentialIds}`;
  if (faults.has('short-task-ids')) return randomBytes(4).toString('hex');
  if (faults.has('borderline-task-ids')) return randomBytes(14).toString('base64url').slice(0, 18);
  // 256 bits from the CSPRNG: unguessable even where tasks cannot be bound to a requestor.
  return randomBytes(32).toString('base64url');
}

/**
 * Records what the work produced and moves the task to completed or failed. A cancelled task stays
 * cancelled (unless the fault cancel-not-final, or cancel-race-completes for a late cancel, lets the outcome overwrite it).
 */
export function settleTask<O extends TaskOutcome>(env: ReceiverEnvironment, record: TaskRecord, outcome: O, describeFailure: (outcome: O) => string): void {
  const { faults, store } = env;
  const wasCancelled = record.status === 'cancelled';
  if (wasCancelled && !faults.has('cancel-not-final') && !record.cancelOverwritable) {
    record.outcome ??= outcome; // kept for diagnosis only; a cancelled task's status never changes
    return;
  }
  record.outcome = outcome;
  const failed = outcome.kind === 'error' ? !faults.has('error-task-completed') : outcome.result.isError === true && !faults.has('iserror-task-completed');
  const message = failed && !faults.has('failed-without-status-message') ? describeFailure(outcome) : undefined;
  store.transition(record, failed ? 'failed' : 'completed', message, wasCancelled);
}

/** notifications/tasks/status for one status change, on the connection that created the task. */
export function sendStatus(connection: Connection, record: TaskRecord): void {
  const { faults } = connection.env;
  const told = faults.has('status-to-every-session') ? [...connection.env.openConnections] : [connection];
  // Fault status-notification-terminal-says-working: the news of the end says the status it ended from.
  const says = faults.has('status-notification-terminal-says-working') && isTerminal(record.status) ? 'working' : record.status;
  for (const each of told) each.notify('notifications/tasks/status', wireTaskForNotification(record, faults, says));
  if (record.status === 'completed' && faults.has('status-notification-terminal-reverts')) {
    connection.notify('notifications/tasks/status', wireTaskForNotification(record, faults, 'working'));
  }
}
