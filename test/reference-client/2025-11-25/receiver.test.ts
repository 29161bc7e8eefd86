// The reference client as a receiver of tasks, driven by a tiny in-test MCP server (the SDK's Streamable
// HTTP server transport, stateful) that plays the requestor: it sends task-augmented sampling and
// elicitation requests on the client's GET stream and judges the answers in raw JSON-RPC.
// The CLI cases spawn dist/reference-client/main.js, so `npm run build` must have run first.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_CLIENT_FAULTS, clientCapabilities, runReferenceClient, type ReferenceClientHandle } from '../../../reference-client/index.js';
import { ReceiverEnvironment } from '../../../reference-server/shared/environment.js';

const MAIN = fileURLToPath(new URL('../../../dist/reference-client/main.js', import.meta.url));
const RELATED = 'io.modelcontextprotocol/related-task';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const FULL_CAPABILITIES = {
  sampling: {},
  elicitation: { form: {} },
  tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
};

// Answers are read field by field with the shapes the spec gives; a typed model would only restate them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** Something to wait for, with a deadline so a missing event fails the test instead of hanging it. */
function within<T>(promise: Promise<T>, label: string, timeoutMs = 4000): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([promise.finally(() => clearTimeout(timer)), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}`)), timeoutMs)))]);
}

const ENDPOINT_POLL_MS = 100;
const TOOLS = [
  { name: 'conformance_echo', execution: { taskSupport: 'optional' } },
  { name: 'conformance_required', execution: { taskSupport: 'required' } },
  { name: 'conformance_forbidden', execution: { taskSupport: 'forbidden' } },
  { name: 'conformance_plain' },
  { name: 'other_tool', execution: { taskSupport: 'optional' } },
].map((tool) => ({ ...tool, inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }));

/** One client session as the server sees it; it also serves a few tools (and their tasks) for call-tools. */
class Peer {
  initialize?: Json;
  readonly notifications: Json[] = [];
  /** The client's requests other than initialize, with when they arrived. */
  readonly requests: Array<{ method: string; params: Json; at: number }> = [];
  private readonly tasks = new Map<string, { status: string; done: Promise<void> }>();
  private readonly pending = new Map<number, (message: Json) => void>();
  private nextId = 1;
  private notificationWaiters: Array<{ match: (n: Json) => boolean; resolve: (n: Json) => void }> = [];
  private markOpen!: () => void;
  readonly streamOpen = new Promise<void>((resolve) => (this.markOpen = resolve));
  private markDeleted!: () => void;
  readonly deleted = new Promise<void>((resolve) => (this.markDeleted = resolve));

  constructor(readonly transport: StreamableHTTPServerTransport) {
    transport.onmessage = (message) => this.receive(message as Json);
  }

  /** Sends a request on the client's GET stream and resolves with the raw JSON-RPC answer. */
  request(method: string, params: Json = {}): Promise<Json> {
    const id = this.nextId++;
    const answer = new Promise<Json>((resolve) => this.pending.set(id, resolve));
    void this.transport.send({ jsonrpc: '2.0', id, method, params } as JSONRPCMessage);
    return within(answer, `the answer to ${method}`);
  }

  async result(method: string, params: Json = {}): Promise<Json> {
    const answer = await this.request(method, params);
    expect(answer, `${method} should succeed`).toHaveProperty('result');
    return answer.result;
  }

  async error(method: string, params: Json = {}): Promise<Json> {
    const answer = await this.request(method, params);
    expect(answer, `${method} should fail`).toHaveProperty('error');
    return answer.error;
  }

  notification(match: (params: Json) => boolean, label: string): Promise<Json> {
    const seen = this.notifications.find(match);
    if (seen) return Promise.resolve(seen);
    return within(new Promise((resolve) => this.notificationWaiters.push({ match, resolve })), label);
  }

  statusesOf(taskId: string): string[] {
    return this.notifications.filter((n) => n.taskId === taskId).map((n) => n.status);
  }

  opened(): void {
    this.markOpen();
  }

  wasDeleted(): void {
    this.markDeleted();
  }

  /** tools/list, tools/call (optional and required tools as tasks of 150 ms), tasks/get and tasks/result. */
  private async serve(method: string, params: Json): Promise<Json> {
    const now = new Date().toISOString();
    const view = (taskId: string) => ({ taskId, status: this.tasks.get(taskId)!.status, createdAt: now, lastUpdatedAt: now, ttl: 60_000, pollInterval: ENDPOINT_POLL_MS });
    if (method === 'tools/list') return { result: { tools: TOOLS } };
    if (method === 'tools/call') {
      const result = { content: [{ type: 'text', text: String(params.arguments?.text) }] };
      if (!params.task) return { result };
      const taskId = randomUUID();
      const task = { status: 'working', done: new Promise<void>((resolve) => setTimeout(() => ((task.status = 'completed'), resolve()), 150)) };
      this.tasks.set(taskId, task);
      return { result: { task: view(taskId) } };
    }
    const task = this.tasks.get(params.taskId);
    if (!task) return { error: { code: -32602, message: 'unknown task' } };
    if (method === 'tasks/get') return { result: view(params.taskId) };
    await task.done;
    return { result: { content: [{ type: 'text', text: 'done' }], _meta: { [RELATED]: { taskId: params.taskId } } } };
  }

  private receive(message: Json): void {
    if (message.method === 'initialize' && 'id' in message) {
      this.initialize = message.params;
      const capabilities = { tools: {}, tasks: { requests: { tools: { call: {} } } } };
      const result = { protocolVersion: '2025-11-25', capabilities, serverInfo: { name: 'reference-client-test', version: '0.0.0' } };
      void this.transport.send({ jsonrpc: '2.0', id: message.id, result } as JSONRPCMessage);
    } else if ('method' in message && 'id' in message) {
      this.requests.push({ method: message.method, params: message.params ?? {}, at: performance.now() });
      void this.serve(message.method, message.params ?? {}).then((answer) => this.transport.send({ jsonrpc: '2.0', id: message.id, ...answer } as JSONRPCMessage));
    } else if (message.method === 'notifications/tasks/status') {
      const params = message.params as Json;
      this.notifications.push(params);
      this.notificationWaiters = this.notificationWaiters.filter((w) => !(w.match(params) && (w.resolve(params), true)));
    } else if (!('method' in message) && typeof message.id === 'number') {
      this.pending.get(message.id)?.(message);
      this.pending.delete(message.id);
    }
  }
}

/** A stateful Streamable HTTP endpoint on loopback; every session becomes a Peer once its GET stream is open. */
class TestServer {
  private readonly sessions = new Map<string, Peer>();
  private readonly opened: Peer[] = [];
  private waiters: Array<(peer: Peer) => void> = [];
  url = '';
  private readonly server: Server = createServer((req, res) => {
    this.handle(req, res).catch(() => res.destroy());
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/mcp`;
    return this;
  }

  /** The next session whose GET stream opens (sessions are taken in the order their streams open). */
  nextPeer(): Promise<Peer> {
    const ready = this.opened.shift();
    if (ready) return Promise.resolve(ready);
    return within(new Promise((resolve) => this.waiters.push(resolve)), 'a client session with an open GET stream');
  }

  /** Ends one session as a server would: its streams close and its id is no longer known. */
  async endSession(peer: Peer): Promise<void> {
    for (const [id, candidate] of this.sessions) if (candidate === peer) this.sessions.delete(id);
    await peer.transport.close();
  }

  async close(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((peer) => peer.transport.close()));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sessionId = req.headers['mcp-session-id'];
    if (req.method === 'POST' && sessionId === undefined) {
      const body = JSON.parse(await readBody(req));
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (id) => void this.sessions.set(id, peer),
      });
      const peer = new Peer(transport);
      await transport.start();
      return transport.handleRequest(req, res, body);
    }
    const peer = typeof sessionId === 'string' ? this.sessions.get(sessionId) : undefined;
    if (!peer) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
      return;
    }
    if (req.method === 'GET') {
      // The transport answers a GET with 200 only once it has registered the stream; then requests can flow.
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
        const result = writeHead.apply(this, args);
        if (args[0] === 200) queueMicrotask(() => onOpen(peer));
        return result;
      } as ServerResponse['writeHead'];
    }
    if (req.method === 'DELETE') peer.wasDeleted();
    const onOpen = (opened: Peer) => {
      opened.opened();
      const waiter = this.waiters.shift();
      if (waiter) waiter(opened);
      else this.opened.push(opened);
    };
    return peer.transport.handleRequest(req, res, req.method === 'POST' ? JSON.parse(await readBody(req)) : undefined);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sampling(directive: Json | string, extra: Json = {}): Json {
  const text = typeof directive === 'string' ? directive : `conformance:${JSON.stringify(directive)}`;
  return { messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 256, ...extra };
}

function elicitation(directive: Json, extra: Json = {}): Json {
  return {
    mode: 'form',
    message: `conformance:${JSON.stringify(directive)}`,
    requestedSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
    ...extra,
  };
}

function echoResult(text: string): Json {
  return { role: 'assistant', content: { type: 'text', text }, model: 'conformance-echo', stopReason: 'endTurn' };
}

const server = new TestServer();
const logs: string[] = [];
const log = (line: string) => void logs.push(line);

beforeAll(async () => {
  await server.start();
});

afterAll(async () => {
  await server.close();
  if (process.env.SHOW_CLIENT_LOG) console.log(logs.join('\n'));
});

describe('the reference client as a task receiver', () => {
  let client: ReferenceClientHandle;
  let peer: Peer;

  beforeAll(async () => {
    client = await runReferenceClient(server.url, { log, verbose: true });
    peer = await server.nextPeer();
  });

  afterAll(async () => {
    await client.close();
  });

  it('initializes with protocol version 2025-11-25 and declares sampling, form elicitation and tasks', () => {
    expect(peer.initialize).toMatchObject({ protocolVersion: '2025-11-25', clientInfo: { name: 'mcp-tasks-conformance-reference-client' } });
    expect(peer.initialize?.capabilities).toEqual(FULL_CAPABILITIES);
  });

  it('answers ping, rejects unknown methods with -32601 and malformed params with -32602', async () => {
    expect(await peer.result('ping')).toEqual({});
    expect((await peer.error('tools/list')).code).toBe(-32601);
    expect((await peer.error('sampling/createMessage', { messages: 'nope', maxTokens: 1 })).code).toBe(-32602);
    expect((await peer.error('sampling/createMessage', sampling({ reply: 'echo', text: 'x' }, { task: 5 }))).code).toBe(-32602);
    expect((await peer.error('sampling/createMessage', sampling({ reply: 'echo', text: 'x' }, { task: { ttl: -1 } }))).code).toBe(-32602);
    expect((await peer.error('sampling/createMessage', sampling('conformance:{broken'))).code).toBe(-32602);
    expect((await peer.error('elicitation/create', { mode: 'url', message: 'm', elicitationId: 'e', url: 'https://example.com' })).code).toBe(-32602);
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      expect((await peer.error(method, { taskId: 42 })).code).toBe(-32602);
      expect((await peer.error(method, { taskId: 'no-such-task' })).code).toBe(-32602);
    }
    expect((await peer.error('tasks/list', { cursor: 7 })).code).toBe(-32602);
  });

  it('answers plain requests directly, following the directive or auto-answering', async () => {
    expect(await peer.result('sampling/createMessage', sampling({ reply: 'echo', text: 'plain', delayMs: 20 }))).toEqual(echoResult('plain'));
    expect(await peer.result('elicitation/create', elicitation({ reply: 'echo', text: 'yes' }))).toEqual({ action: 'accept', content: { answer: 'yes' } });
    expect(await peer.result('elicitation/create', elicitation({ reply: 'decline' }))).toEqual({ action: 'decline' });
    expect(await peer.error('sampling/createMessage', sampling({ reply: 'error', code: -32042, message: 'nope' }))).toEqual({ code: -32042, message: 'nope' });
    expect(await peer.result('sampling/createMessage', sampling('hello, model'))).toMatchObject({ role: 'assistant', content: { type: 'text' } });
    expect(await peer.result('elicitation/create', { message: 'may I?', requestedSchema: { type: 'object', properties: {} } })).toEqual({ action: 'decline' });
  });

  it('runs a task-augmented sampling request: CreateTaskResult at once, working, then exactly the result', async () => {
    const created = await peer.result('sampling/createMessage', sampling({ reply: 'echo', text: 'hello', delayMs: 300 }, { task: { ttl: 60_000 } }));
    expect(Object.keys(created)).toEqual(['task']);
    const task = created.task;
    expect(task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: 50 });
    expect(task.taskId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(task.createdAt).toMatch(ISO);
    expect(task.lastUpdatedAt).toMatch(ISO);

    const polled = await peer.result('tasks/get', { taskId: task.taskId });
    expect(polled).toMatchObject({ taskId: task.taskId, status: 'working', createdAt: task.createdAt, ttl: 60_000 });
    expect(polled).not.toHaveProperty('_meta');

    // tasks/result blocks until the work is done; the completed notification was sent before its answer.
    const result = await peer.result('tasks/result', { taskId: task.taskId });
    expect(peer.statusesOf(task.taskId)).toEqual(['completed']);
    expect(result).toEqual({ ...echoResult('hello'), _meta: { [RELATED]: { taskId: task.taskId } } });

    const notification = peer.notifications.find((n) => n.taskId === task.taskId)!;
    expect(notification).toMatchObject({ status: 'completed', createdAt: task.createdAt, ttl: 60_000, pollInterval: 50 });
    expect(notification).not.toHaveProperty('_meta');
    const done = await peer.result('tasks/get', { taskId: task.taskId, _meta: { [RELATED]: { taskId: 'ignored' } } });
    expect(done).toMatchObject({ status: 'completed', createdAt: task.createdAt });
    expect(Date.parse(done.lastUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
    expect(await peer.result('tasks/result', { taskId: task.taskId })).toEqual(result);
    expect((await peer.error('tasks/cancel', { taskId: task.taskId })).code).toBe(-32602);
  });

  it('replays the error directive: the task fails with a statusMessage and tasks/result answers the same error', async () => {
    const { task } = await peer.result('sampling/createMessage', sampling({ reply: 'error', code: -32050, message: 'model overloaded', delayMs: 50 }, { task: {} }));
    expect(task.ttl).toBe(300_000);
    expect(await peer.error('tasks/result', { taskId: task.taskId })).toEqual({ code: -32050, message: 'model overloaded' });
    const failed = await peer.result('tasks/get', { taskId: task.taskId });
    expect(failed.status).toBe('failed');
    expect(failed.statusMessage).toContain('model overloaded');
    expect(await peer.error('tasks/result', { taskId: task.taskId })).toEqual({ code: -32050, message: 'model overloaded' });
  });

  it('runs a task-augmented elicitation', async () => {
    const { task } = await peer.result('elicitation/create', elicitation({ reply: 'echo', text: 'blue' }, { task: { ttl: 10_000 } }));
    expect(await peer.result('tasks/result', { taskId: task.taskId })).toEqual({ action: 'accept', content: { answer: 'blue' }, _meta: { [RELATED]: { taskId: task.taskId } } });
  });

  it('acts as a requestor for call-tools: calls the tools as their taskSupport permits and follows the tasks', async () => {
    const since = peer.requests.length;
    const answer = await peer.result('sampling/createMessage', sampling({ reply: 'call-tools', text: 'via tools' }));
    expect(answer).toEqual(echoResult('via tools'));
    const sent = peer.requests.slice(since);
    const calls = Object.fromEntries(sent.filter((r) => r.method === 'tools/call').map((r) => [r.params.name, r.params]));
    expect(Object.keys(calls).sort()).toEqual(['conformance_echo', 'conformance_forbidden', 'conformance_plain', 'conformance_required']);
    expect(calls.conformance_required.task).toBeDefined();
    expect(calls.conformance_echo.task).toBeDefined();
    expect(calls.conformance_forbidden.task).toBeUndefined();
    expect(calls.conformance_plain.task).toBeUndefined();
    expect(calls.conformance_echo.arguments).toEqual({ text: 'via tools' });
    const operations = sent.filter((r) => r.method.startsWith('tasks/'));
    expect(operations.filter((r) => r.method === 'tasks/result')).toHaveLength(2);
    for (const operation of operations) expect(operation.params).not.toHaveProperty('_meta');
    const polls = new Map<string, number[]>();
    for (const get of operations.filter((r) => r.method === 'tasks/get')) polls.set(get.params.taskId, [...(polls.get(get.params.taskId) ?? []), get.at]);
    const gaps = [...polls.values()].flatMap((times) => times.slice(1).map((time, i) => time - times[i]));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(ENDPOINT_POLL_MS * 0.9);
  });

  it('cancels a working task before answering, and keeps it cancelled', async () => {
    const { task } = await peer.result('sampling/createMessage', sampling({ reply: 'echo', text: 'slow', delayMs: 60_000 }, { task: {} }));
    const cancelled = await peer.result('tasks/cancel', { taskId: task.taskId });
    expect(cancelled).toMatchObject({ taskId: task.taskId, status: 'cancelled' });
    await peer.notification((n) => n.taskId === task.taskId && n.status === 'cancelled', 'the cancelled notification');
    expect((await peer.result('tasks/get', { taskId: task.taskId })).status).toBe('cancelled');
    expect((await peer.error('tasks/cancel', { taskId: task.taskId })).code).toBe(-32602);
    expect((await peer.error('tasks/result', { taskId: task.taskId })).code).toBe(-32602);
  });

  it('lists its tasks in pages of 10 with signed cursors', async () => {
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) => peer.result('sampling/createMessage', sampling({ reply: 'echo', text: `t${i}` }, { task: {} }))));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await peer.result('tasks/list', cursor === undefined ? {} : { cursor });
      expect(page.tasks.length).toBeLessThanOrEqual(10);
      seen.push(...page.tasks.map((t: Json) => t.taskId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    for (const { task } of created) expect(seen).toContain(task.taskId);
    const first = await peer.result('tasks/list');
    expect((await peer.error('tasks/list', { cursor: `${first.nextCursor}x` })).code).toBe(-32602);
    expect((await peer.error('tasks/list', { cursor: 'not-a-cursor' })).code).toBe(-32602);
  });

  it('caps the ttl and forgets a task once its ttl has passed', async () => {
    const capped = await peer.result('sampling/createMessage', sampling({ reply: 'echo', text: 'long' }, { task: { ttl: 10_000_000_000 } }));
    expect(capped.task.ttl).toBe(3_600_000);
    const { task } = await peer.result('sampling/createMessage', sampling({ reply: 'echo', text: 'brief' }, { task: { ttl: 100 } }));
    const expired = (async () => {
      for (;;) {
        const answer = await peer.request('tasks/get', { taskId: task.taskId });
        if (answer.error) return answer.error;
        await new Promise((resolve) => setTimeout(resolve, answer.result.pollInterval));
      }
    })();
    expect((await within(expired, 'the task to expire')).code).toBe(-32602);
  });
});

describe('variant no-tasks and faults', () => {
  it('without the tasks capability, a task-augmented request is answered normally and tasks/* are -32601; it exits when the server ends the session', async () => {
    const client = await runReferenceClient(server.url, { variant: 'no-tasks', log });
    const peer = await server.nextPeer();
    expect(peer.initialize?.capabilities).toEqual({ sampling: {}, elicitation: { form: {} } });
    expect(await peer.result('sampling/createMessage', sampling({ reply: 'echo', text: 'plain' }, { task: { ttl: 1000 } }))).toEqual(echoResult('plain'));
    expect((await peer.error('tasks/get', { taskId: 'x' })).code).toBe(-32601);
    expect((await peer.error('tasks/list')).code).toBe(-32601);
    await server.endSession(peer);
    await within(client.done, 'the client to notice the session ended');
  });

  it('injects faults through the shared task code', async () => {
    const client = await runReferenceClient(server.url, { faults: ['sequential-task-ids', 'result-differs', 'task-support-ignored'], log });
    const peer = await server.nextPeer();
    const { task } = await peer.result('sampling/createMessage', sampling({ reply: 'call-tools', text: 'hi' }, { task: {} }));
    expect(task.taskId).toBe('task-1');
    expect((await peer.result('tasks/result', { taskId: task.taskId })).content.text).toBe('hi (from task)');
    expect(peer.requests.filter((r) => r.method === 'tools/call').every((r) => r.params.task !== undefined)).toBe(true);
    await client.close();
    await within(peer.deleted, 'the DELETE of the session');
  });

  it('declares tasks.list as true under capability-shape-invalid', () => {
    // Not sent to the test server: the SDK's server transport does not take such an initialize for one (400).
    const env = new ReceiverEnvironment({ faults: ['capability-shape-invalid'] }, 'http', true);
    expect(clientCapabilities(env)).toEqual({ ...FULL_CAPABILITIES, tasks: { ...FULL_CAPABILITIES.tasks, list: true } });
    env.close();
  });

  it('rejects an unknown fault name in-process', async () => {
    await expect(runReferenceClient(server.url, { faults: ['no-such-fault'] })).rejects.toThrow(/unknown fault/);
    expect(KNOWN_CLIENT_FAULTS).toContain('result-error-not-replayed');
  });
});

describe('the CLI', () => {
  it('prints one line and exits 2 for an unknown fault', () => {
    const run = spawnSync(process.execPath, [MAIN, '--fault', 'no-such-fault', 'http://127.0.0.1:1/mcp'], { encoding: 'utf8', timeout: 10_000 });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/unknown fault "no-such-fault"/);
  });

  it('connects from MCP_CONFORMANCE_URL, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [MAIN], { env: { ...process.env, MCP_CONFORMANCE_URL: server.url }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const peer = await server.nextPeer();
    expect(await peer.result('ping')).toEqual({});
    child.kill('SIGTERM');
    expect(await within(exited, 'the client to exit')).toBe(0);
    expect(stdout).toBe('');
  });
});
