import { describe, expect, it } from 'vitest';
import type { Outcome } from '../harness/model.js';
import { KNOWN_FAULTS } from '../reference-server/index.js';
import { ALL_CHECKS } from '../suites/index.js';
import { runAgainstReferenceHttp, type ReferenceRunOptions } from './support/reference-runs.js';

/**
 * Each fault breaks one behaviour of the reference receiver; the listed checks must catch it with the given
 * outcome while every other check passes or skips. Together the entries must make every check fail or warn
 * at least once: a check that cannot fail is a defect.
 */
interface FaultCase extends ReferenceRunOptions {
  faults: string[];
  catches: Record<string, Exclude<Outcome, 'pass' | 'skip' | 'error'>>;
}

export const FAULT_CASES: FaultCase[] = [
  { faults: ['capability-shape-invalid'], catches: { 'capabilities.tasks-shape': 'fail' } },
  { faults: ['undeclared-still-creates-task'], variant: 'no-tasks', catches: { 'capabilities.undeclared-ignores-task': 'fail' } },
  { faults: ['task-support-invalid-value'], catches: { 'tool-negotiation.task-support-values': 'fail' } },
  { faults: ['required-without-task-iserror'], catches: { 'tool-negotiation.required-without-task': 'fail' } },
  { faults: ['required-without-task-invalid-request'], catches: { 'tool-negotiation.required-without-task': 'warn' } },
  { faults: ['forbidden-with-task-runs'], catches: { 'tool-negotiation.forbidden-with-task': 'warn' } },
  { faults: ['plain-with-task-runs'], catches: { 'tool-negotiation.no-execution-with-task': 'warn' } },
  { faults: ['optional-plain-call-error'], catches: { 'tool-negotiation.optional-both-ways': 'fail', 'result-retrieval.same-as-plain-call': 'fail' } },
  { faults: ['create-result-incomplete'], catches: { 'creation.create-task-result-shape': 'fail' } },
  { faults: ['create-status-not-working'], catches: { 'creation.status-working': 'fail' } },
  { faults: ['create-result-slow'], catches: { 'creation.prompt': 'warn' } },
  { faults: ['create-includes-result'], catches: { 'creation.no-result-in-create': 'fail' } },
  { faults: ['task-id-from-arguments'], catches: { 'creation.task-ids': 'fail' } },
  { faults: ['adopt-requestor-task-id'], catches: { 'creation.task-ids': 'fail' } },
  { faults: ['immediate-response-not-string'], catches: { 'creation.immediate-response-meta': 'warn' } },
  { faults: ['terminal-reverts-to-working'], catches: { 'lifecycle.transitions': 'fail' } },
  { faults: ['created-at-drifts'], catches: { 'lifecycle.stable-identity': 'fail' } },
  { faults: ['last-updated-goes-back'], catches: { 'lifecycle.monotonic-update': 'fail' } },
  { faults: ['result-does-not-block'], catches: { 'result-retrieval.blocks-until-terminal': 'fail' } },
  { faults: ['result-differs'], catches: { 'result-retrieval.same-as-plain-call': 'fail' } },
  { faults: ['result-error-not-replayed'], catches: { 'result-retrieval.same-error': 'fail' } },
  { faults: ['result-missing-related-meta'], catches: { 'result-retrieval.related-task-meta': 'fail' } },
  { faults: ['iserror-task-completed'], catches: { 'execution-errors.iserror-failed': 'warn' } },
  { faults: ['error-task-completed'], catches: { 'execution-errors.rpc-error-failed': 'warn' } },
  { faults: ['failed-without-status-message'], catches: { 'execution-errors.failed-status-message': 'warn' } },
  { faults: ['unknown-task-get-wrong-code'], catches: { 'protocol-errors.unknown-task-get': 'fail' } },
  { faults: ['unknown-task-result-wrong-code'], catches: { 'protocol-errors.unknown-task-result': 'fail' } },
  { faults: ['unknown-task-cancel-wrong-code'], catches: { 'protocol-errors.unknown-task-cancel': 'fail' } },
  { faults: ['error-messages-empty'], catches: { 'protocol-errors.informative-messages': 'warn' } },
];

describe('every check is proven by a fault it catches', () => {
  it('each check appears as a catcher of at least one fault', () => {
    const caught = new Set(FAULT_CASES.flatMap((c) => Object.keys(c.catches)));
    expect(ALL_CHECKS.map((check) => check.id).filter((id) => !caught.has(id))).toEqual([]);
  });

  it('each fault named here exists in the reference receiver, and names a real check', () => {
    const checkIds = new Set(ALL_CHECKS.map((check) => check.id));
    expect(FAULT_CASES.flatMap((c) => c.faults).filter((fault) => !KNOWN_FAULTS.includes(fault))).toEqual([]);
    expect(FAULT_CASES.flatMap((c) => Object.keys(c.catches)).filter((id) => !checkIds.has(id))).toEqual([]);
  });

  for (const faultCase of FAULT_CASES) {
    const label = `${faultCase.faults.join('+')}${faultCase.variant ? ` (${faultCase.variant})` : ''}`;
    it.concurrent(`${label} is caught by ${Object.keys(faultCase.catches).join(', ')} and nothing else`, async () => {
      const report = await runAgainstReferenceHttp(faultCase);
      const notable = Object.fromEntries(report.results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip').map((r) => [r.id, r.outcome]));
      const messages = report.results.filter((r) => r.id in notable).map((r) => `${r.id}: ${r.message}`);
      expect({ outcomes: notable, messages }).toEqual({ outcomes: faultCase.catches, messages: expect.any(Array) });
    });
  }
});
