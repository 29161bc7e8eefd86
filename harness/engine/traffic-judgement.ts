// Every message a check exchanges goes past its era's rule book (the profile's driver hands it over; harness/rules/),
// the same one `proxy` and `explore` use: the check's script judges what it aims at, the rule book whatever else the
// traffic shows. Its findings are kept apart until the run is over, then each root cause (a requirement) is failed
// once — by a check whose own judgement already names it, else by the first check that saw it — and the others that
// saw it point there.
import { levelOf } from '../model/model-basics.js';
import type { CheckResult, Finding, Requirement } from '../model/model.js';

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
 * already. Otherwise the first judged check of the run that lists the requirement (else one of its section) takes it,
 * whether or not its own traffic showed it (which checks' traffic shows a fault can vary with timing; who lists a
 * requirement does not); else the first check that saw it and was judged (not skipped), else the first. Every other sighting becomes a line
 * of info pointing there.
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
  const ruleBookResults: CheckResult[] = [];
  const judged = (result: CheckResult) => result.outcome !== 'skip' && result.outcome !== 'error';
  for (const [requirement, list] of sightings) {
    const already = judging(requirement);
    // Which checks' traffic shows a fault can vary with timing; the check that lists the requirement does not, so it
    // takes the finding even when another check's traffic showed it (the message says whose).
    const lister =
      results.find((result) => result.requirements.includes(requirement) && judged(result)) ??
      // None lists it: the first that lists a requirement of its section, so the owner stays the same run after run.
      (sectionOf(requirement) ? results.find((result) => judged(result) && result.requirements.some((id) => sectionOf(id) === sectionOf(requirement))) : undefined);
    // No check of the run stands for it: a result of the rule book's own, named for the requirement.
    const owner = already ?? lister?.id ?? `${RULE_BOOK_RESULT}${requirement}`;
    if (owner.startsWith(RULE_BOOK_RESULT)) ruleBookResults.push(ruleBookResult(requirement, list, results[0]!, requirements));
    else if (!already && !list.some(({ result }) => result.id === owner)) {
      const { result: shower, finding } = list[0]!;
      const { seenAt: _, ...elsewhere } = finding;
      kept.set(owner, [...(kept.get(owner) ?? []), { ...elsewhere, message: `in the traffic of ${shower.id}: ${finding.message}` }]);
    }
    for (const { result, finding } of list) {
      if (result.id === owner && !already) kept.set(result.id, [...(kept.get(result.id) ?? []), finding]);
      else if (result.id !== owner)
        pointers.set(result.id, [...(pointers.get(result.id) ?? []), `the rule book also saw ${requirement} broken in this check's traffic (${finding.message}); judged by ${owner} in this run`]);
    }
  }
  return [...results, ...ruleBookResults].map((result) => {
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

/** The ID prefix of a result the rule book makes for a requirement no check of the run stands for. */
export const RULE_BOOK_RESULT = 'rule-book.';

/** A requirement no check of the run lists (nor one of its section): the rule book's own result, its finding from the first check whose traffic showed it. */
function ruleBookResult(requirementId: string, list: readonly { result: CheckResult; finding: Finding }[], like: CheckResult, requirements: ReadonlyMap<string, Requirement>): CheckResult {
  const { result: shower, finding } = list[0]!;
  const { seenAt: _, ...elsewhere } = finding;
  const keyword = requirements.get(requirementId)?.keyword ?? finding.keyword;
  const message = `in the traffic of ${shower.id}: ${finding.message}`;
  return {
    id: `${RULE_BOOK_RESULT}${requirementId}`,
    profile: like.profile,
    title: `Every message of the run keeps ${requirementId} (judged by the rule book; no check of the run stands for it)`,
    suite: 'rule-book',
    role: like.role,
    requirements: [requirementId],
    level: levelOf(keyword),
    outcome: finding.severity,
    message: `${requirementId}: ${message}`,
    findings: [{ ...elsewhere, message }],
    info: [`seen in the traffic of ${[...new Set(list.map(({ result }) => result.id))].join(', ')}`],
    durationMs: 0,
    protocolVersion: undefined,
    targetRestarts: 0,
    transcript: [],
  };
}
