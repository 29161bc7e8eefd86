/** One line a process wrote, with when the harness read it. */
export interface OutputLine {
  /** Wall-clock time, ISO 8601. */
  at: string;
  /** performance.now() at that moment, to place the line in a check's transcript. */
  atMs: number;
  text: string;
}

/** Lines kept of a process's output; what came before is dropped, so a chatty process cannot exhaust memory. */
const TAIL_LINES = 40;
/** Longest line kept; longer ones are cut, as in the transcripts. */
const LINE_CHARS = 4000;
/** A partial line (no newline yet) is kept bounded too. */
const PARTIAL_CHARS = 65536;

/**
 * Splits a process's output stream (its stderr) into lines: each is handed to the listeners as it arrives and
 * the last few are kept, timestamped, so that when the process dies the harness can say what it wrote last.
 */
export class OutputTail {
  private readonly kept: OutputLine[] = [];
  private readonly listeners = new Set<(line: OutputLine) => void>();
  private partial = '';
  /** Resolves once the stream has ended (or closed): everything the process wrote has been read. */
  readonly ended: Promise<void>;

  constructor(
    stream: NodeJS.ReadableStream,
    private readonly limit = TAIL_LINES,
  ) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => this.consume(chunk));
    this.ended = new Promise<void>((resolve) => {
      const done = () => {
        this.flush();
        resolve();
      };
      stream.once('end', done);
      stream.once('close', done);
      stream.once('error', done);
    });
  }

  /** Calls `listener` with every line from now on; returns the function that stops it. */
  onLine(listener: (line: OutputLine) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The last lines, oldest first. */
  lines(): OutputLine[] {
    return [...this.kept];
  }

  /** Hands on a last line that ended without a newline (the process exited mid-line). */
  flush(): void {
    if (this.partial === '') return;
    const text = this.partial;
    this.partial = '';
    this.emit(text);
  }

  private consume(chunk: string): void {
    this.partial += chunk;
    const lines = this.partial.split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.emit(line.replace(/\r$/, ''));
    if (this.partial.length > PARTIAL_CHARS) this.partial = this.partial.slice(-PARTIAL_CHARS);
  }

  private emit(raw: string): void {
    const line: OutputLine = { at: new Date().toISOString(), atMs: performance.now(), text: raw.slice(0, LINE_CHARS) };
    this.kept.push(line);
    if (this.kept.length > this.limit) this.kept.shift();
    for (const listener of this.listeners) listener(line);
  }
}
