import type { Outcome, RunReport } from '../harness/model/model.js';

export interface UnstableCheck {
  id: string;
  /** The check's outcome in each run, in order. */
  outcomes: Outcome[];
}

/** Checks whose verdict was not the same in every run: what --repeat exists to find. */
export function unstableChecks(reports: readonly RunReport[]): UnstableCheck[] {
  const byId = new Map<string, Outcome[]>();
  reports.forEach((report, run) => {
    for (const result of report.results) {
      const outcomes = byId.get(result.id) ?? new Array<Outcome>(run).fill('error');
      outcomes.push(result.outcome);
      byId.set(result.id, outcomes);
    }
  });
  return [...byId].filter(([, outcomes]) => new Set(outcomes).size > 1 || outcomes.length !== reports.length).map(([id, outcomes]) => ({ id, outcomes }));
}
