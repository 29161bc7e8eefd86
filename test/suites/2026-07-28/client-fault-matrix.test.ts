import { describe, it } from 'vitest';
import { MODERN_REQUESTOR_FAULT_DESCRIPTIONS } from '../../../reference-client/2026-07-28/faults.js';
import { MODERN_CLIENT_FAULT_CASES } from '../../fault-cases/modern-client.js';
import { notableMessages, notableOutcomes } from '../../support/fault-matrix.js';
import { MODERN_CLIENT_CHECKS, runAgainstModernReferenceClient } from '../../support/modern-client-runs.js';
import { keywordMismatches } from '../../support/reference-runs.js';

/**
 * The fast tier of the 2026-07-28 client role's fault matrix: each fault of the reference client's modern requestor
 * makes its checks fail (MUST) or warn (SHOULD), running only those checks. test/full/modern-client-fault-matrix.test.ts
 * runs each fault against every client check and demands that nothing else is caught.
 */
describe('every 2026-07-28 client check can fail', () => {
  it('each check is a catcher of some fault, and each fault of the modern requestor has its case', ({ expect }) => {
    const caught = new Set(MODERN_CLIENT_FAULT_CASES.flatMap((faultCase) => Object.keys(faultCase.catches)));
    expect(MODERN_CLIENT_CHECKS.map((check) => check.id).filter((id) => !caught.has(id))).toEqual([]);
    expect(Object.keys(MODERN_REQUESTOR_FAULT_DESCRIPTIONS).filter((fault) => !MODERN_CLIENT_FAULT_CASES.some((faultCase) => faultCase.faults.includes(fault)))).toEqual([]);
  });

  for (const faultCase of MODERN_CLIENT_FAULT_CASES) {
    it.concurrent(`${faultCase.faults.join('+')} makes ${Object.keys(faultCase.catches).join(', ')} ${[...new Set(Object.values(faultCase.catches))].join(' or ')}`, async ({ expect }) => {
      const report = await runAgainstModernReferenceClient({ faults: faultCase.faults, only: [...Object.keys(faultCase.catches), ...(faultCase.shownBy ?? [])] });
      expect(keywordMismatches(report)).toEqual([]);
      expect({ outcomes: notableOutcomes(report), messages: notableMessages(report) }).toEqual({ outcomes: faultCase.catches, messages: expect.any(Array) });
    });
  }
});
