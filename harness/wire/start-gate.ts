// How many receiver processes may be starting at once. Starting one is mostly CPU: a few at a time, one per core,
// each start ends soonest, and the longest checks, which ask first, get going at once instead of sharing the
// machine with every other start.
import { availableParallelism } from 'node:os';

export interface StartSlot {
  /** Frees the slot; said once the process is up (or failed to start), more calls do nothing. */
  leave(): void;
}

export class StartGate {
  private starting = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly width = Math.max(2, availableParallelism())) {}

  /** Resolves with a slot once fewer than `width` are starting, in the order asked; `cancel` withdraws the wish. */
  async enter(cancel?: AbortSignal): Promise<StartSlot> {
    if (this.starting < this.width) this.starting += 1;
    else {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          cancel?.removeEventListener('abort', withdraw);
          resolve();
        };
        const withdraw = () => {
          const at = this.waiting.indexOf(turn);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(cancel?.reason instanceof Error ? cancel.reason : new Error('no longer waiting for a start slot'));
        };
        if (cancel?.aborted) return withdraw();
        cancel?.addEventListener('abort', withdraw, { once: true });
        this.waiting.push(turn);
      });
    }
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        const nextInLine = this.waiting.shift();
        // The slot passes straight to the next in line, so the count stays right.
        if (nextInLine) nextInLine();
        else this.starting -= 1;
      },
    };
  }
}
