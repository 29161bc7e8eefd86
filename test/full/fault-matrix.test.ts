import { describe, it } from 'vitest';
import { ALL_CLIENT_FAULT_CASES, caseLabel, notableMessages, notableOutcomes, runFaultCase, SERVER_FAULT_CASES } from '../support/fault-matrix.js';
import { keywordMismatches } from '../support/reference-runs.js';

/**
 * The whole fault matrices: each fault breaks one behaviour of a reference (server or client), and the listed
 * checks must catch it with the given outcome while every other check passes or skips; every finding's severity
 * follows its requirement's keyword. Allowed alternatives (a path the spec permits) must catch nothing, or only
 * the warnings of a lenient reading.
 */
describe('each fault is caught by exactly its checks, and by nothing else', () => {
  for (const faultCase of SERVER_FAULT_CASES) {
    it.concurrent(`server: ${caseLabel(faultCase)} is caught by ${Object.keys(faultCase.catches).join(', ') || 'nothing'}`, async ({ expect }) => {
      const report = await runFaultCase(faultCase, 'server', 'whole-suite');
      expect(keywordMismatches(report)).toEqual([]);
      expect({ outcomes: notableOutcomes(report), messages: notableMessages(report) }).toEqual({ outcomes: faultCase.catches, messages: expect.any(Array) });
    });
  }
  // One at a time: the client runs in this process beside the harness, so concurrent runs share one event loop.
  for (const faultCase of ALL_CLIENT_FAULT_CASES) {
    it(`client: ${caseLabel(faultCase)} is caught by ${Object.keys(faultCase.catches).join(', ') || 'nothing'}`, async ({ expect }) => {
      const report = await runFaultCase(faultCase, 'client', 'whole-suite');
      expect(keywordMismatches(report)).toEqual([]);
      expect({ outcomes: notableOutcomes(report), messages: notableMessages(report) }).toEqual({ outcomes: faultCase.catches, messages: expect.any(Array) });
    });
  }
});
