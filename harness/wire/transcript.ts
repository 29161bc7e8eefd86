import type { TranscriptEntry } from '../model/model.js';

/** Entries kept per transcript; a flooding receiver must not exhaust memory or bloat the reports. */
export const TRANSCRIPT_LIMIT = 2000;

/**
 * Characters one entry may take (its message counted as JSON, roughly). A receiver that sends a 10 MB
 * message must not put 10 MB into every check's transcript: 59 of them overflowed the JSON report
 * (V8's string limit) and the run ended without reports. Beyond this, the entry keeps a cut-down copy.
 */
export const ENTRY_CHAR_LIMIT = 32 * 1024;
/** Characters one transcript may keep in all; beyond it entries are counted, not kept, like beyond TRANSCRIPT_LIMIT. */
export const TRANSCRIPT_CHAR_LIMIT = 2 * 1024 * 1024;

/** Longest string kept inside a cut-down message. */
const ELIDED_STRING_CHARS = 2048;

/**
 * The approximate size of a value as JSON, counted only up to `limit` (a walk that stops early, so a
 * huge message costs no more than a small one to measure).
 */
export function approximateSize(value: unknown, limit: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && size <= limit) {
    const item = stack.pop();
    if (typeof item === 'string') size += item.length + 2;
    else if (typeof item !== 'object' || item === null) size += 8;
    else if (Array.isArray(item)) {
      size += 2 + item.length;
      for (let i = item.length - 1; i >= 0 && stack.length < limit; i--) stack.push(item[i]);
    } else {
      for (const [key, child] of Object.entries(item)) {
        size += key.length + 4;
        stack.push(child);
        if (size > limit || stack.length > limit) break;
      }
    }
  }
  return size;
}

/**
 * A copy of `value` that fits in about `budget` characters of JSON: long strings are cut, and what no longer
 * fits is replaced by a marker. The structure that does fit (method, id, the start of the params) stays
 * readable.
 */
export function elide(value: unknown, budget = ENTRY_CHAR_LIMIT): unknown {
  const left = { chars: budget };
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') {
      const room = Math.max(0, Math.min(ELIDED_STRING_CHARS, left.chars));
      if (item.length <= room) {
        left.chars -= item.length + 2;
        return item;
      }
      left.chars -= room + 40;
      return `${item.slice(0, room)}… [cut: ${item.length} characters in all]`;
    }
    if (typeof item !== 'object' || item === null) {
      left.chars -= 8;
      return item;
    }
    if (depth > 32) return '… [cut: nested too deep]';
    if (Array.isArray(item)) {
      const out: unknown[] = [];
      for (const child of item) {
        if (left.chars <= 0) {
          out.push(`… [cut: ${item.length - out.length} more items]`);
          break;
        }
        out.push(walk(child, depth + 1));
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    const entries = Object.entries(item);
    let kept = 0;
    for (const [key, child] of entries) {
      if (left.chars <= 0) {
        out['…'] = `[cut: ${entries.length - kept} more fields]`;
        break;
      }
      left.chars -= key.length + 4;
      out[key] = walk(child, depth + 1);
      kept += 1;
    }
    return out;
  };
  return walk(value, 0);
}

/**
 * Every message in and out of one check's connections, timestamped relative to the check's start.
 * Past the limits (entries, characters), entries are counted but not kept, and the count is reported
 * once at the end; an entry too large by itself is kept cut down.
 */
export class Transcript {
  private readonly kept: TranscriptEntry[] = [];
  private omitted = 0;
  private keptChars = 0;
  /** The latest incoming entry even when it was not kept, so "the last thing it sent" is never stale. */
  private lastSeen?: TranscriptEntry;
  readonly startedAt = performance.now();
  /** Who reads every message as it passes, whole and also past the limits (the rule book judging the check's traffic). */
  private readonly readers: ((entry: TranscriptEntry) => void)[] = [];

  constructor(
    private readonly limit = TRANSCRIPT_LIMIT,
    private readonly charLimit = TRANSCRIPT_CHAR_LIMIT,
  ) {}

  elapsed(): number {
    return Math.round((performance.now() - this.startedAt) * 10) / 10;
  }

  /** Every message recorded from now on is handed to `reader` as it was sent or received, before any cut. */
  read(reader: (entry: TranscriptEntry) => void): void {
    this.readers.push(reader);
  }

  record(entry: Omit<TranscriptEntry, 't'>): void {
    if (entry.message !== undefined) for (const reader of this.readers) reader({ t: this.elapsed(), ...entry });
    const incoming = entry.dir === 'in' || entry.dir === 'stderr';
    if (this.kept.length >= this.limit || this.keptChars >= this.charLimit) {
      // Kept as sent and cut down only if asked for: a flood passes here thousands of times.
      if (incoming) this.lastSeen = { t: this.elapsed(), ...entry };
      this.omitted += 1;
      return;
    }
    const bounded = this.bound({ t: this.elapsed(), ...entry });
    if (incoming) this.lastSeen = bounded.entry;
    this.kept.push(bounded.entry);
    this.keptChars += bounded.chars;
  }

  /** The entry itself when it is small enough, else a cut-down copy; with its approximate size. */
  private bound(entry: TranscriptEntry): { entry: TranscriptEntry; chars: number } {
    const messageChars = entry.message === undefined ? 0 : approximateSize(entry.message, ENTRY_CHAR_LIMIT);
    const textChars = entry.text?.length ?? 0;
    if (messageChars <= ENTRY_CHAR_LIMIT && textChars <= ENTRY_CHAR_LIMIT) return { entry, chars: messageChars + textChars + 40 };
    const out: TranscriptEntry = { ...entry };
    if (messageChars > ENTRY_CHAR_LIMIT) out.message = elide(entry.message);
    if (entry.text !== undefined && textChars > ENTRY_CHAR_LIMIT) out.text = `${entry.text.slice(0, ENTRY_CHAR_LIMIT)}… [cut: ${entry.text.length} characters in all]`;
    return { entry: out, chars: 2 * ENTRY_CHAR_LIMIT };
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
    const limits = this.keptChars >= this.charLimit ? `limit ${this.limit} entries or ${Math.round(this.charLimit / 1024)} KB` : `limit ${this.limit}`;
    return [...this.kept, { t: this.elapsed(), dir: 'note', text: `${this.omitted} further entries were not kept (${limits})` }];
  }

  /** The last few incoming messages, for "what was seen" in failure messages; the very latest even when it was not kept. */
  lastIncoming(count = 1): TranscriptEntry[] {
    const kept = this.kept.filter((entry) => entry.dir === 'in' || entry.dir === 'stderr');
    if (this.lastSeen && kept[kept.length - 1] !== this.lastSeen) kept.push(this.bound(this.lastSeen).entry);
    return kept.slice(-count);
  }
}
