// JSON-RPC routing for one connection (the stdio process, or one HTTP session): requests in,
// responses out, plus the server's own outgoing requests and notifications.
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest, JSONRPCResponse, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { PROTOCOL_VERSION, SERVER_INFO, type ReceiverEnvironment } from '../shared/environment.js';
import { AbortedError, listTools } from '../shared/fixture-tools.js';
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, RpcError, describeError, errorResponse, isObject, resultResponse } from '../shared/jsonrpc.js';
import { ConnectionClosedError, NO_REPLY, type Connection, type HandlerResult, type IncomingRequest } from './connection.js';
import { handleTasksCancel, handleTasksGet, handleTasksList, handleTasksResult } from './task-methods.js';
import { handleToolsCall } from './tool-call.js';

/** How a connection puts messages on the wire. */
export interface ConnectionIO {
  /** Answers one of the peer's requests. */
  reply(message: JSONRPCResponse): void;
  /** Sends a request or notification the server initiates. */
  push(message: JSONRPCRequest | JSONRPCNotification): void;
}

interface PendingOutgoing {
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

export class Dispatcher implements Connection {
  private readonly inflight = new Map<string, AbortController>();
  private readonly outgoing = new Map<RequestId, PendingOutgoing>();
  private nextOutgoingId = 1;
  private clientCapabilities: Record<string, unknown> = {};
  private readonly notificationListeners = new Set<(method: string, params: Record<string, unknown>) => void>();
  private isClosed = false;
  private floodTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly env: ReceiverEnvironment,
    private readonly io: ConnectionIO,
    private readonly log: (line: string) => void = (line) => process.stderr.write(`reference-server: ${line}\n`),
  ) {
    env.openConnections.add(this);
  }

  get closed(): boolean {
    return this.isClosed;
  }

  get peerCapabilities(): Record<string, unknown> {
    return this.clientCapabilities;
  }

  onNotification(listener: (method: string, params: Record<string, unknown>) => void): () => void {
    this.notificationListeners.add(listener);
    return () => this.notificationListeners.delete(listener);
  }

  /** Form elicitation is usable when the client declared elicitation without restricting it to other modes. */
  get clientCanElicit(): boolean {
    const elicitation = this.clientCapabilities.elicitation;
    if (typeof elicitation !== 'object' || elicitation === null) return false;
    const modes = elicitation as Record<string, unknown>;
    return !('url' in modes) || 'form' in modes;
  }

  /** Handles one well-formed JSON-RPC message from the peer, in the given authorization context. */
  handle(message: JSONRPCMessage, context: string): void {
    if (this.isClosed) return;
    if ('method' in message && 'id' in message) void this.handleRequest(message as JSONRPCRequest, context);
    else if ('method' in message) this.handleNotification(message as JSONRPCNotification);
    else this.handleResponse(message as JSONRPCResponse);
  }

  notify(method: string, params: Record<string, unknown>): void {
    if (this.isClosed) return;
    const message = { jsonrpc: '2.0', method, params } as JSONRPCNotification;
    // Timers of one delay fire in the order they were set, so a lagging stream keeps its order.
    if (this.env.notifyLagMs > 0) setTimeout(() => void (this.isClosed || this.io.push(message)), this.env.notifyLagMs);
    else this.io.push(message);
  }

  /** A request of ours that could not be delivered (or whose answer was cut off) fails with that error. */
  failOutgoing(id: RequestId, error: Error): void {
    const pending = this.outgoing.get(id);
    if (!pending) return;
    this.outgoing.delete(id);
    pending.reject(error);
  }

  /** The id of the request sent last (its id is taken as request() is called). */
  get lastRequestId(): number {
    return this.nextOutgoingId - 1;
  }

  /** Sends a request to the peer; rejects with RpcError on an error answer, or when aborted or closed. */
  request(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>> {
    if (this.isClosed) return Promise.reject(new ConnectionClosedError());
    if (signal?.aborted) return Promise.reject(new AbortedError());
    const id = this.nextOutgoingId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!this.outgoing.delete(id)) return;
        // Tell the peer we no longer need the answer.
        this.notify('notifications/cancelled', { requestId: id, reason: 'the work that asked for this input was cancelled' });
        reject(new AbortedError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      this.outgoing.set(id, {
        resolve: (result) => (settle(), resolve(result)),
        reject: (error) => (settle(), reject(error)),
      });
      this.io.push({ jsonrpc: '2.0', id, method, params } as JSONRPCRequest);
    });
  }

  /** Ends the connection: in-flight requests abort and outgoing requests fail. */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.env.openConnections.delete(this);
    clearInterval(this.floodTimer);
    for (const controller of this.inflight.values()) controller.abort(new Error('connection closed'));
    this.inflight.clear();
    for (const pending of this.outgoing.values()) pending.reject(new ConnectionClosedError());
    this.outgoing.clear();
  }

  private async handleRequest(message: JSONRPCRequest, context: string): Promise<void> {
    const key = requestKey(message.id);
    const controller = new AbortController();
    if (this.inflight.has(key)) {
      this.sendReply(errorResponse(message.id, { code: INVALID_REQUEST, message: `Request id ${JSON.stringify(message.id)} is already in use by a request still in progress` }));
      return;
    }
    this.inflight.set(key, controller);
    const request: IncomingRequest = {
      id: message.id,
      method: message.method,
      params: (message.params ?? {}) as Record<string, unknown>,
      context,
      signal: controller.signal,
    };
    let response: JSONRPCResponse | undefined;
    try {
      if (this.env.intakeDelayMs > 0) await delay(this.env.intakeDelayMs);
      if (this.env.faults.has('undeclared-type-rejects-task') && request.params.task !== undefined && !TASK_AUGMENTABLE.has(request.method)) {
        throw new RpcError(INVALID_PARAMS, `${request.method}: params.task is not supported for this request type`);
      }
      const result = await this.route(request);
      if (result !== NO_REPLY) response = resultResponse(message.id, result);
    } catch (error) {
      if (controller.signal.aborted) {
        // Cancelled or disconnected: whatever went wrong, nobody is waiting for the answer.
      } else if (error instanceof RpcError) {
        response = errorResponse(message.id, error.toJSON());
      } else {
        this.log(`internal error in ${message.method}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        response = errorResponse(message.id, { code: INTERNAL_ERROR, message: `Internal error while handling ${message.method}: ${describeError(error)}` });
      }
    } finally {
      if (this.inflight.get(key) === controller) this.inflight.delete(key);
    }
    if (response && this.env.answerDelayMs > 0) await delay(this.env.answerDelayMs);
    // A request the peer cancelled gets no answer.
    if (response && !controller.signal.aborted) this.sendReply(response);
  }

  /** Picks the handler for a request; the reference client overrides it with its own methods. */
  protected route(request: IncomingRequest): Promise<HandlerResult> | HandlerResult {
    switch (request.method) {
      case 'initialize':
        return this.initialize(request.params);
      case 'ping':
        return {};
      case 'logging/setLevel':
        if (!this.env.flood) throw new RpcError(METHOD_NOT_FOUND, 'Method not found: logging/setLevel (no logging capability)');
        return {};
      case 'tools/list':
        return { tools: listTools(this.env.faults.has('task-support-invalid-value') ? 'sometimes' : undefined) };
      case 'tools/call':
        return handleToolsCall(this, request);
      case 'tasks/get':
      case 'tasks/result':
      case 'tasks/list':
      case 'tasks/cancel':
        return this.routeTasks(request);
      default:
        throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${request.method}`);
    }
  }

  protected routeTasks(request: IncomingRequest): Promise<HandlerResult> | HandlerResult {
    if (!this.env.tasksEnabled) {
      throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${request.method} (this receiver does not declare the tasks capability)`);
    }
    switch (request.method) {
      case 'tasks/get':
        return handleTasksGet(this, request);
      case 'tasks/result':
        return handleTasksResult(this, request);
      case 'tasks/cancel':
        return handleTasksCancel(this, request);
      default:
        if (!this.env.listEnabled) {
          throw new RpcError(METHOD_NOT_FOUND, 'Method not found: tasks/list (not offered: without bearer tokens this receiver cannot tell requestors apart)');
        }
        return handleTasksList(this, request);
    }
  }

  private initialize(params: Record<string, unknown>): Record<string, unknown> {
    if (typeof params.protocolVersion !== 'string') throw new RpcError(INVALID_PARAMS, 'initialize: params.protocolVersion must be a string');
    if (!isObject(params.capabilities)) throw new RpcError(INVALID_PARAMS, 'initialize: params.capabilities must be an object');
    const info = params.clientInfo;
    if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') {
      throw new RpcError(INVALID_PARAMS, 'initialize: params.clientInfo must be an object with string name and version');
    }
    this.clientCapabilities = params.capabilities;
    // Tasks exist only in 2025-11-25, the one version this receiver speaks; any other request gets it offered.
    return {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: this.env.capabilities(),
      serverInfo: { ...SERVER_INFO },
      instructions: 'Reference receiver of mcp-tasks-conformance: fixture tools for MCP Tasks (2025-11-25).',
    };
  }

  private handleNotification(message: JSONRPCNotification): void {
    for (const listener of this.notificationListeners) listener(message.method, (message.params ?? {}) as Record<string, unknown>);
    if (message.method === 'notifications/initialized' && this.env.flood) this.startFlood();
    if (message.method !== 'notifications/cancelled') return; // initialized, progress, roots etc. need nothing from us
    const requestId = (message.params as Record<string, unknown> | undefined)?.requestId;
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return;
    const controller = this.inflight.get(requestKey(requestId));
    controller?.abort(new Error('cancelled by the requestor'));
  }

  /** A chatty but correct receiver: FLOOD_BURST log messages every FLOOD_EVERY_MS for the life of the connection. */
  private startFlood(): void {
    if (this.floodTimer || this.isClosed) return;
    let sequence = 0;
    this.floodTimer = setInterval(() => {
      for (let i = 0; i < FLOOD_BURST; i++) this.notify('notifications/message', { level: 'info', logger: 'reference-flood', data: `chatter ${++sequence}` });
    }, FLOOD_EVERY_MS);
    this.floodTimer.unref();
  }

  private handleResponse(message: JSONRPCResponse): void {
    const id = (message as { id?: RequestId }).id;
    const pending = id === undefined ? undefined : this.outgoing.get(id);
    if (!pending || id === undefined) {
      this.log(`ignoring a response to an unknown request id ${JSON.stringify(id)}`);
      return;
    }
    this.outgoing.delete(id);
    if ('error' in message) {
      const error = (message as { error: { code: number; message: string; data?: unknown } }).error;
      pending.reject(new RpcError(error.code, error.message, error.data));
    } else {
      pending.resolve((message as { result: Record<string, unknown> }).result);
    }
  }

  private sendReply(response: JSONRPCResponse): void {
    if (this.isClosed) return;
    try {
      this.io.reply(response);
    } catch (error) {
      this.log(`could not send a response: ${describeError(error)}`);
    }
  }
}

/** The request types a receiver can declare task support for; any other type ignores a task field. */
const TASK_AUGMENTABLE: ReadonlySet<string> = new Set(['tools/call', 'sampling/createMessage', 'elicitation/create']);

/** The flood's pace: 500 log messages a second on every connection. */
const FLOOD_BURST = 5;
const FLOOD_EVERY_MS = 10;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Keeps 1 and "1" apart when indexing requests by id. */
function requestKey(id: RequestId): string {
  return `${typeof id}:${String(id)}`;
}
