import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createParser } from 'eventsource-parser';
import { standardHeaders } from './envelope.js';
import { parseRetryAfter, type PaceHint, type PaceHintSource } from '../poll-pace.js';
import { methodsOf, paceRefusalBody, type Delivery } from '../connections/http-transport.js';
import { HoldClock, pacedFetch, pacerFor, streamClosedByServer, type RequestPacer } from '../connections/load-pacer.js';

/** How the receiver answered one POST: its HTTP status, how the body came, and the headers the harness sent. */
export interface HttpExchange {
  status: number;
  delivery: Delivery;
  sentHeaders: Record<string, string>;
}

/** Per-request header changes a check asks for: a string sets the header, null leaves it out. */
export type HeaderOverrides = Record<string, string | null>;
export type ModernSendOptions = TransportSendOptions & { headers?: HeaderOverrides };

/** Longest body of a JSON answer read; beyond it the answer is reported as a transport error. */
const MAX_JSON_BODY_CHARS = 16 * 1024 * 1024;

/**
 * Streamable HTTP as the 2026-07-28 revision has it: every message is its own POST, with no session; the request
 * metadata headers are derived from the body as a conforming client sets them, unless a check overrides them to
 * see the server refuse. The answer is JSON or an SSE stream (subscriptions/listen keeps one open). Written here
 * rather than taken from the SDK: a conformance check must be able to send wrong headers on purpose and must see
 * the HTTP status of every answer.
 */
export class ModernHttpTransport implements Transport, PaceHintSource {
  readonly paceHints = new Map<string | number, PaceHint>();
  private readonly holds = new Map<string | number, HoldClock>();
  paceNote?: (line: string) => void;
  private readonly pacer: RequestPacer;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly controllers = new Map<string | number, AbortController>();
  private readonly all = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    /** Filled per request id as answers arrive. */
    readonly exchanges: Map<string | number, HttpExchange>,
    private readonly onFailure?: (refused: boolean) => void,
  ) {
    this.pacer = pacerFor(url, headers);
  }

  async start(): Promise<void> {}

  /** How long the request waited on the suite's side before the receiver took it (pacing, refusals waited out). */
  heldMsOf(id: string | number): number {
    return this.holds.get(id)?.ms ?? 0;
  }

  async send(message: JSONRPCMessage, options?: ModernSendOptions): Promise<void> {
    if (this.closed) throw new Error('the transport is closed');
    const body = message as unknown as Record<string, unknown>;
    const isRequest = typeof body.method === 'string' && body.id !== undefined;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...this.headers };
    if (typeof body.method === 'string') Object.assign(headers, standardHeaders(body));
    for (const [name, value] of Object.entries(options?.headers ?? {})) {
      if (value === null) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    const controller = new AbortController();
    this.all.add(controller);
    if (isRequest) this.controllers.set(body.id as string | number, controller);
    let response: Response;
    try {
      const text = JSON.stringify(message);
      // Refused for pace (HTTP 429), any request is waited out and sent again; the wait is the suite's, not the receiver's.
      const held = new HoldClock();
      if (isRequest) this.holds.set(body.id as string | number, held);
      response = await pacedFetch(
        this.pacer,
        () => fetch(this.url, { method: 'POST', headers, body: text, signal: controller.signal }),
        `POST ${methodsOf(text)}`,
        controller.signal,
        held,
        (line) => this.paceNote?.(line),
      );
    } catch (error) {
      this.all.delete(controller);
      if (!controller.signal.aborted) this.onFailure?.((error as { cause?: { code?: unknown } })?.cause?.code === 'ECONNREFUSED');
      throw error;
    }
    const contentType = response.headers.get('content-type') ?? '';
    const delivery: Delivery = contentType.includes('text/event-stream') ? 'sse' : contentType.includes('application/json') ? 'json' : 'other';
    if (isRequest) this.exchanges.set(body.id as string | number, { status: response.status, delivery, sentHeaders: headers });
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    if (isRequest && (response.status === 429 || retryAfterMs !== undefined)) this.paceHints.set(body.id as string | number, { status: response.status, retryAfterMs });
    if (delivery === 'sse' && response.body) {
      // Read in the background: a subscription's stream stays open until the harness closes it.
      void this.readStream(response.body, controller);
      return;
    }
    try {
      const received = await response.text();
      // A 429 whose body answers no request still answers this one: the session hears it as a pace refusal.
      const text = response.status === 429 && isRequest ? paceRefusalBody(received, body.id as string | number) : received;
      if (text.length > MAX_JSON_BODY_CHARS) throw new Error(`the answer's body is longer than ${MAX_JSON_BODY_CHARS} characters`);
      if (text.trim() === '') {
        if (isRequest) throw new Error(`HTTP ${response.status} with an empty body, no JSON-RPC answer`);
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(`HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
      }
      this.onmessage?.(parsed as JSONRPCMessage);
      // The POST's answer belongs to its request: one naming another id (a legacy server's id-less 400) answers
      // nothing the session waits for, so the request fails here instead of waiting out its bound.
      const answeredId = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).id : undefined;
      if (isRequest && answeredId !== body.id)
        throw new Error(`HTTP ${response.status} answered with a message for request id ${JSON.stringify(answeredId ?? null)}, not ${JSON.stringify(body.id)}: ${text.slice(0, 200)}`);
    } finally {
      this.all.delete(controller);
    }
  }

  private async readStream(body: ReadableStream<Uint8Array>, controller: AbortController): Promise<void> {
    const parser = createParser({
      onEvent: (event) => {
        if (event.data.trim() === '') return;
        try {
          this.onmessage?.(JSON.parse(event.data) as JSONRPCMessage);
        } catch {
          this.onerror?.(new Error(`an SSE event whose data is not JSON: ${event.data.slice(0, 200)}`));
        }
      },
    });
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
      // Ended by the server while the suite listened: a sign of its capacity (a cap on open streams) for the run's pace.
      if (!controller.signal.aborted && !this.closed) streamClosedByServer(this.url);
    } catch (error) {
      if (!controller.signal.aborted && !this.closed) this.onerror?.(new Error(`the SSE stream broke: ${(error as Error).message}`));
    } finally {
      this.all.delete(controller);
    }
  }

  /** Closes the HTTP exchange of one request (how a client ends a subscription's stream). */
  abortRequest(id: string | number): void {
    this.controllers.get(id)?.abort();
    this.controllers.delete(id);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const controller of this.all) controller.abort();
    this.all.clear();
    this.onclose?.();
  }
}
