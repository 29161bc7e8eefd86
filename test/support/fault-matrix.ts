// The fault matrices in two tiers. The whole matrix (npm run test:full) runs the whole suite for every fault
// and demands the exact set of checks that catch it. The fast tier (npm test) proves every check can fail in
// little time: for one fault per check it runs only the catching checks and demands their outcomes.
import type { RunReport } from '../../harness/model/model.js';
import type { Profile } from '../../harness/engine/profile.js';
import { ALL_CHECKS } from '../../suites/2025-11-25/index.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';
import { EXT_FLOW_FAULT_CASES } from '../fault-cases/ext-flow.js';
import { EXT_SURFACE_FAULT_CASES } from '../fault-cases/ext-surface.js';
import { ALLOWED_ALTERNATIVE_CASES } from '../fault-cases/allowed-alternatives.js';
import { CLIENT_FAULT_CASES, CLIENT_REQUESTOR_FAULT_CASES } from '../fault-cases/client.js';
import { CORE_FAULT_CASES } from '../fault-cases/core.js';
import { INTERACTION_ISOLATION_FAULT_CASES } from '../fault-cases/interaction-isolation.js';
import { SERVER_REQUESTOR_FAULT_CASES } from '../fault-cases/server-requestor.js';
import { TTL_LISTING_CANCELLATION_FAULT_CASES } from '../fault-cases/ttl-listing-cancellation.js';
import type { FaultCase } from '../fault-cases/types.js';
import { runAgainstReferenceClient, runAgainstReferenceHttp, runAgainstReferenceStdio } from './reference-runs.js';

export const SERVER_FAULT_CASES: readonly FaultCase[] = [
  ...CORE_FAULT_CASES,
  ...TTL_LISTING_CANCELLATION_FAULT_CASES,
  ...INTERACTION_ISOLATION_FAULT_CASES,
  ...SERVER_REQUESTOR_FAULT_CASES,
  ...ALLOWED_ALTERNATIVE_CASES,
];
export const ALL_CLIENT_FAULT_CASES: readonly FaultCase[] = [...CLIENT_FAULT_CASES, ...CLIENT_REQUESTOR_FAULT_CASES];
/** The 2026-07-28 profile's fault cases, run against the reference's modern era. */
export const EXT_FAULT_CASES: readonly FaultCase[] = [...EXT_SURFACE_FAULT_CASES, ...EXT_FLOW_FAULT_CASES];

/** Check IDs that run against the given role (of the 2025-11-25 profile unless another is given). */
export function checksOfRole(role: 'server' | 'client', checks: Profile['checks'] = ALL_CHECKS): string[] {
  return checks.filter((check) => check.roles.includes(role)).map((check) => check.id);
}

/** Whether a case proves the check: it fails or warns there (an inconclusive outcome expected there proves nothing). */
function proves(faultCase: FaultCase, id: string): boolean {
  if (faultCase.mayMiss?.includes(id)) return false;
  const outcome = faultCase.catches[id];
  return outcome === 'fail' || outcome === 'warn';
}

/**
 * The faults whose cases prove the check (it fails or warns there), sorted: what its `provenBy` must say. A fault the
 * rule book alone reports (byRuleBook) proves the rule book, not the script of the check whose traffic showed it.
 */
export function provingFaults(cases: readonly FaultCase[], id: string): string[] {
  return [...new Set(cases.filter((c) => !c.byRuleBook && proves(c, id)).flatMap((c) => c.faults))].sort();
}

/** Checks of the role that no fault case catches: each is a check that cannot be shown to fail, a defect. */
export function unprovenChecks(cases: readonly FaultCase[], role: 'server' | 'client', checks: Profile['checks'] = ALL_CHECKS): string[] {
  const caught = new Set(cases.flatMap((c) => Object.keys(c.catches).filter((id) => proves(c, id))));
  return checksOfRole(role, checks).filter((id) => !caught.has(id));
}

/**
 * For each check of the role, the first case (in catalogue order) that proves it, a case that waits out bounds
 * (`waitsOut`) only where no other case does: a deterministic cover in which every check of the role fails or warns
 * at least once. Each case chosen names as catchers only the checks it was chosen for, the checks its run is limited
 * to (the other catchers of its fault are proven by cases of their own; the whole matrix runs every fault whole).
 * Cases that catch nothing (allowed alternatives) are left to the whole matrix.
 */
export function provingCases(cases: readonly FaultCase[], role: 'server' | 'client', checks: Profile['checks'] = ALL_CHECKS): FaultCase[] {
  const chosen = new Map<FaultCase, string[]>();
  for (const id of checksOfRole(role, checks)) {
    const proving = cases.find((c) => proves(c, id) && !c.waitsOut && !c.viaRuleBook?.includes(id)) ?? cases.find((c) => proves(c, id));
    if (proving) chosen.set(proving, [...(chosen.get(proving) ?? []), id]);
  }
  return cases
    .filter((c) => chosen.has(c))
    .map((c) => {
      const ids = chosen.get(c)!;
      return { ...c, catches: Object.fromEntries(Object.entries(c.catches).filter(([id]) => ids.includes(id))) };
    });
}

/** Runs a 2026-07-28 fault case against the reference's modern era. */
export function runExtFaultCase(faultCase: FaultCase, scope: 'whole-suite' | 'catchers'): Promise<RunReport> {
  return runFaultCase(faultCase, 'server', scope, TASKS_2026_07_28);
}

export function caseLabel(faultCase: FaultCase): string {
  return `${faultCase.faults.join('+')}${faultCase.variant ? ` (${faultCase.variant})` : ''}${faultCase.era ? ` (${faultCase.era} era)` : ''}${faultCase.ttlMs ? ` (ttl ${faultCase.ttlMs} ms)` : ''}`;
}

/** Runs a fault case against the reference of the role: the whole suite, or only the checks it names as catchers. */
export function runFaultCase(faultCase: FaultCase, role: 'server' | 'client', scope: 'whole-suite' | 'catchers', profile?: Profile): Promise<RunReport> {
  // The rule book's own results (rule-book.<REQUIREMENT>) are no checks to select: the checks that show the fault are.
  const catchers = [...Object.keys(faultCase.catches).filter((id) => !id.startsWith('rule-book.')), ...(faultCase.shownBy ?? [])];
  const options = { ...(scope === 'catchers' ? { ...faultCase, only: catchers } : faultCase), profile };
  const run = role === 'client' ? runAgainstReferenceClient(options) : faultCase.stdio ? runAgainstReferenceStdio(options) : runAgainstReferenceHttp(options);
  if (scope === 'whole-suite') return run;
  // A selection leaves out the checks that stand for most rules, so the rule book reports what their traffic showed in
  // results of its own; of those, a case run on its catchers answers only for the ones it names.
  return run.then((report) => ({ ...report, results: report.results.filter((result) => !result.id.startsWith('rule-book.') || result.id in faultCase.catches) }));
}

/**
 * What the case expects of this run: its catches, less the checks that may miss it (mayMiss) and passed, plus the
 * checks that may also catch it (mayAlsoCatch) and did, with the outcome given there.
 */
export function expectedCatches(faultCase: FaultCase, report: RunReport): FaultCase['catches'] {
  const outcomeOf = (id: string) => report.results.find((result) => result.id === id)?.outcome;
  const kept = Object.entries(faultCase.catches).filter(([id]) => !(faultCase.mayMiss?.includes(id) && outcomeOf(id) === 'pass'));
  const also = Object.entries(faultCase.mayAlsoCatch ?? {}).filter(([id, outcome]) => outcomeOf(id) === outcome);
  return Object.fromEntries([...kept, ...also]);
}

/** Outcome per check for every result that is neither pass nor skip. */
export function notableOutcomes(report: RunReport): Record<string, string> {
  return Object.fromEntries(report.results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip').map((r) => [r.id, r.outcome]));
}

/** "id: message" of every notable result, shown beside the outcomes when a case does not match. */
export function notableMessages(report: RunReport): string[] {
  return report.results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip').map((r) => `${r.id}: ${r.message}`);
}
