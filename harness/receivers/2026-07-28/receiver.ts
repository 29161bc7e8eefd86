import type { Connection } from '../../wire/connections/connect.js';
import type { HttpExchange } from '../../wire/2026-07-28/http-transport.js';
import { UnexpectedReply } from '../check-errors.js';
import { describeReply } from '../../model/describe.js';
import { fixtureArguments, toolInfosFrom, type FixtureBinding, type ToolInfo } from '../../model/fixtures.js';
import { IutError, type ReceivedNotification, type RpcReply, type RpcSession } from '../../wire/session.js';
import { clientCapabilities, META_SUBSCRIPTION_ID, withEnvelope } from '../../wire/2026-07-28/envelope.js';

/** A task as the extension has it: flat in a CreateTaskResult, a tasks/get answer or a notifications/tasks. */
export type ExtTask = Record<string, unknown> & { taskId: string; status: string };

export const EXT_TERMINAL_STATUSES = ['completed', 'failed', 'cancelled'] as const;
export function isExtTerminal(status: unknown): boolean {
  return (EXT_TERMINAL_STATUSES as readonly unknown[]).includes(status);
}

export interface ExtRequestOptions {
  /** Declare the Tasks extension in this request's clientCapabilities; defaults to the connection's choice. */
  extension?: boolean;
  /** Client capabilities to send instead of the harness's own. */
  capabilities?: Record<string, unknown>;
  /** Send the params exactly as given, without the per-request `_meta` envelope. */
  bare?: boolean;
  /** HTTP only: headers set (string) or left out (null) on purpose. */
  headers?: Record<string, string | null>;
  timeoutMs?: number;
}

/** An open subscriptions/listen: its acknowledgement and notifications are told apart by the listen request's id. */
export interface Subscription {
  readonly id: string;
  /** Resolves with the acknowledgement notification, or undefined when none came within the bound. */
  acknowledged(boundMs: number): Promise<ReceivedNotification | undefined>;
  /** Every notification that names this subscription, in order of arrival. */
  messages(): ReceivedNotification[];
  /** The answer to the listen request when it was answered (an error, or a graceful end); undefined while open. */
  answer(): RpcReply | undefined;
  /** Waits (bounded) for the answer: an error refusing the listen comes as one. */
  answered(boundMs: number): Promise<RpcReply | undefined>;
  close(): Promise<void>;
}

let subscriptionCounter = 0;

/**
 * One requestor of a 2026-07-28 receiver: every request carries the per-request envelope (protocol version, client
 * info and capabilities, with or without the Tasks extension), on stdio or on Streamable HTTP with the routing
 * headers. Checks of the extension talk through it and never spell the envelope themselves.
 */
export class ExtReceiver {
  /** Tasks seen terminal, by id: a terminal status is final, so a wait for it ends at the first one (see pollExtTask). */
  private readonly terminal = new Map<string, ExtTask>();
  /** The last answer tasks/get gave for each task it could read: a task read once and then not found was discarded. */
  private readonly lastRead = new Map<string, ExtTask>();

  constructor(
    readonly connection: Connection,
    /** Whether requests declare the extension unless told otherwise. */
    readonly declaresExtension = true,
    /** Told every request and its answer (the harness follows the check's tasks with it). */
    private readonly observe?: (method: string, params: Record<string, unknown>, reply: RpcReply) => void,
  ) {}

  get session(): RpcSession {
    return this.connection.session;
  }

  get label(): string {
    return this.connection.label;
  }

  get transport(): 'stdio' | 'http' {
    return this.connection.transport;
  }

  /** Client capabilities every request sends unless it names its own: a requestor lacking one the harness usually declares. */
  private declared?: Record<string, unknown>;

  /** From now on this requestor declares exactly these client capabilities (waits and polls included). */
  declaring(capabilities: Record<string, unknown>): this {
    this.declared = capabilities;
    return this;
  }

  /** A request with the envelope (unless bare). */
  request(method: string, params: Record<string, unknown> = {}, options: ExtRequestOptions = {}): Promise<RpcReply> {
    const own = options.extension === undefined ? this.declared : undefined;
    const capabilities = options.capabilities ?? own ?? clientCapabilities(options.extension ?? this.declaresExtension);
    const sent = options.bare ? params : withEnvelope(params, capabilities);
    // Headers exist on HTTP only: on stdio a check's header change has nothing to change.
    const replied = this.session.request(method, sent, { timeoutMs: options.timeoutMs, headers: this.transport === 'http' ? options.headers : undefined });
    if (!this.observe) return replied;
    return replied.then((reply) => {
      this.observe?.(method, params, reply);
      return reply;
    });
  }

  /** How the HTTP POST that carried this request was answered (status, body kind, headers sent); undefined on stdio. */
  exchange(reply: RpcReply): HttpExchange | undefined {
    return this.connection.exchangeOf?.(reply.id);
  }

  discover(options: ExtRequestOptions = {}): Promise<RpcReply> {
    return this.request('server/discover', {}, options);
  }

  async listTools(options: ExtRequestOptions = {}): Promise<ToolInfo[]> {
    const reply = await this.request('tools/list', {}, options);
    return reply.ok ? toolInfosFrom(reply.result) : [];
  }

  /** Calls a fixture tool with the check's inputs (through the --config template when there is one). */
  callFixture(
    binding: FixtureBinding,
    input: Record<string, unknown>,
    options: ExtRequestOptions & { inputResponses?: Record<string, unknown>; /** Params sent beside name and arguments (e.g. a removed field, on purpose). */ extra?: Record<string, unknown> } = {},
  ): Promise<RpcReply> {
    const params: Record<string, unknown> = { ...options.extra, name: binding.tool, arguments: fixtureArguments(binding, input) };
    if (options.inputResponses) params.inputResponses = options.inputResponses;
    // Work the check asks for may be done before a receiver answers at all (it need not create a task).
    const seconds = typeof input.seconds === 'number' ? input.seconds : 0;
    const timeoutMs = options.timeoutMs ?? this.session.defaultTimeoutMs + seconds * 1000;
    return this.request('tools/call', params, { ...options, timeoutMs });
  }

  /** Calls a fixture expecting the receiver to make a task of it; anything else ends the check as a skip reason the caller gives. */
  async startTask(
    binding: FixtureBinding,
    input: Record<string, unknown>,
    options: ExtRequestOptions = {},
  ): Promise<{ task: ExtTask; reply: RpcReply & { ok: true } } | { task: undefined; reply: RpcReply }> {
    const reply = await this.callFixture(binding, input, options);
    const task = createdTask(reply);
    if (task && reply.ok) return { task, reply };
    return { task: undefined, reply };
  }

  async getTask(taskId: unknown, options: ExtRequestOptions = {}): Promise<RpcReply> {
    const reply = await this.request('tasks/get', { taskId }, options);
    const task = extTaskOf(reply);
    if (task && isExtTerminal(task.status) && !this.terminal.has(task.taskId)) this.terminal.set(task.taskId, task);
    if (task) this.lastRead.set(task.taskId, task);
    return reply;
  }

  /** The last task tasks/get returned for this id on this requestor, if it ever returned it. */
  lastReadOf(taskId: string): ExtTask | undefined {
    return this.lastRead.get(taskId);
  }

  /** The first terminal answer tasks/get gave for the task on this requestor, if one has come. */
  terminalSeen(taskId: string): ExtTask | undefined {
    return this.terminal.get(taskId);
  }

  updateTask(taskId: unknown, inputResponses: Record<string, unknown>, options: ExtRequestOptions = {}): Promise<RpcReply> {
    return this.request('tasks/update', { taskId, inputResponses }, options);
  }

  cancelTask(taskId: unknown, options: ExtRequestOptions = {}): Promise<RpcReply> {
    return this.request('tasks/cancel', { taskId }, options);
  }

  /**
   * Opens subscriptions/listen for these tasks. The request stays open while the subscription lives: its answer,
   * if any, is an error refusing it or a graceful end.
   */
  listen(taskIds: readonly string[], options: ExtRequestOptions & { lifetimeMs?: number } = {}): Subscription {
    subscriptionCounter += 1;
    const id = `listen-${subscriptionCounter}`;
    const capabilities = options.capabilities ?? clientCapabilities(options.extension ?? this.declaresExtension);
    const params = options.bare ? { notifications: { taskIds: [...taskIds] } } : withEnvelope({ notifications: { taskIds: [...taskIds] } }, capabilities);
    let settled: RpcReply | undefined;
    const answer = this.session
      .request('subscriptions/listen', params, { id, timeoutMs: options.lifetimeMs ?? 10 * 60_000, headers: this.transport === 'http' ? options.headers : undefined })
      .then((reply) => (settled = reply))
      .catch((error: unknown) => {
        // The subscription outliving the connection is its normal end.
        if (!(error instanceof IutError)) throw error;
        return undefined;
      });
    const mine = (n: ReceivedNotification) => subscriptionIdOf(n) === id;
    return {
      id,
      acknowledged: (boundMs) => this.session.waitForNotification((n) => mine(n) && n.method === 'notifications/subscriptions/acknowledged', boundMs),
      messages: () => this.session.notifications.filter(mine),
      answer: () => settled,
      answered: async (boundMs) => {
        let timer: NodeJS.Timeout | undefined;
        const bound = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, boundMs, undefined)));
        const reply = await Promise.race([answer, bound]).finally(() => clearTimeout(timer));
        return reply ?? undefined;
      },
      close: async () => {
        if (settled === undefined) await this.connection.endRequest?.(id);
      },
    };
  }

  /** Notifications received so far on this connection, optionally of one method. */
  notifications(method?: string): ReceivedNotification[] {
    return method === undefined ? [...this.session.notifications] : this.session.notifications.filter((n) => n.method === method);
  }

  waitForNotification(predicate: (n: ReceivedNotification) => boolean, timeoutMs: number, options: { includePast?: boolean } = {}): Promise<ReceivedNotification | undefined> {
    return this.session.waitForNotification(predicate, timeoutMs, options);
  }
}

/** The subscription a notification names in its `_meta`, as a string (ids may be numbers on the wire). */
export function subscriptionIdOf(notification: ReceivedNotification): string | undefined {
  const meta = notification.params._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const id = (meta as Record<string, unknown>)[META_SUBSCRIPTION_ID];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The task of a CreateTaskResult (resultType "task"), or undefined when the answer is no task. */
export function createdTask(reply: RpcReply): ExtTask | undefined {
  if (!reply.ok || reply.result.resultType !== 'task' || typeof reply.result.taskId !== 'string') return undefined;
  return reply.result as ExtTask;
}

/** The task of a tasks/get answer (the result is the task itself). */
export function extTaskOf(reply: RpcReply): ExtTask | undefined {
  if (!reply.ok || typeof reply.result.taskId !== 'string' || typeof reply.result.status !== 'string') return undefined;
  return reply.result as ExtTask;
}

/** A tasks/get answer that must be a task: anything else ends the check, saying what came. */
export function requireExtTask(reply: RpcReply, what: string, receiver?: ExtReceiver, taskId?: string): ExtTask {
  const task = extTaskOf(reply);
  if (!task) throw unreadableTask(`${what} should return the task; got ${describeReply(reply)}`, taskId === undefined ? undefined : receiver?.lastReadOf(taskId));
  return task;
}

/**
 * A tasks/get that found no task: a task never read yet was not durable at its creation (EXT-CREATE-DURABLE, judged
 * by ext-creation.durable-before-reply); one read before was discarded (EXT-TASK-RETAINED, ext-lifecycle.retained-until-ttl).
 */
export function unreadableTask(message: string, readBefore: ExtTask | undefined): UnexpectedReply {
  if (!readBefore) return new UnexpectedReply(message, 'EXT-CREATE-DURABLE', { method: 'tasks/get' });
  return new UnexpectedReply(`${message}; it read "${readBefore.status}" before`, 'EXT-TASK-RETAINED', { method: 'tasks/get' });
}
