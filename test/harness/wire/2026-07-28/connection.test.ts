import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModernHttpTransport, type HttpExchange } from '../../../../harness/wire/2026-07-28/http-transport.js';
import { headerValue, routedName, standardHeaders, withEnvelope, clientCapabilities, declaresExtension, TASKS_EXTENSION } from '../../../../harness/wire/2026-07-28/envelope.js';
import { probeEra } from '../../../../harness/receivers/2026-07-28/era-probe.js';
import { makeTiming } from '../../../../harness/wire/timing.js';

describe('the modern envelope', () => {
  it('keeps safe ASCII header values plain and encodes the rest with the Base64 sentinel', () => {
    expect(headerValue('get_weather')).toBe('get_weather');
    expect(headerValue('a b')).toBe('a b');
    expect(headerValue('Hello, 世界')).toBe(`=?base64?${Buffer.from('Hello, 世界').toString('base64')}?=`);
    expect(headerValue(' padded ')).toBe(`=?base64?${Buffer.from(' padded ').toString('base64')}?=`);
    expect(headerValue('line1\nline2')).toMatch(/^=\?base64\?/);
    // A plain value that looks like the sentinel would be misread as encoded: it is encoded too.
    expect(headerValue('=?base64?literal?=')).toBe(`=?base64?${Buffer.from('=?base64?literal?=').toString('base64')}?=`);
    expect(headerValue('')).toBe('=?base64??=');
  });

  it('mirrors the method, the version and the routed name into the standard headers', () => {
    const get = { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: withEnvelope({ taskId: 'abc' }, clientCapabilities(true)) };
    expect(standardHeaders(get)).toEqual({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tasks/get', 'mcp-name': 'abc' });
    expect(standardHeaders({ method: 'tools/call', params: { name: 'greet', _meta: { 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } } })).toEqual({
      'mcp-protocol-version': '1900-01-01',
      'mcp-method': 'tools/call',
      'mcp-name': 'greet',
    });
    expect(standardHeaders({ method: 'server/discover', params: {} })['mcp-name']).toBeUndefined();
    expect(routedName('tasks/update', { taskId: 7 })).toBeUndefined();
  });

  it('merges the envelope under keys the caller set, and tells whether the extension is declared', () => {
    const params = withEnvelope({ taskId: 't', _meta: { custom: 1 } }, clientCapabilities(false));
    const meta = params._meta as Record<string, unknown>;
    expect(meta.custom).toBe(1);
    expect(meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
    expect(declaresExtension(meta['io.modelcontextprotocol/clientCapabilities'])).toBe(false);
    expect(declaresExtension(clientCapabilities(true))).toBe(true);
    expect(declaresExtension({ extensions: { [TASKS_EXTENSION]: true } })).toBe(false);
  });
});

/** A loopback server whose answers each test sets; it records the headers of every POST. */
let server: Server;
let url: string;
let answer: (req: IncomingMessage, res: ServerResponse, body: string) => void = (_req, res) => res.end();
const seenHeaders: IncomingMessage['headers'][] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seenHeaders.push(req.headers);
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function transportWithInbox() {
  const exchanges = new Map<string | number, HttpExchange>();
  const transport = new ModernHttpTransport(url, { authorization: 'Bearer x' }, exchanges);
  const inbox: unknown[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  transport.onmessage = (message) => {
    inbox.push(message);
    for (const waiter of waiters.filter((w) => inbox.length >= w.count)) waiter.resolve();
  };
  /** Resolves once `count` messages have arrived in all. */
  const received = (count: number) => new Promise<void>((resolve) => (inbox.length >= count ? resolve() : waiters.push({ count, resolve })));
  return { transport, exchanges, inbox, received };
}

describe('the modern Streamable HTTP transport', () => {
  it('posts each request with the standard headers and hands on a JSON answer with its status', async () => {
    answer = (_req, res, body) => {
      const { id } = JSON.parse(body) as { id: number };
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32020, message: 'mismatch' } }));
    };
    const { transport, exchanges, inbox } = transportWithInbox();
    await transport.send({ jsonrpc: '2.0', id: 5, method: 'tasks/get', params: withEnvelope({ taskId: 'T1' }, clientCapabilities(true)) });
    expect(inbox).toEqual([{ jsonrpc: '2.0', id: 5, error: { code: -32020, message: 'mismatch' } }]);
    expect(exchanges.get(5)).toMatchObject({ status: 400, delivery: 'json' });
    const headers = seenHeaders.at(-1)!;
    expect(headers).toMatchObject({ 'mcp-method': 'tasks/get', 'mcp-name': 'T1', 'mcp-protocol-version': '2026-07-28', authorization: 'Bearer x' });
    expect(headers.accept).toContain('text/event-stream');
    await transport.close();
  });

  it('sets and leaves out headers a check overrides on purpose', async () => {
    answer = (_req, res, body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(body) as { id: number }).id, result: {} }));
    const { transport } = transportWithInbox();
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { taskId: 'T1' } }, { headers: { 'Mcp-Name': 'other', 'mcp-method': null } });
    expect(seenHeaders.at(-1)!['mcp-name']).toBe('other');
    expect(seenHeaders.at(-1)!['mcp-method']).toBeUndefined();
    await transport.close();
  });

  it('reads an SSE answer event by event and can close a stream that stays open', async () => {
    let streamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (streamClosed = resolve));
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: {} })}\n\n`);
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tasks', params: { taskId: 'T' } })}\n\n`);
      res.on('close', streamClosed);
    };
    const { transport, exchanges, inbox, received } = transportWithInbox();
    await transport.send({ jsonrpc: '2.0', id: 'listen-1', method: 'subscriptions/listen', params: {} });
    await received(2);
    expect(inbox[1]).toMatchObject({ method: 'notifications/tasks' });
    expect(exchanges.get('listen-1')).toMatchObject({ status: 200, delivery: 'sse' });
    transport.abortRequest('listen-1');
    await closed;
    await transport.close();
  });

  it('reports an answer with no JSON-RPC body as a failed send, and takes a 202 for a notification', async () => {
    answer = (_req, res, body) => {
      if ((JSON.parse(body) as { id?: unknown }).id === undefined) return void res.writeHead(202).end();
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>no</h1>');
    };
    const { transport, inbox } = transportWithInbox();
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} })).rejects.toThrow(/HTTP 404 with a body that is not JSON/);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    expect(inbox).toEqual([]);
    await transport.close();
  });
});

describe('the era probe', () => {
  const timing = makeTiming(1);

  it('finds a modern server by its DiscoverResult', async () => {
    answer = (_req, res, body) => {
      const { id } = JSON.parse(body) as { id: number };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {} } }));
    };
    expect(await probeEra({ transport: 'http', url, headers: {} }, timing)).toMatchObject({ modern: true, supportedVersions: ['2026-07-28'] });
  });

  it('finds a modern server by an UnsupportedProtocolVersionError, and a legacy one by anything else', async () => {
    answer = (_req, res, body) => {
      const { id } = JSON.parse(body) as { id: number };
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32022, message: 'no', data: { supported: ['2027-01-01'] } } }));
    };
    expect(await probeEra({ transport: 'http', url, headers: {} }, timing)).toMatchObject({ modern: true, supportedVersions: ['2027-01-01'] });
    answer = (_req, res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' } }));
    // A legacy server's id-less 400 names no modern error: legacy, at once (no waiting out the probe's bound).
    const legacy = await probeEra({ transport: 'http', url, headers: {} }, timing);
    expect(legacy).toMatchObject({ modern: false });
    expect(legacy.why).toMatch(/no JSON-RPC answer .*request id null/);
    answer = (_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    expect(await probeEra({ transport: 'http', url, headers: {} }, timing)).toMatchObject({ modern: false });
  });
});
