/** On a TTY, a live "done/total · elapsed" line kept under the finished checks' lines. */
export class ProgressLine {
  private done = 0;
  private readonly started = performance.now();
  private readonly timer?: NodeJS.Timeout;

  constructor(
    private readonly total: number,
    private readonly out: NodeJS.WriteStream,
    private readonly live: boolean,
  ) {
    if (live) {
      this.timer = setInterval(() => this.draw(), 250);
      this.timer.unref();
      this.draw();
    }
  }

  /** Prints a finished check's line; on a TTY above the progress line. */
  finished(line: string): void {
    this.done += 1;
    if (!this.live) {
      this.out.write(`${line}\n`);
      return;
    }
    this.out.write(`\r\u001b[2K${line}\n`);
    this.draw();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.live) this.out.write('\r\u001b[2K');
  }

  private draw(): void {
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    this.out.write(`\r\u001b[2K  ${this.done}/${this.total} checks · ${seconds} s`);
  }
}

/** How long a wait goes on in silence before the console says it is still waiting. */
export const QUIET_WAIT_MS = 5_000;

/**
 * Waits for `work`, saying on the console that `what` is still awaited once the wait passes QUIET_WAIT_MS: on a TTY a
 * live line (cleared when the wait ends), elsewhere one line then, and one more each QUIET_WAIT_MS * 3 after.
 */
export async function announceLongWait<T>(what: string, work: Promise<T>, out: NodeJS.WritableStream, live: boolean, now: () => number = () => performance.now()): Promise<T> {
  const started = now();
  let shown = false;
  let lastLine = 0;
  const say = () => {
    const elapsed = now() - started;
    if (elapsed < QUIET_WAIT_MS) return;
    const text = `… ${what} (${(elapsed / 1000).toFixed(live ? 1 : 0)} s so far)`;
    if (live) out.write(`\r\u001b[2K${text}`);
    else if (!shown || elapsed - lastLine >= QUIET_WAIT_MS * 3) {
      out.write(`${text}\n`);
      lastLine = elapsed;
    } else return;
    shown = true;
  };
  const timer = setInterval(say, live ? 250 : 500);
  timer.unref();
  try {
    return await work;
  } finally {
    clearInterval(timer);
    if (live && shown) out.write('\r\u001b[2K');
  }
}
