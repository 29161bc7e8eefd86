// The modern era of the receiver: every request is served on its own, from its _meta envelope, with no session.
// One ModernEra per receiver instance (the stdio process, or the HTTP server); contexts keep tasks apart.
import { setTimeout as delay } from 'node:timers/promises';
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResponse, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { SERVER_INFO } from '../shared/environment.js';
import type { Faults } from '../faults.js';
import { INTERNAL_ERROR, METHOD_NOT_FOUND, RpcError, describeError, errorResponse, isObject, resultResponse } from '../shared/jsonrpc.js';
import { checkVersion, readEnvelope, type Envelope } from './envelope.js';
import { PROTOCOL_VERSION as LEGACY_VERSION } from '../shared/environment.js';
import { MISSING_CLIENT_CAPABILITY, SERVER_INFO_KEY, SUBSCRIPTION_ID_KEY, SUPPORTED_VERSIONS, TASKS_EXTENSION, httpStatusOf, unsupportedVersion } from './protocol.js';
import { listen, type ModernChannel } from './subscriptions.js';
import { cancelTask, getTask, removedMethod, updateTask, type TaskMethodContext } from './task-methods.js';
import { complete, detailedTask, type Wire } from './task-wire.js';
import { ModernTasks } from './tasks.js';
import { callTool, listTools } from './tools.js';
import type { WorkLine } from '../shared/fixture-tools.js';

export type { ModernChannel } from './subscriptions.js';

/** What became of a request: one response (with the HTTP status it travels with), an open stream, or nothing (cancelled). */
export type ModernAnswer = { kind: 'response'; response: JSONRPCResponse; status: number } | { kind: 'stream' } | { kind: 'silent' };

/** A transport's own checks of a request, run once the envelope is read and before the version is judged (HTTP headers). */
export type TransportCheck = (envelope: Envelope, params: Record<string, unknown>) => void;

const STREAM = Symbol('stream');

export class ModernEra {
  readonly tasks: ModernTasks;
  /** Open subscriptions/listen requests, answered with a closing result when the receiver shuts down. */
  private readonly streams = new Map<ModernChannel, RequestId>();

  constructor(
    readonly faults: Faults,
    private readonly log: (line: string) => void = (line) => process.stderr.write(`reference-server: ${line}\n`),
    /** A dual-era receiver also answers initialize (2025-11-25), and server/discover says so. */
    private readonly alsoLegacy = false,
    /** A correct but slow receiver: each request handled, and each answer sent, this much later (--intake-delay-ms, --answer-delay-ms). */
    private readonly pace: { intakeDelayMs: number; answerDelayMs: number; pollIntervalMs?: number; ttlMs?: number; rateLimit?: boolean; updateLagMs?: number; workLine?: WorkLine } = {
      intakeDelayMs: 0,
      answerDelayMs: 0,
    },
  ) {
    this.tasks = new ModernTasks(faults, { pollIntervalMs: pace.pollIntervalMs, ttlMs: pace.ttlMs, rateLimit: pace.rateLimit, updateLagMs: pace.updateLagMs, workLine: pace.workLine });
  }

  /** Every version this receiver serves: the modern one, and in the dual era the legacy one too. */
  private get servedVersions(): readonly string[] {
    return this.alsoLegacy ? [...SUPPORTED_VERSIONS, LEGACY_VERSION] : SUPPORTED_VERSIONS;
  }

  /** Serves one request of the given authorization context; the channel carries what a listen stream sends. */
  async handle(message: JSONRPCRequest, context: string, channel: ModernChannel, transportCheck?: TransportCheck): Promise<ModernAnswer> {
    if (this.pace.intakeDelayMs > 0) await delay(this.pace.intakeDelayMs);
    const answer = await this.answer(message, context, channel, transportCheck);
    if (answer.kind === 'response' && this.pace.answerDelayMs > 0) await delay(this.pace.answerDelayMs);
    return answer;
  }

  private async answer(message: JSONRPCRequest, context: string, channel: ModernChannel, transportCheck?: TransportCheck): Promise<ModernAnswer> {
    const params = isObject(message.params) ? message.params : {};
    try {
      // A modern-only receiver names the versions it serves to a legacy client's handshake.
      if (message.method === 'initialize' && this.faults.has('ext-initialize-error-unnamed')) throw new RpcError(METHOD_NOT_FOUND, 'Method not found');
      if (message.method === 'initialize') throw unsupportedVersion(params.protocolVersion, !this.faults.has('ext-unsupported-version-no-list'));
      const envelope = readEnvelope(params, this.faults);
      if (envelope.tasks) this.tasks.declaredBy.add(context);
      transportCheck?.(envelope, params);
      checkVersion(envelope, this.faults, this.servedVersions);
      const result = await this.route(message, params, envelope, context, channel);
      if (result === STREAM) return { kind: 'stream' };
      if (channel.signal.aborted) return { kind: 'silent' };
      return { kind: 'response', response: resultResponse(message.id, identified(result)), status: 200 };
    } catch (error) {
      if (channel.signal.aborted) return { kind: 'silent' };
      let rpc: RpcError;
      if (error instanceof RpcError) rpc = error;
      else {
        this.log(`internal error in ${message.method}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        rpc = new RpcError(INTERNAL_ERROR, `Internal error while handling ${message.method}: ${describeError(error)}`);
      }
      const shown = this.faults.has('ext-empty-error-messages') ? new RpcError(rpc.code, '', rpc.data) : rpc;
      const status = this.faults.has('ext-missing-capability-status-200') && rpc.code === MISSING_CLIENT_CAPABILITY ? 200 : httpStatusOf(rpc);
      return { kind: 'response', response: errorResponse(message.id, shown.toJSON()), status };
    }
  }

  /** Sends unrequested notifications/tasks for every status change (fault ext-notifies-unasked; stdio only). */
  broadcastUnasked(send: (message: JSONRPCNotification) => void): () => void {
    if (!this.faults.has('ext-notifies-unasked')) return () => {};
    return this.tasks.onChange((task) => send({ jsonrpc: '2.0', method: 'notifications/tasks', params: detailedTask(task, this.faults, 'notification') } as JSONRPCNotification));
  }

  /** Ends the open listen streams gracefully (a closing result on each) and every task's work. */
  close(): void {
    for (const [channel, id] of this.streams) {
      if (!channel.signal.aborted) channel.send(resultResponse(id, { resultType: 'complete', _meta: { [SUBSCRIPTION_ID_KEY]: id } }));
      channel.end();
    }
    this.streams.clear();
    this.tasks.close();
  }

  private async route(message: JSONRPCRequest, params: Record<string, unknown>, envelope: Envelope, context: string, channel: ModernChannel): Promise<Wire | typeof STREAM> {
    const ctx: TaskMethodContext = { tasks: this.tasks, faults: this.faults, envelope, context };
    switch (message.method) {
      case 'server/discover':
        return this.discover();
      case 'tools/list':
        return listTools();
      case 'tools/call':
        return callTool(params, { ...ctx, signal: channel.signal });
      case 'tasks/get':
        return getTask(params, ctx);
      case 'tasks/update':
        return updateTask(params, ctx);
      case 'tasks/cancel':
        return cancelTask(params, ctx);
      case 'tasks/result':
      case 'tasks/list':
        return removedMethod(message.method, params, ctx);
      case 'subscriptions/listen':
        listen(message.id, params, channel, ctx);
        this.streams.set(channel, message.id);
        channel.signal.addEventListener('abort', () => this.streams.delete(channel), { once: true });
        return STREAM;
      default:
        throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${message.method} is not a 2026-07-28 method this receiver serves`);
    }
  }

  private discover(): Wire {
    const capabilities: Wire = { tools: {}, ...(this.faults.has('ext-undeclared-extension') ? {} : { extensions: { [TASKS_EXTENSION]: {} } }) };
    if (this.faults.has('ext-advertises-legacy-tasks')) capabilities.tasks = { cancel: {}, requests: { tools: { call: {} } } };
    return complete({
      supportedVersions: [...this.servedVersions],
      capabilities,
      instructions: 'Reference receiver of mcp-tasks-conformance: the fixture tools of the Tasks extension (io.modelcontextprotocol/tasks).',
      ttlMs: 0,
      cacheScope: 'public',
      _meta: { [SERVER_INFO_KEY]: { ...SERVER_INFO } },
    });
  }
}

/** Every result names the server in its `_meta`, so a stateless client knows who answered without a prior exchange. */
function identified(result: Record<string, unknown>): Record<string, unknown> {
  const meta = isObject(result._meta) ? result._meta : {};
  return { ...result, _meta: { ...meta, [SERVER_INFO_KEY]: { ...SERVER_INFO } } };
}
