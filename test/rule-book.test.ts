// The rule book judges every message of every check: faults that no scripted check aims at are reported by it alone,
// through the check whose traffic showed them, and one root cause fails one check while the others point at it.
import { describe, it } from 'vitest';
import type { RunReport } from '../harness/model/model.js';
import { caseLabel, ALL_CLIENT_FAULT_CASES, EXT_FAULT_CASES, runExtFaultCase, runFaultCase, SERVER_FAULT_CASES } from './support/fault-matrix.js';
import type { FaultCase } from './fault-cases/types.js';

const RULE_BOOK_CASES: { role: 'server' | 'client'; era: '2025-11-25' | '2026-07-28'; faultCase: FaultCase }[] = [
  ...SERVER_FAULT_CASES.filter((c) => c.byRuleBook).map((faultCase) => ({ role: 'server' as const, era: '2025-11-25' as const, faultCase })),
  ...ALL_CLIENT_FAULT_CASES.filter((c) => c.byRuleBook).map((faultCase) => ({ role: 'client' as const, era: '2025-11-25' as const, faultCase })),
  ...EXT_FAULT_CASES.filter((c) => c.byRuleBook).map((faultCase) => ({ role: 'server' as const, era: '2026-07-28' as const, faultCase })),
];

/** Per catching check: its outcome and where each of its findings came from. */
function catchesBySource(report: RunReport, faultCase: FaultCase): Record<string, { outcome: string; sources: string[] }> {
  return Object.fromEntries(
    Object.keys(faultCase.catches).map((id) => {
      const result = report.results.find((each) => each.id === id);
      return [id, { outcome: result?.outcome ?? 'not run', sources: [...new Set(result?.findings.map((finding) => finding.source ?? 'check'))] }];
    }),
  );
}

describe('the rule book', () => {
  it('has a fault of each era and role that only it reports', ({ expect }) => {
    expect(RULE_BOOK_CASES.map(({ role, era }) => `${era} ${role}`).sort()).toEqual(['2025-11-25 client', '2025-11-25 server', '2026-07-28 server']);
  });

  for (const { role, era, faultCase } of RULE_BOOK_CASES) {
    it.concurrent(`${era} ${role}: ${caseLabel(faultCase)} is reported by the rule book alone, in ${Object.keys(faultCase.catches).join(', ')}`, async ({ expect }) => {
      const report = era === '2026-07-28' ? await runExtFaultCase(faultCase, 'catchers') : await runFaultCase(faultCase, role, 'catchers');
      const expected = Object.fromEntries(Object.entries(faultCase.catches).map(([id, outcome]) => [id, { outcome, sources: ['rule-book'] }]));
      expect(catchesBySource(report, faultCase)).toEqual(expected);
    });
  }
});
