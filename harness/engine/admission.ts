// How many checks run at once, adapted to the server as TCP adapts its window to a path: --concurrency is the widest
// it may be, and it narrows by half (once per episode) when the server shows it cannot keep up (a check's wait ran
// out while others ran beside it, a request refused for pace), then widens by one check per window of checks that
// ended without such a sign. A server that does one thing at a time gets a run near the sum of its work, not a wall
// of time-outs; a fast one keeps the whole width. What it adapted to is said in the report.

import { listenToLoad } from '../wire/connections/load-pacer.js';
import type { TargetSpec } from '../wire/connections/connect.js';

/** One check's place among those running: whether another check ran beside it at any moment. */
export interface Slot {
  readonly startedAt: number;
  overlapped: boolean;
}

/** How a check ended, as the admission reads it. */
export type Ending = 'clean' | 'load' | 'other';

export class Admission {
  private window: number;
  private readonly running = new Set<Slot>();
  private readonly waiting: (() => void)[] = [];
  private lastNarrowedAt = -Infinity;
  /** Until the first sign of load the window grows by one per clean check (slow start); after, by one per window. */
  private slowStart: boolean;
  /** The fewest checks in flight the run came down to. */
  narrowest: number;
  /** Most checks in flight at once. */
  widestSeen = 0;
  refusals = 0;
  streamsClosed = 0;
  waitsRanOut = 0;
  narrowings = 0;

  constructor(
    readonly widest: number,
    start: number,
    /** The shortest time between two narrowings for refusals: a burst of refusals is one episode. */
    private readonly episodeMs: number,
  ) {
    this.window = Math.max(1, Math.min(widest, start));
    this.narrowest = this.limit;
    this.slowStart = this.window < widest;
  }

  /** Whether the server showed it could not keep up: a refusal for pace, or a narrowing. */
  get showedLoad(): boolean {
    return this.refusals > 0 || this.narrowings > 0 || this.streamsClosed > 0;
  }

  /** Checks that may be in flight now. */
  get limit(): number {
    return Math.max(1, Math.floor(this.window));
  }

  get inFlight(): number {
    return this.running.size;
  }

  /** Waits for room within the window; the slot is the check's until `release`. */
  async acquire(): Promise<Slot> {
    while (this.running.size >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const slot: Slot = { startedAt: performance.now(), overlapped: this.running.size > 0 };
    for (const other of this.running) other.overlapped = true;
    this.running.add(slot);
    this.widestSeen = Math.max(this.widestSeen, this.running.size);
    return slot;
  }

  /** The check ended: a wait that ran out under load narrows the window, anything else widens it. */
  release(slot: Slot, ending: Ending): void {
    this.running.delete(slot);
    if (ending === 'load') {
      this.waitsRanOut += 1;
      // Admitted before the last narrowing, the check ran under the wider window: that episode was already answered.
      if (slot.overlapped && slot.startedAt >= this.lastNarrowedAt) this.narrow();
    } else this.widen();
    this.wake();
  }

  /** A request was refused for pace: the run narrows once per episode. */
  refused(retryAfterMs: number | undefined): void {
    this.refusals += 1;
    if (performance.now() - this.lastNarrowedAt < Math.max(this.episodeMs, retryAfterMs ?? 0)) return;
    if (this.running.size <= 1 && this.limit <= 1) return;
    this.narrow();
  }

  /** The server ended a stream of ours: fewer checks in flight keep fewer streams open (once per episode). */
  streamClosed(): void {
    this.streamsClosed += 1;
    if (performance.now() - this.lastNarrowedAt < this.episodeMs) return;
    if (this.running.size <= 1 && this.limit <= 1) return;
    this.narrow();
  }

  private narrow(): void {
    this.slowStart = false;
    this.window = Math.max(1, Math.min(this.window, Math.max(1, this.running.size)) / 2);
    this.lastNarrowedAt = performance.now();
    this.narrowings += 1;
    this.narrowest = Math.min(this.narrowest, this.limit);
  }

  private widen(): void {
    if (this.window >= this.widest) return;
    this.window = Math.min(this.widest, this.window + (this.slowStart ? 1 : 1 / this.window));
  }

  private wake(): void {
    while (this.waiting.length > 0 && this.running.size < this.limit) this.waiting.shift()?.();
  }

  /** What the run adapted to, for its notices; undefined when it kept its width and heard no refusal. */
  describe(durationMs: number, againAlone: number): string | undefined {
    if (!this.showedLoad && againAlone === 0 && this.narrowest >= this.widest) return undefined;
    const parts: string[] = [];
    if (this.refusals > 0) parts.push(`${this.refusals} request${this.refusals === 1 ? ' was' : 's were'} refused for pace (HTTP 429) and waited out, never a finding`);
    if (this.streamsClosed > 0) parts.push(`${this.streamsClosed} stream${this.streamsClosed === 1 ? ' was' : 's were'} ended by the server while the suite still listened (a cap on open streams?)`);
    if (this.waitsRanOut > 0) parts.push(`${this.waitsRanOut} check${this.waitsRanOut === 1 ? '' : 's'} saw a wait run out while others ran beside ${this.waitsRanOut === 1 ? 'it' : 'them'}`);
    const width =
      this.narrowest < this.widest
        ? `the run narrowed to ${this.narrowest} check${this.narrowest === 1 ? '' : 's'} in flight (of --concurrency ${this.widest}; at most ${this.widestSeen} at once)`
        : `it kept ${this.widestSeen} checks in flight at most (--concurrency ${this.widest})`;
    const alone = againAlone > 0 ? `; ${againAlone} check${againAlone === 1 ? ' was' : 's were'} run again alone at the end, and that result stands` : '';
    return `The server under test could not keep up with the suite's load: ${parts.join('; ') || 'it showed signs of load'}; ${width}${alone}; ${Math.round(durationMs / 1000)} s in all.`;
  }
}

/** Listens, from before discovery to the end of the run, to the refusals for pace of every identity at the target. */
export function watchLoad(target: TargetSpec): { readonly refusals: number; attach(admission: Admission): void; stop(): void } {
  let refusals = 0;
  let admission: Admission | undefined;
  const stop =
    target.transport === 'http'
      ? listenToLoad(target.url, {
          onRefusal: (_what, retryAfterMs) => {
            refusals += 1;
            admission?.refused(retryAfterMs);
          },
          onStreamClosed: () => admission?.streamClosed(),
        })
      : () => {};
  return {
    get refusals() {
      return refusals;
    },
    attach: (given) => void (admission = given),
    stop,
  };
}
