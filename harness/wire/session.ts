import type { AnswerPace } from './answer-pace.js';
import { PACE_RETRIES, pacedTaskOf, paceRefusal, PollSchedule, type PaceHintSource } from './poll-pace.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { brief } from '../model/describe.js';
import { approximateSize, elide, type Transcript } from './transcript.js';
import { pause } from './timing.js';

export { IutError, type HandlerAnswer, type IncomingRequest, type ReceivedNotification, type RequestHandler, type RpcError, type RpcReply } from '../model/rpc.js';
import { IutError, type HandlerAnswer, type IncomingRequest, type ReceivedNotification, type RequestHandler, type RpcReply } from '../model/rpc.js';

/** Notifications kept per connection; a flood beyond it is counted, not kept. */
const NOTIFICATION_LIMIT = 5000;
/**
 * Notifications of one method kept per connection. Without it a flood of one kind (20,000 log messages
 * right after initialize) filled the whole store, and the progress and status notifications the checks
 * judge afterwards were dropped: checks then skipped or failed for "no progress notifications" that had
 * in fact arrived.
 */
const NOTIFICATION_METHOD_LIMIT = 1000;
/** Params larger than this (as JSON, roughly) are kept cut down: no check needs a 10 MB log message. */
const NOTIFICATION_PARAMS_CHARS = 64 * 1024;

/** Things a receiver sent on a connection that were not proper JSON-RPC, as failure messages name them. */
export type Anomaly = 'line that is not JSON' | 'message that is not JSON-RPC' | 'response to an unknown request id' | 'transport error';
const ANOMALY_PLURAL: Record<Anomaly, string> = {
  'line that is not JSON': 'lines that are not JSON',
  'message that is not JSON-RPC': 'messages that are not JSON-RPC',
  'response to an unknown request id': 'responses to unknown request ids',
  'transport error': 'transport errors',
};

export interface RequestOptions {
  timeoutMs?: number;
  /** A request id chosen by the caller (a subscription's); such a request is sent as it is, unpaced. */
  id?: string | number;
  headers?: Record<string, string | null>;
}

interface Pending {
  method: string;
  sentAt: number;
  /** Its answer's latency tells the run's answer pace. */
  teachesPace: boolean;
  resolve: (reply: RpcReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The harness's own JSON-RPC session over an SDK transport. It validates nothing and filters nothing:
 * every message in and out goes to the transcript, and checks see the IUT's answers exactly as sent.
 */
export class RpcSession {
  private nextId = 1;
  private readonly pending = new Map<string | number, Pending>();
  private readonly handlers = new Map<string, RequestHandler>();
  private readonly listeners = new Set<(notification: ReceivedNotification) => void>();
  private readonly requestListeners = new Set<(request: IncomingRequest) => void>();
  readonly notifications: ReceivedNotification[] = [];
  readonly requestsReceived: IncomingRequest[] = [];
  notificationsDropped = 0;
  private readonly notificationsPerMethod = new Map<string, number>();
  /** What went wrong on the wire so far, so that a timeout or a lost connection can say what was seen. */
  private readonly anomalies = new Map<Anomaly, { count: number; last: string }>();
  /** Requests given up at their timeout, by id: their answers may still come. */
  private readonly abandoned = new Map<string | number, string>();
  private lastStderr?: string;
  /** Settles once the harness's answer to an IUT request has been handed to the transport. */
  private readonly answersSent = new Map<string | number, Promise<void>>();
  /** What answered requests waited on the suite's side (the identity's pacing), summed. */
  private heldAnsweredMs = 0;
  /** Requests of the peer not yet answered. */
  private unanswered = 0;
  private closedReason?: string;
  private readonly closedSignal: Promise<string>;
  private markClosed!: (reason: string) => void;
  /** When each task may next be polled: every tasks/get of ours keeps the pace the receiver asked for. */
  readonly pollSchedule: PollSchedule;

  constructor(
    private readonly transport: Transport,
    private transcript: Transcript,
    private labelNow: string,
    readonly defaultTimeoutMs: number,
    /** Bounds prompt requests (tasks/get, ping, ...) by the peer's pace rather than by the default. */
    private readonly pace?: AnswerPace,
    /** Where this session's request ids start: sessions sharing one process number theirs apart. */
    firstRequestId = 1,
  ) {
    this.nextId = firstRequestId;
    this.pollSchedule = new PollSchedule(pace?.asked);
    // What an HTTP transport did about pace (a 429 waited out) is said in the transcript of the check it serves now.
    const hints = transport as Partial<PaceHintSource>;
    if ('paceHints' in transport) hints.paceNote = (line) => this.transcript.note(line, this.label);
    this.closedSignal = new Promise((resolve) => (this.markClosed = resolve));
    this.handlers.set('ping', () => ({ result: {} }));
    transport.onmessage = (message) => this.receive(message as unknown);
    transport.onerror = (error) => {
      this.transcript.note(`transport: ${error.message}`, this.label);
      this.noteAnomaly('transport error', error.message);
    };
    transport.onclose = () => this.closeWith('the connection to the receiver closed');
  }

  /** The name the connection goes by in the transcript of the check now using it. */
  get label(): string {
    return this.labelNow;
  }

  /**
   * Whether the session could serve another check as it is: open, nothing of ours unanswered or given up, nothing
   * improper received, and every request of the peer's answered.
   */
  get quiescent(): boolean {
    return this.closedReason === undefined && this.pending.size === 0 && this.abandoned.size === 0 && this.anomalies.size === 0 && this.unanswered === 0;
  }

  /**
   * Hands the session to another check: from now on it writes to that check's transcript under its label, and
   * everything one check learned or installed (notifications, requests, handlers, listeners) is forgotten.
   */
  handOver(transcript: Transcript, label: string): void {
    this.transcript = transcript;
    this.labelNow = label;
    this.notifications.length = 0;
    this.requestsReceived.length = 0;
    this.notificationsDropped = 0;
    this.notificationsPerMethod.clear();
    this.answersSent.clear();
    this.listeners.clear();
    this.requestListeners.clear();
    this.handlers.clear();
    this.handlers.set('ping', () => ({ result: {} }));
    this.lastStderr = undefined;
  }

  /** The requests of ours given up at their bound whose answer has not come since. */
  givenUp(): (string | number)[] {
    return [...this.abandoned.keys()];
  }

  get closed(): boolean {
    return this.closedReason !== undefined;
  }

  /** Resolves with the reason once the connection has closed. */
  whenClosed(): Promise<string> {
    return this.closedSignal;
  }

  closeWith(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    this.markClosed(reason);
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new IutError('closed', `${reason} before it answered ${pending.method} (request id ${id})${this.whatWasSeen(true)}`));
    }
    this.pending.clear();
  }

  async start(): Promise<void> {
    await this.transport.start();
  }

  setProtocolVersion(version: string): void {
    this.transport.setProtocolVersion?.(version);
  }

  onRequest(method: string, handler: RequestHandler): void {
    this.handlers.set(method, handler);
  }

  onNotification(listener: (notification: ReceivedNotification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onIncomingRequest(listener: (request: IncomingRequest) => void): () => void {
    this.requestListeners.add(listener);
    return () => this.requestListeners.delete(listener);
  }

  /**
   * Sends a request and waits for its answer; an IUT that stays silent or disconnects raises IutError. A tasks/get
   * waits first until it keeps the pace its task last asked for, and one refused for its pace is asked again later.
   */
  async request(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<RpcReply> {
    const taskId = method === 'tasks/get' && typeof params?.taskId === 'string' ? params.taskId : undefined;
    if (options.id !== undefined) return this.learnPace(method, await this.requestOnce(method, params, options));
    if (taskId === undefined) return this.learnPace(method, await this.askUntilServed(method, params, options));
    for (let refusals = 0; ; refusals++) {
      const waitMs = this.pollSchedule.waitFor(taskId);
      if (!(await this.pollSchedule.ready(taskId, this.closedSignal))) throw new IutError('closed', `${this.closedReason}; could not send ${method}`);
      if (waitMs > 0 && refusals === 0) this.transcript.note(`tasks/get of ${taskId} waited ${waitMs} ms to keep the pollInterval the receiver asked for`, this.label);
      let reply: RpcReply;
      try {
        reply = await this.requestOnce(method, params, options);
      } finally {
        // Learned before the poll is settled, so a poll waiting behind this one counts its interval from this answer.
        queueMicrotask(() => this.pollSchedule.settled(taskId));
      }
      const refusal = paceRefusal(reply, (this.transport as Partial<PaceHintSource>).paceHints?.get(reply.id));
      if (!refusal) return this.learnPace(method, reply);
      const intervalMs = this.pollSchedule.intervalOf(taskId);
      if (refusals >= PACE_RETRIES) {
        this.transcript.note(`tasks/get of ${taskId} was refused for its pace ${refusals + 1} times (${refusal.why}); the last refusal is the answer`, this.label);
        return reply;
      }
      const backOffMs = this.pollSchedule.refused(taskId, refusal.retryAfterMs, reply.receivedAt);
      // Read leniently: the receiver's own interval is a suggestion (MAY), so a refusal at or past it is noted, not judged.
      const keptPace = intervalMs !== undefined && refusals === 0 ? ` although it came no sooner than the ${intervalMs} ms the task asked for` : '';
      this.transcript.note(`tasks/get of ${taskId} was refused for its pace (${refusal.why})${keptPace}; asking again in ${backOffMs} ms (a pace signal, not a finding)`, this.label);
    }
  }

  /**
   * Any request but a poll: one refused for pace (an HTTP 429 the transport could not wait out, or a JSON-RPC error
   * that says rate limit) is asked again after the wait it asked for, or a back-off doubling from 100 ms; a pace
   * refusal is never the answer while PACE_RETRIES allow another try.
   */
  private async askUntilServed(method: string, params: Record<string, unknown> | undefined, options: RequestOptions): Promise<RpcReply> {
    let backOffMs = 0;
    for (let refusals = 0; ; refusals++) {
      const reply = await this.requestOnce(method, params, options);
      const refusal = paceRefusal(reply, (this.transport as Partial<PaceHintSource>).paceHints?.get(reply.id));
      if (!refusal) return reply;
      if (refusals >= PACE_RETRIES) {
        this.transcript.note(`${method} was refused for its pace ${refusals + 1} times (${refusal.why}); the last refusal is the answer`, this.label);
        return reply;
      }
      backOffMs = Math.max(backOffMs > 0 ? 2 * backOffMs : 100, refusal.retryAfterMs ?? 0);
      this.transcript.note(`${method} was refused for its pace (${refusal.why}); asking again in ${backOffMs} ms (a pace signal, not a finding)`, this.label);
      let ended = false;
      await pause(
        backOffMs,
        undefined,
        this.closedSignal.then(() => (ended = true)),
      );
      if (ended) throw new IutError('closed', `${this.closedReason}; could not send ${method} again`);
    }
  }

  /** An answer that reports a task with its pollInterval sets when that task may next be polled. */
  private learnPace(method: string, reply: RpcReply): RpcReply {
    if (!reply.ok) return reply;
    const paced = pacedTaskOf(method, reply.result);
    if (paced) this.pollSchedule.answered(paced.taskId, paced.intervalMs, reply.receivedAt);
    return reply;
  }

  private async requestOnce(method: string, params: Record<string, unknown> | undefined, options: RequestOptions): Promise<RpcReply> {
    if (this.closedReason !== undefined) throw new IutError('closed', `${this.closedReason}; could not send ${method}`);
    const id = options.id ?? this.nextId++;
    const message = { jsonrpc: '2.0' as const, id, method, ...(params === undefined ? {} : { params }) };
    const paced = options.timeoutMs === undefined && this.pace?.isPrompt(method) ? this.pace : undefined;
    const sentAt = performance.now();
    const reply = new Promise<RpcReply>((resolve, reject) => {
      const giveUp = (waitedMs: number, why: string) => {
        this.pending.delete(id);
        this.abandoned.set(id, method);
        this.transcript.note(`no answer to ${method} (id ${id}) within ${waitedMs} ms${why}`, this.label);
        reject(new IutError('timeout', `the receiver did not answer ${method} within ${waitedMs} ms${this.whatWasSeen(false)}${why}`));
      };
      // A paced bound is asked again when it passes: answers that came meanwhile may show the peer needs longer.
      const arm = (ms: number): NodeJS.Timeout =>
        setTimeout(() => {
          // Time the request spent held back on the suite's side (the identity's pacing at a rate-limited server) is
          // not the receiver's: only the rest counts against its bound.
          const heldMs = this.heldMsOf(id);
          const waitedMs = Math.round(performance.now() - sentAt - heldMs);
          const pending = this.pending.get(id);
          if (!paced) {
            const boundMs = options.timeoutMs ?? this.defaultTimeoutMs;
            if (pending && heldMs > 0 && waitedMs < boundMs) return void (pending.timer = arm(boundMs - waitedMs));
            return giveUp(boundMs, heldMs > 0 ? `, besides ${Math.round(heldMs)} ms it waited to keep the pace the receiver asked of this requestor` : '');
          }
          const boundMs = paced.boundMs();
          if (pending && waitedMs < boundMs) return void (pending.timer = arm(boundMs - waitedMs));
          // Behind an earlier request still unanswered, this one may be queued: wait until that one is answered
          // (its latency then raises the bound) or given up at its own bound.
          if (pending && this.queuedBehind(sentAt)) return void (pending.timer = arm(paced.floorMs));
          giveUp(waitedMs, `; ${paced.describe()}`);
        }, ms);
      const timer = arm(paced ? paced.boundMs() : (options.timeoutMs ?? this.defaultTimeoutMs));
      this.pending.set(id, { method, sentAt, teachesPace: this.pace?.teaches(method, params) ?? false, resolve, reject, timer });
    });
    this.transcript.outgoing(this.label, message);
    if (options.headers) this.transcript.note(`${method} (id ${id}) is sent with these HTTP headers changed on purpose: ${JSON.stringify(options.headers)}`, this.label);
    // Not awaited: over HTTP the SDK's send lasts until the receiver answers, and a receiver that never
    // answers must end in this request's timeout, not in a promise that never settles.
    // (`headers` reaches only the modern HTTP transport; the others take no per-message options.)
    this.transport.send(message as JSONRPCMessage, options.headers ? ({ headers: options.headers } as Parameters<Transport['send']>[1]) : undefined).catch((error: Error) => {
      const pending = this.pending.get(id);
      if (!pending) return;
      clearTimeout(pending.timer);
      this.pending.delete(id);
      // fetch says only "fetch failed"; its cause says what happened ("other side closed").
      const cause = error.cause instanceof Error && error.cause.message !== error.message ? ` (${error.cause.message})` : '';
      pending.reject(new IutError('transport', `sending ${method} or reading its answer failed: ${error.message}${cause}`));
    });
    return reply;
  }

  /** How long this session's requests waited on the suite's side, answered or still waiting (the identity's pacing). */
  heldForPaceMs(): number {
    let total = this.heldAnsweredMs;
    for (const id of this.pending.keys()) total += this.heldMsOf(id);
    return total;
  }

  /** How long the request waited on the suite's side before the receiver took it (0 but over a paced HTTP identity). */
  private heldMsOf(id: string | number): number {
    return (this.transport as Partial<PaceHintSource>).heldMsOf?.(id) ?? 0;
  }

  /** Whether a request sent before `sentAt` whose answer would show the pace is still awaited on this session. */
  private queuedBehind(sentAt: number): boolean {
    for (const pending of this.pending.values()) if (pending.teachesPace && pending.sentAt < sentAt) return true;
    return false;
  }

  /** Records something improper the receiver sent (the connection reports what the session cannot see, such as lines that are not JSON). */
  noteAnomaly(kind: Anomaly, example: string): void {
    const seen = this.anomalies.get(kind) ?? { count: 0, last: '' };
    seen.count += 1;
    seen.last = example.length > 160 ? `${example.slice(0, 160)}…` : example;
    this.anomalies.set(kind, seen);
  }

  /** What improper the receiver has sent on this connection so far: each kind, how often, and the latest example. */
  improperOutput(): { kind: Anomaly; count: number; last: string }[] {
    return [...this.anomalies].map(([kind, { count, last }]) => ({ kind, count, last }));
  }

  /** The receiver's latest stderr line, named when the connection is lost. */
  noteStderr(line: string): void {
    if (line.trim() !== '') this.lastStderr = line.length > 300 ? `${line.slice(0, 300)}…` : line;
  }

  /**
   * "; meanwhile the receiver sent 3 lines that are not JSON (last: ...)": appended to timeouts and lost
   * connections, so the check that met them says what happened instead of only that nothing came.
   */
  private whatWasSeen(lost: boolean): string {
    const parts = [...this.anomalies].map(([kind, { count, last }]) => `${count} ${count === 1 ? kind : ANOMALY_PLURAL[kind]} (last: ${JSON.stringify(last)})`);
    const seen = parts.length > 0 ? `; meanwhile the receiver sent ${parts.join(', ')}` : '';
    const stderr = lost && this.lastStderr ? `; its last stderr line was ${JSON.stringify(this.lastStderr)}` : '';
    return `${seen}${stderr}`;
  }

  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    const message = { jsonrpc: '2.0' as const, method, ...(params === undefined ? {} : { params }) };
    this.transcript.outgoing(this.label, message);
    try {
      await this.transport.send(message as JSONRPCMessage);
    } catch (error) {
      throw new IutError('transport', `sending ${method} failed: ${(error as Error).message}`);
    }
  }

  /** Waits for a notification that matches, including ones already received; undefined when none came in time. */
  waitForNotification(predicate: (n: ReceivedNotification) => boolean, timeoutMs: number, options: { includePast?: boolean } = {}): Promise<ReceivedNotification | undefined> {
    if (options.includePast !== false) {
      const seen = this.notifications.find(predicate);
      if (seen) return Promise.resolve(seen);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        unsubscribe();
        resolve(undefined);
      }, timeoutMs);
      const unsubscribe = this.onNotification((notification) => {
        if (!predicate(notification)) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(notification);
      });
      void this.closedSignal.then(() => {
        clearTimeout(timer);
        unsubscribe();
        resolve(undefined);
      });
    });
  }

  /** Waits for a request from the IUT that matches, including ones already received. */
  waitForRequest(predicate: (r: IncomingRequest) => boolean, timeoutMs: number): Promise<IncomingRequest | undefined> {
    const seen = this.requestsReceived.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.requestListeners.delete(listener);
        resolve(undefined);
      }, timeoutMs);
      const listener = (request: IncomingRequest) => {
        if (!predicate(request)) return;
        clearTimeout(timer);
        this.requestListeners.delete(listener);
        resolve(request);
      };
      this.requestListeners.add(listener);
      void this.closedSignal.then(() => {
        clearTimeout(timer);
        this.requestListeners.delete(listener);
        resolve(undefined);
      });
    });
  }

  async close(): Promise<void> {
    for (const pending of this.pending.values()) clearTimeout(pending.timer);
    // Closed first: the process's exit that follows is the harness's doing, not the receiver's crash.
    this.closeWith('the harness closed the connection');
    await this.transport.close();
  }

  private receive(raw: unknown): void {
    this.transcript.incoming(this.label, raw);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      this.transcript.note('received something that is not a JSON-RPC message object', this.label);
      this.noteAnomaly('message that is not JSON-RPC', brief(raw));
      return;
    }
    const message = raw as Record<string, unknown>;
    const hasMethod = typeof message.method === 'string';
    const hasId = typeof message.id === 'string' || typeof message.id === 'number';
    if (!hasMethod && hasId && ('result' in message || 'error' in message)) return this.receiveResponse(message);
    if (hasMethod && hasId) return this.receiveRequest(message);
    if (hasMethod) return this.receiveNotification(message);
    this.transcript.note('received a message that is neither request, response nor notification', this.label);
    this.noteAnomaly('message that is not JSON-RPC', brief(raw));
  }

  private receiveResponse(message: Record<string, unknown>): void {
    const id = message.id as string | number;
    const pending = this.pending.get(id);
    if (!pending && this.abandoned.has(id)) {
      // A slow receiver's answer after the harness stopped waiting is late, not improper.
      this.transcript.note(`a late answer to ${this.abandoned.get(id)} (id ${JSON.stringify(id)}), after the harness had stopped waiting`, this.label);
      this.abandoned.delete(id);
      return;
    }
    if (!pending) {
      this.transcript.note(`received a response to unknown request id ${JSON.stringify(id)}`, this.label);
      this.noteAnomaly('response to an unknown request id', String(id));
      return;
    }
    clearTimeout(pending.timer);
    this.pending.delete(id);
    if ('result' in message && 'error' in message) {
      // JSON-RPC 2.0: exactly one of result and error. Reading it as either would judge the check on a
      // guess (before, such a reply counted as an error and the check blamed the error's content).
      this.transcript.note(`the response to ${pending.method} carries both result and error, which JSON-RPC forbids`, this.label);
      this.noteAnomaly('message that is not JSON-RPC', brief(message));
      pending.reject(
        new IutError(
          'transport',
          `the receiver answered ${pending.method} (request id ${JSON.stringify(id)}) with a response carrying both result and error, which JSON-RPC 2.0 forbids: ${brief(message)}`,
        ),
      );
      return;
    }
    const receivedAt = performance.now();
    // The receiver's share: the time the request waited on the suite's side (a rate-limited identity's pacing) is not its.
    const heldMs = this.heldMsOf(id);
    this.heldAnsweredMs += heldMs;
    const answeredInMs = receivedAt - pending.sentAt - heldMs;
    const elapsedMs = Math.round(answeredInMs);
    if (pending.teachesPace) this.pace?.record(answeredInMs);
    if ('error' in message) {
      const error = (message.error ?? {}) as Record<string, unknown>;
      pending.resolve({ ok: false, id, elapsedMs, receivedAt, error: { code: error.code as number, message: error.message as string, data: error.data } });
    } else {
      const result = message.result;
      pending.resolve({ ok: true, id, elapsedMs, receivedAt, result: (typeof result === 'object' && result !== null ? result : { value: result }) as Record<string, unknown> });
    }
  }

  /** Resolves once the answer to the IUT's request with this id has been sent (so its effects can be observed). */
  answerSent(requestId: string | number): Promise<void> {
    return this.answersSent.get(requestId) ?? Promise.resolve();
  }

  private receiveRequest(message: Record<string, unknown>): void {
    const request: IncomingRequest = { id: message.id as string | number, method: message.method as string, params: (message.params ?? {}) as Record<string, unknown>, receivedAt: performance.now() };
    this.requestsReceived.push(request);
    this.unanswered += 1;
    this.answersSent.set(
      request.id,
      this.answer(request).finally(() => (this.unanswered -= 1)),
    );
    for (const listener of this.requestListeners) listener(request);
  }

  private async answer(request: IncomingRequest): Promise<void> {
    const handler = this.handlers.get(request.method);
    let answer: HandlerAnswer;
    try {
      answer = handler ? await handler(request) : { error: { code: -32601, message: `the conformance harness does not serve ${request.method} in this check` } };
    } catch (error) {
      answer = { error: { code: -32603, message: `the conformance harness failed to answer: ${(error as Error).message}` } };
    }
    const response = 'result' in answer ? { jsonrpc: '2.0', id: request.id, result: answer.result } : { jsonrpc: '2.0', id: request.id, error: answer.error };
    this.transcript.outgoing(this.label, response);
    try {
      await this.transport.send(response as JSONRPCMessage);
    } catch (error) {
      this.transcript.note(`could not answer ${request.method}: ${(error as Error).message}`, this.label);
    }
  }

  private receiveNotification(message: Record<string, unknown>): void {
    const method = message.method as string;
    const notification: ReceivedNotification = { method, params: (message.params ?? {}) as Record<string, unknown>, receivedAt: performance.now() };
    const ofMethod = this.notificationsPerMethod.get(method) ?? 0;
    if (this.notifications.length < NOTIFICATION_LIMIT && ofMethod < NOTIFICATION_METHOD_LIMIT) {
      if (approximateSize(notification.params, NOTIFICATION_PARAMS_CHARS) > NOTIFICATION_PARAMS_CHARS)
        notification.params = elide(notification.params, NOTIFICATION_PARAMS_CHARS) as Record<string, unknown>;
      this.notifications.push(notification);
      this.notificationsPerMethod.set(method, ofMethod + 1);
    } else {
      if (this.notificationsDropped === 0)
        this.transcript.note(`notifications beyond ${NOTIFICATION_METHOD_LIMIT} of one method (${method}) or ${NOTIFICATION_LIMIT} in all are counted, not kept`, this.label);
      this.notificationsDropped += 1;
    }
    for (const listener of this.listeners) listener(notification);
  }
}
