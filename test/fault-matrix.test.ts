import { describe, expect, it } from 'vitest';
import { KNOWN_FAULTS } from '../reference-server/index.js';
import { ALL_CHECKS } from '../suites/index.js';
import { ALLOWED_ALTERNATIVE_CASES } from './fault-cases/allowed-alternatives.js';
import { CORE_FAULT_CASES } from './fault-cases/core.js';
import { INTERACTION_ISOLATION_FAULT_CASES } from './fault-cases/interaction-isolation.js';
import { TTL_LISTING_CANCELLATION_FAULT_CASES } from './fault-cases/ttl-listing-cancellation.js';
import type { FaultCase } from './fault-cases/types.js';
import { runAgainstReferenceHttp, runAgainstReferenceStdio, keywordMismatches } from './support/reference-runs.js';

/**
 * Each fault breaks one behaviour of the reference receiver; the listed checks must catch it with the given
 * outcome while every other check passes or skips. Together the entries must make every check fail or warn
 * at least once: a check that cannot fail is a defect.
 */
const FAULT_CASES: FaultCase[] = [...CORE_FAULT_CASES, ...TTL_LISTING_CANCELLATION_FAULT_CASES, ...INTERACTION_ISOLATION_FAULT_CASES, ...ALLOWED_ALTERNATIVE_CASES];


describe('every check is proven by a fault it catches', () => {
  it('each check that runs against servers appears as a catcher of at least one fault', () => {
    const caught = new Set(FAULT_CASES.flatMap((c) => Object.keys(c.catches)));
    expect(ALL_CHECKS.filter((check) => check.roles.includes('server')).map((check) => check.id).filter((id) => !caught.has(id))).toEqual([]);
  });

  it('each fault named here exists in the reference receiver, and names a real check', () => {
    const checkIds = new Set(ALL_CHECKS.map((check) => check.id));
    expect(FAULT_CASES.flatMap((c) => c.faults).filter((fault) => !KNOWN_FAULTS.includes(fault))).toEqual([]);
    expect(FAULT_CASES.flatMap((c) => Object.keys(c.catches)).filter((id) => !checkIds.has(id))).toEqual([]);
  });

  for (const faultCase of FAULT_CASES) {
    const label = `${faultCase.faults.join('+')}${faultCase.variant ? ` (${faultCase.variant})` : ''}`;
    // The test's own expect: a shared one would attribute failures of concurrent tests to the wrong test.
    it.concurrent(`${label} is caught by ${Object.keys(faultCase.catches).join(', ')} and nothing else`, async ({ expect }) => {
      const report = faultCase.stdio ? await runAgainstReferenceStdio(faultCase) : await runAgainstReferenceHttp(faultCase);
      // Every verdict follows its requirement's keyword.
      expect(keywordMismatches(report)).toEqual([]);
      const notable = Object.fromEntries(report.results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip').map((r) => [r.id, r.outcome]));
      const messages = report.results.filter((r) => r.id in notable).map((r) => `${r.id}: ${r.message}`);
      expect({ outcomes: notable, messages }).toEqual({ outcomes: faultCase.catches, messages: expect.any(Array) });
    });
  }
});
