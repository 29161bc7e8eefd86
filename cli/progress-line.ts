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
