// The pace of one requestor identity towards an HTTP server, as a rate-limited server asks for it. A refusal for pace
// (HTTP 429, with or without Retry-After) of any request (initialize, server/discover, tools/call, tasks/*, a listen,
// the GET stream, a DELETE, a notification) is waited out and the same HTTP request sent again: never a finding, never
// the answer while the run's bounds allow another try. Every request of the identity, from every check, then keeps a
// spacing learned as TCP learns a window: doubled (once per episode) at a refusal, narrowed slowly while the server
// keeps up. The time a request spent held back by this pacing is the suite's own, never the server's: the session
// adds it to the request's bound.
import { parseRetryAfter } from '../poll-pace.js';
import { pause } from '../timing.js';

/** Tries of one HTTP request refused for pace before the last refusal is handed on as its answer. */
export const LOAD_RETRIES = 12;
/** The spacing at the first refusal, when the server asks for no wait of its own. */
const FIRST_GAP_MS = 25;
/** The widest spacing learned; a server that wants more says so in Retry-After, which is always kept. */
const MAX_GAP_MS = 5_000;
/** Served requests in a row after which the spacing narrows by a tenth. */
const NARROW_AFTER = 20;

/** What the pacing of the run did, for the report and the concurrency's adaptation. */
export interface LoadEvents {
  /** A request was refused for pace (the server's load, not a finding). */
  onRefusal?(what: string, retryAfterMs: number | undefined): void;
  /** The server ended a stream of ours before we did (a cap on open streams, or a fault the checks judge). */
  onStreamClosed?(): void;
}

/** A stream of the server at `url` ended on its side while the suite still listened. */
export function streamClosedByServer(url: string): void {
  for (const listener of listeners.get(url) ?? []) listener.onStreamClosed?.();
}

const listeners = new Map<string, Set<LoadEvents>>();
/** The engine hears the refusals of every identity at one server URL while its run lasts. */
export function listenToLoad(url: string, events: LoadEvents): () => void {
  let set = listeners.get(url);
  if (!set) listeners.set(url, (set = new Set()));
  set.add(events);
  return () => {
    set.delete(events);
    if (set.size === 0) listeners.delete(url);
  };
}

export class RequestPacer {
  constructor(readonly url: string) {}

  /** The spacing kept between the starts of two requests of the identity (0: none yet). */
  gapMs = 0;
  refusals = 0;
  private blockedUntil = 0;
  private lastStart = -Infinity;
  private widenedAt = -Infinity;
  private servedInRow = 0;
  private line: Promise<void> = Promise.resolve();

  /** Resolves when the next request may start; at once while the server has refused nothing. */
  async admit(signal?: AbortSignal): Promise<void> {
    if (this.gapMs === 0 && performance.now() >= this.blockedUntil) {
      this.lastStart = performance.now();
      return;
    }
    const before = this.line;
    let release!: () => void;
    this.line = new Promise<void>((resolve) => (release = resolve));
    try {
      await before;
      for (;;) {
        const waitMs = Math.max(this.blockedUntil, this.lastStart + this.gapMs) - performance.now();
        if (waitMs <= 0) break;
        await pause(Math.ceil(waitMs), signal);
      }
      this.lastStart = performance.now();
    } finally {
      release();
    }
  }

  /** The request started at `startedAt` was refused: hold every request of the identity, and widen the spacing once per episode. */
  refused(startedAt: number, retryAfterMs: number | undefined): void {
    this.refusals += 1;
    this.servedInRow = 0;
    const now = performance.now();
    if (startedAt >= this.widenedAt) {
      this.gapMs = Math.min(MAX_GAP_MS, this.gapMs > 0 ? 2 * this.gapMs : FIRST_GAP_MS);
      this.widenedAt = now;
    }
    this.blockedUntil = Math.max(this.blockedUntil, now + (retryAfterMs ?? this.gapMs));
  }

  served(): void {
    if (this.gapMs === 0) return;
    this.servedInRow += 1;
    if (this.servedInRow < NARROW_AFTER) return;
    this.servedInRow = 0;
    this.gapMs = this.gapMs < 2 ? 0 : Math.floor(this.gapMs * 0.9);
  }
}

const pacers = new Map<string, RequestPacer>();

/** The pacer of one identity (URL and headers) at one server: shared by every connection of the run with them. */
export function pacerFor(url: string, headers: Record<string, string>): RequestPacer {
  const key = `${url} ${JSON.stringify(Object.entries(headers).sort(([a], [b]) => a.localeCompare(b)))}`;
  let pacer = pacers.get(key);
  if (!pacer) pacers.set(key, (pacer = new RequestPacer(url)));
  return pacer;
}

/**
 * Sends one HTTP request through the identity's pacing: refused for pace, it waits (Retry-After, or the body's
 * retryAfterMs, or the learned spacing) and is sent again, up to LOAD_RETRIES times; the last refusal is returned as
 * the answer. `held` hears how long the request waited on the suite's side (pacing and refusals), as it grows.
 */
export async function pacedFetch(
  pacer: RequestPacer,
  send: () => Promise<Response>,
  what: string,
  signal: AbortSignal | undefined | null,
  held?: HoldClock,
  note?: (line: string) => void,
): Promise<Response> {
  for (let tries = 1; ; tries++) {
    held?.start();
    try {
      await pacer.admit(signal ?? undefined);
    } finally {
      held?.stop();
    }
    const startedAt = performance.now();
    const response = await send();
    if (response.status !== 429) {
      pacer.served();
      return response;
    }
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after')) ?? (await bodyRetryAfter(response.clone()));
    pacer.refused(startedAt, retryAfterMs);
    for (const listener of listeners.get(pacer.url) ?? []) listener.onRefusal?.(what, retryAfterMs);
    if (tries >= LOAD_RETRIES) {
      note?.(`${what} was refused for its pace (HTTP 429) ${tries} times; the last refusal is handed on as the answer`);
      return response;
    }
    const waitMs = Math.round(Math.max(retryAfterMs ?? 0, pacer.gapMs));
    note?.(
      `${what} was refused for its pace (HTTP 429${retryAfterMs !== undefined ? `, asking for ${retryAfterMs} ms` : ''}); ` +
        `sent again in ${waitMs} ms or more, every request of this requestor spaced ${pacer.gapMs} ms apart meanwhile (a pace signal, not a finding)`,
    );
    // From the refusal on, the request waits on the suite's side again.
    held?.start(startedAt);
    await response.body?.cancel().catch(() => undefined);
  }
}

/** How long one request has waited on the suite's side (pacing, refusals waited out), while it waits too. */
export class HoldClock {
  private totalMs = 0;
  private since?: number;

  start(at = performance.now()): void {
    if (this.since === undefined) this.since = at;
  }

  stop(): void {
    if (this.since !== undefined) this.totalMs += performance.now() - this.since;
    this.since = undefined;
  }

  get ms(): number {
    return this.totalMs + (this.since === undefined ? 0 : performance.now() - this.since);
  }
}

/** retryAfterMs (or retryAfter in seconds) in a JSON-RPC error body, when the 429's body has one. */
async function bodyRetryAfter(response: Response): Promise<number | undefined> {
  try {
    const parsed = JSON.parse(await response.text()) as { error?: { data?: { retryAfterMs?: unknown; retryAfter?: unknown } } };
    const data = parsed?.error?.data;
    if (typeof data?.retryAfterMs === 'number' && data.retryAfterMs >= 0) return data.retryAfterMs;
    if (typeof data?.retryAfter === 'number' && data.retryAfter >= 0) return data.retryAfter * 1000;
  } catch {
    // Not JSON: the spacing learned decides the wait.
  }
  return undefined;
}
