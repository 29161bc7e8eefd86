// How many checks may be starting (opening their first connection) at once. Starting a receiver process is mostly
// CPU: a few at a time, one per core, each start ends soonest, and the longest checks, which start first, get
// going at once instead of sharing the machine with every other start.
import { availableParallelism } from 'node:os';

export interface StartSlot {
  /** Frees the slot; said once the check's first connection is open (or it needs none), more calls do nothing. */
  leave(): void;
}

export class StartGate {
  private starting = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly width = Math.max(2, availableParallelism())) {}

  /** Resolves with a slot once fewer than `width` checks are starting; in the order asked. */
  async enter(): Promise<StartSlot> {
    if (this.starting >= this.width) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.starting += 1;
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
