// Every message a check exchanges goes past its era's rule book (harness/rules/), the same one `proxy` and `explore`
// use: the check's script judges what it aims at, the rule book whatever else the traffic shows. Its findings are
// kept apart until the run is over, then each root cause (a requirement) is failed once — by a check whose own
// judgement already names it, else by the first check that saw it — and the others that saw it point there.
import type { Era, CheckResult, Finding, ReceiverRole, Requirement, TranscriptEntry } from '../model/model.js';
import { expectedAndActual } from '../model/describe.js';
import { RuleBook, type WireViolation } from '../rules/rule-book.js';
import type { Party } from '../rules/traffic.js';

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

/** What the rule book saw in one check's traffic, carried with its result until the run attributes it. */
export interface RuleBookSightings {
  ruleBook?: Finding[];
}

/** The identities of a check's conversations, by label: a second identity's connections are labelled B. */
export function identityOfLabel(label: string): string {
  return label.startsWith('B') ? 'peer' : 'primary';
}

/**
 * After the run: each requirement the rule book saw broken is failed (or warned) once. Where a check's own findings
 * already name it — or another requirement of its catalogue section, which the rule book's finding is then another
 * view of (a status no lifecycle has is also the status a tasks/get of a working task must show) — the run judges it
 * already. Otherwise the check that names the requirement among its own takes it, else the first check that saw it and
 * was judged (not skipped), else the first. Every other sighting becomes a line of info pointing there.
 */
export function attributeRuleBookFindings(settled: readonly (CheckResult & RuleBookSightings)[], requirements: ReadonlyMap<string, Requirement>): CheckResult[] {
  const pending = new Map(settled.map((result) => [result.id, result.ruleBook ?? []]));
  const results: CheckResult[] = settled.map(({ ruleBook: _, ...result }) => result);
  const sectionOf = (id: string) => requirements.get(id)?.section;
  const judgedBy = new Map<string, string>();
  for (const result of results) {
    for (const finding of result.findings) {
      for (const key of [finding.requirement, `section ${sectionOf(finding.requirement)}`]) if (!judgedBy.has(key)) judgedBy.set(key, result.id);
    }
  }
  const judging = (requirement: string) => judgedBy.get(requirement) ?? (sectionOf(requirement) ? judgedBy.get(`section ${sectionOf(requirement)}`) : undefined);
  const sightings = new Map<string, { result: CheckResult; finding: Finding }[]>();
  for (const result of results) {
    for (const finding of pending.get(result.id) ?? []) {
      const list = sightings.get(finding.requirement) ?? [];
      list.push({ result, finding });
      sightings.set(finding.requirement, list);
    }
  }
  const kept = new Map<string, Finding[]>();
  const pointers = new Map<string, string[]>();
  for (const [requirement, list] of sightings) {
    const already = judging(requirement);
    const owner =
      already ?? (list.find(({ result }) => result.requirements.includes(requirement)) ?? list.find(({ result }) => result.outcome !== 'skip' && result.outcome !== 'error') ?? list[0]!).result.id;
    for (const { result, finding } of list) {
      if (result.id === owner && !already) kept.set(result.id, [...(kept.get(result.id) ?? []), finding]);
      else if (result.id !== owner)
        pointers.set(result.id, [...(pointers.get(result.id) ?? []), `the rule book also saw ${requirement} broken in this check's traffic (${finding.message}); judged by ${owner} in this run`]);
    }
  }
  return results.map((result) => {
    const add = kept.get(result.id) ?? [];
    const point = pointers.get(result.id) ?? [];
    if (add.length === 0 && point.length === 0) return result;
    const findings = [...result.findings, ...add];
    const worst = add.some((finding) => finding.severity === 'fail') ? 'fail' : add.length > 0 ? 'warn' : undefined;
    const upgraded = worst !== undefined && result.outcome !== 'error' && result.outcome !== 'fail' && !(worst === 'warn' && result.outcome === 'warn');
    const first = add.find((finding) => finding.severity === worst);
    return {
      ...result,
      findings,
      info: [...result.info, ...point],
      ...(upgraded && first ? { outcome: worst, message: `${first.requirement}: ${first.message}`, blockedBy: undefined } : {}),
    };
  });
}
