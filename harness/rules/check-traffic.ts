// A check's traffic past its era's rule book (rule-book.ts), as it passes: only the implementation's side is judged
// (the role decides which side that is), and each violation becomes a finding that says it came from the rule book.
import type { Era, Finding, ReceiverRole, Requirement, TranscriptEntry } from '../model/model.js';
import { expectedAndActual } from '../model/describe.js';
import { RuleBook, type WireViolation } from './rule-book.js';
import type { Party } from './traffic.js';

/** Rule-book findings one check may keep: a flood of one fault says no more after a few. */
const KEPT_PER_CHECK = 20;

/** The suite's traffic of one check, judged as it passes; `findings()` once the check is over. */
export class TrafficJudgement {
  private readonly book: RuleBook;
  private readonly seen: Finding[] = [];
  private readonly seenKeys = new Set<string>();
  /** The entry being judged, so that a violation it shows points at it. */
  private current?: TranscriptEntry;
  /** The side the implementation under test speaks for: a server answers the suite as host; a client is the host. */
  private readonly party: Party;

  constructor(era: Era, role: ReceiverRole, requirements: ReadonlyMap<string, Requirement>, identityOf: (channel: string) => string | undefined, transport: 'stdio' | 'http' = 'stdio') {
    this.party = role === 'client' ? 'host' : 'server';
    const catalogues = { legacy: new Map<string, Requirement>(), modern: new Map<string, Requirement>(), [era]: requirements } as Record<Era, ReadonlyMap<string, Requirement>>;
    // A 2025-11-25 run speaks that era only, also on a process an earlier check opened (whose initialize it did not see);
    // a 2026-07-28 run may open a 2025-11-25 session on a server of both eras, so there each conversation shows its era.
    this.book = new RuleBook({ requirements: catalogues, ...(era === 'legacy' ? { era } : {}), identityOf, transport, onViolation: (violation) => this.take(violation) });
  }

  /** One transcript entry: what the suite sent is the suite's side, what came in the implementation's. */
  observe(entry: TranscriptEntry): void {
    if (entry.message === undefined || (entry.dir !== 'in' && entry.dir !== 'out')) return;
    const from: Party = entry.dir === 'in' ? this.party : this.party === 'server' ? 'host' : 'server';
    const now = Date.now();
    this.current = entry;
    try {
      this.book.observe({ t: now, at: new Date(now).toISOString(), from, channel: entry.conn ?? 'A', message: entry.message });
    } catch {
      // A defect of the rule book must not end the check; the check's own judgement stands.
    }
  }

  findings(): Finding[] {
    return this.seen;
  }

  private take(violation: WireViolation): void {
    // The suite's own side is held to the same rules by the tests, not here: only the implementation is judged.
    if (violation.party !== this.party) return;
    const key = `${violation.requirement}|${violation.message}`;
    if (this.seenKeys.has(key) || this.seen.length >= KEPT_PER_CHECK) return;
    this.seenKeys.add(key);
    this.seen.push({
      requirement: violation.requirement,
      keyword: violation.keyword,
      severity: violation.severity,
      message: `${violation.message} (the rule book, on ${violation.exchange})`,
      ...expectedAndActual(violation.message),
      ...(this.current ? { seenAt: { t: this.current.t, ...(this.current.conn ? { conn: this.current.conn } : {}) } } : {}),
      source: 'rule-book',
    });
  }
}
