import { describe, it } from 'vitest';
import { KNOWN_FAULTS } from '../../../reference-server/index.js';
import { EXT_CHECKS } from '../../../suites/2026-07-28/index.js';
import { EXT_EXPLORE_ONLY_FAULTS } from '../../fault-cases/explore.js';
import { caseLabel, EXT_FAULT_CASES, notableMessages, notableOutcomes, provingCases, runExtFaultCase, unprovenChecks } from '../../support/fault-matrix.js';
import { keywordMismatches } from '../../support/reference-runs.js';

/**
 * The 2026-07-28 profile's fast fault matrix: every extension check fails (or warns) on a fault of the reference's
 * modern era, running only the catching checks of one proving fault per check. test/full/ext-fault-matrix.test.ts
 * runs every fault against the whole profile.
 */
describe('every extension check can fail', () => {
  it('each check appears as a catcher of at least one fault', ({ expect }) => {
    expect(unprovenChecks(EXT_FAULT_CASES, 'server', EXT_CHECKS)).toEqual([]);
  });

  it('each fault named exists in the reference, and each catcher is a check of the profile', ({ expect }) => {
    const checkIds = new Set(EXT_CHECKS.map((check) => check.id));
    expect(EXT_FAULT_CASES.flatMap((c) => c.faults).filter((fault) => !KNOWN_FAULTS.includes(fault))).toEqual([]);
    expect(EXT_FAULT_CASES.flatMap((c) => Object.keys(c.catches)).filter((id) => !checkIds.has(id))).toEqual([]);
  });

  it('the faults only explore finds exist, and no case claims a check catches them', ({ expect }) => {
    expect(EXT_EXPLORE_ONLY_FAULTS.filter((fault) => !KNOWN_FAULTS.includes(fault))).toEqual([]);
    expect(EXT_FAULT_CASES.flatMap((c) => c.faults).filter((fault) => EXT_EXPLORE_ONLY_FAULTS.includes(fault))).toEqual([]);
  });

  for (const faultCase of provingCases(EXT_FAULT_CASES, 'server', EXT_CHECKS)) {
    it.concurrent(
      `${caseLabel(faultCase)}${faultCase.stdio ? ' (stdio)' : ''} makes ${Object.keys(faultCase.catches).join(', ')} ${[...new Set(Object.values(faultCase.catches))].join(' or ')}`,
      async ({ expect }) => {
        const report = await runExtFaultCase(faultCase, 'catchers');
        expect(keywordMismatches(report)).toEqual([]);
        expect({ outcomes: notableOutcomes(report), messages: notableMessages(report) }).toEqual({ outcomes: faultCase.catches, messages: expect.any(Array) });
      },
    );
  }
});
