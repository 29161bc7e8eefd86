// Essentials of the bundled reference receiver, spoken to in raw JSON-RPC (no SDK client, which would filter).
// The stdio cases spawn dist/reference-server/main.js, so `npm run build` must have run first.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_FAULTS, startReferenceHttpServer } from '../../../reference-server/index.js';

const MAIN = fileURLToPath(new URL('../../../dist/reference-server/main.js', import.meta.url));
const RELATED = 'io.modelcontextprotocol/related-task';
const INIT_PARAMS = {
  protocolVersion: '2025-11-25',
  capabilities: { elicitation: { form: {} } },
  clientInfo: { name: 'reference-server-test', version: '0.0.0' },
};

// Answers are read field by field with the shapes the spec gives; a typed model would only restate them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** Messages from the receiver, with waiting on the first one that matches. */
class Inbox {
  readonly messages: Json[] = [];
  private waiters: Array<{ match: (m: Json) => boolean; resolve: (m: Json) => void }> = [];

  add(message: Json): void {
    this.messages.push(message);
    this.waiters = this.waiters.filter((w) => !(w.match(message) && (w.resolve(message), true)));
  }

  next(match: (m: Json) => boolean, label = 'a message', timeoutMs = 4000): Promise<Json> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}`)), timeoutMs);
      this.waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }
}

/** A raw JSON-RPC peer over the reference receiver's stdio. */
class StdioPeer {
  readonly inbox = new Inbox();
  readonly stderr: string[] = [];
  private nextId = 1;
  readonly exited: Promise<number | null>;

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        this.inbox.add(JSON.parse(line));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => this.stderr.push(chunk));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static start(...args: string[]): StdioPeer {
    return new StdioPeer(spawn(process.execPath, [MAIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  writeLine(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  send(message: Json): void {
    this.writeLine(JSON.stringify(message));
  }

  async request(method: string, params?: Json): Promise<Json> {
    const id = this.nextId++;
    this.send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    return this.inbox.next((m) => m.id === id && !('method' in m), `the answer to ${method}`);
  }

  async close(): Promise<void> {
    this.child.stdin.end();
    await this.exited;
  }
}

/** A raw JSON-RPC peer over Streamable HTTP: POSTs for requests, plus an optional GET stream for server messages. */
class HttpPeer {
  readonly inbox = new Inbox();
  private nextId = 1;
  private session?: string;
  private stream?: AbortController;

  constructor(
    private readonly url: string,
    private readonly token?: string,
  ) {}

  headers(): Record<string, string> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (this.session) {
      headers['mcp-session-id'] = this.session;
      headers['mcp-protocol-version'] = '2025-11-25';
    }
    return headers;
  }

  async post(body: unknown): Promise<{ status: number; headers: Headers; json?: Json }> {
    const response = await fetch(this.url, { method: 'POST', headers: this.headers(), body: typeof body === 'string' ? body : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
  }

  async request(method: string, params?: Json): Promise<Json> {
    const id = this.nextId++;
    const { json } = await this.post({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    expect(json?.id).toBe(id);
    return json!;
  }

  async initialize(): Promise<Json> {
    const response = await this.post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: INIT_PARAMS });
    this.session = response.headers.get('mcp-session-id') ?? undefined;
    expect(this.session).toBeTruthy();
    await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return response.json!;
  }

  /** Opens the standalone GET stream and feeds its SSE messages into the inbox. */
  async openStream(): Promise<void> {
    this.stream = new AbortController();
    const response = await fetch(this.url, { method: 'GET', headers: { ...this.headers(), Accept: 'text/event-stream' }, signal: this.stream.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = event
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trim())
              .join('');
            if (data) this.inbox.add(JSON.parse(data));
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  }

  async close(): Promise<void> {
    this.stream?.abort();
    if (this.session) await fetch(this.url, { method: 'DELETE', headers: this.headers() }).catch(() => {});
  }
}

/** Polls tasks/get (bounded) until the task reaches one of the wanted statuses. */
async function pollUntil(peer: { request(method: string, params?: Json): Promise<Json> }, taskId: string, statuses: string[]): Promise<Json> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { result } = await peer.request('tasks/get', { taskId });
    if (statuses.includes(result.status)) return result;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`task ${taskId} never reached ${statuses.join('/')}`);
}

describe('reference receiver over stdio', () => {
  let peer: StdioPeer;

  beforeAll(async () => {
    peer = StdioPeer.start();
    const init = await peer.request('initialize', INIT_PARAMS);
    expect(init.result.protocolVersion).toBe('2025-11-25');
    expect(init.result.capabilities).toEqual({
      tools: { listChanged: false },
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    });
    peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  });

  afterAll(async () => {
    await peer.close();
  });

  it('lists the fixture tools with their task support', async () => {
    const { result } = await peer.request('tools/list');
    const support = Object.fromEntries(result.tools.map((tool: Json) => [tool.name, tool.execution?.taskSupport ?? null]));
    expect(support).toEqual({
      conformance_echo: 'optional',
      conformance_required: 'required',
      conformance_forbidden: 'forbidden',
      conformance_plain: null,
      conformance_fail: 'optional',
      conformance_error: 'optional',
      conformance_input: 'optional',
      conformance_progress: 'optional',
      conformance_ask: null,
    });
  });

  it('enforces tool-level negotiation with -32601', async () => {
    const required = await peer.request('tools/call', { name: 'conformance_required', arguments: { text: 'x' } });
    expect(required.error.code).toBe(-32601);
    const forbidden = await peer.request('tools/call', { name: 'conformance_forbidden', arguments: { text: 'x' }, task: {} });
    expect(forbidden.error.code).toBe(-32601);
  });

  it('runs a failing task and replays the exact JSON-RPC error from tasks/result', async () => {
    const args = { code: -32042, message: 'deliberate failure', data: { why: 'test' }, delayMs: 30 };
    const plain = await peer.request('tools/call', { name: 'conformance_error', arguments: args });
    const created = await peer.request('tools/call', { name: 'conformance_error', arguments: args, task: { ttl: 60_000 } });
    const task = created.result.task;
    expect(task.status).toBe('working');
    expect(task.taskId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(task.ttl).toBe(60_000);
    expect(typeof created.result._meta['io.modelcontextprotocol/model-immediate-response']).toBe('string');

    const result = await peer.request('tasks/result', { taskId: task.taskId }); // blocks until terminal
    expect(result.error).toEqual(plain.error);
    expect(result.error).toEqual({ code: -32042, message: 'deliberate failure', data: { why: 'test' } });

    const got = await peer.request('tasks/get', { taskId: task.taskId });
    expect(got.result.status).toBe('failed');
    expect(got.result.statusMessage).toBeTruthy();
    expect(got.result._meta).toBeUndefined();
    const status = await peer.inbox.next((m) => m.method === 'notifications/tasks/status' && m.params.taskId === task.taskId, 'a status notification');
    expect(status.params.status).toBe('failed');
    expect(status.params._meta).toBeUndefined();
  });

  it('returns a completed task result with the related-task _meta', async () => {
    const created = await peer.request('tools/call', { name: 'conformance_echo', arguments: { text: 'hello' }, task: {} });
    const { taskId, ttl } = created.result.task;
    expect(ttl).toBe(300_000);
    const result = await peer.request('tasks/result', { taskId });
    expect(result.result).toEqual({ content: [{ type: 'text', text: 'hello' }], _meta: { [RELATED]: { taskId } } });
  });

  it('really stops a cancelled task', async () => {
    const token = 'cancel-me';
    const created = await peer.request('tools/call', {
      name: 'conformance_progress',
      arguments: { steps: 100, intervalMs: 10 },
      task: {},
      _meta: { progressToken: token },
    });
    const { taskId } = created.result.task;
    const first = await peer.inbox.next((m) => m.method === 'notifications/progress' && m.params.progressToken === token, 'progress');
    expect(first.params._meta).toEqual({ [RELATED]: { taskId } });

    const cancelled = await peer.request('tasks/cancel', { taskId });
    expect(cancelled.result.status).toBe('cancelled');
    const countAtCancel = peer.inbox.messages.filter((m) => m.params?.progressToken === token).length;

    const result = await peer.request('tasks/result', { taskId }); // answers promptly, never blocks
    expect(result.error.code).toBe(-32602);
    const again = await peer.request('tasks/cancel', { taskId });
    expect(again.error.code).toBe(-32602);
    expect(again.error.message).toContain('cancelled');

    // A fresh progress task at the same pace: by its end, a still-running cancelled loop would have spoken.
    const witness = await peer.request('tools/call', { name: 'conformance_progress', arguments: { steps: 5, intervalMs: 10 }, task: {} });
    await peer.request('tasks/result', { taskId: witness.result.task.taskId });
    expect(peer.inbox.messages.filter((m) => m.params?.progressToken === token).length).toBe(countAtCancel);
    expect((await peer.request('tasks/get', { taskId })).result.status).toBe('cancelled');
  });

  it('answers malformed input with errors and keeps serving', async () => {
    peer.writeLine('{"jsonrpc":"2.0","id":"bad-1","method":"tools/call","params":"oops"}');
    expect((await peer.inbox.next((m) => m.id === 'bad-1', 'bad-1')).error.code).toBe(-32602);
    const nonObjectArgs = await peer.request('tools/call', { name: 'conformance_echo', arguments: ['x'] });
    expect(nonObjectArgs.error.code).toBe(-32602);
    const unknownTool = await peer.request('tools/call', { name: 'no_such_tool', arguments: {} });
    expect(unknownTool.error.code).toBe(-32602);
    const missingText = await peer.request('tools/call', { name: 'conformance_echo', arguments: {} });
    expect(missingText.error.code).toBe(-32602);
    const noTaskId = await peer.request('tasks/get', {});
    expect(noTaskId.error.code).toBe(-32602);
    const unknownTask = await peer.request('tasks/get', { taskId: 'nope' });
    expect(unknownTask.error.code).toBe(-32602);
    peer.writeLine('this is not json');
    expect((await peer.inbox.next((m) => m.id === null && m.error?.code === -32700, 'parse error')).error.code).toBe(-32700);
    expect((await peer.request('no/such/method')).error.code).toBe(-32601);
    expect((await peer.request('ping')).result).toEqual({});
  });
});

describe('reference receiver CLI', () => {
  it('exits 2 with one line for an unknown fault', () => {
    const run = spawnSync(process.execPath, [MAIN, '--fault', 'not-a-fault'], { encoding: 'utf8', timeout: 5000 });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('not-a-fault');
    expect(lines[0]).toContain(KNOWN_FAULTS[0]);
  });
});

describe('reference receiver over HTTP with bearer tokens', () => {
  let server: Awaited<ReturnType<typeof startReferenceHttpServer>>;
  let alice: HttpPeer;
  let bob: HttpPeer;

  beforeAll(async () => {
    server = await startReferenceHttpServer({ port: 0, tokens: { tokA: 'alice', tokB: 'bob' } });
    alice = new HttpPeer(server.url, 'tokA');
    bob = new HttpPeer(server.url, 'tokB');
    const init = await alice.initialize();
    expect(init.result.capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    await bob.initialize();
  });

  afterAll(async () => {
    await alice.close();
    await bob.close();
    await server.close();
  });

  it('rejects a request without a valid bearer token with 401', async () => {
    for (const headers of [{}, { Authorization: 'Bearer wrong' }] as Array<Record<string, string>>) {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('pages through 25 tasks with keyset cursors, unaffected by tasks created mid-walk', async () => {
    const walker = new HttpPeer(server.url, 'tokA');
    await walker.initialize();
    const created: string[] = [];
    for (let i = 0; i < 25; i++) {
      const { result } = await bob.request('tools/call', { name: 'conformance_echo', arguments: { text: `t${i}` }, task: {} });
      created.push(result.task.taskId);
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    let extra: string | undefined;
    do {
      const { result } = await bob.request('tasks/list', cursor ? { cursor } : {});
      expect(result._meta).toBeUndefined();
      sizes.push(result.tasks.length);
      seen.push(...result.tasks.map((task: Json) => task.taskId));
      cursor = result.nextCursor;
      if (!extra) {
        // Created during the walk: must show up once, at the end, without shifting the pages.
        extra = (await bob.request('tools/call', { name: 'conformance_echo', arguments: { text: 'late' }, task: {} })).result.task.taskId;
      }
    } while (cursor);
    const bobsOwn = seen.filter((id) => created.includes(id));
    expect(bobsOwn).toEqual(created);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen[seen.length - 1]).toBe(extra);
    expect(sizes.every((size) => size <= 10)).toBe(true);

    const firstPage = (await bob.request('tasks/list', {})).result;
    const forged = firstPage.nextCursor.replace(/^./, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await bob.request('tasks/list', { cursor: forged })).error.code).toBe(-32602);
    expect((await bob.request('tasks/list', { cursor: 'garbage' })).error.code).toBe(-32602);
    // A cursor is bound to the context it was issued to.
    expect((await walker.request('tasks/list', { cursor: firstPage.nextCursor })).error.code).toBe(-32602);
    const alicesList = (await walker.request('tasks/list', {})).result.tasks.map((task: Json) => task.taskId);
    expect(alicesList.some((id: string) => created.includes(id))).toBe(false);
    await walker.close();
  });

  it("answers another context's task exactly like an unknown one", async () => {
    const { result } = await alice.request('tools/call', { name: 'conformance_echo', arguments: { text: 'secret' }, task: {} });
    const taskId = result.task.taskId;
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      const foreign = await bob.request(method, { taskId });
      const unknown = await bob.request(method, { taskId: `${taskId.slice(0, -4)}zzzz` });
      expect(foreign.error.code).toBe(-32602);
      expect(foreign.error).toEqual(unknown.error);
    }
    expect((await alice.request('tasks/result', { taskId })).result.content).toEqual([{ type: 'text', text: 'secret' }]);
  });

  it('delivers a task elicitation on the GET stream once tasks/result is open', async () => {
    await alice.openStream();
    const { result } = await alice.request('tools/call', { name: 'conformance_input', arguments: { text: 'Your name?' }, task: {} });
    const taskId = result.task.taskId;
    await pollUntil(alice, taskId, ['input_required']);
    const pendingResult = alice.request('tasks/result', { taskId });
    const elicitation = await alice.inbox.next((m) => m.method === 'elicitation/create', 'the elicitation');
    expect(elicitation.params._meta).toEqual({ [RELATED]: { taskId } });
    expect(elicitation.params.mode).toBe('form');
    const ack = await alice.post({ jsonrpc: '2.0', id: elicitation.id, result: { action: 'accept', content: { answer: 'Ada' } } });
    expect(ack.status).toBe(202);
    const final = await pendingResult;
    expect(final.result).toEqual({ content: [{ type: 'text', text: 'Ada' }], _meta: { [RELATED]: { taskId } } });
    // Status notifications travel on the GET stream, so they may trail the POST answer.
    await alice.inbox.next((m) => m.method === 'notifications/tasks/status' && m.params.taskId === taskId && m.params.status === 'completed', 'completed');
    const statuses = alice.inbox.messages.filter((m) => m.method === 'notifications/tasks/status' && m.params.taskId === taskId).map((m) => m.params.status);
    expect(statuses).toEqual(['input_required', 'working', 'completed']);
  });

  it('answers malformed HTTP input without crashing', async () => {
    const badJson = await alice.post('{not json');
    expect(badJson.status).toBe(400);
    expect(badJson.json?.error.code).toBe(-32700);
    const badParams = await alice.post({ jsonrpc: '2.0', id: 'p', method: 'tools/call', params: 42 });
    expect(badParams.json?.error.code).toBe(-32602);
    const badArgs = await alice.request('tools/call', { name: 'conformance_echo', arguments: 'text' });
    expect(badArgs.error.code).toBe(-32602);
    const badTtl = await alice.request('tools/call', { name: 'conformance_echo', arguments: { text: 'x' }, task: { ttl: -5 } });
    expect(badTtl.error.code).toBe(-32602);
    expect((await alice.request('ping')).result).toEqual({});
  });
});

describe('reference receiver over HTTP without tokens', () => {
  it('does not offer tasks/list when it cannot tell requestors apart', async () => {
    const server = await startReferenceHttpServer({ port: 0 });
    try {
      const peer = new HttpPeer(server.url);
      const init = await peer.initialize();
      expect(init.result.capabilities.tasks).toEqual({ cancel: {}, requests: { tools: { call: {} } } });
      expect((await peer.request('tasks/list', {})).error.code).toBe(-32601);
      await peer.close();
    } finally {
      await server.close();
    }
  });
});
