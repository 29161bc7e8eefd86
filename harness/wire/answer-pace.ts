// How long to wait for the answer to a request that has no reason to take long (a lookup such as tasks/get),
// learned from the peer as the run goes: a receiver that never answers one request is told within seconds,
// while a slow one, whose answers all take long, gets as long as its own pace says it needs.

/** Requests a receiver answers from what it has at hand: no work, no waiting on the requestor. */
const PROMPT_METHODS = new Set(['ping', 'tasks/get', 'tasks/list', 'tasks/cancel', 'tools/list', 'tasks/update', 'server/discover']);

/** A prompt request may take this many times the slowest prompt answer seen so far in the run before it counts as unanswered. */
export const SLOWEST_ANSWER_FACTOR = 5;

export class AnswerPace {
  /** The polling pace the receiver asked for, as the run learns it (poll-pace.ts). */
  readonly asked = new AskedPace();
  private slowestMs = 0;
  private answers = 0;

  /**
   * @param floorMs the least a prompt request is given, however fast the peer has been. There is no ceiling: once
   *   the peer has shown it is slow, a queue of its slow answers must not fail.
   */
  constructor(readonly floorMs: number) {}

  isPrompt(method: string): boolean {
    return PROMPT_METHODS.has(method);
  }

  /**
   * Whether the answer to this request shows the peer's pace: a prompt request's, and a task-augmented request's
   * (its CreateTaskResult comes before the work). A queue of those shows in their latency before a lookup behind it
   * reaches its bound, so a busy serial server is given the time its queue needs.
   */
  teaches(method: string, params: Record<string, unknown> | undefined): boolean {
    return this.isPrompt(method) || (typeof params?.task === 'object' && params.task !== null);
  }

  /** Notes how long an answer took, for a request that teaches the pace. */
  record(elapsedMs: number): void {
    this.answers += 1;
    if (elapsedMs > this.slowestMs) this.slowestMs = elapsedMs;
  }

  /** The bound for a prompt request as the run stands now; asked again when it passes, since the peer may have shown more of its pace. */
  boundMs(): number {
    return Math.max(this.floorMs, Math.ceil(SLOWEST_ANSWER_FACTOR * this.slowestMs));
  }

  /** Said with a timeout, so the verdict shows what the bound was derived from. */
  describe(): string {
    return this.answers === 0
      ? 'no prompt answer had been seen yet'
      : `the slowest of its ${this.answers} prompt answers (lookups and task creations) in this run took ${Math.round(this.slowestMs)} ms`;
  }
}

/** Run-wide: the longest interval any task asked for so far, so bounds can grow with it (see Timing). */
export class AskedPace {
  private longestMs = 0;
  record(intervalMs: number): void {
    if (intervalMs > this.longestMs) this.longestMs = intervalMs;
  }
  get longestIntervalMs(): number {
    return this.longestMs;
  }
}
