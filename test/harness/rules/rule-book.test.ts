// The rule book judges every message of every check: faults that no scripted check aims at are reported by it alone,
// through the check whose traffic showed them, and one root cause fails one check while the others point at it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { BUILT, CLI } from '../../support/cli-run.js';
import type { RunReport } from '../../../harness/model/model.js';
import { caseLabel, ALL_CLIENT_FAULT_CASES, EXT_FAULT_CASES, runExtFaultCase, runFaultCase, SERVER_FAULT_CASES } from '../../support/fault-matrix.js';
import type { FaultCase } from '../../fault-cases/types.js';

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
    expect([...new Set(RULE_BOOK_CASES.map(({ role, era }) => `${era} ${role}`))].sort()).toEqual(['2025-11-25 client', '2025-11-25 server', '2026-07-28 server']);
  });

  for (const { role, era, faultCase } of RULE_BOOK_CASES) {
    it.concurrent(`${era} ${role}: ${caseLabel(faultCase)} is reported by the rule book alone, in ${Object.keys(faultCase.catches).join(', ')}`, async ({ expect }) => {
      const report = era === '2026-07-28' ? await runExtFaultCase(faultCase, 'catchers') : await runFaultCase(faultCase, role, 'catchers');
      const expected = Object.fromEntries(Object.entries(faultCase.catches).map(([id, outcome]) => [id, { outcome, sources: ['rule-book'] }]));
      expect(catchesBySource(report, faultCase)).toEqual(expected);
    });
  }
});

describe.skipIf(!BUILT)('explore judges by the same rule book (run "npm run build" first when running vitest alone)', () => {
  it('explore.rule-book fails on a fault only the rule book reports, and passes on the reference', { timeout: 120_000 }, ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), 'rule-book-explore-'));
    const outcomeOf = (fault: string) => {
      const json = join(dir, `${fault || 'clean'}.json`);
      const reference = `"${process.execPath}" "${CLI}" reference-server${fault ? ` --fault ${fault}` : ''}`;
      spawnSync(
        process.execPath,
        [CLI, 'explore', '--spec', '2026-07-28', '--command', reference, '--runs', '2', '--max-ops', '3', '--stop-at-first', '--budget', '20', '--out', dir, '--json', json],
        { timeout: 100_000 },
      );
      const report = JSON.parse(readFileSync(json, 'utf8')) as { properties: { id: string; outcome: string; message?: string }[] };
      return report.properties.find((property) => property.id === 'explore.rule-book')?.outcome;
    };
    expect(outcomeOf('ext-get-without-timestamps')).toBe('fail');
    expect(outcomeOf('')).toBe('pass');
  });
});
