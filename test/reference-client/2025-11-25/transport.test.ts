// The reference client's own Streamable HTTP transport, its SSE parser and its hand-written params checks, each
// against a raw node:http server (or the SDK's schemas, which the checks must agree with) so every header, status
// and byte on the wire is the test's own choice.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateMessageRequestParamsSchema, ElicitRequestParamsSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamableHttpClientTransport, type ReconnectionPolicy } from '../../../reference-client/2025-11-25/http-transport.js';
import { paramsProblem } from '../../../reference-client/2025-11-25/request-params.js';
import { SseParser, type SseEvent } from '../../../reference-client/shared/sse-parser.js';

// Messages are read field by field; a typed model would only restate them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const FAST: ReconnectionPolicy = { initialDelayMs: 10, maxDelayMs: 40, growFactor: 2, maxRetries: 4 };
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } } } as const;
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' } as const;

function until<T>(promise: Promise<T>, label: string, timeoutMs = 3000): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([promise.finally(() => clearTimeout(timer)), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}`)), timeoutMs)))]);
}

describe('the SSE parser', () => {
  const parse = (chunks: string[]) => {
    const events: SseEvent[] = [];
    const retries: number[] = [];
    const parser = new SseParser(
      (event) => events.push(event),
      (ms) => retries.push(ms),
    );
    for (const chunk of chunks) parser.push(chunk);
    return { events, retries };
  };
  const stream = '\uFEFF: keep-alive\r\nid: 1\r\ndata:\r\n\r\nevent: message\nid: 2\ndata: {"a":\ndata: 1}\n\nretry: 250\ndata: x\rdata: y\r\rid\nevent: other\ndata: z\n\ndata: incomplete';
  const expected = [
    { type: '', data: '', id: '1' },
    { type: 'message', data: '{"a":\n1}', id: '2' },
    { type: '', data: 'x\ny' },
    { type: 'other', data: 'z', id: '' },
  ];

  it('joins data lines, keeps ids, types and retry, and skips comments, whatever the line ends', () => {
    expect(parse([stream])).toEqual({ events: expected, retries: [250] });
  });

  it('gives the same events however the text is cut into chunks', () => {
    for (let size = 1; size <= 7; size++) {
      const chunks = Array.from({ length: Math.ceil(stream.length / size) }, (_, i) => stream.slice(i * size, (i + 1) * size));
      expect(parse(chunks).events, `chunks of ${size}`).toEqual(expected);
    }
    // A CRLF cut between its CR and its LF is one line end, not two.
    expect(parse(['data: a\r', '\n\r', '\n']).events).toEqual([{ type: '', data: 'a' }]);
  });
});

/** A Streamable HTTP endpoint whose every answer the test writes by hand; it records what arrives. */
class RawServer {
  readonly seen: Array<{ method: string; headers: IncomingMessage['headers']; body: Json | undefined }> = [];
  handler: (req: IncomingMessage, res: ServerResponse, body: Json | undefined) => void = (_req, res) => void res.writeHead(500).end();
  url = '';
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Json) : undefined;
      this.seen.push({ method: req.method ?? '', headers: req.headers, body });
      this.handler(req, res, body);
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/mcp`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const json = (res: ServerResponse, value: unknown, headers: Record<string, string> = {}) => res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
const event = (message: unknown, id?: string) => `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(message)}\n\n`;

describe('the transport', () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });

  async function setup(policy: ReconnectionPolicy = FAST) {
    const server = await new RawServer().start();
    const transport = new StreamableHttpClientTransport(server.url, policy);
    open.push(server, transport);
    const messages: Json[] = [];
    const errors: string[] = [];
    transport.onmessage = (message) => void messages.push(message);
    transport.onerror = (error) => void errors.push(error.message);
    return { server, transport, messages, errors };
  }

  it('POSTs with both media types, keeps the session id of initialize and sends the protocol version once told', async () => {
    const { server, transport, messages } = await setup();
    server.handler = (req, res, body) => {
      if (body?.method === 'initialize') return json(res, { jsonrpc: '2.0', id: body.id, result: { ok: true } }, { 'mcp-session-id': 'session-1' });
      if (body?.method === 'ping')
        return json(res, [
          { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } },
          { jsonrpc: '2.0', id: body.id, result: {} },
        ]);
      res.writeHead(202).end();
    };
    await transport.start();
    await transport.send(INITIALIZE);
    expect(transport.sessionId).toBe('session-1');
    transport.setProtocolVersion('2025-11-25');
    await transport.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    await transport.send({ jsonrpc: '2.0', id: 'x', result: {} });
    expect(messages.map((m) => m.id ?? m.method)).toEqual([1, 'notifications/message', 2]);
    const [init, ping, answer] = server.seen;
    expect(init.headers).toMatchObject({ accept: 'application/json, text/event-stream', 'content-type': 'application/json' });
    expect(init.headers).not.toHaveProperty('mcp-session-id');
    expect(init.headers).not.toHaveProperty('mcp-protocol-version');
    for (const later of [ping, answer]) expect(later.headers).toMatchObject({ 'mcp-session-id': 'session-1', 'mcp-protocol-version': '2025-11-25' });
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: 'x', result: {} });
  });

  it('reads an SSE answer as it streams, and reports malformed messages instead of delivering them', async () => {
    const { server, transport, messages, errors } = await setup();
    server.handler = (_req, res, body) => {
      sse(res).write('id: p1\ndata:\n\n');
      res.write(event({ jsonrpc: '2.0', id: 99, method: 'elicitation/create', params: { message: 'm' } }));
      res.write(event({ jsonrpc: '1.0', id: 5, result: {} }) + 'data: {not json\n\n');
      setTimeout(() => res.end(event({ jsonrpc: '2.0', id: body?.id, result: { done: true } })), 20);
    };
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: {} });
    await until(new Promise<void>((resolve) => (transport.onmessage = (message) => (messages.push(message), 'result' in message && resolve()))), 'the streamed answer');
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 99, method: 'elicitation/create', params: { message: 'm' } },
      { jsonrpc: '2.0', id: 7, result: { done: true } },
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/malformed JSON-RPC message/);
    expect(errors[1]).toMatch(/not JSON/);
  });

  it('opens the GET stream once initialized is accepted, and reopens it with Last-Event-ID when it drops', async () => {
    const { server, transport, messages } = await setup();
    let gets = 0;
    let opened = 0;
    transport.onstreamopen = () => void opened++;
    const second = new Promise<void>((resolve) => {
      server.handler = (req, res, body) => {
        if (body?.method === 'initialize') return json(res, { jsonrpc: '2.0', id: body.id, result: {} }, { 'mcp-session-id': 's' });
        if (req.method === 'POST') return void res.writeHead(202).end();
        gets++;
        if (gets === 1) return void sse(res).end(event({ jsonrpc: '2.0', id: 1, method: 'ping' }, 'e1'));
        sse(res).write(event({ jsonrpc: '2.0', id: 2, method: 'ping' }, 'e2'));
        resolve();
      };
    });
    await transport.send(INITIALIZE);
    await transport.send(INITIALIZED);
    await until(second, 'the reopened GET stream');
    await until(
      (async () => {
        while (messages.length < 3) await new Promise((resolve) => setTimeout(resolve, 5));
      })(),
      'the message on the reopened stream',
    );
    const getRequests = server.seen.filter((s) => s.method === 'GET');
    expect(getRequests[0].headers).toMatchObject({ accept: 'text/event-stream', 'mcp-session-id': 's' });
    expect(getRequests[0].headers).not.toHaveProperty('last-event-id');
    expect(getRequests[1].headers).toMatchObject({ 'last-event-id': 'e1' });
    expect(messages.filter((m) => m.method === 'ping').map((m) => m.id)).toEqual([1, 2]);
    expect(opened).toBe(2);
  });

  it('takes a 404 to its session id as the end of the session, and 405 to the GET as no stream', async () => {
    const { server, transport } = await setup();
    const ended: string[] = [];
    let noStream = 0;
    transport.onsessionended = (method) => void ended.push(method);
    transport.onnostream = () => void noStream++;
    server.handler = (req, res, body) => {
      if (body?.method === 'initialize') return json(res, { jsonrpc: '2.0', id: body.id, result: {} }, { 'mcp-session-id': 's' });
      if (req.method === 'GET') return void res.writeHead(405).end();
      if (body?.method === 'notifications/initialized') return void res.writeHead(202).end();
      res.writeHead(404).end();
    };
    await transport.send(INITIALIZE);
    await transport.send(INITIALIZED);
    await until(
      (async () => {
        while (noStream === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      })(),
      'the 405',
    );
    await expect(transport.send({ jsonrpc: '2.0', id: 2, method: 'ping' })).rejects.toThrow(/ended the session/);
    expect(ended).toEqual(['POST']);
    expect(server.seen.filter((s) => s.method === 'GET')).toHaveLength(1);
  });

  it('gives up on a GET stream it cannot reopen after the policy runs out, waiting longer each time', async () => {
    const { server, transport } = await setup();
    const lost = new Promise<string>((resolve) => (transport.onstreamlost = resolve));
    server.handler = (req, res, body) => {
      if (body?.method === 'initialize') return json(res, { jsonrpc: '2.0', id: body.id, result: {} });
      if (req.method === 'POST') return void res.writeHead(202).end();
      if (server.seen.filter((s) => s.method === 'GET').length === 1) return void sse(res).end();
      res.writeHead(503).end();
    };
    const started = performance.now();
    await transport.send(INITIALIZE);
    await transport.send(INITIALIZED);
    expect(await until(lost, 'giving up')).toMatch(/503/);
    // The first GET, then 4 reopening attempts after 10, 20, 40 and 40 ms.
    expect(server.seen.filter((s) => s.method === 'GET')).toHaveLength(5);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('ends the session with DELETE, and close() ends an open stream', async () => {
    const { server, transport } = await setup();
    let streamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (streamClosed = resolve));
    server.handler = (req, res, body) => {
      if (body?.method === 'initialize') return json(res, { jsonrpc: '2.0', id: body.id, result: {} }, { 'mcp-session-id': 's' });
      if (req.method === 'GET') {
        sse(res).write(': open\n\n');
        res.once('close', streamClosed);
        return;
      }
      res.writeHead(req.method === 'DELETE' ? 200 : 202).end();
    };
    await transport.send(INITIALIZE);
    await transport.send(INITIALIZED);
    await transport.terminateSession();
    expect(server.seen.at(-1)).toMatchObject({ method: 'DELETE', headers: { 'mcp-session-id': 's' } });
    expect(transport.sessionId).toBeUndefined();
    await transport.close();
    await until(closed, 'the server to see the stream close');
    await expect(transport.send({ jsonrpc: '2.0', id: 3, method: 'ping' })).rejects.toThrow();
  });
});

describe('the params checks agree with the SDK schemas', () => {
  const message = (content: unknown, role = 'user') => ({ role, content });
  const sampling = (extra: Json = {}) => ({ messages: [message({ type: 'text', text: 'hi' })], maxTokens: 10, ...extra });
  const form = (properties: Json, extra: Json = {}) => ({ message: 'm', requestedSchema: { type: 'object', properties }, ...extra });
  const SAMPLING: Json[] = [
    sampling(),
    sampling({
      messages: [
        message(
          [
            { type: 'text', text: 'a' },
            { type: 'image', data: 'aGk=', mimeType: 'image/png' },
          ],
          'assistant',
        ),
      ],
    }),
    sampling({ messages: [message({ type: 'tool_use', name: 'n', id: 'i', input: {} }), message({ type: 'tool_result', toolUseId: 'i', content: [{ type: 'text', text: 'r' }] })] }),
    sampling({ modelPreferences: { hints: [{ name: 'm' }], costPriority: 0.5 }, systemPrompt: 's', includeContext: 'none', temperature: 0.2, stopSequences: ['x'], metadata: { a: 1 }, extra: 1 }),
    sampling({ messages: [message({ type: 'text', text: 'a', annotations: { audience: ['user'], priority: 1, lastModified: '2025-01-12T15:00:58Z' } })] }),
    sampling({ _meta: { progressToken: 1 } }),
    { messages: 'nope', maxTokens: 1 },
    sampling({ maxTokens: 1.5 }),
    sampling({ maxTokens: '10' }),
    { messages: [] },
    sampling({ messages: [message({ type: 'text', text: 'a' }, 'system')] }),
    sampling({ messages: [message({ type: 'text' })] }),
    sampling({ messages: [message({ type: 'video', url: 'x' })] }),
    sampling({ messages: [message([{ type: 'text', text: 'a' }, 'plain'])] }),
    sampling({ messages: [message({ type: 'image', data: '***', mimeType: 'image/png' })] }),
    sampling({ modelPreferences: { costPriority: 2 } }),
    sampling({ includeContext: 'everything' }),
    sampling({ stopSequences: [1] }),
    sampling({ temperature: 'hot' }),
    sampling({ systemPrompt: 3 }),
    sampling({ messages: [message({ type: 'text', text: 'a', annotations: { priority: -1 } })] }),
  ];
  const ELICITATION: Json[] = [
    form({ answer: { type: 'string' } }),
    form({ answer: { type: 'string', minLength: 1, format: 'email', default: 'a' } }, { mode: 'form' }),
    form({ n: { type: 'integer', minimum: 0 }, b: { type: 'boolean', default: true }, c: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] } }),
    form({ c: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] }, m: { type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a'] } }),
    form({ m: { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } } }),
    form({}, { requestedSchema: { type: 'object', properties: {}, required: ['x'] } }),
    { mode: 'url', message: 'm', elicitationId: 'e', url: 'https://example.com' },
    { message: 'm' },
    form({ answer: { type: 'string' } }, { message: 5 }),
    form({ answer: { type: 'object' } }),
    form({ answer: 'string' }),
    form({ answer: { type: 'string', format: 'phone' } }),
    form({ m: { type: 'array', items: { type: 'number' } } }),
    { message: 'm', requestedSchema: { type: 'array', properties: {} } },
    { message: 'm', requestedSchema: { type: 'object' } },
    form({}, { mode: 'popup' }),
    { mode: 'url', message: 'm', url: 'https://example.com' },
    { mode: 'url', message: 'm', elicitationId: 'e', url: 'not a url' },
  ];

  it('for sampling/createMessage', () => {
    for (const params of SAMPLING) {
      const problem = paramsProblem('sampling/createMessage', params);
      expect(problem === undefined, `${JSON.stringify(params)}: ${problem?.message}`).toBe(CreateMessageRequestParamsSchema.safeParse(params).success);
    }
    expect(paramsProblem('sampling/createMessage', SAMPLING[7])).toMatchObject({ where: 'params.maxTokens', why: 'must be an integer' });
    expect(paramsProblem('sampling/createMessage', SAMPLING[10])).toMatchObject({ where: 'params.messages[0].role' });
  });

  it('for elicitation/create', () => {
    for (const params of ELICITATION) {
      const problem = paramsProblem('elicitation/create', params);
      expect(problem === undefined, `${JSON.stringify(params)}: ${problem?.message}`).toBe(ElicitRequestParamsSchema.safeParse(params).success);
    }
    expect(paramsProblem('elicitation/create', ELICITATION[9])).toMatchObject({ where: 'params.requestedSchema.properties["answer"].type' });
  });
});
