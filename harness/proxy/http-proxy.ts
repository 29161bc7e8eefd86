// The Streamable HTTP reverse proxy: every request to http://127.0.0.1:PORT/mcp goes to the server's URL with its
// method, headers (sessions, authorization, protocol version) and body as they came, and every answer comes back with
// its status, headers and body chunk by chunk as the server sends it: an SSE stream (a POST's or the GET stream) is
// never buffered. Other paths (OAuth metadata, for instance) go to the same path on the server's origin. The tap
// reads copies: a JSON body when it is complete, an SSE event as soon as it is.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { MAX_MESSAGE_BYTES, type WireTap } from './tap.js';
import type { Party } from '../rules/traffic.js';

/** The path the proxy serves the MCP endpoint on. */
export const PROXY_PATH = '/mcp';
/** Headers of one hop only (RFC 9110 §7.6.1): never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-authorization', 'proxy-authenticate']);

export interface HttpProxy {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startHttpProxy(options: { target: string; port: number; tap: WireTap; onError?: (line: string) => void }): Promise<HttpProxy> {
  const target = new URL(options.target);
  let posts = 0;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] === PROXY_PATH ? `${target.pathname}${target.search}` : (req.url ?? '/');
    const upstreamUrl = new URL(path, target);
    const exchange = new TappedExchange(options.tap, req.headers['mcp-session-id'], identityOf(req.headers.authorization), ++posts);
    const send = upstreamUrl.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send(upstreamUrl, { method: req.method, headers: forwardedHeaders(req.headers, upstreamUrl.host) }, (answer) => {
      exchange.answered(answer);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer));
      res.flushHeaders();
      answer.on('data', (chunk: Buffer) => {
        if (!res.write(chunk)) {
          answer.pause();
          res.once('drain', () => answer.resume());
        }
        exchange.responseChunk(chunk);
      });
      answer.on('end', () => {
        res.end();
        exchange.responseEnded();
      });
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error) => {
      options.onError?.(`proxy: ${req.method} ${upstreamUrl.href} failed: ${error.message}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`the proxy could not reach ${upstreamUrl.origin}: ${error.message}\n`);
      else res.destroy();
    });
    // The host hanging up (closing the GET stream, say) hangs up on the server too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.on('data', (chunk: Buffer) => {
      if (!upstream.write(chunk)) {
        req.pause();
        upstream.once('drain', () => req.resume());
      }
      exchange.requestChunk(chunk);
    });
    req.on('end', () => {
      upstream.end();
      exchange.requestEnded();
    });
  });
  server.on('connection', (socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}${PROXY_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Without a session, the requestor is who its credentials say: tasks are judged per identity, so one requestor's
 * refused look at another's task is never taken for a lost task. Only a digest is kept, never the credentials.
 */
function identityOf(authorization: string | undefined): string {
  return authorization ? ` as ${createHash('sha256').update(authorization).digest('hex').slice(0, 8)}` : '';
}

function forwardedHeaders(headers: IncomingHttpHeaders, host: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  out.host = host;
  return out;
}

function responseHeaders(answer: IncomingMessage): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/**
 * One HTTP exchange as the tap sees it. Its messages belong to the MCP session its headers name (the session an
 * initialize answer opens included); without a session, to this exchange alone. The request's messages reach the tap
 * before any of the answer's, whichever arrives first.
 */
class TappedExchange {
  private requestParts: Buffer[] = [];
  private requestSize = 0;
  private responseParts: Buffer[] = [];
  private responseSize = 0;
  private channel?: string;
  private stream: string;
  private requestDone = false;
  private requestTapped = false;
  private sse?: ReturnType<typeof createParser>;
  private held: string[] = [];
  private responseIsJson = false;

  constructor(
    private readonly tap: WireTap,
    sessionHeader: string | string[] | undefined,
    private readonly identity: string,
    post: number,
  ) {
    this.stream = `exchange-${post}`;
    if (typeof sessionHeader === 'string') this.channel = `session ${sessionHeader}`;
  }

  requestChunk(chunk: Buffer): void {
    if (this.requestSize + chunk.length > MAX_MESSAGE_BYTES) return;
    this.requestParts.push(Buffer.from(chunk));
    this.requestSize += chunk.length;
  }

  requestEnded(): void {
    this.requestDone = true;
    this.flushRequest();
  }

  answered(answer: IncomingMessage): void {
    const session = answer.headers['mcp-session-id'];
    this.channel ??= typeof session === 'string' ? `session ${session}` : `http${this.identity}`;
    const type = String(answer.headers['content-type'] ?? '');
    if (type.includes('text/event-stream')) this.sse = createParser({ onEvent: (event) => this.fromServer(event.data) });
    else this.responseIsJson = type.includes('json');
    this.flushRequest();
  }

  responseChunk(chunk: Buffer): void {
    if (this.sse) {
      this.sse.feed(chunk.toString('utf8'));
      return;
    }
    if (!this.responseIsJson || this.responseSize + chunk.length > MAX_MESSAGE_BYTES) return;
    this.responseParts.push(Buffer.from(chunk));
    this.responseSize += chunk.length;
  }

  responseEnded(): void {
    if (this.responseIsJson && this.responseSize > 0) this.fromServer(Buffer.concat(this.responseParts).toString('utf8'));
    this.responseParts = [];
  }

  private fromServer(text: string): void {
    if (text.trim() === '') return;
    if (!this.requestTapped) this.held.push(text);
    else this.send('server', text);
  }

  private flushRequest(): void {
    if (this.requestTapped || !this.requestDone || this.channel === undefined) return;
    this.requestTapped = true;
    const body = Buffer.concat(this.requestParts).toString('utf8');
    this.requestParts = [];
    if (body.trim() !== '') this.send('host', body);
    for (const text of this.held.splice(0)) this.send('server', text);
  }

  private send(from: Party, text: string): void {
    this.tap.message(from, this.channel!, text, this.channel!.startsWith('http') ? this.stream : undefined);
  }
}
