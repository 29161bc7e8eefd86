import { describe, it } from 'vitest';
import { KNOWN_CLIENT_FAULTS } from '../../reference-client/index.js';
import { KNOWN_FAULTS } from '../../reference-server/index.js';
import { ALL_CHECKS } from '../../suites/2025-11-25/index.js';
import { EXT_CHECKS } from '../../suites/2026-07-28/index.js';
import { EXPLORE_ONLY_FAULTS } from '../fault-cases/explore.js';
import { MODERN_CLIENT_FAULT_CASES } from '../fault-cases/modern-client.js';
import {
  ALL_CLIENT_FAULT_CASES,
  caseLabel,
  EXT_FAULT_CASES,
  expectedCatches,
  notableMessages,
  notableOutcomes,
  provingCases,
  provingFaults,
  runFaultCase,
  SERVER_FAULT_CASES,
  unprovenChecks,
} from '../support/fault-matrix.js';
import { keywordMismatches } from '../support/reference-runs.js';

/**
 * The fast tier of the fault matrices: every check is shown to fail (or warn) on a fault of the reference, running
 * for each check one fault that proves it, with only the checks that fault was chosen to prove (provingCases: a fault
 * whose run waits out bounds only where nothing else proves the check). test/full/fault-matrix.test.ts runs every
 * fault against the whole suite and demands that nothing else is caught.
 */
describe('every check can fail', () => {
  it('each check appears as a catcher of at least one fault, for servers and for clients', ({ expect }) => {
    expect(unprovenChecks(SERVER_FAULT_CASES, 'server')).toEqual([]);
    expect(unprovenChecks(ALL_CLIENT_FAULT_CASES, 'client')).toEqual([]);
  });

  it('each fault named exists in its reference, and each catcher is a real check', ({ expect }) => {
    const checkIds = new Set(ALL_CHECKS.map((check) => check.id));
    expect(SERVER_FAULT_CASES.flatMap((c) => c.faults).filter((fault) => !KNOWN_FAULTS.includes(fault))).toEqual([]);
    expect(ALL_CLIENT_FAULT_CASES.flatMap((c) => c.faults).filter((fault) => !KNOWN_CLIENT_FAULTS.includes(fault))).toEqual([]);
    expect([...SERVER_FAULT_CASES, ...ALL_CLIENT_FAULT_CASES].flatMap((c) => Object.keys(c.catches)).filter((id) => !checkIds.has(id) && !id.startsWith('rule-book.'))).toEqual([]);
  });

  it("each check's provenBy names exactly the faults whose cases it fails or warns on, of both eras and both roles", ({ expect }) => {
    const eras = [
      { checks: ALL_CHECKS, cases: [...SERVER_FAULT_CASES, ...ALL_CLIENT_FAULT_CASES] },
      { checks: EXT_CHECKS, cases: [...EXT_FAULT_CASES, ...MODERN_CLIENT_FAULT_CASES] },
    ];
    for (const { checks, cases } of eras) {
      const declared = Object.fromEntries(checks.map((check) => [check.id, [...check.provenBy].sort()]));
      const shown = Object.fromEntries(checks.map((check) => [check.id, provingFaults(cases, check.id)]));
      expect(declared).toEqual(shown);
    }
  });

  it('each explore-only fault exists in the reference and is in no scripted fault case', ({ expect }) => {
    expect(EXPLORE_ONLY_FAULTS.filter((fault) => !KNOWN_FAULTS.includes(fault))).toEqual([]);
    expect(SERVER_FAULT_CASES.flatMap((c) => c.faults).filter((fault) => EXPLORE_ONLY_FAULTS.includes(fault))).toEqual([]);
  });

  for (const role of ['server', 'client'] as const) {
    for (const faultCase of provingCases(role === 'server' ? SERVER_FAULT_CASES : ALL_CLIENT_FAULT_CASES, role)) {
      // The test's own expect: a shared one would attribute failures of concurrent tests to the wrong test.
      it.concurrent(`${role}: ${caseLabel(faultCase)} makes ${Object.keys(faultCase.catches).join(', ')} ${[...new Set(Object.values(faultCase.catches))].join(' or ')}`, async ({ expect }) => {
        const report = await runFaultCase(faultCase, role, 'catchers');
        expect(keywordMismatches(report)).toEqual([]);
        expect({ outcomes: notableOutcomes(report), messages: notableMessages(report) }).toEqual({ outcomes: expectedCatches(faultCase, report), messages: expect.any(Array) });
      });
    }
  }
});
