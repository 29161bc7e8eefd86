// subscriptions/listen for task status: an acknowledgement naming the tasks the receiver agreed to watch, then a
// notifications/tasks (the full DetailedTask) on each of their status changes, until the requestor ends the stream.
import type { JSONRPCMessage, JSONRPCNotification, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Faults } from '../faults.js';
import { INVALID_PARAMS, RpcError, isObject } from '../shared/jsonrpc.js';
import type { TaskRecord } from '../shared/task-store.js';
import type { Envelope } from './envelope.js';
import { SUBSCRIPTION_ID_KEY, tasksExtensionRequired } from './protocol.js';
import { detailedTask } from './task-wire.js';
import type { ModernTask, ModernTasks } from './tasks.js';

/** Where the messages of one request go; `signal` aborts when the requestor cancels it or goes away. */
export interface ModernChannel {
  readonly signal: AbortSignal;
  send(message: JSONRPCMessage): void;
  /** Closes the request's stream after its last message (HTTP); nothing to do on stdio. */
  end(): void;
}

export interface ListenContext {
  tasks: ModernTasks;
  faults: Faults;
  envelope: Envelope;
  context: string;
}

/** The id of the last subscription opened (any requestor): what ext-notify-other-subscription-id stamps on the next one's notifications. */
let previousSubscription: RequestId | undefined;

/** Validates the filter, acknowledges it, and wires notifications until the channel's signal aborts. */
export function listen(id: RequestId, params: Record<string, unknown>, channel: ModernChannel, { tasks, faults, envelope, context }: ListenContext): void {
  const filter = params.notifications;
  if (!isObject(filter)) throw new RpcError(INVALID_PARAMS, 'Invalid params: subscriptions/listen needs params.notifications, an object saying which notifications to send');
  const requested = filter.taskIds;
  if (requested !== undefined && (!Array.isArray(requested) || !requested.every((taskId) => typeof taskId === 'string'))) {
    throw new RpcError(INVALID_PARAMS, 'Invalid params: params.notifications.taskIds must be an array of task id strings');
  }
  if (requested !== undefined && !envelope.tasks && !faults.has('ext-listen-without-extension')) throw tasksExtensionRequired('subscriptions/listen for notifications.taskIds');

  const watched: ModernTask[] = [];
  for (const taskId of new Set(requested ?? [])) {
    const found = tasks.find(taskId, faults.has('ext-cancel-unbound') || faults.has('ext-listen-unbound') ? undefined : context);
    if (found.state === 'found') watched.push(found.task);
  }
  const meta = { [SUBSCRIPTION_ID_KEY]: id };
  // Under ext-notify-other-subscription-id the notifications name the subscription opened before this one.
  const other = { [SUBSCRIPTION_ID_KEY]: previousSubscription ?? `${String(id)}-before` };
  previousSubscription = id;
  const notify = (method: string, params: Record<string, unknown>) => {
    // Under ext-notify-no-subscription-id only the acknowledgement names the subscription.
    const acknowledgement = method === 'notifications/subscriptions/acknowledged';
    const named = acknowledgement || !faults.has('ext-notify-no-subscription-id');
    const stamp = !acknowledgement && faults.has('ext-notify-other-subscription-id') ? other : meta;
    if (!channel.signal.aborted) channel.send({ jsonrpc: '2.0', method, params: named ? { ...params, _meta: stamp } : params } as JSONRPCNotification);
  };
  const progress = (task: ModernTask) => {
    if (faults.has('ext-progress-on-listen')) notify('notifications/progress', { progressToken: task.record.taskId, progress: 1, message: `task is ${task.record.status}` });
  };
  const sendTask = (task: ModernTask) => {
    notify('notifications/tasks', detailedTask(task, faults, 'notification'));
    progress(task);
  };

  const stops: Array<() => void> = [];
  if (faults.has('ext-notifies-unasked')) {
    stops.push(tasks.onChange((task) => task.record.context === context && sendTask(task)));
  } else {
    for (const task of watched) {
      const listener = (record: TaskRecord) => void (record.removed || sendTask(task));
      task.record.listeners.add(listener);
      stops.push(() => task.record.listeners.delete(listener));
    }
  }
  channel.signal.addEventListener('abort', () => stops.forEach((stop) => stop()), { once: true });

  if (faults.has('ext-listen-no-ack')) {
    watched.forEach(sendTask);
    return;
  }
  notify('notifications/subscriptions/acknowledged', { notifications: requested === undefined ? {} : { taskIds: watched.map((task) => task.record.taskId) } });
  watched.forEach(progress);
}
