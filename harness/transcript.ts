import type { TranscriptEntry } from './model.js';

/** Entries kept per transcript; a flooding receiver must not exhaust memory or bloat the reports. */
export const TRANSCRIPT_LIMIT = 2000;

/**
 * Every message in and out of one check's connections, timestamped relative to the check's start.
 * Past the limit, entries are counted but not kept, and the count is reported once at the end.
 */
export class Transcript {
  private readonly kept: TranscriptEntry[] = [];
  private omitted = 0;
  readonly startedAt = performance.now();

  constructor(private readonly limit = TRANSCRIPT_LIMIT) {}

  elapsed(): number {
    return Math.round((performance.now() - this.startedAt) * 10) / 10;
  }

  record(entry: Omit<TranscriptEntry, 't'>): void {
    if (this.kept.length >= this.limit) {
      this.omitted += 1;
      return;
    }
    this.kept.push({ t: this.elapsed(), ...entry });
  }

  outgoing(conn: string, message: unknown): void {
    this.record({ dir: 'out', conn, message });
  }

  incoming(conn: string, message: unknown): void {
    this.record({ dir: 'in', conn, message });
  }

  stderr(conn: string, text: string): void {
    this.record({ dir: 'stderr', conn, text });
  }

  note(text: string, conn?: string): void {
    this.record({ dir: 'note', conn, text });
  }

  entries(): TranscriptEntry[] {
    if (this.omitted === 0) return [...this.kept];
    return [...this.kept, { t: this.elapsed(), dir: 'note', text: `${this.omitted} further entries were not kept (limit ${this.limit})` }];
  }

  /** The last few incoming messages, for "what was seen" in failure messages. */
  lastIncoming(count = 1): TranscriptEntry[] {
    return this.kept.filter((entry) => entry.dir === 'in' || entry.dir === 'stderr').slice(-count);
  }
}
