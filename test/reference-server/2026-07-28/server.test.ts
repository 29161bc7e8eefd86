// The modern era (2026-07-28, Tasks extension) of the bundled reference receiver, spoken to in raw JSON-RPC over
// stdio and Streamable HTTP. The stdio cases spawn dist/reference-server/main.js, so `npm run build` must have run.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_FAULTS, startReferenceHttpServer, type ReferenceHttpServer } from '../../../reference-server/index.js';
import { MODERN_FAULT_DESCRIPTIONS } from '../../../reference-server/2026-07-28/faults.js';
import { parseCli } from '../../../reference-server/options.js';

const MAIN = fileURLToPath(new URL('../../../dist/reference-server/main.js', import.meta.url));
const EXT_SCHEMA = fileURLToPath(new URL('../../../../shared/reference/2026-07-28/extension-tasks.schema.json', import.meta.url));
const VERSION = '2026-07-28';
const EXT = 'io.modelcontextprotocol/tasks';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const LEGACY_INIT = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'reference-modern-test', version: '0.0.0' } };
const REQUIRED_EXTENSION = { requiredCapabilities: { extensions: { [EXT]: {} } } };
const FIXTURE_TOOLS = ['greet', 'slow_compute', 'failing_job', 'protocol_error_job', 'confirm_delete', 'multi_input', 'test_tool_with_task'];

// Answers are read field by field with the shapes the spec gives; a typed model would only restate them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface EnvelopeOptions {
  /** Declare the Tasks extension (default true). */
  ext?: boolean;
  /** Declare form elicitation (default true). */
  elicit?: boolean;
  version?: string;
}

/** Params with the modern envelope in _meta. */
function env(params: Json = {}, { ext = true, elicit = true, version = VERSION }: EnvelopeOptions = {}): Json {
  const capabilities: Json = {};
  if (elicit) capabilities.elicitation = { form: {} };
  if (ext) capabilities.extensions = { [EXT]: {} };
  return {
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': version,
      'io.modelcontextprotocol/clientInfo': { name: 'reference-modern-test', version: '0.0.0' },
      'io.modelcontextprotocol/clientCapabilities': capabilities,
    },
  };
}

const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

/** Every modern result names the server in its _meta (tested once below); the tests compare the rest of it. */
function withoutServerInfo(message: Json): Json {
  const meta = message?.result?._meta;
  if (!meta || !(SERVER_INFO_KEY in meta)) return message;
  const { [SERVER_INFO_KEY]: _identity, ...rest } = meta;
  const { _meta: _whole, ...result } = message.result;
  return { ...message, result: Object.keys(rest).length > 0 ? { ...result, _meta: rest } : result };
}

const text = (result: Json): string => result.content.map((item: Json) => item.text).join(' ');

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

interface Peer {
  /** Sends a request and resolves with its JSON-RPC answer. */
  request(method: string, params?: Json): Promise<Json>;
}

/** A raw JSON-RPC peer over the reference receiver's stdio. */
class StdioPeer implements Peer {
  readonly inbox = new Inbox();
  private nextId = 1;
  private readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
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
    child.stderr.resume();
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static start(...args: string[]): StdioPeer {
    return StdioPeer.startWith({}, ...args);
  }

  static startWith(vars: NodeJS.ProcessEnv, ...args: string[]): StdioPeer {
    return new StdioPeer(spawn(process.execPath, [MAIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...vars } }));
  }

  send(message: Json): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** Several messages in one write, as a client that batches its first lines sends them. */
  sendTogether(messages: Json[]): void {
    this.child.stdin.write(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
  }

  /** Sends a request without waiting; returns its id. */
  post(method: string, params?: Json): number {
    const id = this.nextId++;
    this.send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    return id;
  }

  async request(method: string, params?: Json): Promise<Json> {
    const id = this.post(method, params);
    return withoutServerInfo(await this.inbox.next((m) => m.id === id && !('method' in m), `the answer to ${method}`));
  }

  cancel(requestId: number): void {
    this.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });
  }

  /** Every message of a subscription, in order. */
  ofSubscription(id: number): Json[] {
    return this.inbox.messages.filter((m) => m.params?._meta?.[SUB] === id);
  }

  async close(): Promise<void> {
    this.child.stdin.end();
    await this.exited;
  }
}

/** The standard headers of a modern POST, with overrides (undefined leaves a header out). */
function standardHeaders(body: Json, overrides: Record<string, string | undefined> = {}, token?: string): Record<string, string> {
  const headers: Record<string, string | undefined> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': body.params?._meta?.['io.modelcontextprotocol/protocolVersion'] ?? VERSION,
    'Mcp-Method': body.method,
  };
  const name = body.method === 'tools/call' ? body.params?.name : String(body.method).startsWith('tasks/') ? body.params?.taskId : undefined;
  if (typeof name === 'string') headers['Mcp-Name'] = name;
  if (token) headers.Authorization = `Bearer ${token}`;
  Object.assign(headers, overrides);
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** A raw modern peer over Streamable HTTP: one POST per request, no session. */
class HttpPeer implements Peer {
  private nextId = 1;

  constructor(
    readonly url: string,
    private readonly token?: string,
  ) {}

  async post(body: Json, overrides: Record<string, string | undefined> = {}): Promise<{ status: number; headers: Headers; json?: Json }> {
    const response = await fetch(this.url, { method: 'POST', headers: standardHeaders(body, overrides, this.token), body: JSON.stringify(body) });
    const raw = await response.text();
    return { status: response.status, headers: response.headers, json: raw ? JSON.parse(raw) : undefined };
  }

  async request(method: string, params?: Json): Promise<Json> {
    const id = this.nextId++;
    const { json } = await this.post({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    expect(json?.id).toBe(id);
    return withoutServerInfo(json!);
  }

  /** Opens subscriptions/listen; its SSE messages go into the returned inbox until close(). */
  async listen(params: Json): Promise<{ id: number; status: number; contentType: string | null; inbox: Inbox; close(): void }> {
    const id = this.nextId++;
    const body = { jsonrpc: '2.0', id, method: 'subscriptions/listen', params };
    const controller = new AbortController();
    const response = await fetch(this.url, { method: 'POST', headers: standardHeaders(body, {}, this.token), body: JSON.stringify(body), signal: controller.signal });
    const inbox = new Inbox();
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
            if (data) inbox.add(JSON.parse(data));
          }
        }
      } catch {
        // aborted by close()
      }
    })();
    return { id, status: response.status, contentType: response.headers.get('content-type'), inbox, close: () => controller.abort() };
  }
}

/** Polls tasks/get (bounded, at the task's pollIntervalMs) until the task reaches one of the statuses. */
async function waitForStatus(peer: Peer, taskId: string, statuses: string[], options: EnvelopeOptions = {}): Promise<Json> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { result, error } = await peer.request('tasks/get', env({ taskId }, options));
    if (error) throw new Error(`tasks/get failed: ${JSON.stringify(error)}`);
    if (statuses.includes(result.status)) return result;
    await new Promise((resolve) => setTimeout(resolve, result.pollIntervalMs ?? 20));
  }
  throw new Error(`task ${taskId} never reached ${statuses.join('/')}`);
}

/**
 * A task held in input_required until `finish` answers it: a listen acknowledged before then sees it complete, whatever
 * the machine's load (a task of fixed short work may end before the listen is registered, and then nothing comes).
 */
async function heldTask(peer: Peer, filename: string): Promise<{ taskId: string; finish: () => Promise<void> }> {
  const taskId = await startTask(peer, 'confirm_delete', { filename });
  const [key] = Object.keys((await waitForStatus(peer, taskId, ['input_required'])).inputRequests);
  const finish = async () => {
    const answer = await peer.request('tasks/update', env({ taskId, inputResponses: { [key]: { action: 'accept', content: { confirm: true } } } }));
    if (answer.error) throw new Error(`tasks/update failed: ${JSON.stringify(answer.error)}`);
  };
  return { taskId, finish };
}

/** Waits for a listen's acknowledgement: from then on the subscription hears every change of its tasks. */
function acknowledged(peer: StdioPeer, listenId: number): Promise<Json> {
  return peer.inbox.next((m) => m.method === 'notifications/subscriptions/acknowledged' && m.params?._meta?.[SUB] === listenId, 'the acknowledgement');
}

/** Calls a tool that becomes a task (the extension declared) and returns the task id. */
async function startTask(peer: Peer, name: string, args: Json): Promise<string> {
  const { result, error } = await peer.request('tools/call', env({ name, arguments: args }));
  if (error || result.resultType !== 'task') throw new Error(`${name} did not start a task: ${JSON.stringify(error ?? result)}`);
  return result.taskId;
}

/** Validators of the extension's JSON Schema, or undefined when ../shared is not there. */
function extensionSchema(): ((definition: string, value: unknown) => string[]) | undefined {
  if (!existsSync(EXT_SCHEMA)) return undefined;
  type AjvClass = typeof AjvModule.default;
  const Ajv2020: AjvClass = (AjvModule as unknown as { default?: AjvClass }).default ?? (AjvModule as unknown as AjvClass);
  const schema = JSON.parse(readFileSync(EXT_SCHEMA, 'utf8'));
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(schema);
  return (definition, value) => {
    const validate = ajv.getSchema(`${schema.$id}#/$defs/${definition}`);
    if (!validate) return [`no definition ${definition}`];
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}

describe('modern era over stdio (dual-era process)', () => {
  let peer: StdioPeer;

  beforeAll(() => {
    peer = StdioPeer.start();
  });
  afterAll(async () => {
    await peer.close();
  });

  it('answers server/discover with the extension and without a legacy tasks capability', async () => {
    // Read raw: every result names the server in its _meta, which request() takes off.
    const id = peer.post('server/discover', env());
    const { result } = await peer.inbox.next((m) => m.id === id && !('method' in m), 'the answer to server/discover');
    expect(result.resultType).toBe('complete');
    // Dual-era: it answers initialize too, and says so.
    expect(result.supportedVersions).toEqual([VERSION, '2025-11-25']);
    expect(result.capabilities).toEqual({ tools: {}, extensions: { [EXT]: {} } });
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toEqual({ name: expect.any(String), version: expect.any(String) });
  });

  it('names itself in the _meta of every result, whatever the method', async () => {
    for (const [method, params] of [
      ['tools/list', env()],
      ['tools/call', env({ name: 'greet', arguments: { name: 'meta' } })],
      ['tools/call', env({ name: 'slow_compute', arguments: { seconds: 0 } })],
    ] as const) {
      const id = peer.post(method, params);
      const answer = await peer.inbox.next((m) => m.id === id && !('method' in m), `the answer to ${method}`);
      expect(answer.result._meta[SERVER_INFO_KEY], method).toEqual({ name: 'mcp-tasks-conformance-reference', version: expect.any(String) });
    }
  });

  it('rejects malformed envelopes, unsupported versions and removed or unknown methods', async () => {
    expect((await peer.request('tools/list')).error.code).toBe(-32602);
    expect((await peer.request('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION } })).error.code).toBe(-32602);
    expect((await peer.request('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': 7, 'io.modelcontextprotocol/clientCapabilities': {} } })).error.code).toBe(-32602);
    const unsupported = await peer.request('tools/list', env({}, { version: '1900-01-01' }));
    // Dual-era: the versions it serves include the legacy one it answers initialize with.
    expect(unsupported.error).toMatchObject({ code: -32022, data: { supported: [VERSION, '2025-11-25'], requested: '1900-01-01' } });
    expect(unsupported.error.message).not.toBe('');
    for (const method of ['tasks/list', 'tasks/result', 'ping', 'no/such/method']) {
      expect((await peer.request(method, env({ taskId: 'x' }))).error.code, method).toBe(-32601);
    }
  });

  it('lists the seven fixture tools with input schemas', async () => {
    const { result } = await peer.request('tools/list', env());
    expect(result.resultType).toBe('complete');
    expect(result.tools.map((tool: Json) => tool.name)).toEqual(FIXTURE_TOOLS);
    for (const tool of result.tools) expect(tool.inputSchema.type).toBe('object');
  });

  it('greets with a plain result, with and without the extension', async () => {
    for (const ext of [true, false]) {
      const { result } = await peer.request('tools/call', env({ name: 'greet', arguments: { name: 'Ada' } }, { ext }));
      expect(result).toEqual({ resultType: 'complete', content: [{ type: 'text', text: 'Hello, Ada!' }] });
    }
    expect((await peer.request('tools/call', env({ name: 'greet', arguments: {} }))).error.code).toBe(-32602);
    expect((await peer.request('tools/call', env({ name: 'nope', arguments: {} }))).error.code).toBe(-32602);
  });

  it('runs slow_compute synchronously without the extension and as a stored task with it', async () => {
    const plain = await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0.05, label: 'sync' } }, { ext: false }));
    expect(plain.result.resultType).toBe('complete');
    expect(text(plain.result)).toContain('sync');

    const created = (await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0.2, label: 'lbl' } }))).result;
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 300_000, pollIntervalMs: 50 });
    expect(created.taskId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(created.lastUpdatedAt).toMatch(/Z$/);
    expect(created.result).toBeUndefined();
    // Stored before the reply: the very next tasks/get finds it.
    const first = (await peer.request('tasks/get', env({ taskId: created.taskId }))).result;
    expect(first).toMatchObject({ resultType: 'complete', taskId: created.taskId, status: 'working' });
    const done = await waitForStatus(peer, created.taskId, ['completed']);
    expect(done.result.resultType).toBe('complete');
    expect(text(done.result)).toContain('lbl');
  });

  it('keeps a tool error completed and a JSON-RPC error failed', async () => {
    // failing_job runs only as a task (as the official suite registers it): refused without the extension.
    const plainFail = await peer.request('tools/call', env({ name: 'failing_job', arguments: {} }, { ext: false }));
    expect(plainFail.error.code).toBe(-32021);
    const failing = (await peer.request('tools/call', env({ name: 'failing_job', arguments: {} }))).result;
    const failingDone = await waitForStatus(peer, failing.taskId, ['completed', 'failed']);
    expect(failingDone.status).toBe('completed');
    expect(failingDone.result.isError).toBe(true);

    const plainError = await peer.request('tools/call', env({ name: 'protocol_error_job', arguments: {} }, { ext: false }));
    expect(plainError.error.code).toBe(-32603);
    const erroring = (await peer.request('tools/call', env({ name: 'protocol_error_job', arguments: {} }))).result;
    const failed = await waitForStatus(peer, erroring.taskId, ['completed', 'failed']);
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual(plainError.error);
    expect(failed.statusMessage).toBeTruthy();
    expect(failed.result).toBeUndefined();
  });

  it('asks confirm_delete through inputRequests and finishes on the answer', async () => {
    const without = await peer.request('tools/call', env({ name: 'confirm_delete', arguments: { filename: 'a.txt' } }, { ext: false }));
    expect(without.error).toMatchObject({ code: -32021, data: REQUIRED_EXTENSION });
    const noElicitation = await peer.request('tools/call', env({ name: 'confirm_delete', arguments: { filename: 'a.txt' } }, { elicit: false }));
    expect(noElicitation.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { form: {} } } } });

    for (const [answer, expected] of [
      [{ action: 'accept', content: { confirm: true } }, /Deleted a\.txt/],
      [{ action: 'decline' }, /Kept a\.txt/],
    ] as const) {
      const { taskId } = (await peer.request('tools/call', env({ name: 'confirm_delete', arguments: { filename: 'a.txt' } }))).result;
      const waiting = await waitForStatus(peer, taskId, ['input_required']);
      const keys = Object.keys(waiting.inputRequests);
      expect(keys).toHaveLength(1);
      const request = waiting.inputRequests[keys[0]];
      expect(request.method).toBe('elicitation/create');
      expect(request.params.requestedSchema.properties.confirm.type).toBe('boolean');
      expect((await peer.request('tasks/update', env({ taskId, inputResponses: { [keys[0]]: answer } }))).result).toEqual({ resultType: 'complete' });
      const done = await waitForStatus(peer, taskId, ['completed']);
      expect(text(done.result)).toMatch(expected);
    }
  });

  it('shows both multi_input requests at once, takes partial answers, and ignores keys not outstanding', async () => {
    const { taskId } = (await peer.request('tools/call', env({ name: 'multi_input', arguments: {} }))).result;
    const waiting = await waitForStatus(peer, taskId, ['input_required']);
    const [first, second] = Object.keys(waiting.inputRequests);
    expect(Object.keys(waiting.inputRequests)).toHaveLength(2);
    const partial = await peer.request('tasks/update', env({ taskId, inputResponses: { [first]: { action: 'accept', content: { value: 'red' } }, 'never-issued': { action: 'accept' } } }));
    expect(partial.result).toEqual({ resultType: 'complete' });
    const still = (await peer.request('tasks/get', env({ taskId }))).result;
    expect(still.status).toBe('input_required');
    expect(Object.keys(still.inputRequests)).toEqual([second]);
    // An answered key is no longer outstanding: answering it again is ignored.
    expect((await peer.request('tasks/update', env({ taskId, inputResponses: { [first]: { action: 'accept', content: { value: 'blue' } } } }))).result).toEqual({ resultType: 'complete' });
    await peer.request('tasks/update', env({ taskId, inputResponses: { [second]: { action: 'accept', content: { value: '42' } } } }));
    const done = await waitForStatus(peer, taskId, ['completed']);
    expect(text(done.result)).toContain('red');
    expect(text(done.result)).toContain('42');
    expect(text(done.result)).not.toContain('blue');
  });

  it('runs the MRTR round of test_tool_with_task before creating its task', async () => {
    const without = await peer.request('tools/call', env({ name: 'test_tool_with_task', arguments: {} }, { ext: false }));
    expect(without.error).toMatchObject({ code: -32021, data: REQUIRED_EXTENSION });
    const round1 = (await peer.request('tools/call', env({ name: 'test_tool_with_task', arguments: {} }))).result;
    expect(round1.resultType).toBe('input_required');
    expect(round1.inputRequests.user_name.method).toBe('elicitation/create');
    const round2 = (await peer.request('tools/call', env({ name: 'test_tool_with_task', arguments: {}, inputResponses: { user_name: { action: 'accept', content: { name: 'Grace' } } } }))).result;
    expect(round2.resultType).toBe('task');
    const done = await waitForStatus(peer, round2.taskId, ['completed']);
    expect(text(done.result)).toContain('Grace');
  });

  it('serves tasks/get, tasks/update and tasks/cancel only with the extension and only for known tasks', async () => {
    const { taskId } = (await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 30 } }))).result;
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const refused = await peer.request(method, env({ taskId, inputResponses: {} }, { ext: false }));
      expect(refused.error, method).toMatchObject({ code: -32021, data: REQUIRED_EXTENSION });
      const unknown = await peer.request(method, env({ taskId: `${taskId.slice(0, -4)}zzzz`, inputResponses: {} }));
      expect(unknown.error.code, method).toBe(-32602);
    }
    expect((await peer.request('tasks/cancel', env({ taskId }))).result).toEqual({ resultType: 'complete' });
    const cancelled = (await peer.request('tasks/get', env({ taskId }))).result;
    expect(cancelled.status).toBe('cancelled');

    const quick = (await peer.request('tools/call', env({ name: 'greet', arguments: { name: 'x' } }))).result;
    expect(quick.resultType).toBe('complete');
    const finished = (await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0 } }))).result;
    await waitForStatus(peer, finished.taskId, ['completed']);
    expect((await peer.request('tasks/cancel', env({ taskId: finished.taskId }))).result).toEqual({ resultType: 'complete' });
    expect((await peer.request('tasks/get', env({ taskId: finished.taskId }))).result.status).toBe('completed');
  });

  it('acknowledges a listen first, then sends the full task on each status change until cancelled', async () => {
    const refused = await peer.request('subscriptions/listen', env({ notifications: { taskIds: ['x'] } }, { ext: false }));
    expect(refused.error).toMatchObject({ code: -32021, data: REQUIRED_EXTENSION });

    const { taskId, finish } = await heldTask(peer, 'watched.txt');
    const listenId = peer.post('subscriptions/listen', env({ notifications: { taskIds: [taskId, 'not-a-task'] } }));
    await acknowledged(peer, listenId);
    await finish();
    const done = await peer.inbox.next((m) => m.method === 'notifications/tasks' && m.params._meta?.[SUB] === listenId && m.params.status === 'completed', 'completed');
    const messages = peer.ofSubscription(listenId);
    expect(messages[0]).toEqual({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: { taskIds: [taskId] }, _meta: { [SUB]: listenId } } });
    expect(messages.slice(1).every((m) => m.method === 'notifications/tasks')).toBe(true);
    const { resultType: _resultType, ...polled } = (await peer.request('tasks/get', env({ taskId }))).result;
    const { _meta, ...notified } = done.params;
    expect(_meta).toEqual({ [SUB]: listenId });
    expect(notified).toEqual(polled);
    expect(text(notified.result)).toContain('watched');

    // After notifications/cancelled nothing more belongs to the subscription; a second one shows the changes it would have seen.
    peer.cancel(listenId);
    const next = await heldTask(peer, 'witnessed.txt');
    const witnessId = peer.post('subscriptions/listen', env({ notifications: { taskIds: [next.taskId] } }));
    await acknowledged(peer, witnessId);
    await next.finish();
    await peer.inbox.next((m) => m.params?._meta?.[SUB] === witnessId && m.params.status === 'completed', 'the witness');
    expect(peer.ofSubscription(listenId)).toHaveLength(messages.length);
    expect(peer.inbox.messages.some((m) => m.id === listenId)).toBe(false);
    expect(peer.inbox.messages.filter((m) => m.method === 'notifications/progress' || m.method === 'notifications/message')).toEqual([]);
    peer.cancel(witnessId);
  });

  it('answers in shapes the extension schema accepts', async ({ skip }) => {
    const validate = extensionSchema();
    if (!validate) return skip(`${EXT_SCHEMA} is absent (the shared reference folder is not checked out)`);
    const created = (await peer.request('tools/call', env({ name: 'confirm_delete', arguments: { filename: 'b.txt' } }))).result;
    expect(validate('CreateTaskResult', created)).toEqual([]);
    const waiting = await waitForStatus(peer, created.taskId, ['input_required']);
    expect(validate('GetTaskResult', waiting)).toEqual([]);
    const [key] = Object.keys(waiting.inputRequests);
    const ack = (await peer.request('tasks/update', env({ taskId: created.taskId, inputResponses: { [key]: { action: 'accept', content: { confirm: true } } } }))).result;
    expect(validate('UpdateTaskResult', ack)).toEqual([]);
    expect(validate('GetTaskResult', await waitForStatus(peer, created.taskId, ['completed']))).toEqual([]);
    const erroring = (await peer.request('tools/call', env({ name: 'protocol_error_job', arguments: {} }))).result;
    expect(validate('GetTaskResult', await waitForStatus(peer, erroring.taskId, ['failed']))).toEqual([]);
    const cancelledAck = (await peer.request('tasks/cancel', env({ taskId: erroring.taskId }))).result;
    expect(validate('CancelTaskResult', cancelledAck)).toEqual([]);
  });
});

describe('the era rule on stdio', () => {
  it('serves modern requests before and after initialize, and legacy ones after it', async () => {
    const peer = StdioPeer.start();
    try {
      expect((await peer.request('tools/list', env())).result.tools.map((tool: Json) => tool.name)).toEqual(FIXTURE_TOOLS);
      // Before initialize, a request without the modern _meta is a malformed modern request.
      expect((await peer.request('tools/list')).error.code).toBe(-32602);
      const init = await peer.request('initialize', LEGACY_INIT);
      expect(init.result.protocolVersion).toBe('2025-11-25');
      peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const legacyTools = (await peer.request('tools/list')).result.tools.map((tool: Json) => tool.name);
      expect(legacyTools).toContain('conformance_echo');
      const legacyTask = (await peer.request('tools/call', { name: 'conformance_echo', arguments: { text: 'legacy' }, task: {} })).result.task;
      expect((await peer.request('tasks/result', { taskId: legacyTask.taskId })).result.content).toEqual([{ type: 'text', text: 'legacy' }]);
      // The modern era is still there, with tasks of its own.
      expect((await peer.request('server/discover', env())).result.supportedVersions).toEqual([VERSION, '2025-11-25']);
      expect((await peer.request('tools/list', env())).result.tools.map((tool: Json) => tool.name)).toEqual(FIXTURE_TOOLS);
      expect((await peer.request('tasks/get', env({ taskId: legacyTask.taskId }))).error.code).toBe(-32602);
      const modernTask = (await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0 } }))).result;
      expect((await waitForStatus(peer, modernTask.taskId, ['completed'])).status).toBe('completed');
    } finally {
      await peer.close();
    }
  });

  it('serves a legacy request that arrives in the same read as initialize as the legacy session it follows', async () => {
    const peer = StdioPeer.start();
    try {
      // One write: initialize, then tools/list before its answer could have come (a batching client).
      peer.sendTogether([
        { jsonrpc: '2.0', id: 901, method: 'initialize', params: LEGACY_INIT },
        { jsonrpc: '2.0', id: 902, method: 'tools/list' },
      ]);
      const answer = await peer.inbox.next((m) => m.id === 902 && !('method' in m), 'the answer to tools/list');
      expect(answer.error).toBeUndefined();
      expect(answer.result.tools.map((tool: Json) => tool.name)).toContain('conformance_echo');
    } finally {
      await peer.close();
    }
  });

  it('--era legacy answers modern requests with -32601 and still initializes', async () => {
    const peer = StdioPeer.start('--era', 'legacy');
    try {
      expect((await peer.request('server/discover', env())).error.code).toBe(-32601);
      expect((await peer.request('tools/call', env({ name: 'greet', arguments: { name: 'x' } }))).error.code).toBe(-32601);
      expect((await peer.request('initialize', LEGACY_INIT)).result.protocolVersion).toBe('2025-11-25');
    } finally {
      await peer.close();
    }
  });

  it('--era modern (REFERENCE_ERA) refuses initialize with -32022 naming the supported versions', async () => {
    const peer = StdioPeer.startWith({ REFERENCE_ERA: 'modern' });
    try {
      const refused = await peer.request('initialize', LEGACY_INIT);
      expect(refused.error).toMatchObject({ code: -32022, data: { supported: [VERSION], requested: '2025-11-25' } });
      const discovered = (await peer.request('server/discover', env())).result;
      expect(discovered.resultType).toBe('complete');
      // Modern only: it lists no legacy version.
      expect(discovered.supportedVersions).toEqual([VERSION]);
      expect((await peer.request('tools/list')).error.code).toBe(-32602);
    } finally {
      await peer.close();
    }
  });

  it('takes --era in both spellings and rejects an unknown era with one line', () => {
    expect(parseCli(['--era', 'modern'], {}).era).toBe('modern');
    expect(parseCli(['--era=legacy'], {}).era).toBe('legacy');
    expect(parseCli([], { REFERENCE_ERA: 'dual' }).era).toBe('dual');
    expect(parseCli([], {}).era).toBeUndefined();
    const run = spawnSync(process.execPath, [MAIN, '--era', 'medieval'], { encoding: 'utf8', timeout: 5000 });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/"medieval".*--era dual/)]);
  });
});

describe('modern era over Streamable HTTP with bearer tokens', () => {
  let server: ReferenceHttpServer;
  let alice: HttpPeer;
  let bob: HttpPeer;

  beforeAll(async () => {
    server = await startReferenceHttpServer({ port: 0, tokens: { tokA: 'alice', tokB: 'bob' } });
    alice = new HttpPeer(server.url, 'tokA');
    bob = new HttpPeer(server.url, 'tokB');
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers server/discover as plain JSON without a session', async () => {
    const reply = await alice.post({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: env() });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.headers.get('mcp-session-id')).toBeNull();
    expect(reply.json?.result.capabilities.extensions).toEqual({ [EXT]: {} });
    expect((await new HttpPeer(server.url).post({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: env() })).status).toBe(401);
  });

  it('validates the routing headers against the body (HTTP 400, -32020)', async () => {
    const call = { jsonrpc: '2.0', id: 'h', method: 'tools/call', params: env({ name: 'greet', arguments: { name: 'x' } }) };
    for (const overrides of [
      { 'MCP-Protocol-Version': undefined },
      { 'MCP-Protocol-Version': '2025-11-25' },
      { 'Mcp-Method': undefined },
      { 'Mcp-Method': 'tools/list' },
      { 'Mcp-Name': undefined },
      { 'Mcp-Name': 'other_tool' },
      { 'Mcp-Name': `=?base64?${Buffer.from('other_tool').toString('base64')}?=` },
    ]) {
      const reply = await alice.post(call, overrides);
      expect(reply.status, JSON.stringify(overrides)).toBe(400);
      expect(reply.json?.error.code, JSON.stringify(overrides)).toBe(-32020);
    }
    const encoded = await alice.post(call, { 'Mcp-Name': `=?base64?${Buffer.from('greet').toString('base64')}?=` });
    expect(encoded.status).toBe(200);
    expect(encoded.json?.result.content[0].text).toBe('Hello, x!');

    const { taskId } = (await alice.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0 } }))).result;
    const get = { jsonrpc: '2.0', id: 'g', method: 'tasks/get', params: env({ taskId }) };
    expect((await alice.post(get)).status).toBe(200);
    const wrongName = await alice.post(get, { 'Mcp-Name': 'some-other-task' });
    expect([wrongName.status, wrongName.json?.error.code]).toEqual([400, -32020]);
  });

  it('uses 400 for envelope errors, 404 for unknown or removed methods, 200 for the rest', async () => {
    const missingMeta = await alice.post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    expect([missingMeta.status, missingMeta.json?.error.code]).toEqual([400, -32602]);
    const unsupported = await alice.post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: env({}, { version: '1900-01-01' }) });
    expect([unsupported.status, unsupported.json?.error.code, unsupported.json?.error.data.supported]).toEqual([400, -32022, [VERSION, '2025-11-25']]);
    for (const method of ['tasks/list', 'no/such/method']) {
      const reply = await alice.post({ jsonrpc: '2.0', id: 3, method, params: env() });
      expect([reply.status, reply.json?.error.code], method).toEqual([404, -32601]);
    }
    const unknownTask = await alice.post({ jsonrpc: '2.0', id: 4, method: 'tasks/get', params: env({ taskId: 'nope' }) });
    expect([unknownTask.status, unknownTask.json?.error.code]).toEqual([200, -32602]);
    const notification = await fetch(server.url, {
      method: 'POST',
      headers: { ...standardHeaders({ method: 'notifications/cancelled' }, {}, 'tokA') },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }),
    });
    expect(notification.status).toBe(202);
  });

  it('streams a listen as SSE: acknowledgement first, then notifications/tasks', async () => {
    const { taskId } = (await alice.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0.2, label: 'sse' } }))).result;
    const stream = await alice.listen(env({ notifications: { taskIds: [taskId] } }));
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      const done = await stream.inbox.next((m) => m.method === 'notifications/tasks' && m.params.status === 'completed', 'completed over SSE');
      expect(stream.inbox.messages[0]).toMatchObject({ method: 'notifications/subscriptions/acknowledged', params: { notifications: { taskIds: [taskId] }, _meta: { [SUB]: stream.id } } });
      expect(done.params._meta).toEqual({ [SUB]: stream.id });
      expect(text(done.params.result)).toContain('sse');
    } finally {
      stream.close();
    }
    const refused = await bob.post({ jsonrpc: '2.0', id: 9, method: 'subscriptions/listen', params: env({ notifications: { taskIds: [taskId] } }, { ext: false }) });
    expect([refused.status, refused.json?.error.code]).toEqual([400, -32021]);
  });

  it("keeps each context's tasks to itself", async () => {
    const { taskId } = (await alice.request('tools/call', env({ name: 'confirm_delete', arguments: { filename: 'secret.txt' } }))).result;
    await waitForStatus(alice, taskId, ['input_required']);
    const unknownId = `${taskId.slice(0, -4)}zzzz`;
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const foreign = await bob.request(method, env({ taskId, inputResponses: {} }));
      const unknown = await bob.request(method, env({ taskId: unknownId, inputResponses: {} }));
      expect(foreign.error.code, method).toBe(-32602);
      expect(foreign.error, method).toEqual(unknown.error);
    }
    const stream = await bob.listen(env({ notifications: { taskIds: [taskId] } }));
    try {
      const ack = await stream.inbox.next((m) => m.method === 'notifications/subscriptions/acknowledged', 'the acknowledgement');
      expect(ack.params.notifications).toEqual({ taskIds: [] });
    } finally {
      stream.close();
    }
    expect((await alice.request('tasks/get', env({ taskId }))).result.status).toBe('input_required');
  });

  it('keeps the legacy era on sessions, and answers GET and DELETE without one with 405', async () => {
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: 'Bearer tokA' };
    const init = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: LEGACY_INIT }) });
    expect(init.status).toBe(200);
    const session = init.headers.get('mcp-session-id');
    expect(session).toBeTruthy();
    await init.text();
    const sessionHeaders = { ...headers, 'mcp-session-id': session!, 'mcp-protocol-version': '2025-11-25' };
    const tools = await (await fetch(server.url, { method: 'POST', headers: sessionHeaders, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })).json();
    expect(tools.result.tools.map((tool: Json) => tool.name)).toContain('conformance_echo');
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(server.url, { method, headers: { Authorization: 'Bearer tokA', Accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      await response.text();
    }
    await fetch(server.url, { method: 'DELETE', headers: sessionHeaders });
  });
});

describe('eras and faults on HTTP', () => {
  it('--era modern refuses initialize with -32022 and ignores session ids', async () => {
    const server = await startReferenceHttpServer({ port: 0, era: 'modern' });
    try {
      const peer = new HttpPeer(server.url);
      const init = await peer.post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: LEGACY_INIT });
      expect([init.status, init.json?.error.code, init.json?.error.data.supported]).toEqual([400, -32022, [VERSION]]);
      const withSession = await peer.post({ jsonrpc: '2.0', id: 2, method: 'server/discover', params: env() }, { 'Mcp-Session-Id': 'stale' });
      expect(withSession.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('ends an open listen stream with its closing result when the server shuts down', async () => {
    const server = await startReferenceHttpServer({ port: 0 });
    const stream = await new HttpPeer(server.url).listen(env({ notifications: { taskIds: [] } }));
    await stream.inbox.next((m) => m.method === 'notifications/subscriptions/acknowledged', 'the acknowledgement');
    await server.close();
    const closing = await stream.inbox.next((m) => m.id === stream.id, 'the closing result');
    expect(closing.result).toEqual({ resultType: 'complete', _meta: { [SUB]: stream.id } });
  });

  it('--era legacy keeps the 2025-11-25 answer to a sessionless POST', async () => {
    const server = await startReferenceHttpServer({ port: 0, era: 'legacy' });
    try {
      const reply = await new HttpPeer(server.url).post({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: env() });
      expect([reply.status, reply.json?.error.code]).toEqual([400, -32000]);
    } finally {
      await server.close();
    }
  });

  it('ext-ignores-routing-headers accepts a missing Mcp-Name; ext-shared-tasks lets another context read a task', async () => {
    const server = await startReferenceHttpServer({ port: 0, tokens: { tokA: 'alice', tokB: 'bob' }, faults: ['ext-ignores-routing-headers', 'ext-shared-tasks'] });
    try {
      const alice = new HttpPeer(server.url, 'tokA');
      const created = await alice.post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: env({ name: 'slow_compute', arguments: { seconds: 0 } }) }, { 'Mcp-Name': undefined });
      expect(created.status).toBe(200);
      const shared = await new HttpPeer(server.url, 'tokB').request('tasks/get', env({ taskId: created.json?.result.taskId }));
      expect(shared.result.taskId).toBe(created.json?.result.taskId);
    } finally {
      await server.close();
    }
  });
});

describe('modern faults over stdio', () => {
  it('are all known to --fault, and none is active unless named', () => {
    for (const name of Object.keys(MODERN_FAULT_DESCRIPTIONS)) expect(KNOWN_FAULTS).toContain(name);
  });

  const cases: Array<[string, (peer: StdioPeer) => Promise<void>]> = [
    ['ext-resulttype-not-task', async (peer) => expect((await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0 } }))).result.resultType).toBe('complete')],
    ['ext-task-without-extension', async (peer) => expect((await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0 } }, { ext: false }))).result.resultType).toBe('task')],
    [
      'ext-sequential-ids',
      async (peer) => {
        const ids = [];
        for (let i = 0; i < 2; i++) ids.push((await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0 } }))).result.taskId);
        expect(ids).toEqual(['task-1', 'task-2']);
      },
    ],
    ['ext-unknown-task-wrong-code', async (peer) => expect((await peer.request('tasks/get', env({ taskId: 'nope' }))).error.code).toBe(-32603)],
    ['ext-empty-error-messages', async (peer) => expect((await peer.request('tasks/list', env())).error).toEqual({ code: -32601, message: '' })],
    [
      'ext-lazy-create',
      async (peer) => {
        const { taskId } = (await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0 } }))).result;
        expect((await peer.request('tasks/get', env({ taskId }))).error.code).toBe(-32602);
      },
    ],
    [
      'ext-cancel-overrides-terminal',
      async (peer) => {
        const { taskId } = (await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0 } }))).result;
        await waitForStatus(peer, taskId, ['completed']);
        await peer.request('tasks/cancel', env({ taskId }));
        expect((await peer.request('tasks/get', env({ taskId }))).result.status).toBe('cancelled');
      },
    ],
    [
      'ext-reuses-input-key',
      async (peer) => {
        const { taskId } = (await peer.request('tools/call', env({ name: 'multi_input', arguments: {} }))).result;
        const [first, second] = Object.keys((await waitForStatus(peer, taskId, ['input_required'])).inputRequests);
        await peer.request('tasks/update', env({ taskId, inputResponses: { [first]: { action: 'accept', content: { value: 'a' } } } }));
        const after = (await peer.request('tasks/get', env({ taskId }))).result.inputRequests;
        expect(Object.keys(after)).toEqual([first]);
        expect(after[first].params.message).toMatch(/Second/);
        expect(second).not.toBe(first);
      },
    ],
    [
      'ext-listen-no-ack',
      async (peer) => {
        const { taskId } = (await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0.05 } }))).result;
        const id = peer.post('subscriptions/listen', env({ notifications: { taskIds: [taskId] } }));
        await peer.inbox.next((m) => m.params?._meta?.[SUB] === id && m.params.status === 'completed', 'completed');
        expect(peer.ofSubscription(id).map((m) => m.method)).not.toContain('notifications/subscriptions/acknowledged');
      },
    ],
    [
      'ext-notifies-unasked',
      async (peer) => {
        const { taskId } = (await peer.request('tools/call', env({ name: 'slow_compute', arguments: { seconds: 0 } }))).result;
        await peer.inbox.next((m) => m.method === 'notifications/tasks' && m.params.taskId === taskId, 'an unasked notification');
      },
    ],
    [
      'ext-required-error-no-data',
      async (peer) => {
        const { error } = await peer.request('tools/call', env({ name: 'confirm_delete', arguments: { filename: 'f' } }, { ext: false }));
        expect([error.code, error.data]).toEqual([-32021, undefined]);
      },
    ],
    [
      'ext-task-methods-without-extension',
      async (peer) => {
        const taskId = await startTask(peer, 'slow_compute', { seconds: 0 });
        expect((await peer.request('tasks/get', env({ taskId }, { ext: false }))).result.taskId).toBe(taskId);
      },
    ],
    [
      'ext-listen-without-extension',
      async (peer) => {
        const id = peer.post('subscriptions/listen', env({ notifications: { taskIds: [] } }, { ext: false }));
        await peer.inbox.next((m) => m.method === 'notifications/subscriptions/acknowledged' && m.params._meta[SUB] === id, 'the acknowledgement');
      },
    ],
    ['ext-advertises-legacy-tasks', async (peer) => expect((await peer.request('server/discover', env())).result.capabilities.tasks).toBeDefined()],
    ['ext-get-resulttype-task', async (peer) => expect((await peer.request('tasks/get', env({ taskId: await startTask(peer, 'slow_compute', { seconds: 1 }) }))).result.resultType).toBe('task')],
    ['ext-ack-not-empty', async (peer) => expect((await peer.request('tasks/cancel', env({ taskId: await startTask(peer, 'slow_compute', { seconds: 1 }) }))).result.status).toBe('cancelled')],
    ['ext-completed-without-result', async (peer) => expect((await waitForStatus(peer, await startTask(peer, 'slow_compute', { seconds: 0 }), ['completed'])).result).toBeUndefined()],
    ['ext-failed-without-error', async (peer) => expect((await waitForStatus(peer, await startTask(peer, 'protocol_error_job', {}), ['failed'])).error).toBeUndefined()],
    ['ext-tool-error-failed', async (peer) => expect((await waitForStatus(peer, await startTask(peer, 'failing_job', {}), ['completed', 'failed'])).status).toBe('failed')],
    [
      'ext-input-required-without-requests',
      async (peer) => expect((await waitForStatus(peer, await startTask(peer, 'confirm_delete', { filename: 'f' }), ['input_required'])).inputRequests).toBeUndefined(),
    ],
    ['ext-one-request-at-a-time', async (peer) => expect(Object.keys((await waitForStatus(peer, await startTask(peer, 'multi_input', {}), ['input_required'])).inputRequests)).toHaveLength(1)],
    [
      'ext-terminal-reverts',
      async (peer) => {
        const taskId = await startTask(peer, 'slow_compute', { seconds: 0 });
        await waitForStatus(peer, taskId, ['completed']);
        expect((await peer.request('tasks/get', env({ taskId }))).result.status).toBe('working');
      },
    ],
    [
      'ext-update-refused',
      async (peer) => {
        const taskId = await startTask(peer, 'confirm_delete', { filename: 'f' });
        const [key] = Object.keys((await waitForStatus(peer, taskId, ['input_required'])).inputRequests);
        expect((await peer.request('tasks/update', env({ taskId, inputResponses: { [key]: { action: 'decline' } } }))).error.code).toBe(-32603);
      },
    ],
    [
      'ext-update-unknown-key-rejected',
      async (peer) => {
        const taskId = await startTask(peer, 'confirm_delete', { filename: 'f' });
        await waitForStatus(peer, taskId, ['input_required']);
        expect((await peer.request('tasks/update', env({ taskId, inputResponses: { 'never-issued': { action: 'decline' } } }))).error.code).toBe(-32602);
      },
    ],
    ['ext-cancel-refused', async (peer) => expect((await peer.request('tasks/cancel', env({ taskId: await startTask(peer, 'slow_compute', { seconds: 1 }) }))).error.code).toBe(-32603)],
    [
      'ext-notify-partial-task',
      async (peer) => {
        const { taskId, finish } = await heldTask(peer, 'partial.txt');
        const id = peer.post('subscriptions/listen', env({ notifications: { taskIds: [taskId] } }));
        await acknowledged(peer, id);
        await finish();
        const done = await peer.inbox.next((m) => m.params?._meta?.[SUB] === id && m.params.status === 'completed', 'completed');
        expect(done.params.result).toBeUndefined();
      },
    ],
    [
      'ext-progress-on-listen',
      async (peer) => {
        const taskId = await startTask(peer, 'slow_compute', { seconds: 1 });
        const id = peer.post('subscriptions/listen', env({ notifications: { taskIds: [taskId] } }));
        await peer.inbox.next((m) => m.method === 'notifications/progress' && m.params._meta[SUB] === id, 'progress on the stream');
      },
    ],
    [
      'ext-serves-removed-methods',
      async (peer) => {
        expect((await peer.request('tasks/list', env())).result.tasks).toEqual([]);
        const taskId = await startTask(peer, 'slow_compute', { seconds: 0, label: 'old' });
        await waitForStatus(peer, taskId, ['completed']);
        expect(text((await peer.request('tasks/result', env({ taskId }))).result)).toContain('old');
      },
    ],
    ['ext-accepts-missing-meta', async (peer) => expect((await peer.request('tools/list', {})).result.tools).toHaveLength(FIXTURE_TOOLS.length)],
    ['ext-unsupported-version-no-list', async (peer) => expect((await peer.request('tools/list', env({}, { version: '1900-01-01' }))).error.data).toEqual({ requested: '1900-01-01' })],
  ];

  it.each(cases)('%s breaks its behaviour', async (fault, probe) => {
    const peer = StdioPeer.start('--fault', fault);
    try {
      await probe(peer);
    } finally {
      await peer.close();
    }
  });
});
