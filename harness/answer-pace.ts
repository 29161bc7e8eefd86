// How long to wait for the answer to a request that has no reason to take long (a lookup such as tasks/get),
// learned from the peer as the run goes: a receiver that never answers one request is told within seconds,
// while a slow one, whose answers all take long, gets as long as its own pace says it needs.

/** Requests a receiver answers from what it has at hand: no work, no waiting on the requestor. */
const PROMPT_METHODS = new Set(['ping', 'tasks/get', 'tasks/list', 'tasks/cancel', 'tools/list']);

/** A prompt request may take this many times the slowest prompt answer seen so far in the run before it counts as unanswered. */
export const SLOWEST_ANSWER_FACTOR = 5;

export class AnswerPace {
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

  /** Notes how long an answer took; only prompt requests teach the pace. */
  record(method: string, elapsedMs: number): void {
    if (!this.isPrompt(method)) return;
    this.answers += 1;
    if (elapsedMs > this.slowestMs) this.slowestMs = elapsedMs;
  }

  /** The bound for a prompt request as the run stands now; asked again when it passes, since the peer may have shown more of its pace. */
  boundMs(): number {
    return Math.max(this.floorMs, Math.ceil(SLOWEST_ANSWER_FACTOR * this.slowestMs));
  }

  /** Said with a timeout, so the verdict shows what the bound was derived from. */
  describe(): string {
    return this.answers === 0 ? 'no prompt answer had been seen yet' : `the slowest of its ${this.answers} prompt answers in this run took ${Math.round(this.slowestMs)} ms`;
  }
}
