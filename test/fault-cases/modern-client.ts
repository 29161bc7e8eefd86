// The faults of the reference client's 2026-07-28 requestor and the checks each makes fail (MUST) or warn (SHOULD);
// every other client check of the profile passes or skips under it.
import type { FaultCase } from './types.js';

export const MODERN_CLIENT_FAULT_CASES: readonly FaultCase[] = [
  { faults: ['ext-req-polls-without-version'], catches: { 'ext-requestor.request-envelope': 'fail' } },
  // Issue 39: the envelope of every request, the cancel among them.
  { faults: ['ext-req-cancel-without-version'], catches: { 'ext-requestor.request-envelope': 'fail' } },
  { faults: ['ext-req-polls-without-extension'], catches: { 'ext-requestor.declares-extension-on-task-requests': 'fail' } },
  { faults: ['ext-req-plain-taken-as-task'], catches: { 'ext-requestor.handles-plain-or-task': 'fail' } },
  { faults: ['ext-req-follows-any-task-result'], catches: { 'ext-requestor.rejects-unsupported-task': 'fail' } },
  { faults: ['ext-req-fast-polls'], catches: { 'ext-requestor.respects-poll-interval': 'warn' } },
  // Issue 39: a pace short of the interval by less than half, and an interval changed mid-task, are seen too.
  { faults: ['ext-req-polls-early'], catches: { 'ext-requestor.respects-poll-interval': 'warn' } },
  { faults: ['ext-req-keeps-first-poll-interval'], catches: { 'ext-requestor.respects-poll-interval': 'warn' } },
  { faults: ['ext-req-stops-polling-at-working'], catches: { 'ext-requestor.polls-until-terminal': 'warn' } },
  { faults: ['ext-req-forgets-tasks'], catches: { 'ext-requestor.persists-task-ids': 'warn' } },
  // Issue 39: the restarted client's resumed polls are judged like any request, by the rule book in the traffic of
  // persists-task-ids (the only check that restarts the client), and failed by the check that owns the requirement.
  {
    faults: ['ext-req-resumes-without-extension'],
    byRuleBook: true,
    shownBy: ['ext-requestor.persists-task-ids'],
    catches: { 'ext-requestor.declares-extension-on-task-requests': 'fail' },
  },
  { faults: ['ext-req-ignores-input-requests'], catches: { 'ext-requestor.answers-input-requests': 'warn' } },
  { faults: ['ext-req-stops-after-update'], catches: { 'ext-requestor.observes-after-update': 'warn' } },
  { faults: ['ext-req-answers-undeclared-input'], catches: { 'ext-requestor.input-as-standalone': 'fail' } },
  { faults: ['ext-req-reanswers-shown-keys'], catches: { 'ext-requestor.deduplicates-input-keys': 'warn' } },
  { faults: ['ext-req-cancels-by-notification'], catches: { 'ext-requestor.cancels-with-tasks-cancel': 'fail' } },
  { faults: ['ext-req-mcp-name-is-method'], catches: { 'ext-requestor.routing-headers': 'fail' } },
  { faults: ['ext-req-no-mcp-method'], catches: { 'ext-requestor.routing-headers': 'fail' } },
  { faults: ['ext-req-no-tool-name-header'], catches: { 'ext-requestor.routing-headers': 'fail' } },
];
