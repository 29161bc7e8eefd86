import { describe, it } from 'vitest';
import { KNOWN_CLIENT_FAULTS } from '../reference-client/index.js';
import { ALL_CHECKS } from '../suites/index.js';
import { CLIENT_FAULT_CASES as SHARED_CASES, CLIENT_REQUESTOR_FAULT_CASES } from './fault-cases/client.js';

const CLIENT_FAULT_CASES = [...SHARED_CASES, ...CLIENT_REQUESTOR_FAULT_CASES];
import { keywordMismatches, notableResults, runAgainstReferenceClient } from './support/reference-runs.js';

describe('the reference client receiver passes every client check', () => {
  it('with full task support', async ({ expect }) => {
    const report = await runAgainstReferenceClient();
    expect(notableResults(report)).toEqual([]);
    expect(report.role).toBe('client');
    expect(report.summary.pass).toBeGreaterThan(30);
  });

  it('and without a tasks capability, where it processes task-augmented requests normally', async ({ expect }) => {
    const report = await runAgainstReferenceClient({ variant: 'no-tasks' });
    expect(notableResults(report)).toEqual([]);
    expect(report.results.find((r) => r.id === 'capabilities.undeclared-ignores-task')?.outcome).toBe('pass');
  });
});

describe('every client check is proven by a fault of the reference client', () => {
  it('each check that runs against clients appears as a catcher', ({ expect }) => {
    const caught = new Set(CLIENT_FAULT_CASES.flatMap((c) => Object.keys(c.catches)));
    const clientChecks = ALL_CHECKS.filter((check) => check.roles.includes('client')).map((check) => check.id);
    expect(clientChecks.filter((id) => !caught.has(id))).toEqual([]);
    expect(CLIENT_FAULT_CASES.flatMap((c) => c.faults).filter((fault) => !KNOWN_CLIENT_FAULTS.includes(fault))).toEqual([]);
  });

  // One at a time: the client runs in this process beside the harness, so concurrent runs share one event loop.
  for (const faultCase of CLIENT_FAULT_CASES) {
    it(`${faultCase.faults.join('+')} is caught by ${Object.keys(faultCase.catches).join(', ')} and nothing else`, async ({ expect }) => {
      const report = await runAgainstReferenceClient(faultCase);
      // Every verdict follows its requirement's keyword.
      expect(keywordMismatches(report)).toEqual([]);
      const notable = Object.fromEntries(report.results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip').map((r) => [r.id, r.outcome]));
      expect({ outcomes: notable, messages: report.results.filter((r) => r.id in notable).map((r) => `${r.id}: ${r.message}`) }).toEqual({ outcomes: faultCase.catches, messages: expect.any(Array) });
    });
  }
});
