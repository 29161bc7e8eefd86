// The stdio front end: one connection, one authorization context, for the life of the process.
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { Dispatcher } from './2025-11-25/dispatcher.js';
import { ReceiverEnvironment, STDIO_CONTEXT } from './shared/environment.js';
import { INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, describeError, errorResponse, triage } from './shared/jsonrpc.js';
import { ModernEra } from './2026-07-28/dispatcher.js';
import { ModernStdioSession, stdioRoute } from './2026-07-28/stdio-session.js';
import type { ReferenceOptions } from './options.js';

export interface StdioHandle {
  /** Resolves once the receiver has shut down (stdin ended, stdout broke, or close() was called). */
  done: Promise<void>;
  close(): Promise<void>;
}

/** The longest line accepted before it is discarded (the SDK's own buffer limit). */
const MAX_LINE_CHARS = 10 * 1024 * 1024;

const log = (line: string) => process.stderr.write(`reference-server: ${line}\n`);

/**
 * Serves MCP on the given streams: one JSON-RPC message per line each way. Every line is vetted, so malformed
 * requests get a JSON-RPC error instead of silence. The framing is ours rather than the SDK's stdio transport:
 * it is a few lines, and the SDK's runtime schemas would cost every stdio start about 100 ms.
 */
export async function serveStdio(opts: ReferenceOptions, stdin: Readable = process.stdin, stdout: Writable = process.stdout): Promise<StdioHandle> {
  const env = new ReceiverEnvironment(opts, 'stdio', true);
  // Writes in order; when the pipe is full, later writes wait for it to drain, as a well-behaved writer does.
  let writing: Promise<void> = Promise.resolve();
  const send = (message: JSONRPCMessage): Promise<void> => {
    writing = writing
      .then(async () => {
        if (closed || stdout.destroyed) return;
        const logLine = env.faults.has('stdout-log-line') ? `reference-server: sending ${'method' in message ? message.method : 'a response'}\n` : '';
        if (!stdout.write(`${logLine}${JSON.stringify(message)}\n`)) await once(stdout, 'drain');
      })
      .catch((error: unknown) => void log(`write failed: ${describeError(error)}`));
    return writing;
  };
  // Both eras share the process (dual-era by default): the legacy dispatcher after initialize, ModernEra for
  // requests that carry the 2026-07-28 _meta (stdioRoute decides, per request).
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
  const modernSession = new ModernStdioSession(modern, STDIO_CONTEXT, (message) => void send(message));
  const stopUnasked = era === 'legacy' ? () => {} : modern.broadcastUnasked((message) => void send(message));
  let initialized = false;
  const initializeIds = new Set<RequestId>();
  const dispatcher = new Dispatcher(env, {
    reply: (message) => {
      if (message.id !== undefined && initializeIds.delete(message.id) && 'result' in message) initialized = true;
      return send(message);
    },
    push: send,
  });
  const route = (message: JSONRPCMessage) => {
    if ('method' in message && 'id' in message) {
      // A request behind an initialize not yet answered (sent in the same read, say) belongs to that legacy session.
      const which = stdioRoute(message.method, message.params, era, initialized || initializeIds.size > 0);
      if (which === 'modern') return modernSession.handle(message);
      if (which === 'refuse') {
        return void send(
          errorResponse(message.id, {
            code: METHOD_NOT_FOUND,
            message: `Method not found: this receiver runs --era legacy and serves 2025-11-25 only, so a 2026-07-28 ${message.method} is unknown; send initialize`,
          }),
        );
      }
      if (message.method === 'initialize') initializeIds.add(message.id);
      return dispatcher.handle(message, STDIO_CONTEXT);
    }
    if ('method' in message && message.method === 'notifications/cancelled' && modernSession.cancel(message.params?.requestId)) return;
    if (era !== 'modern') dispatcher.handle(message, STDIO_CONTEXT);
  };

  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    stdin.off('data', onData);
    stdin.off('end', onEnd);
    stdin.off('close', onEnd);
    dispatcher.close();
    stopUnasked();
    modernSession.close();
    modern.close();
    env.close();
    if (stdin === process.stdin) process.stdin.pause();
    finish();
  };

  let buffered = '';
  const decoder = new StringDecoder('utf8'); // keeps a character split across chunks intact
  const onData = (chunk: Buffer | string) => {
    buffered += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (buffered.length > MAX_LINE_CHARS && !buffered.includes('\n')) {
      buffered = '';
      void send(errorResponse(null, { code: INVALID_REQUEST, message: `A message on stdin exceeded ${MAX_LINE_CHARS} characters and was discarded` }));
      return;
    }
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).replace(/\r$/, '');
      buffered = buffered.slice(newline + 1);
      if (line.trim() !== '') vet(line);
    }
  };
  const vet = (line: string) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      void send(errorResponse(null, { code: PARSE_ERROR, message: 'Parse error: a line on stdin was not valid JSON' }));
      return;
    }
    const verdict = triage(value);
    if (verdict.kind === 'message') route(verdict.message);
    else if (verdict.kind === 'reply') void send(verdict.reply);
    else log(`dropped a ${verdict.reason}`);
  };
  const onEnd = () => void close();

  stdin.on('data', onData);
  stdin.on('end', onEnd);
  stdin.on('close', onEnd);
  stdout.on('error', (error) => {
    log(`stdout failed (${describeError(error)}); shutting down`);
    void close();
  });
  return { done, close };
}

/** Runs the reference receiver on this process's stdin/stdout until stdin ends. */
export async function runReferenceStdio(opts: ReferenceOptions): Promise<void> {
  const handle = await serveStdio(opts);
  await handle.done;
}
