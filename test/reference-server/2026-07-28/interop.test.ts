// Interoperability with code nobody here wrote: the reference receiver's 2026-07-28 era (the Tasks extension) driven
// by the requester of @modelcontextprotocol/ext-tasks 0.2.2 (`createTaskSessionFromClient`) on the v2 SDK client,
// @modelcontextprotocol/client 2.4.0, connected with `versionNegotiation: {mode: {pin: "2026-07-28"}}`.
//
// The SDK's own result decoding refuses `resultType: "task"`, so ext-tasks wants the host's raw request path
// (`rawDispatch`) and the per-request framing (`v2RequestFraming`) for tools/call and tasks/*. Here that path is the
// WireTap below: it sits between the SDK client and its transport, records every message both ways (and, over HTTP,
// the headers of every POST), and sends ext-tasks' framed requests with its own ids, taking their answers off the
// wire before the SDK client sees them. Everything a failure needs is in the wire dump appended to its message.
//
// Where ext-tasks departs from the extension's text, a named expectation below says so (see docs/compatibility.md,
// "ext-tasks 0.2.2 against the 2026-07-28 reference"). The stdio cases spawn dist/reference-server/main.js, so
// `npm run build` must have run.
import { Client, StreamableHTTPClientTransport, type JSONRPCMessage, type MessageExtraInfo, type Transport, type TransportSendOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  JsonRpcResponseError,
  TaskFailedError,
  createApplicationInputHandler,
  createSessionPortFromClient,
  createTaskSessionFromClient,
  resultFromTaskOutcome,
  withTasks,
  type ApplicationElicitResult,
  type ApplicationInputRequest,
  type ConnectedMcpSessionPort,
  type DispatchOptions,
  type JsonRpcResponse,
  type ResolvedInputExchangeContext,
  type TaskEnabledSession,
  type TaskOutcome,
  type ToolExecution,
} from '@modelcontextprotocol/ext-tasks/client';
import type { JsonValue, TaskId } from '@modelcontextprotocol/ext-tasks/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceHttpServer, type ReferenceHttpServer } from '../../../reference-server/index.js';
import { REFERENCE_BUILT, REFERENCE_MAIN } from '../../support/reference-runs.js';

const VERSION = '2026-07-28';
const EXT = 'io.modelcontextprotocol/tasks';
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO = { name: 'ext-tasks-interop-test', version: '0.0.0' };
const CAPABILITIES = { elicitation: { form: {} } };
/** What ext-tasks puts in every framed request's clientCapabilities: ours, with the extension added. */
const FRAMED_CAPABILITIES = { ...CAPABILITIES, extensions: { [EXT]: {} } };
/** The reference's pollIntervalMs; ext-tasks should wait about this long between polls. */
const POLL_MS = 50;
/** Bound on every scenario: the longest work here is one second. */
const SCENARIO_MS = 15_000;

// Messages are read field by field with the shapes the spec gives; a typed model would only restate them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface WireEntry {
  /** Milliseconds since the tap was made. */
  t: number;
  dir: 'out' | 'in';
  message: Json;
}

interface HttpPost {
  method?: string;
  id?: unknown;
  headers: Record<string, string>;
  status: number;
  contentType: string | null;
}

/**
 * A transport between the SDK client and the real one: records the wire, and is ext-tasks' `rawDispatch` (its own
 * request ids, answers taken off the wire before the SDK client sees them). The SDK client tells stdio from HTTP by
 * a transport's `stderr` and `pid` (see StdioWireTap); this class looks like HTTP.
 */
class WireTap implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  readonly wire: WireEntry[] = [];
  readonly posts: HttpPost[] = [];
  readonly errors: string[] = [];
  /** The per-request headers ext-tasks asked rawDispatch for, by the tap's request id. */
  readonly askedHeaders = new Map<string, Record<string, string>>();
  private readonly pending = new Map<string, { resolve: (message: Json) => void; reject: (error: Error) => void }>();
  /** Raw requests given up (aborted): their late answers are dropped, not handed to the SDK client. */
  private readonly abandoned = new Set<string>();
  private nextId = 0;
  private readonly startedAt = performance.now();

  constructor(protected readonly inner: Transport) {
    inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
      const record = message as Json;
      this.record('in', record);
      const id = typeof record.id === 'string' ? record.id : undefined;
      if (id !== undefined && record.method === undefined && ('result' in record || 'error' in record)) {
        const waiter = this.pending.get(id);
        if (waiter) {
          this.pending.delete(id);
          waiter.resolve(record);
          return;
        }
        if (this.abandoned.delete(id)) return;
      }
      this.onmessage?.(message, extra);
    };
    inner.onerror = (error: Error) => {
      this.errors.push(error.message);
      this.onerror?.(error);
    };
    inner.onclose = () => {
      for (const [id, waiter] of this.pending) waiter.reject(new Error(`the transport closed before ${id} was answered`));
      this.pending.clear();
      this.onclose?.();
    };
  }

  get hasPerRequestStream(): boolean | undefined {
    return this.inner.hasPerRequestStream;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.record('out', message as Json);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.inner.setSupportedProtocolVersions?.(versions);
  }

  /** ext-tasks' rawDispatch: sends the framed request as it is, with an id of the tap's own, and returns its answer. */
  readonly dispatch = async (request: JsonValue, options?: DispatchOptions): Promise<JsonRpcResponse> => {
    const id = `ext-tasks-${++this.nextId}`;
    if (options?.context?.headers) this.askedHeaders.set(id, { ...options.context.headers });
    const answered = new Promise<Json>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    const signal = options?.signal;
    const onAbort = () => {
      if (!this.pending.has(id)) return;
      this.pending.get(id)?.reject(signal?.reason instanceof Error ? signal.reason : new Error(`${id} aborted`));
      this.pending.delete(id);
      this.abandoned.add(id);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      // Per-request headers ext-tasks asks for (it names Mcp-Name for tasks/*) go to the transport, which keeps the
      // standard ones to itself and derives them from the body.
      await this.send({ jsonrpc: '2.0', id, ...(request as Json) } as JSONRPCMessage, options?.context?.headers ? { headers: { ...options.context.headers } } : undefined);
      const answer = await answered;
      return 'error' in answer ? { kind: 'error', error: answer.error } : { kind: 'result', result: answer.result };
    } catch (error) {
      this.pending.delete(id);
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };

  /** A fetch that records each POST's headers and answer status, for the HTTP transport. */
  readonly fetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const response = await fetch(url, init);
    let body: Json = {};
    try {
      body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
    } catch {
      // not JSON: keep the headers only
    }
    this.posts.push({
      method: body.method,
      id: body.id,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      status: response.status,
      contentType: response.headers.get('content-type'),
    });
    return response;
  };

  private record(dir: 'out' | 'in', message: Json): void {
    this.wire.push({ t: Math.round((performance.now() - this.startedAt) * 10) / 10, dir, message: structuredClone(message) });
  }

  /** The wire from entry `from` on, one line each, for failure messages. */
  dump(from = 0): string {
    const lines = this.wire.slice(from).map((entry) => {
      const text = JSON.stringify(entry.message);
      return `${String(entry.t).padStart(8)} ms ${entry.dir === 'out' ? '→' : '←'} ${text.length > 700 ? `${text.slice(0, 700)}…` : text}`;
    });
    return lines.join('\n') + (this.errors.length ? `\nclient transport errors: ${this.errors.join(' | ')}` : '');
  }
}

/** The same tap, looking like the SDK's stdio transport (the SDK client then probes in place, on this one process). */
class StdioWireTap extends WireTap {
  constructor(private readonly stdio: StdioClientTransport) {
    super(stdio);
  }

  get stderr() {
    return this.stdio.stderr;
  }

  get pid() {
    return this.stdio.pid;
  }
}

interface Asked {
  request: ApplicationInputRequest;
  context: ResolvedInputExchangeContext;
}

/** One SDK client + ext-tasks session on one transport, with the answers its input handler gives. */
interface Harness {
  label: string;
  tap: WireTap;
  client: Client;
  session: TaskEnabledSession;
  /** Every input request ext-tasks handed the application, with its routing context. */
  asked: Asked[];
  /** How the application answers an elicitation; set per scenario. */
  answer: (request: ApplicationInputRequest, context: ResolvedInputExchangeContext) => ApplicationElicitResult;
  /** Errors ext-tasks reported in the background (onError). */
  backgroundErrors: string[];
  close(): Promise<void>;
}

async function connect(label: string, tap: WireTap): Promise<Harness> {
  const client = new Client(CLIENT_INFO, { capabilities: CAPABILITIES, versionNegotiation: { mode: { pin: VERSION } } });
  client.onerror = (error) => tap.errors.push(`client: ${error.message}`);
  await client.connect(tap);
  const harness: Harness = {
    label,
    tap,
    client,
    asked: [],
    answer: () => ({ action: 'cancel' }),
    backgroundErrors: [],
    session: undefined as unknown as TaskEnabledSession,
    async close() {
      await harness.session.close();
      await client.close();
    },
  };
  harness.session = createTaskSessionFromClient(client, {
    endpointId: `reference-${label}`,
    rawDispatch: tap.dispatch,
    v2RequestFraming: { protocolVersion: VERSION, clientInfo: CLIENT_INFO, clientCapabilities: CAPABILITIES },
    onInputRequest: createApplicationInputHandler({
      elicitation: (request, context) => {
        harness.asked.push({ request, context });
        return harness.answer(request, context);
      },
      sampling: () => {
        throw new Error('the fixture tools ask for no sampling');
      },
      roots: () => ({ roots: [] }),
    }),
    onError: (error) => harness.backgroundErrors.push(error.message),
  });
  return harness;
}

/** Runs a scenario; on failure the wire since `from` is appended to the error's message. */
async function onWire<T>(harness: Harness, body: (from: number) => Promise<T>): Promise<T> {
  const from = harness.tap.wire.length;
  try {
    return await body(from);
  } catch (error) {
    if (error instanceof Error) error.message += `\n--- wire (${harness.label}) ---\n${harness.tap.dump(from)}`;
    throw error;
  }
}

/** Requests sent since `from`, optionally of one method only. */
function sent(harness: Harness, from: number, method?: string): WireEntry[] {
  return harness.tap.wire
    .slice(from)
    .filter((entry) => entry.dir === 'out' && entry.message.id !== undefined && typeof entry.message.method === 'string' && (method === undefined || entry.message.method === method));
}

/** The answer to a request, if one came. */
function answerTo(harness: Harness, request: WireEntry): WireEntry | undefined {
  return harness.tap.wire.find((entry) => entry.dir === 'in' && entry.t >= request.t && entry.message.method === undefined && entry.message.id === request.message.id);
}

/** Every method (requests and notifications) the client sent since `from`. */
function methodsSent(harness: Harness, from: number): string[] {
  return harness.tap.wire.slice(from).flatMap((entry) => (entry.dir === 'out' && typeof entry.message.method === 'string' ? [entry.message.method as string] : []));
}

const textOf = (result: unknown): string => ((result as Json)?.content ?? []).map((item: Json) => item.text ?? '').join(' ');

/** The framing ext-tasks puts on a request it sends through rawDispatch. */
function expectFramed(request: WireEntry): void {
  expect(request.message.params._meta, `${request.message.method} _meta`).toMatchObject({
    [META_VERSION]: VERSION,
    [META_CLIENT_INFO]: CLIENT_INFO,
    [META_CAPABILITIES]: FRAMED_CAPABILITIES,
  });
}

/** Calls a tool through ext-tasks and settles it. */
async function callAndSettle(harness: Harness, name: string, args: Record<string, JsonValue>): Promise<{ execution: ToolExecution<unknown>; outcome: TaskOutcome<unknown> }> {
  const execution = await harness.session.callTool(name, args);
  const { outcome } = await execution.settle();
  return { execution, outcome };
}

/** The scenarios, the same over each transport. */
function scenarios(open: () => Harness, http: boolean): void {
  it(
    'create → poll at the suggested pace → completed: slow_compute, 1 s',
    async () => {
      const harness = open();
      await onWire(harness, async (from) => {
        const { execution, outcome } = await callAndSettle(harness, 'slow_compute', { seconds: 1, label: 'interop-slow' });
        expect(execution.kind).toBe('task');
        expect(outcome.status).toBe('completed');
        expect(textOf(resultFromTaskOutcome(outcome))).toContain('interop-slow');

        const [call] = sent(harness, from, 'tools/call');
        expectFramed(call);
        expect(call.message.params).toMatchObject({ name: 'slow_compute', arguments: { seconds: 1, label: 'interop-slow' } });
        // For tools/call ext-tasks asks for no header: Mcp-Method, Mcp-Name and MCP-Protocol-Version are the SDK's.
        expect(harness.tap.askedHeaders.get(call.message.id)).toBeUndefined();
        const created = answerTo(harness, call);
        expect(created?.message.result).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: POLL_MS });
        const taskId = created?.message.result.taskId;
        expect(execution.handle?.taskId).toBe(taskId);

        const polls = sent(harness, from, 'tasks/get');
        for (const poll of polls) {
          expect(poll.message.params.taskId).toBe(taskId);
          expectFramed(poll);
          // ext-tasks asks for the routing header itself on every task request (the SDK transport derives its own).
          expect(harness.tap.askedHeaders.get(poll.message.id)).toEqual({ 'Mcp-Name': taskId });
        }
        // Honours pollIntervalMs (50 ms), not its own 1000 ms default: several polls within the second of work...
        expect(polls.length).toBeGreaterThanOrEqual(4);
        // ...and never sooner than the interval after the previous answer (the CreateTaskResult for the first poll).
        let previous = created as WireEntry;
        for (const poll of polls) {
          expect(poll.t - previous.t, `poll id ${poll.message.id} after ${previous.message.id}`).toBeGreaterThanOrEqual(POLL_MS * 0.8);
          previous = answerTo(harness, poll) as WireEntry;
        }
        const last = answerTo(harness, polls[polls.length - 1]);
        expect(last?.message.result).toMatchObject({ resultType: 'complete', status: 'completed' });
        expect(resultFromTaskOutcome(outcome)).toEqual(last?.message.result.result);
        expect(methodsSent(harness, from).filter((method) => method !== 'tools/call' && method !== 'tasks/get' && method !== 'tools/list')).toEqual([]);

        if (http) {
          const posts = harness.tap.posts.filter((post) => post.method === 'tasks/get' && post.headers['mcp-name'] === taskId);
          expect(posts.length).toBe(polls.length);
          for (const post of posts) {
            expect(post.headers).toMatchObject({ 'mcp-method': 'tasks/get', 'mcp-name': taskId, 'mcp-protocol-version': VERSION });
            expect(post.headers['mcp-session-id']).toBeUndefined();
            expect(post.status).toBe(200);
            expect(post.contentType).toMatch(/^application\/json/);
          }
          const callPost = harness.tap.posts.find((post) => post.id === call.message.id);
          expect(callPost?.headers).toMatchObject({ 'mcp-method': 'tools/call', 'mcp-name': 'slow_compute', 'mcp-protocol-version': VERSION });
        }
      });
    },
    SCENARIO_MS,
  );

  it(
    'slow_compute with 0 seconds: settles completed, whether the reference answers with a task or at once',
    async () => {
      const harness = open();
      await onWire(harness, async (from) => {
        const { execution, outcome } = await callAndSettle(harness, 'slow_compute', { seconds: 0, label: 'interop-zero' });
        const [call] = sent(harness, from, 'tools/call');
        const answer = answerTo(harness, call)?.message.result;
        expect(execution.kind).toBe(answer?.resultType === 'task' ? 'task' : 'immediate');
        expect(outcome.status).toBe('completed');
        expect(textOf(resultFromTaskOutcome(outcome))).toContain('interop-zero');
      });
    },
    SCENARIO_MS,
  );

  it(
    'confirm_delete: input_required → the application answers through ext-tasks → one tasks/update → completed, naming the file',
    async () => {
      const harness = open();
      await onWire(harness, async (from) => {
        const asked = harness.asked.length;
        harness.answer = () => ({ action: 'accept', content: { confirm: true } });
        const { execution, outcome } = await callAndSettle(harness, 'confirm_delete', { filename: 'interop-report.txt' });
        expect(execution.kind).toBe('task');
        const taskId = execution.handle?.taskId;

        const shown = sent(harness, from, 'tasks/get')
          .map((poll) => answerTo(harness, poll)?.message.result)
          .find((task) => task?.status === 'input_required');
        expect(shown, 'a tasks/get answer with status input_required').toBeDefined();
        const [key] = Object.keys(shown.inputRequests);
        expect(Object.keys(shown.inputRequests)).toHaveLength(1);

        // Handed to the application once (keys are deduplicated across polls), as a task-scoped input.
        const mine = harness.asked.slice(asked);
        expect(mine).toHaveLength(1);
        expect(mine[0].request.kind).toBe('elicitation');
        expect(mine[0].request.params).toMatchObject({ mode: 'form', requestedSchema: shown.inputRequests[key].params.requestedSchema });
        expect(String(mine[0].request.params?.message)).toContain('interop-report.txt');
        expect(mine[0].context).toMatchObject({ scope: 'task', delivery: 'task-update', taskId, inputId: key });

        const updates = sent(harness, from, 'tasks/update');
        expect(updates).toHaveLength(1);
        expectFramed(updates[0]);
        expect(updates[0].message.params).toMatchObject({ taskId, inputResponses: { [key]: { action: 'accept', content: { confirm: true } } } });
        expect(answerTo(harness, updates[0])?.message.result).toEqual({ resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': expect.any(Object) } });
        // It goes on polling after the update, to the end.
        expect(sent(harness, from, 'tasks/get').some((poll) => poll.t > updates[0].t)).toBe(true);

        expect(outcome.status).toBe('completed');
        expect(textOf(resultFromTaskOutcome(outcome))).toContain('Deleted interop-report.txt');
      });
    },
    SCENARIO_MS,
  );

  it(
    'confirm_delete declined: the decline goes back through tasks/update and the file is kept',
    async () => {
      const harness = open();
      await onWire(harness, async (from) => {
        harness.answer = () => ({ action: 'decline' });
        const { outcome } = await callAndSettle(harness, 'confirm_delete', { filename: 'interop-keep.txt' });
        const updates = sent(harness, from, 'tasks/update');
        expect(updates).toHaveLength(1);
        expect(Object.values(updates[0].message.params.inputResponses)).toEqual([{ action: 'decline' }]);
        expect(outcome.status).toBe('completed');
        expect(textOf(resultFromTaskOutcome(outcome))).toContain('Kept interop-keep.txt');
      });
    },
    SCENARIO_MS,
  );

  it(
    'multi_input: both outstanding requests go to the application, and back in one tasks/update',
    async () => {
      const harness = open();
      await onWire(harness, async (from) => {
        const asked = harness.asked.length;
        harness.answer = (_request, context) => ({ action: 'accept', content: { value: `answer-${context.inputId ?? '?'}` } });
        const { execution, outcome } = await callAndSettle(harness, 'multi_input', {});
        const mine = harness.asked.slice(asked);
        expect(mine).toHaveLength(2);
        const keys = mine.map((entry) => entry.context.inputId);
        expect(new Set(keys).size).toBe(2);
        for (const entry of mine) expect(entry.context).toMatchObject({ scope: 'task', delivery: 'task-update', taskId: execution.handle?.taskId });
        const updates = sent(harness, from, 'tasks/update');
        expect(updates).toHaveLength(1);
        expect(Object.keys(updates[0].message.params.inputResponses).sort()).toEqual([...keys].sort());
        expect(outcome.status).toBe('completed');
        for (const key of keys) expect(textOf(resultFromTaskOutcome(outcome))).toContain(`answer-${key}`);
      });
    },
    SCENARIO_MS,
  );

  it(
    'test_tool_with_task: the input_required round of tools/call is answered by retrying it, then the task runs',
    async () => {
      const harness = open();
      await onWire(harness, async (from) => {
        const asked = harness.asked.length;
        harness.answer = () => ({ action: 'accept', content: { name: 'Interop' } });
        const { execution, outcome } = await callAndSettle(harness, 'test_tool_with_task', {});
        const calls = sent(harness, from, 'tools/call');
        expect(calls).toHaveLength(2);
        const first = answerTo(harness, calls[0])?.message.result;
        expect(first).toMatchObject({ resultType: 'input_required' });
        const [key] = Object.keys(first.inputRequests);
        const mine = harness.asked.slice(asked);
        expect(mine).toHaveLength(1);
        expect(mine[0].context).toMatchObject({ scope: 'request', delivery: 'request-retry', inputId: key });
        expect(calls[1].message.params.inputResponses).toEqual({ [key]: { action: 'accept', content: { name: 'Interop' } } });
        if (first.requestState !== undefined) expect(calls[1].message.params.requestState).toBe(first.requestState);
        expectFramed(calls[1]);
        expect(answerTo(harness, calls[1])?.message.result).toMatchObject({ resultType: 'task' });
        expect(execution.kind).toBe('task');
        expect(outcome.status).toBe('completed');
        expect(textOf(resultFromTaskOutcome(outcome))).toContain('Interop');
      });
    },
    SCENARIO_MS,
  );

  it(
    'cancel a working slow_compute (2 s): tasks/cancel, settled as cancelled on the ack; the reference reports cancelled',
    async () => {
      const harness = open();
      await onWire(harness, async (from) => {
        const execution = await harness.session.callTool('slow_compute', { seconds: 2, label: 'interop-cancel' });
        expect(execution.kind).toBe('task');
        const taskId = execution.handle?.taskId as TaskId;
        await execution.cancel();
        const { outcome } = await execution.settle();
        expect(outcome.status).toBe('cancelled');
        expect(() => resultFromTaskOutcome(outcome)).toThrow();

        const cancels = sent(harness, from, 'tasks/cancel');
        expect(cancels).toHaveLength(1);
        expectFramed(cancels[0]);
        expect(cancels[0].message.params.taskId).toBe(taskId);
        expect(answerTo(harness, cancels[0])?.message.result).toEqual({ resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': expect.any(Object) } });
        // ext-tasks ends its own polling on the ack (the extension lets it: cancellation is cooperative)...
        const ack = answerTo(harness, cancels[0]) as WireEntry;
        expect(sent(harness, from, 'tasks/get').filter((poll) => poll.t > ack.t)).toEqual([]);
        // ...and never uses notifications/cancelled for a task.
        expect(methodsSent(harness, from)).not.toContain('notifications/cancelled');

        // What the reference says now, through ext-tasks' own task controller (one more tasks/get).
        const snapshot = await harness.session.task(taskId).snapshot();
        expect(snapshot.status).toBe('cancelled');
      });
    },
    SCENARIO_MS,
  );

  it(
    'protocol_error_job: the failed task surfaces as a failed outcome carrying the JSON-RPC error',
    async () => {
      const harness = open();
      await onWire(harness, async (from) => {
        const { execution, outcome } = await callAndSettle(harness, 'protocol_error_job', {});
        expect(execution.kind).toBe('task');
        const polls = sent(harness, from, 'tasks/get');
        const failed = answerTo(harness, polls[polls.length - 1])?.message.result;
        expect(failed).toMatchObject({ resultType: 'complete', status: 'failed', error: { code: -32603 } });
        expect(outcome.status).toBe('failed');
        if (outcome.status !== 'failed') return;
        expect(outcome.error).toBeInstanceOf(TaskFailedError);
        expect(outcome.error.code).toBe(-32603);
        expect(outcome.error.message).toBe(failed.error.message);
        expect(outcome.task?.statusMessage).toBe(failed.statusMessage);
        expect(() => resultFromTaskOutcome(outcome)).toThrow(TaskFailedError);
      });
    },
    SCENARIO_MS,
  );

  it(
    'failing_job: a tool error (isError) stays a completed outcome, not a failure',
    async () => {
      const harness = open();
      await onWire(harness, async () => {
        const { outcome } = await callAndSettle(harness, 'failing_job', {});
        expect(outcome.status).toBe('completed');
        expect((resultFromTaskOutcome(outcome) as Json).isError).toBe(true);
      });
    },
    SCENARIO_MS,
  );

  it(
    'an unknown task id: tasks/get is answered -32602 and ext-tasks raises it as a JSON-RPC error',
    async () => {
      const harness = open();
      await onWire(harness, async () => {
        const error = await harness.session
          .task('no-such-task-interop' as TaskId)
          .snapshot()
          .then(
            () => undefined,
            (caught: unknown) => caught,
          );
        expect(error).toBeInstanceOf(JsonRpcResponseError);
        expect((error as JsonRpcResponseError).code).toBe(-32602);
      });
    },
    SCENARIO_MS,
  );

  it(
    'never asks for a task list: listTasks() is refused locally, nothing goes on the wire',
    async () => {
      const harness = open();
      await onWire(harness, async (from) => {
        expect(harness.session.capabilities.inventory).not.toBe('server-list');
        await expect(harness.session.listTasks()).rejects.toThrow(/not supported/);
        expect(methodsSent(harness, from)).toEqual([]);
      });
    },
    SCENARIO_MS,
  );

  it('leaves no raw request unanswered and reports no background errors', () => {
    const harness = open();
    expect(harness.backgroundErrors).toEqual([]);
    const raw = harness.tap.wire.filter((entry) => entry.dir === 'out' && typeof entry.message.id === 'string' && entry.message.id.startsWith('ext-tasks-'));
    expect(raw.filter((request) => answerTo(harness, request) === undefined).map((request) => request.message)).toEqual([]);
  });
}

describe('ext-tasks 0.2.2 requester against the reference, Streamable HTTP (in process)', () => {
  let server: ReferenceHttpServer;
  let harness: Harness;

  beforeAll(async () => {
    server = await startReferenceHttpServer({ port: 0 });
    const tap: WireTap = new WireTap(new StreamableHTTPClientTransport(new URL(server.url), { fetch: (url, init) => tap.fetch(url, init) }));
    harness = await connect('http', tap);
    expect(harness.client.getProtocolEra()).toBe('modern');
    expect(harness.session.capabilities).toMatchObject({ execution: true, cancellation: true, inputResponses: true });
  });
  afterAll(async () => {
    await harness?.close();
    await server?.close();
  });

  scenarios(() => harness, true);

  it('SDK-HTTP-404-IS-A-TRANSPORT-ERROR: a 404 + -32601 answer reaches a raw path built on the SDK transport as a thrown HTTP error', async () => {
    // Not ext-tasks but the v2 SDK's StreamableHTTPClientTransport, which a host's rawDispatch is likely built on (as
    // here): it hands back the JSON-RPC error of a 400 answer to a 2026-07-28 request, but throws on any other status,
    // so the 404 + -32601 the transport spec wants for an unknown method arrives as an SdkHttpError with the body in
    // its message, not as a JSON-RPC error. ext-tasks sends no such method on 2026-07-28 (no tasks/list, no
    // tasks/result), so it does not meet this with the reference; the reference is right to answer 404.
    const error = await harness.tap.dispatch({ method: 'tasks/list', params: { _meta: { [META_VERSION]: VERSION, [META_CAPABILITIES]: FRAMED_CAPABILITIES } } }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('-32601');
    const post = harness.tap.posts.find((entry) => entry.method === 'tasks/list');
    expect(post?.status).toBe(404);
  });
});

describe.skipIf(!REFERENCE_BUILT)(
  `ext-tasks 0.2.2 requester against the reference, stdio (spawned)${REFERENCE_BUILT ? '' : ` [skipped: ${REFERENCE_MAIN} is absent; run \`npm run build\` first]`}`,
  () => {
    let harness: Harness;

    beforeAll(async () => {
      const stdio = new StdioClientTransport({ command: process.execPath, args: [REFERENCE_MAIN], stderr: 'pipe' });
      harness = await connect('stdio', new StdioWireTap(stdio));
      expect(harness.client.getProtocolEra()).toBe('modern');
    });
    afterAll(async () => {
      await harness?.close();
    });

    scenarios(() => harness, false);
  },
);

/** A port that answers ext-tasks' requests from a script: messages shaped like the extension page's examples. */
function scriptedPort(answer: (request: Json) => JsonRpcResponse): { port: ConnectedMcpSessionPort; sent: Json[] } {
  const sentRequests: Json[] = [];
  const port: ConnectedMcpSessionPort = {
    endpointId: 'scripted',
    taskCapabilities: { generation: 'v2', capabilities: {} },
    dispatch: async (request) => {
      sentRequests.push(request as Json);
      return answer(request as Json);
    },
    onServerRequest: () => () => undefined,
    onNotification: () => () => undefined,
    onInvalidated: () => () => undefined,
    invalidated: false,
  };
  return { port, sent: sentRequests };
}

describe('ext-tasks 0.2.2 where it reads the extension differently (named expectations)', () => {
  const seed = { taskId: '5f0c6a5e-2b7d-4c1e-9a43-0d2f3e8b7c61', createdAt: '2026-07-28T09:00:00Z', lastUpdatedAt: '2026-07-28T09:05:00Z', ttlMs: 60000, pollIntervalMs: 10 };

  /** Settles a tools/call answered with a task whose every tasks/get answer is `answer`. */
  async function settleWithGetAnswer(answer: Json): Promise<TaskOutcome<unknown>> {
    const { port } = scriptedPort((request): JsonRpcResponse => {
      if (request.method === 'tools/list') return { kind: 'result', result: { resultType: 'complete', tools: [] } };
      if (request.method === 'tools/call') return { kind: 'result', result: { resultType: 'task', status: 'working', ...seed } };
      if (request.method === 'tasks/get') return { kind: 'result', result: answer };
      return { kind: 'error', error: { code: -32601, message: `not scripted: ${String(request.method)}` } };
    });
    const session = withTasks(port);
    try {
      const execution = await session.callTool('hello_world', {});
      return (await execution.settle()).outcome;
    } finally {
      await session.close();
    }
  }

  it('EXT-TASKS-NEEDS-RESULTTYPE-IN-INLINED-RESULT: a completed task whose inlined result lacks resultType settles as failed', async () => {
    // The extension's schema types a completed task's `result` as any JSON object, and the extension page's examples
    // (the notifications/tasks example and the last tasks/get of the example flow) inline `{content, isError}` with no
    // `resultType`. ext-tasks decodes the inlined result with its 2026-07-28 CallToolResult codec, which wants
    // `resultType: "complete"` (the core schema's CallToolResult does require a resultType), so such a task ends as
    // a failed outcome with a schema-validation error. The reference inlines `resultType: "complete"`, so it and
    // ext-tasks agree; a server following the examples to the letter would not interoperate.
    const settleWithInlinedResult = (result: Json) => settleWithGetAnswer({ resultType: 'complete', status: 'completed', ...seed, result });
    const withResultType = await settleWithInlinedResult({ resultType: 'complete', content: [{ type: 'text', text: 'Hello, Ada!' }], isError: false });
    expect(withResultType.status).toBe('completed');
    const asInTheExamples = await settleWithInlinedResult({ content: [{ type: 'text', text: 'Hello, Ada!' }], isError: false });
    expect(asInTheExamples.status).toBe('failed');
    if (asInTheExamples.status === 'failed') expect(asInTheExamples.error.message).toMatch(/schema validation/);
  });

  it('EXT-TASKS-GET-RESULTTYPE-COMPLETE: a tasks/get answer with resultType "task", as in the Error Handling examples, fails the execution', async () => {
    // The extension's prose wants resultType "complete" on every tasks/get answer, and ext-tasks insists on it; but
    // the extension's schema leaves GetTaskResult's resultType any string (it pins "complete" only on the update and
    // cancel acknowledgements), and the page's Error Handling examples show failed and completed tasks, their error and
    // result inlined, under `"resultType": "task"`. ext-tasks follows the prose; so does the reference.
    const error = { code: -32603, message: 'upstream quota exhausted' };
    const asInTheProse = await settleWithGetAnswer({ resultType: 'complete', status: 'failed', ...seed, statusMessage: 'Tool execution failed', error });
    expect(asInTheProse.status).toBe('failed');
    if (asInTheProse.status === 'failed') expect(asInTheProse.error.code).toBe(-32603);
    const asInTheExamples = await settleWithGetAnswer({ resultType: 'task', status: 'failed', ...seed, statusMessage: 'Tool execution failed', error });
    expect(asInTheExamples.status).toBe('failed');
    // Failed too, but not with the task's error: with a decoding error of ext-tasks' own.
    if (asInTheExamples.status === 'failed') {
      expect(asInTheExamples.error.code).toBeUndefined();
      expect(asInTheExamples.error.message).toMatch(/schema validation/);
    }
  });

  it('EXT-TASKS-EMPTY-CAPABILITY-ONLY: an extension entry with settings in it is read as no Tasks support', () => {
    // The extension defines no settings yet and says an empty object means support; its schema admits no property
    // in TasksExtensionCapability. ext-tasks agrees and takes only an empty object as support: no conflict today,
    // but a server of a later revision that advertises a setting would be treated as not speaking Tasks, and
    // tools/call would go out without the extension declared.
    const stub = (extension: Json) =>
      ({
        getProtocolEra: () => 'modern',
        getServerCapabilities: () => ({ tools: {}, extensions: { [EXT]: extension } }),
        request: async () => ({}),
        fallbackRequestHandler: undefined,
        fallbackNotificationHandler: undefined,
        onclose: undefined,
      }) as unknown as Client;
    const options = {
      rawDispatch: async (): Promise<JsonRpcResponse> => ({ kind: 'result', result: {} }),
      v2RequestFraming: { protocolVersion: VERSION, clientInfo: CLIENT_INFO, clientCapabilities: CAPABILITIES },
    };
    const empty = createSessionPortFromClient(stub({}), 'empty', options);
    expect(empty.taskCapabilities.generation).toBe('v2');
    empty[Symbol.dispose]();
    const withSetting = createSessionPortFromClient(stub({ someFutureSetting: true }), 'with-setting', options);
    expect(withSetting.taskCapabilities.generation).toBe('none');
    withSetting[Symbol.dispose]();
  });

  it('hands the application an elicitation tagged with the 2025-11-25 related-task _meta, which the wire never carried', async () => {
    // Not a wire matter (nothing of it is sent), but visible to applications: the params ext-tasks passes to the
    // input handler carry `_meta["io.modelcontextprotocol/related-task"]`, a key of the 2025-11-25 Tasks page that
    // the extension no longer uses.
    const inputRequest = {
      method: 'elicitation/create',
      params: { mode: 'form', message: 'What should I call you?', requestedSchema: { type: 'object', properties: { nickname: { type: 'string' } }, required: ['nickname'] } },
    };
    let polls = 0;
    const { port, sent: requests } = scriptedPort((request): JsonRpcResponse => {
      if (request.method === 'tools/list') return { kind: 'result', result: { resultType: 'complete', tools: [] } };
      if (request.method === 'tools/call') return { kind: 'result', result: { resultType: 'task', status: 'working', ...seed } };
      if (request.method === 'tasks/update') return { kind: 'result', result: { resultType: 'complete' } };
      if (request.method === 'tasks/get') {
        polls += 1;
        return polls === 1
          ? { kind: 'result', result: { resultType: 'complete', status: 'input_required', ...seed, inputRequests: { nickname: inputRequest } } }
          : { kind: 'result', result: { resultType: 'complete', status: 'completed', ...seed, result: { resultType: 'complete', content: [{ type: 'text', text: 'Hello, Ada!' }] } } };
      }
      return { kind: 'error', error: { code: -32601, message: `not scripted: ${String(request.method)}` } };
    });
    const seen: ApplicationInputRequest[] = [];
    const session = withTasks(port, {
      onInputRequest: createApplicationInputHandler({
        elicitation: (request) => {
          seen.push(request);
          return { action: 'accept', content: { nickname: 'Ada' } };
        },
        sampling: () => {
          throw new Error('not asked');
        },
        roots: () => ({ roots: [] }),
      }),
    });
    try {
      const execution = await session.callTool('hello_world', {});
      expect((await execution.settle()).outcome.status).toBe('completed');
    } finally {
      await session.close();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0].params?._meta).toEqual({ 'io.modelcontextprotocol/related-task': { taskId: seed.taskId } });
    const update = requests.find((request) => request.method === 'tasks/update');
    expect(update?.params.inputResponses).toEqual({ nickname: { action: 'accept', content: { nickname: 'Ada' } } });
    expect(JSON.stringify(update)).not.toContain('related-task');
  });
});
