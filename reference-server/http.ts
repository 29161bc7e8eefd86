// The Streamable HTTP front end: node:http, bearer-token contexts, one SDK transport per MCP session,
// and a per-session outbox that holds server-initiated messages until the client's GET stream is open.
// POSTs without a session that are not initialize belong to the modern era (2026-07-28/http-handler.ts).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Dispatcher } from './2025-11-25/dispatcher.js';
import { ANONYMOUS_CONTEXT, ReceiverEnvironment } from './shared/environment.js';
import { INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, describeError, errorResponse, rateLimited, triage } from './shared/jsonrpc.js';
import { ModernEra } from './2026-07-28/dispatcher.js';
import { serveModernPost } from './2026-07-28/http-handler.js';
import type { ReferenceOptions } from './options.js';
import { StreamCap } from './shared/stream-cap.js';

export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Server-initiated messages kept per session while no GET stream is open; the oldest go first. */
const OUTBOX_LIMIT = 10_000;

export interface ReferenceHttpServer {
  url: string;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  dispatcher: Dispatcher;
  /** Messages waiting for a GET stream. */
  outbox: JSONRPCMessage[];
  /** The response carrying the open GET stream, if any. */
  stream?: ServerResponse;
}

const log = (line: string) => process.stderr.write(`reference-server: ${line}\n`);

export async function startReferenceHttpServer(opts: ReferenceOptions & { port?: number; host?: string }): Promise<ReferenceHttpServer> {
  const tokens = new Map(Object.entries(opts.tokens ?? {}));
  const env = new ReceiverEnvironment(opts, 'http', tokens.size > 0);
  const sessions = new Map<string, Session>();
  const era = opts.era ?? 'dual';
  const modern = new ModernEra(env.faults, log, era === 'dual', {
    intakeDelayMs: env.intakeDelayMs,
    answerDelayMs: env.answerDelayMs,
    pollIntervalMs: env.store.pollIntervalMs,
    ttlMs: opts.ttlMs,
    rateLimit: env.rateLimit,
    updateLagMs: env.updateLagMs,
    workLine: env.workLine,
  });

  // --max-streams: each client's SSE streams (GET streams, listen streams) beyond the cap close its oldest.
  const streamCap = opts.maxStreams ? new StreamCap(opts.maxStreams) : undefined;
  const contextOf = (req: IncomingMessage) => (req as IncomingMessage & { auth?: AuthInfo }).auth?.clientId ?? ANONYMOUS_CONTEXT;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`HTTP handler failed: ${describeError(error)}`);
      if (!res.headersSent) sendJson(res, 500, errorResponse(null, { code: -32603, message: 'Internal error in the HTTP front end' }));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== MCP_PATH) return sendJson(res, 404, errorResponse(null, { code: -32000, message: `Not found: the MCP endpoint is ${MCP_PATH}` }));
    if (!originAllowed(req)) return sendJson(res, 403, errorResponse(null, { code: -32000, message: 'Forbidden: the Origin header names a foreign site' }));
    if (!authenticate(req, res)) return;
    if (refusedForLoad(req, res)) return;

    if (req.method === 'POST') return handlePost(req, res);
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (era === 'modern' || (era === 'dual' && req.headers['mcp-session-id'] === undefined)) {
        res.setHeader('Allow', 'POST');
        return sendJson(
          res,
          405,
          errorResponse(null, { code: -32000, message: `Method ${req.method} not allowed without a session: 2026-07-28 has neither a GET stream nor sessions (subscriptions/listen opens a stream)` }),
        );
      }
      const session = sessionOf(req, res);
      if (!session) return;
      if (req.method === 'GET') watchGetStream(session, res, contextOf(req));
      return session.transport.handleRequest(req, res);
    }
    res.setHeader('Allow', 'GET, POST, DELETE');
    return sendJson(res, 405, errorResponse(null, { code: -32000, message: `Method ${req.method} not allowed: use POST, GET or DELETE` }));
  }

  /** When each client's last request was admitted (--rate-limit-ms), by its context. */
  const lastAdmitted = new Map<string, number>();

  /**
   * --rate-limit-ms: any request (POST, GET stream, DELETE; every method, initialize too) sooner than the limit after
   * the same client's last admitted one is refused with HTTP 429 and Retry-After, as a rate limiter in front of a server
   * does (2025-11-25 Security: rate limiting is recommended). A refused request does not count as the last one.
   */
  function refusedForLoad(req: IncomingMessage, res: ServerResponse): boolean {
    const limitMs = opts.rateLimitMs ?? 0;
    if (limitMs <= 0) return false;
    const context = (req as IncomingMessage & { auth?: AuthInfo }).auth?.clientId ?? ANONYMOUS_CONTEXT;
    const now = performance.now();
    const last = lastAdmitted.get(context);
    if (last !== undefined && now - last < limitMs) {
      const waitMs = Math.ceil(limitMs - (now - last));
      req.resume();
      sendJson(
        res,
        429,
        errorResponse(null, { code: -32000, message: `Too Many Requests: at most one request every ${limitMs} ms per client (try again in ${waitMs} ms)`, data: { retryAfterMs: waitMs } }),
        {
          'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
        },
      );
      return true;
    }
    lastAdmitted.set(context, now);
    return false;
  }

  /** Binds the request to a context: the token's, or the shared anonymous one when no tokens are configured. */
  function authenticate(req: IncomingMessage, res: ServerResponse): boolean {
    if (tokens.size === 0) return true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    const context = match ? tokens.get(match[1]) : undefined;
    if (match && context !== undefined) {
      (req as IncomingMessage & { auth?: AuthInfo }).auth = { token: match[1], clientId: context, scopes: [] };
      return true;
    }
    const challenge = match ? 'Bearer realm="mcp", error="invalid_token", error_description="unknown bearer token"' : 'Bearer realm="mcp"';
    res.setHeader('WWW-Authenticate', challenge);
    sendJson(res, 401, errorResponse(null, { code: -32000, message: 'Unauthorized: send an Authorization: Bearer <token> header with a configured token' }));
    return false;
  }

  async function handlePost(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const accept = req.headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return sendJson(res, 406, errorResponse(null, { code: -32000, message: 'Not Acceptable: the Accept header must list application/json and text/event-stream' }));
    }
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return sendJson(res, 415, errorResponse(null, { code: -32000, message: 'Unsupported Media Type: the body must be application/json' }));
    }
    const body = await readBody(req);
    if (body === undefined) return sendJson(res, 413, errorResponse(null, { code: -32000, message: `Payload Too Large: at most ${MAX_BODY_BYTES} bytes` }));
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return sendJson(res, 400, errorResponse(null, { code: PARSE_ERROR, message: 'Parse error: the body is not valid JSON' }));
    }

    const hasSessionHeader = req.headers['mcp-session-id'] !== undefined;
    const verdict = triage(value);
    if (verdict.kind !== 'message') {
      if (hasSessionHeader && era !== 'modern' && !sessionOf(req, res)) return;
      if (verdict.kind === 'drop') return sendJson(res, 400, errorResponse(null, { code: INVALID_REQUEST, message: `Rejected a ${verdict.reason}` }));
      // An identifiable malformed request is answered like any request; anything else is a bad HTTP request.
      return sendJson(res, verdict.reply.id === null ? 400 : 200, verdict.reply);
    }
    const message = verdict.message;

    const isInitialize = 'method' in message && message.method === 'initialize' && 'id' in message;
    // A modern-only receiver ignores session ids; a dual one serves sessionless POSTs other than initialize as modern.
    if (era === 'modern' || (era === 'dual' && !hasSessionHeader && !isInitialize)) {
      return serveModernPost(modern, message, req, res, contextOf(req), streamCap);
    }
    if (!hasSessionHeader) {
      if (!isInitialize) {
        return sendJson(res, 400, errorResponse(null, { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required (start a session with initialize)' }));
      }
      if (!isInitializeRequest(message)) {
        const reply = errorResponse(message.id, {
          code: INVALID_PARAMS,
          message: 'initialize: params need a string protocolVersion, a capabilities object and clientInfo with string name and version',
        });
        return sendJson(res, 200, reply);
      }
      const session = await openSession();
      return session.transport.handleRequest(req, res, message);
    }
    const session = sessionOf(req, res);
    if (!session) return;
    if (env.faults.has('sse-on-get') && 'method' in message && message.method === 'tasks/get') reframeAsSse(res);
    const refusal = env.rateLimit ? paceRefusal(message, (req as IncomingMessage & { auth?: AuthInfo }).auth?.clientId ?? ANONYMOUS_CONTEXT) : undefined;
    if (refusal) return sendJson(res, 429, refusal.body, { 'Retry-After': String(Math.ceil(refusal.waitMs / 1000)) });
    return session.transport.handleRequest(req, res, message);
  }

  /** A tasks/get of an own task sooner than its pollInterval, refused as HTTP 429 with Retry-After (--rate-limit). */
  function paceRefusal(message: JSONRPCMessage, context: string): { body: unknown; waitMs: number } | undefined {
    if (!('method' in message) || message.method !== 'tasks/get' || !('id' in message) || typeof message.params?.taskId !== 'string') return undefined;
    const found = env.store.lookup(message.params.taskId, env.bindsContexts ? context : undefined);
    if (found.state !== 'found') return undefined;
    const waitMs = env.store.pollWaitMs(found.record);
    return waitMs > 0 ? { body: errorResponse(message.id, rateLimited(waitMs, found.record.pollInterval).toJSON()), waitMs } : undefined;
  }

  async function openSession(): Promise<Session> {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // Plain JSON answers: tasks/get and friends should not be upgraded to SSE.
      enableJsonResponse: true,
      onsessioninitialized: (id) => void sessions.set(id, session),
    });
    const session: Session = {
      transport,
      outbox: [],
      dispatcher: new Dispatcher(env, {
        reply: (message) => void transport.send(message).catch((error: unknown) => log(`could not answer: ${describeError(error)}`)),
        push: (message) => push(session, message),
      }),
    };
    transport.onmessage = (message, extra) => session.dispatcher.handle(message, extra?.authInfo?.clientId ?? ANONYMOUS_CONTEXT);
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      session.dispatcher.close();
      session.outbox.length = 0;
    };
    // The transport reports every rejected HTTP request here too; those already got their HTTP answer.
    transport.onerror = () => {};
    await transport.start();
    return session;
  }

  /**
   * In JSON-response mode the SDK drops server messages tied to a POST, so everything the server initiates
   * goes on the standalone GET stream, or waits in the outbox until one is open.
   */
  function push(session: Session, message: JSONRPCMessage): void {
    if (session.stream) {
      session.transport.send(message).catch((error: unknown) => log(`could not push: ${describeError(error)}`));
      return;
    }
    session.outbox.push(message);
    if (session.outbox.length > OUTBOX_LIMIT) session.outbox.shift();
  }

  /** Notices when the GET stream starts (its 200 head is written) and ends, and flushes the outbox into it. */
  function watchGetStream(session: Session, res: ServerResponse, context: string): void {
    const original = res.writeHead;
    // The transport answers a GET with 200 only when it has registered the SSE stream; errors are 4xx.
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      const result = original.apply(this, args);
      if (args[0] === 200) {
        const release = streamCap?.opened(context, () => res.end());
        if (release) res.on('close', release);
        session.stream = res;
        for (const message of session.outbox.splice(0)) push(session, message);
      }
      return result;
    } as ServerResponse['writeHead'];
    res.on('close', () => {
      if (session.stream === res) session.stream = undefined;
    });
  }

  function sessionOf(req: IncomingMessage, res: ServerResponse): Session | undefined {
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string' || id === '') {
      sendJson(res, 400, errorResponse(null, { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' }));
      return undefined;
    }
    const session = sessions.get(id);
    if (!session) sendJson(res, 404, errorResponse(null, { code: -32001, message: 'Session not found: it ended or never existed; initialize a new one' }));
    return session;
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 3000, opts.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    env.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}${MCP_PATH}`,
    close: () =>
      (closing ??= (async () => {
        await Promise.all([...sessions.values()].map((session) => session.transport.close().catch(() => {})));
        sessions.clear();
        modern.close();
        env.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
      })()),
  };
}

/** Same-site requests only: a browser page elsewhere must not drive a local server (DNS rebinding). */
function originAllowed(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return false;
  }
  const own = (req.headers.host ?? '').replace(/:\d+$/, '');
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname) || hostname === own;
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Fault sse-on-get: the JSON answer leaves as a one-event SSE stream, as a receiver that upgrades every POST would send it. */
function reframeAsSse(res: ServerResponse): void {
  const chunks: Buffer[] = [];
  const writeHead = res.writeHead.bind(res);
  const end = res.end.bind(res);
  let status = 200;
  let headers: Record<string, unknown> = {};
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code;
    const last = rest.at(-1);
    if (typeof last === 'object' && last !== null) headers = { ...(last as Record<string, unknown>) };
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown) => {
    if (chunk !== undefined && chunk !== null) chunks.push(Buffer.from(chunk as string));
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
    const body = Buffer.concat(chunks).toString('utf8');
    const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-(type|length)$/i.test(name)));
    writeHead(status, { ...kept, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' } as Record<string, string>);
    return end(`event: message\ndata: ${body}\n\n`);
  }) as ServerResponse['end'];
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
