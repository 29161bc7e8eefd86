import type { Connection } from '../../wire/connections/connect.js';
import type { Delivery } from '../../wire/connections/http-transport.js';
import { clientFixtureParams, fixtureArguments, listAllTools, type FixtureBinding, type ToolInfo } from '../../model/fixtures.js';
import { IutError, type IncomingRequest, type ReceivedNotification, type RequestHandler, type RpcReply, type RpcSession } from '../../wire/session.js';
import { UnexpectedReply } from '../check-errors.js';
import { withinMs } from '../../wire/timing.js';
import type { EndpointRecord } from '../../wire/2025-11-25/client-record.js';
import { describeReply } from '../../model/describe.js';
import { sightingsInAnswer, type TaskSighting } from '../../model/schemas/task-shape.js';

import { RELATED_TASK_META } from '../../model/model-basics.js';
export { RELATED_TASK_META };
export const IMMEDIATE_RESPONSE_META = 'io.modelcontextprotocol/model-immediate-response';
export const TERMINAL_STATUSES = ['completed', 'failed', 'cancelled'] as const;

export type TaskRecord = Record<string, unknown> & { taskId: string; status: string };

export function isTerminal(status: unknown): boolean {
  return (TERMINAL_STATUSES as readonly unknown[]).includes(status);
}

export interface InvokeOptions {
  /** Augment the request with a task; true sends an empty task object. */
  task?: Record<string, unknown> | true;
  /** Extra `_meta` for the request (e.g. a progressToken). */
  meta?: Record<string, unknown>;
  timeoutMs?: number;
}

/**
 * One connection to the receiver under test, with the task operations spelled once. For a server receiver
 * the work is a tools/call; the role decides how a fixture is invoked, never the checks.
 */
export class Receiver {
  /**
   * `onTask` hears of every task the receiver reports on this connection, as it arrives: in the answer to a
   * task-augmented request, to tasks/get, tasks/list and tasks/cancel, and in status notifications. Every
   * request goes through `request` below, so no check has to remember to pass what it saw on.
   */
  constructor(
    readonly connection: Connection,
    private readonly onTask?: (sighting: TaskSighting) => void,
    /** Hears every answer to a request of ours (the harness keeps account of the tasks a check leaves behind). */
    private readonly onReply?: (method: string, params: Record<string, unknown> | undefined, reply: RpcReply) => void,
  ) {
    if (onTask) {
      connection.session.onNotification((n) => {
        if (n.method === 'notifications/tasks/status') onTask({ kind: 'notification', value: n.params, method: n.method });
      });
    }
  }

  get session(): RpcSession {
    return this.connection.session;
  }

  get label(): string {
    return this.connection.label;
  }

  async request(method: string, params?: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<RpcReply> {
    const reply = await this.session.request(method, params, options);
    this.onReply?.(method, params, reply);
    if (this.onTask && reply.ok) for (const sighting of sightingsInAnswer(method, params, reply.result)) this.onTask(sighting);
    return reply;
  }

  callTool(name: string, args: Record<string, unknown>, options: InvokeOptions = {}): Promise<RpcReply> {
    const params: Record<string, unknown> = { name, arguments: args };
    if (options.task) params.task = options.task === true ? {} : options.task;
    if (options.meta) params._meta = options.meta;
    return this.request('tools/call', params, { timeoutMs: options.timeoutMs });
  }

  /**
   * Runs a fixture operation, plainly or as a task: a tool of a server, a sampling or elicitation request to a client.
   * Work the check asks for (delayMs) extends the answer's bound: a receiver may hold even a CreateTaskResult until it is done.
   */
  invoke(binding: FixtureBinding, input: Record<string, unknown>, options: InvokeOptions = {}): Promise<RpcReply> {
    if (options.timeoutMs === undefined && typeof input.delayMs === 'number') options = { ...options, timeoutMs: this.session.defaultTimeoutMs + input.delayMs };
    if (binding.method === 'tools/call') return this.callTool(binding.tool, fixtureArguments(binding, input), options);
    const params = clientFixtureParams(binding, input);
    if (options.task) params.task = options.task === true ? {} : options.task;
    if (options.meta) params._meta = options.meta;
    return this.request(binding.method, params, { timeoutMs: options.timeoutMs });
  }

  /** Starts a fixture as a task and returns the task it created; anything else ends the check. */
  async startTask(
    binding: FixtureBinding,
    input: Record<string, unknown>,
    options: Omit<InvokeOptions, 'task'> & { task?: Record<string, unknown> } = {},
  ): Promise<{ task: TaskRecord; reply: RpcReply & { ok: true } }> {
    const reply = await this.invoke(binding, input, { ...options, task: options.task ?? {} });
    const task = reply.ok ? reply.result.task : undefined;
    if (!reply.ok || typeof task !== 'object' || task === null || typeof (task as TaskRecord).taskId !== 'string') {
      // The prerequisite of every task scenario, judged by the checks of TASKS-RESULT-CREATE-TASK-RESULT; the rest are inconclusive.
      throw new UnexpectedReply(
        `a task-augmented call to ${binding.tool} should have created a task; expected a CreateTaskResult with task.taskId, got ${describeReply(reply)}`,
        'TASKS-RESULT-CREATE-TASK-RESULT',
        { method: 'tools/call', fixture: binding.tool },
      );
    }
    return { task: task as TaskRecord, reply };
  }

  getTask(taskId: unknown, meta?: Record<string, unknown>): Promise<RpcReply> {
    return this.request('tasks/get', withMeta({ taskId }, meta));
  }

  taskResult(taskId: unknown, options: { timeoutMs?: number; meta?: Record<string, unknown> } = {}): Promise<RpcReply> {
    return this.request('tasks/result', withMeta({ taskId }, options.meta), { timeoutMs: options.timeoutMs });
  }

  /**
   * tasks/result with its own bound: undefined when no answer came within boundMs (a receiver that holds the
   * request open, as it may for a running task). A connection that breaks still ends the check.
   */
  async taskResultWithin(taskId: unknown, boundMs: number, meta?: Record<string, unknown>): Promise<RpcReply | undefined> {
    try {
      // The outer bound also covers a transport that holds the request itself open while no answer comes.
      return await withinMs(this.taskResult(taskId, { timeoutMs: boundMs, meta }), boundMs + 500);
    } catch (error) {
      if (error instanceof IutError && error.kind === 'timeout') return undefined;
      throw error;
    }
  }

  cancelTask(taskId: unknown, meta?: Record<string, unknown>): Promise<RpcReply> {
    return this.request('tasks/cancel', withMeta({ taskId }, meta));
  }

  /** Every tool of every tools/list page (cursors passed back unchanged). */
  listAllTools(): Promise<ToolInfo[]> {
    return listAllTools((method, params) => this.request(method, params));
  }

  listTasks(cursor?: unknown): Promise<RpcReply> {
    return this.request('tasks/list', cursor === undefined ? {} : { cursor });
  }

  /** Notifications received so far on this connection, optionally of one method. */
  notifications(method?: string): ReceivedNotification[] {
    return method === undefined ? [...this.session.notifications] : this.session.notifications.filter((n) => n.method === method);
  }

  /** The first notification (already received, or arriving within timeoutMs) that satisfies the predicate; undefined when none comes. */
  waitForNotification(predicate: (n: ReceivedNotification) => boolean, timeoutMs: number, options: { includePast?: boolean } = {}): Promise<ReceivedNotification | undefined> {
    return this.session.waitForNotification(predicate, timeoutMs, options);
  }

  /** Waits (by event, bounded) until `count` notifications satisfy the predicate; answers how many had by then. */
  async awaitNotificationCount(predicate: (n: ReceivedNotification) => boolean, count: number, boundMs: number): Promise<number> {
    const deadline = performance.now() + boundMs;
    const matching = () => this.session.notifications.filter(predicate).length;
    while (matching() < count && performance.now() < deadline) await this.session.waitForNotification(predicate, deadline - performance.now(), { includePast: false });
    return matching();
  }

  /** Answers the receiver's own requests of a method (e.g. elicitation/create) with the handler. */
  onRequest(method: string, handler: RequestHandler): void {
    this.session.onRequest(method, handler);
  }

  /** The first request the receiver sent us that satisfies the predicate, waiting up to timeoutMs. */
  waitForRequest(predicate: (request: IncomingRequest) => boolean, timeoutMs: number): Promise<IncomingRequest | undefined> {
    return this.session.waitForRequest(predicate, timeoutMs);
  }

  /** Every request the receiver has sent us so far. */
  requestsReceived(): IncomingRequest[] {
    return [...this.session.requestsReceived];
  }

  /** A client under test: what the endpoint saw it do as a requestor (its tasks, the cursors handed out); undefined for a server. */
  endpointRecord(): EndpointRecord | undefined {
    return this.connection.endpointRecord;
  }

  /** Resolves once our answer to the receiver's request has been sent, so its effects can be observed. */
  answerSent(requestId: string | number): Promise<void> {
    return this.session.answerSent(requestId);
  }

  /** What the receiver sent on this connection that was no proper JSON-RPC (lines that are not JSON, …), by kind. */
  improperOutput(): ReturnType<RpcSession['improperOutput']> {
    return this.session.improperOutput();
  }

  /** Status notifications received so far, optionally for one task. */
  statusNotifications(taskId?: string): ReceivedNotification[] {
    return this.session.notifications.filter((n) => n.method === 'notifications/tasks/status' && (taskId === undefined || n.params.taskId === taskId));
  }

  deliveryOf(reply: RpcReply): Delivery | undefined {
    return this.connection.deliveryOf(reply.id);
  }
}

function withMeta(params: Record<string, unknown>, meta?: Record<string, unknown>): Record<string, unknown> {
  return meta ? { ...params, _meta: meta } : params;
}

/** The task fields of a tasks/get or tasks/cancel result (the result is the task itself). */
export function taskOf(reply: RpcReply): TaskRecord | undefined {
  if (!reply.ok || typeof reply.result.taskId !== 'string') return undefined;
  return reply.result as TaskRecord;
}

export function relatedTaskIdOf(message: Record<string, unknown> | undefined): unknown {
  const meta = message?._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const related = (meta as Record<string, unknown>)[RELATED_TASK_META];
  if (typeof related !== 'object' || related === null) return related === undefined ? undefined : related;
  return (related as Record<string, unknown>).taskId;
}

export function hasRelatedTaskMeta(message: Record<string, unknown> | undefined): boolean {
  const meta = message?._meta;
  return typeof meta === 'object' && meta !== null && RELATED_TASK_META in meta;
}
