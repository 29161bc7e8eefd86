import { describe, it } from 'vitest';
import type { RunReport } from '../../harness/model/model.js';
import { EXT_CHECKS } from '../../suites/2026-07-28/index.js';
import { caseLabel, EXT_FAULT_CASES, notableMessages, notableOutcomes, runExtFaultCase } from '../support/fault-matrix.js';
import { keywordMismatches } from '../support/reference-runs.js';

/** Per check: the requirements its findings named somewhere in the matrix. */
const named = new Map<string, Set<string>>();

function noteFindings(report: RunReport): void {
  for (const result of report.results) {
    const seen = named.get(result.id) ?? new Set<string>();
    for (const finding of result.findings) seen.add(finding.requirement);
    named.set(result.id, seen);
  }
}

/**
 * The whole fault matrix of the 2026-07-28 profile: each fault breaks one behaviour of the reference's modern era,
 * and the listed checks must catch it with the given outcome while every other check of the profile passes or
 * skips, over HTTP (tokens and a second identity) or over stdio where the case says so.
 */
describe('2026-07-28: each fault is caught by exactly its checks, and by nothing else', () => {
  for (const faultCase of EXT_FAULT_CASES) {
    it.concurrent(`${caseLabel(faultCase)}${faultCase.stdio ? ' (stdio)' : ''} is caught by ${Object.keys(faultCase.catches).join(', ') || 'nothing'}`, async ({ expect }) => {
      const report = await runExtFaultCase(faultCase, 'whole-suite');
      noteFindings(report);
      expect(keywordMismatches(report)).toEqual([]);
      expect({ outcomes: notableOutcomes(report), messages: notableMessages(report) }).toEqual({ outcomes: faultCase.catches, messages: expect.any(Array) });
    });
  }
});

/** No extension check claims more than it shows: each requirement it declares was named by one of its findings. */
describe('2026-07-28: the coverage matrix is honest', () => {
  it('every requirement a check declares has been named by its findings in the fault matrix', ({ expect }) => {
    const unasserted: string[] = [];
    // The client checks are held to the same rule by the client role's matrix (modern-client-fault-matrix.test.ts).
    for (const check of EXT_CHECKS.filter((candidate) => candidate.roles.includes('server'))) {
      const found = named.get(check.id) ?? new Set<string>();
      for (const requirement of check.requirements) if (!found.has(requirement)) unasserted.push(`${check.id} declares ${requirement}, which no finding of it named`);
    }
    expect(unasserted).toEqual([]);
  });
});
