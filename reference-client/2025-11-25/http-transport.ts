// The reference client's Streamable HTTP transport (MCP 2025-11-25) on node built-ins: every message is a POST,
// answers come back as JSON or as an SSE stream, and the server's own requests arrive on the GET stream. No SDK
// runtime and no zod: a client process starts fast, and a message costs a JSON.parse and a check by hand.
import type { IncomingMessage } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describeError, isJsonRpcMessage } from '../../reference-server/shared/jsonrpc.js';
import { HttpEndpoint, discard, mediaType, readText } from './http-exchange.js';
import { SseParser, type SseEvent } from '../shared/sse-parser.js';

/** How a dropped stream is reopened: attempt n waits initialDelayMs × growFactor^n (at most maxDelayMs). */
export interface ReconnectionPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  growFactor: number;
  maxRetries: number;
}

/** The server answered with a status the exchange cannot go on from. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpStatusError';
  }
}

/** HTTP 404 to our session id: the server ended the session (already told through onsessionended). */
export class SessionEndedError extends Error {
  constructor(method: string) {
    super(`the server ended the session (HTTP 404 to ${method})`);
    this.name = 'SessionEndedError';
  }
}

/** A stream of server messages: the standalone GET stream, or the SSE answer to one POSTed request. */
interface StreamState {
  readonly standalone: boolean;
  /** Names the stream in diagnostics. */
  readonly label: string;
  lastEventId?: string;
  /** A request's stream has done its job once it delivered the response. */
  answered: boolean;
}

export class StreamableHttpClientTransport {
  onmessage?: (message: JSONRPCMessage) => void;
  /** Problems that end no exchange the caller waits for: malformed messages, dropped streams, failed sends. */
  onerror?: (error: Error) => void;
  /** HTTP 404 to a request carrying our session id. */
  onsessionended?: (method: string) => void;
  /** The standalone GET stream opened (and again after each reconnection). */
  onstreamopen?: () => void;
  /** The server answered the GET with 405: it offers no stream for messages of its own. */
  onnostream?: () => void;
  /** The GET stream could not be (re)opened within the policy's retries. */
  onstreamlost?: (reason: string) => void;

  private readonly endpoint: HttpEndpoint;
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private session: string | undefined;
  private protocolVersion: string | undefined;
  /** The server's SSE retry field, which takes the place of the policy's delays once sent. */
  private serverRetryMs: number | undefined;

  constructor(
    url: string | URL,
    private readonly reconnection: ReconnectionPolicy,
  ) {
    this.endpoint = new HttpEndpoint(new URL(url));
  }

  get sessionId(): string | undefined {
    return this.session;
  }

  /** Nothing to open up front: every message is its own POST. */
  async start(): Promise<void> {}

  /** Sent as MCP-Protocol-Version on every later request. */
  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  /** POSTs one message and takes in what the server answers; a failure is reported to onerror and rejects. */
  async send(message: JSONRPCMessage): Promise<void> {
    try {
      await this.post(message);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(describeError(error));
      if (!this.closed && !(failure instanceof SessionEndedError)) this.report(failure);
      throw failure;
    }
  }

  /** DELETE of the session; 405 means the server does not let clients end sessions, which is fine. */
  async terminateSession(): Promise<void> {
    if (this.session === undefined) return;
    const response = await this.exchange('DELETE', {});
    discard(response);
    const status = response.statusCode ?? 0;
    if (!isSuccess(status) && status !== 405) throw new HttpStatusError(status, `HTTP ${status} to DELETE of the session`);
    this.session = undefined;
  }

  /** Stops everything: pending reconnections, in-flight exchanges and open streams. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.closed = true;
    this.endpoint.close();
  }

  private async post(message: JSONRPCMessage): Promise<void> {
    const method = 'method' in message ? message.method : undefined;
    const isRequest = method !== undefined && 'id' in message;
    const response = await this.exchange('POST', { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, JSON.stringify(message));
    const status = response.statusCode ?? 0;
    const what = method ?? 'a response';
    if (!isSuccess(status)) {
      const text = await readText(response).catch(() => '');
      throw new HttpStatusError(status, `HTTP ${status} to the POST of ${what}${text ? `: ${text.slice(0, 500)}` : ''}`);
    }
    const session = response.headers['mcp-session-id'];
    if (method === 'initialize' && typeof session === 'string' && session !== '') this.session = session;
    if (!isRequest) {
      discard(response); // a notification or an answer gets 202 and no body
      if (method === 'notifications/initialized') this.openStandaloneStream();
      return;
    }
    if (status === 202) return discard(response);
    const type = mediaType(response);
    if (type === 'application/json') return this.takeJson(await readText(response), `the answer to ${what}`);
    if (type === 'text/event-stream') return this.follow(response, { standalone: false, label: `the stream answering ${what}`, answered: false });
    discard(response);
    throw new Error(`the server answered ${what} with Content-Type ${JSON.stringify(response.headers['content-type'] ?? '')}, neither application/json nor text/event-stream`);
  }

  /** One exchange with the session headers; a 404 to our session id means the server ended the session. */
  private async exchange(method: 'GET' | 'POST' | 'DELETE', headers: Record<string, string>, body?: string): Promise<IncomingMessage> {
    const session = this.session;
    if (session !== undefined) headers['mcp-session-id'] = session;
    if (this.protocolVersion !== undefined) headers['mcp-protocol-version'] = this.protocolVersion;
    const response = await this.endpoint.exchange({ method, headers, body });
    if (response.statusCode === 404 && session !== undefined) {
      discard(response);
      this.onsessionended?.(method);
      throw new SessionEndedError(method);
    }
    return response;
  }

  /** A JSON body: one message or a batch of them. */
  private takeJson(text: string, source: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error(`${source} is not JSON: ${text.slice(0, 200)}`);
    }
    for (const item of Array.isArray(value) ? value : [value]) this.deliver(item, source);
  }

  /** Hands a well-formed message on; anything else is reported, never thrown. Says whether it was a response. */
  private deliver(value: unknown, source: string): boolean {
    if (!isJsonRpcMessage(value)) {
      this.report(new Error(`ignoring a malformed JSON-RPC message in ${source}: ${JSON.stringify(value)?.slice(0, 200)}`));
      return false;
    }
    try {
      this.onmessage?.(value);
    } catch (error) {
      this.report(error instanceof Error ? error : new Error(describeError(error)));
    }
    return !('method' in value);
  }

  private openStandaloneStream(): void {
    const state: StreamState = { standalone: true, label: 'the GET stream', answered: false };
    this.openStream(state).catch((error: unknown) => this.retryAfter(error, state, 0));
  }

  /** GETs a stream: the standalone one, or the rest of an interrupted one after its Last-Event-ID. */
  private async openStream(state: StreamState): Promise<void> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (state.lastEventId !== undefined) headers['last-event-id'] = state.lastEventId;
    const response = await this.exchange('GET', headers);
    const status = response.statusCode ?? 0;
    if (status === 405) {
      discard(response);
      if (state.standalone) this.onnostream?.();
      else this.report(new Error(`cannot resume ${state.label}: the server answered the GET with 405`));
      return;
    }
    if (!isSuccess(status) || mediaType(response) !== 'text/event-stream') {
      discard(response);
      throw new HttpStatusError(status, `HTTP ${status} (Content-Type ${JSON.stringify(response.headers['content-type'] ?? '')}) to the GET of ${state.label}`);
    }
    if (state.standalone) this.onstreamopen?.();
    this.follow(response, state);
  }

  /** Reads an SSE stream in the background; one that ends before its job is done is resumed. */
  private follow(response: IncomingMessage, state: StreamState): void {
    this.read(response, state).then(
      () => this.resume(state, 0, 'the server closed it'),
      (error: unknown) => {
        if (this.closed) return;
        this.report(new Error(`${state.label} disconnected: ${describeError(error)}`));
        this.resume(state, 0, describeError(error));
      },
    );
  }

  private async read(response: IncomingMessage, state: StreamState): Promise<void> {
    const parser = new SseParser(
      (event) => this.takeEvent(event, state),
      (ms) => (this.serverRetryMs = ms),
    );
    response.setEncoding('utf8');
    for await (const chunk of response) parser.push(chunk as string);
  }

  private takeEvent(event: SseEvent, state: StreamState): void {
    if (event.id !== undefined) state.lastEventId = event.id;
    // Priming events and keep-alives carry no data; events of other types are not MCP messages.
    if (event.data === '' || (event.type !== '' && event.type !== 'message')) return;
    let value: unknown;
    try {
      value = JSON.parse(event.data);
    } catch {
      this.report(new Error(`an event on ${state.label} is not JSON: ${event.data.slice(0, 200)}`));
      return;
    }
    if (this.deliver(value, state.label)) state.answered = true;
  }

  /**
   * Reopens a stream after the policy's delay, with Last-Event-ID: always the GET stream, and a request's stream
   * when the server gave it an event id and closed it before the response.
   */
  private resume(state: StreamState, attempt: number, reason: string): void {
    if (this.closed || !(state.standalone || (state.lastEventId !== undefined && !state.answered))) return;
    if (attempt >= this.reconnection.maxRetries) {
      if (state.standalone) this.onstreamlost?.(reason);
      else this.report(new Error(`gave up resuming ${state.label} after ${attempt} attempts: ${reason}`));
      return;
    }
    const { initialDelayMs, growFactor, maxDelayMs } = this.reconnection;
    const delay = this.serverRetryMs ?? Math.min(initialDelayMs * growFactor ** attempt, maxDelayMs);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.openStream(state).catch((error: unknown) => this.retryAfter(error, state, attempt + 1));
    }, delay);
    this.timers.add(timer);
  }

  /** A GET that failed: tried again unless the transport closed or the session is over. */
  private retryAfter(error: unknown, state: StreamState, attempt: number): void {
    if (this.closed || error instanceof SessionEndedError) return;
    this.report(new Error(`could not open ${state.label}: ${describeError(error)}`));
    this.resume(state, attempt, describeError(error));
  }

  private report(error: Error): void {
    this.onerror?.(error);
  }
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;
