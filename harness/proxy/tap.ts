// The wire tap: copies of what the proxy forwards, cut into messages, stamped, written to the trace and handed to the
// judge. The proxy forwards each chunk before the tap sees it, and nothing the tap does (a malformed line, a judge
// that throws, a trace file that fails) can stop or change the forwarding.
import { createWriteStream, type WriteStream } from 'node:fs';
import type { RuleBook } from '../rules/rule-book.js';
import type { Party, WireEntry } from '../rules/traffic.js';

/** A line longer than this is forwarded but not judged: the tap never holds more than this much of one message. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Entries held while the judge loads (it loads after the server has started, so the host waits for no schema compiling). */
const MAX_QUEUED = 100_000;

export class WireTap {
  /** Failures of the judge, each said once in the report; forwarding went on. */
  readonly judgeErrors: string[] = [];
  private trace?: WriteStream;
  private traceError?: string;
  private judge?: RuleBook;
  private queue: WireEntry[] = [];

  constructor(judge: RuleBook | Promise<RuleBook>, traceFile?: string) {
    if (judge instanceof Promise) {
      judge.then(
        (loaded) => {
          this.judge = loaded;
          for (const entry of this.queue.splice(0)) this.judgeEntry(entry);
        },
        (error: unknown) => {
          this.queue = [];
          this.judgeErrors.push(`the judge could not be loaded: ${(error as Error)?.message ?? String(error)}`);
        },
      );
    } else {
      this.judge = judge;
    }
    if (traceFile) {
      this.trace = createWriteStream(traceFile, { flags: 'w' });
      this.trace.on('error', (error) => {
        this.traceError = `the trace file ${traceFile} could not be written: ${error.message}`;
        this.trace = undefined;
      });
    }
  }

  /** One message's text as it went over the wire (a line on stdio, a body or an SSE event's data on HTTP). */
  message(from: Party, channel: string, text: string, stream?: string): void {
    const now = performance.timeOrigin + performance.now();
    let message: unknown;
    let parsed = true;
    try {
      message = JSON.parse(text);
    } catch {
      parsed = false;
    }
    const entry: WireEntry = { t: now, at: new Date(now).toISOString(), from, channel, ...(stream ? { stream } : {}), ...(parsed ? { message } : { text: text.slice(0, 4000) }) };
    this.record(entry);
  }

  /** Hands an entry to the trace and the judge; a judge that throws is noted, never rethrown. */
  record(entry: WireEntry): void {
    this.trace?.write(`${JSON.stringify(entry)}\n`);
    if (this.judge) this.judgeEntry(entry);
    else if (this.queue.length < MAX_QUEUED && this.judgeErrors.length === 0) this.queue.push(entry);
  }

  private judgeEntry(entry: WireEntry): void {
    try {
      this.judge!.observe(entry);
    } catch (error) {
      const text = (error as Error)?.stack?.split('\n').slice(0, 3).join(' ') ?? String(error);
      if (this.judgeErrors.length < 10) this.judgeErrors.push(text);
    }
  }

  /** Problems of the tap itself worth a notice in the report. */
  notices(): string[] {
    return this.traceError ? [this.traceError] : [];
  }

  async close(): Promise<void> {
    const trace = this.trace;
    this.trace = undefined;
    if (trace) await new Promise<void>((resolve) => trace.end(resolve));
  }
}

/** Cuts a byte stream into newline-delimited lines for the tap; the bytes themselves were already forwarded. */
export class LineCutter {
  private parts: Buffer[] = [];
  private size = 0;
  private overlong = false;

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, newline));
      const line = this.overlong ? undefined : Buffer.concat(this.parts, this.size).toString('utf8');
      this.parts = [];
      this.size = 0;
      this.overlong = false;
      if (line !== undefined && line.trim() !== '') this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      start = newline + 1;
    }
    this.take(chunk.subarray(start));
  }

  private take(piece: Buffer): void {
    if (piece.length === 0 || this.overlong) return;
    if (this.size + piece.length > MAX_MESSAGE_BYTES) {
      this.overlong = true;
      this.parts = [];
      this.size = 0;
      return;
    }
    // A copy: the chunk's buffer belongs to the stream that forwarded it.
    this.parts.push(Buffer.from(piece));
    this.size += piece.length;
  }
}
