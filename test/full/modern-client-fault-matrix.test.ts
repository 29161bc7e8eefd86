import { describe, it } from 'vitest';
import type { RunReport } from '../../harness/model/model.js';
import { MODERN_REQUESTOR_FAULT_DESCRIPTIONS } from '../../reference-client/2026-07-28/faults.js';
import { MODERN_CLIENT_FAULT_CASES } from '../fault-cases/modern-client.js';
import { notableMessages, notableOutcomes } from '../support/fault-matrix.js';
import { MODERN_CLIENT_CHECKS, runAgainstModernReferenceClient } from '../support/modern-client-runs.js';
import { keywordMismatches } from '../support/reference-runs.js';

/**
 * The fault matrix of the 2026-07-28 client role: each fault of the reference client's modern requestor, run against
 * every client check of the profile, is caught by exactly the checks its case names (a fail under MUST, a warn under
 * SHOULD) and by no other. test/suites/2026-07-28/client-fault-matrix.test.ts runs only the catching checks of each, in the fast tier.
 */
/** Per client check: the requirements its findings named somewhere in the matrix. */
const named = new Map<string, Set<string>>();

function noteFindings(report: RunReport): void {
  for (const result of report.results) {
    const seen = named.get(result.id) ?? new Set<string>();
    for (const finding of result.findings) seen.add(finding.requirement);
    named.set(result.id, seen);
  }
}

describe('every 2026-07-28 client check can fail', () => {
  it('each check is a catcher of some fault, and each fault of the modern requestor has its case', ({ expect }) => {
    const caught = new Set(MODERN_CLIENT_FAULT_CASES.flatMap((faultCase) => Object.keys(faultCase.catches)));
    expect(MODERN_CLIENT_CHECKS.map((check) => check.id).filter((id) => !caught.has(id))).toEqual([]);
    expect(Object.keys(MODERN_REQUESTOR_FAULT_DESCRIPTIONS).filter((fault) => !MODERN_CLIENT_FAULT_CASES.some((faultCase) => faultCase.faults.includes(fault)))).toEqual([]);
  });

  for (const faultCase of MODERN_CLIENT_FAULT_CASES) {
    it.concurrent(`${faultCase.faults.join('+')} makes ${Object.keys(faultCase.catches).join(', ')} ${[...new Set(Object.values(faultCase.catches))].join(' or ')}`, async ({ expect }) => {
      const report = await runAgainstModernReferenceClient({ faults: faultCase.faults });
      noteFindings(report);
      expect(keywordMismatches(report)).toEqual([]);
      expect({ outcomes: notableOutcomes(report), messages: notableMessages(report) }).toEqual({ outcomes: faultCase.catches, messages: expect.any(Array) });
    });
  }
});

/** No client check claims more than it shows: each requirement it declares was named by one of its findings. */
describe('2026-07-28 client role: the coverage matrix is honest', () => {
  // Runs after the matrix above: describe blocks run in order, and that one waits for its concurrent cases.
  it('every requirement a client check declares has been named by its findings in the fault matrix', ({ expect }) => {
    const unasserted = MODERN_CLIENT_CHECKS.flatMap((check) =>
      check.requirements.filter((requirement) => !named.get(check.id)?.has(requirement)).map((requirement) => `${check.id} declares ${requirement}, which no finding of it named`),
    );
    expect(unasserted).toEqual([]);
  });
});
