/**
 * On a TTY, a live "done/total · elapsed" line kept under the finished checks' lines. Elsewhere (CI logs) the passing
 * checks' lines are left out, counted at the end, and a quiet stretch past QUIET_WAIT_MS gets a "done/total" line.
 */
export class ProgressLine {
  private done = 0;
  private hidden = 0;
  private readonly started: number;
  private lastWrite: number;
  private heartbeats = 0;
  private readonly timer?: NodeJS.Timeout;

  constructor(
    private readonly total: number,
    private readonly out: NodeJS.WritableStream,
    private readonly live: boolean,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = this.now();
    this.lastWrite = this.started;
    this.timer = setInterval(() => (live ? this.draw() : this.heartbeat()), live ? 250 : 500);
    this.timer.unref();
    if (live) this.draw();
  }

  /** Prints a finished check's line; on a TTY above the progress line. A routine (passing) line is left out off a TTY. */
  finished(line: string, routine = false): void {
    this.done += 1;
    if (!this.live) {
      if (routine) {
        this.hidden += 1;
        return;
      }
      this.write(`${line}\n`);
      return;
    }
    this.out.write(`\r\u001b[2K${line}\n`);
    this.draw();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.live) this.out.write('\r\u001b[2K');
    else if (this.hidden > 0) this.write(`  ${this.hidden} passing ${this.hidden === 1 ? 'check' : 'checks'} not listed (stdout is not a terminal; the reports list every check)\n`);
  }

  private write(text: string): void {
    this.out.write(text);
    this.lastWrite = this.now();
  }

  /** Off a TTY: after QUIET_WAIT_MS of silence (then each QUIET_WAIT_MS * 3), how far the run is. */
  private heartbeat(): void {
    const quiet = this.now() - this.lastWrite;
    if (quiet < (this.heartbeats === 0 ? QUIET_WAIT_MS : QUIET_WAIT_MS * 3)) return;
    this.heartbeats += 1;
    this.write(`  … ${this.done}/${this.total} checks done · ${((this.now() - this.started) / 1000).toFixed(0)} s\n`);
  }

  private draw(): void {
    const seconds = ((this.now() - this.started) / 1000).toFixed(1);
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
