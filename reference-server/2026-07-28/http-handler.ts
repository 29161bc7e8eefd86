// A modern POST on Streamable HTTP: no session, the routing headers checked against the body, the answer as
// one JSON object with the status its outcome calls for, or (subscriptions/listen) an SSE stream kept open
// until the client closes it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { INVALID_REQUEST, errorResponse, isRateLimited } from '../shared/jsonrpc.js';
import type { ModernChannel, ModernEra } from './dispatcher.js';
import { validateRoutingHeaders } from './http-validation.js';
import type { StreamCap } from '../shared/stream-cap.js';

/** A comment line on quiet listen streams, so that idle timeouts of proxies and clients do not end them. */
const KEEP_ALIVE_MS = 15_000;

export async function serveModernPost(era: ModernEra, message: JSONRPCMessage, req: IncomingMessage, res: ServerResponse, context: string, streamCap?: StreamCap): Promise<void> {
  if (!('method' in message)) {
    return sendJson(res, 400, errorResponse(null, { code: INVALID_REQUEST, message: 'Bad Request: a client never POSTs a JSON-RPC response to a 2026-07-28 receiver' }));
  }
  if (!('id' in message)) {
    // Nothing a client notifies needs an answer here (closing a stream is how HTTP cancels).
    res.writeHead(202).end();
    return;
  }
  const request = message;
  const controller = new AbortController();
  let streaming = false;
  let keepAlive: NodeJS.Timeout | undefined;
  const startStream = () => {
    if (streaming) return;
    streaming = true;
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
    res.flushHeaders();
    keepAlive = setInterval(() => res.write(':\n\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    // One stream too many for the client (--max-streams): its oldest is closed, as the cap closes it.
    const release = streamCap?.opened(context, () => res.end());
    if (release) res.on('close', release);
  };
  res.on('close', () => {
    clearInterval(keepAlive);
    // The client went away before the answer (or closed its listen stream): that cancels the request.
    if (!res.writableFinished || streaming) controller.abort(new Error('the client closed the connection'));
  });
  const channel: ModernChannel = {
    signal: controller.signal,
    send(out) {
      if (res.writableEnded) return;
      startStream();
      res.write(`data: ${JSON.stringify(out)}\n\n`);
    },
    end() {
      if (!res.writableEnded) res.end();
      controller.abort(new Error('the stream ended'));
    },
  };
  const answer = await era.handle(request, context, channel, (envelope, params) => validateRoutingHeaders(req.headers, request.method, params, envelope, era.faults));
  if (answer.kind === 'stream') return startStream();
  if (answer.kind === 'response' && !res.writableEnded) {
    // A pace refusal (--rate-limit) says when to come back, as HTTP says it.
    const error = 'error' in answer.response ? answer.response.error : undefined;
    const retry = answer.status === 429 && error && isRateLimited(error) ? { 'Retry-After': String(Math.ceil(error.data.retryAfterMs / 1000)) } : undefined;
    sendJson(res, answer.status, answer.response, retry);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
