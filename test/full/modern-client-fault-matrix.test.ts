import { describe, it } from 'vitest';
import { MODERN_REQUESTOR_FAULT_DESCRIPTIONS } from '../../reference-client/2026-07-28/faults.js';
import { MODERN_CLIENT_FAULT_CASES } from '../fault-cases/modern-client.js';
import { notableMessages, notableOutcomes } from '../support/fault-matrix.js';
import { MODERN_CLIENT_CHECKS, runAgainstModernReferenceClient } from '../support/modern-client-runs.js';
import { keywordMismatches } from '../support/reference-runs.js';

/**
 * The fault matrix of the 2026-07-28 client role: each fault of the reference client's modern requestor, run against
 * every client check of the profile, is caught by exactly the checks its case names (a fail under MUST, a warn under
 * SHOULD) and by no other. test/modern-client-fault-matrix.test.ts runs only the catching checks of each, in the fast tier.
 */
describe('every 2026-07-28 client check can fail', () => {
  it('each check is a catcher of some fault, and each fault of the modern requestor has its case', ({ expect }) => {
    const caught = new Set(MODERN_CLIENT_FAULT_CASES.flatMap((faultCase) => Object.keys(faultCase.catches)));
    expect(MODERN_CLIENT_CHECKS.map((check) => check.id).filter((id) => !caught.has(id))).toEqual([]);
    expect(Object.keys(MODERN_REQUESTOR_FAULT_DESCRIPTIONS).filter((fault) => !MODERN_CLIENT_FAULT_CASES.some((faultCase) => faultCase.faults.includes(fault)))).toEqual([]);
  });

  for (const faultCase of MODERN_CLIENT_FAULT_CASES) {
    it.concurrent(`${faultCase.faults.join('+')} makes ${Object.keys(faultCase.catches).join(', ')} ${[...new Set(Object.values(faultCase.catches))].join(' or ')}`, async ({ expect }) => {
      const report = await runAgainstModernReferenceClient({ faults: faultCase.faults });
      expect(keywordMismatches(report)).toEqual([]);
      expect({ outcomes: notableOutcomes(report), messages: notableMessages(report) }).toEqual({ outcomes: faultCase.catches, messages: expect.any(Array) });
    });
  }
});
