import type { FaultCase } from './types.js';

/** Faults of the reference client receiver, proving every check that runs against clients. */
export const CLIENT_FAULT_CASES: FaultCase[] = [
  { faults: ['undeclared-still-creates-task'], variant: 'no-tasks', catches: { 'capabilities.undeclared-ignores-task': 'fail' } },
  { faults: ['capability-shape-invalid'], catches: { 'capabilities.tasks-shape': 'fail' } },
  { faults: ['create-result-incomplete'], catches: { 'creation.create-task-result-shape': 'fail', 'ttl.timestamps': 'fail' } },
  { faults: ['create-status-not-working'], catches: { 'creation.status-working': 'fail' } },
  { faults: ['create-result-slow'], catches: { 'creation.prompt': 'warn' } },
  { faults: ['create-includes-result'], catches: { 'creation.no-result-in-create': 'fail' } },
  { faults: ['task-id-from-arguments'], catches: { 'creation.task-ids': 'fail' } },
  { faults: ['adopt-requestor-task-id'], catches: { 'creation.task-ids': 'fail' } },
  { faults: ['undeclared-type-rejects-task'], catches: { 'capabilities.undeclared-type-ignores-task': 'fail' } },
  { faults: ['result-error-data-dropped'], catches: { 'result-retrieval.same-error': 'fail' } },
  { faults: ['terminal-reverts-to-working'], catches: { 'lifecycle.transitions': 'fail' } },
  // A drifting createdAt also lands after lastUpdatedAt, which ttl.timestamps warns of.
  { faults: ['created-at-drifts'], catches: { 'lifecycle.stable-identity': 'fail', 'ttl.timestamps': 'warn' } },
  { faults: ['last-updated-goes-back'], catches: { 'lifecycle.monotonic-update': 'fail' } },
  { faults: ['result-does-not-block'], catches: { 'result-retrieval.blocks-until-terminal': 'fail' } },
  { faults: ['result-differs'], catches: { 'result-retrieval.same-as-plain-call': 'fail' } },
  { faults: ['result-error-not-replayed'], catches: { 'result-retrieval.same-error': 'fail' } },
  { faults: ['result-missing-related-meta'], catches: { 'result-retrieval.related-task-meta': 'fail' } },
  { faults: ['error-task-completed'], catches: { 'execution-errors.rpc-error-failed': 'warn' } },
  { faults: ['failed-without-status-message'], catches: { 'execution-errors.failed-status-message': 'warn' } },
  { faults: ['unknown-task-get-wrong-code'], catches: { 'protocol-errors.unknown-task-get': 'fail' } },
  { faults: ['unknown-task-result-wrong-code'], catches: { 'protocol-errors.unknown-task-result': 'fail' } },
  { faults: ['unknown-task-cancel-wrong-code'], catches: { 'protocol-errors.unknown-task-cancel': 'fail' } },
  { faults: ['error-messages-empty'], catches: { 'protocol-errors.informative-messages': 'warn' } },
  { faults: ['ttl-missing'], catches: { 'ttl.present-in-get': 'fail', 'ttl.stable': 'fail' } },
  // Allowed: the spec fixes no ttl, so the one in force may change.
  { faults: ['ttl-unstable'], catches: {} },
  { faults: ['ttl-not-capped'], catches: { 'ttl.max-ttl': 'warn' } },
  { faults: ['expired-task-wrong-error'], catches: { 'ttl.expiry': 'fail' } },
  // Its lastUpdatedAt in tasks/get are no date-times: monotonic-update compares none, inconclusive on ttl.timestamps' finding.
  { faults: ['timestamps-not-iso'], catches: { 'ttl.timestamps': 'fail', 'lifecycle.monotonic-update': 'inconclusive' } },
  { faults: ['last-updated-before-created'], catches: { 'lifecycle.monotonic-update': 'fail', 'ttl.timestamps': 'warn' } },
  { faults: ['poll-interval-not-integer'], catches: { 'ttl.poll-interval-integer': 'fail', 'task-data.valid-everywhere': 'fail' } },
  { faults: ['list-no-pagination'], catches: { 'listing.paginates': 'warn' } },
  { faults: ['list-missing-next-cursor'], catches: { 'listing.next-cursor': 'fail', 'listing.get-implies-list': 'fail' } },
  { faults: ['list-omits-failed'], catches: { 'listing.get-implies-list': 'fail' } },
  { faults: ['list-duplicates'], catches: { 'listing.no-duplicates': 'warn' } },
  { faults: ['list-bad-cursor-accepted'], catches: { 'listing.invalid-cursor': 'fail' } },
  { faults: ['cancel-returns-working'], catches: { 'cancellation.cancel-working': 'fail' } },
  { faults: ['cancel-not-final'], catches: { 'cancellation.stays-cancelled': 'fail' } },
  { faults: ['cancel-terminal-accepted'], catches: { 'cancellation.terminal-rejected': 'fail' } },
  { faults: ['result-after-cancel-hangs'], catches: { 'cancellation.result-after-cancel': 'fail' } },
  { faults: ['related-meta-on-get'], catches: { 'related-task.not-on-operation-results': 'warn' } },
  { faults: ['get-honours-meta-task'], catches: { 'related-task.param-is-source-of-truth': 'fail' } },
  // The rule book sees the answer's related-task _meta name the other task, and the check that stands for that rule fails it.
  {
    faults: ['result-honours-meta-task'],
    viaRuleBook: ['result-retrieval.related-task-meta'],
    catches: { 'related-task.param-is-source-of-truth': 'fail', 'result-retrieval.related-task-meta': 'fail' },
  },
  { faults: ['cancel-honours-meta-task'], catches: { 'related-task.param-is-source-of-truth': 'fail' } },
  // Allowed: the same createdAt instant written with another offset.
  { faults: ['created-at-reformatted'], catches: {} },
  { faults: ['related-meta-on-status-notification'], catches: { 'related-task.not-on-status-notifications': 'warn' } },
  { faults: ['status-notification-incomplete'], catches: { 'notifications.full-task': 'fail' } },
  // A client sends each notification in a POST of its own, whose arrival order proves nothing: over HTTP the
  // order of status notifications is not judged, so this fault goes unseen (the server matrix proves it on stdio).
  { faults: ['status-notification-terminal-reverts'], catches: {} },
  { faults: ['sequential-task-ids'], catches: { 'isolation.task-id-entropy': 'fail' } },
  { faults: ['short-task-ids'], catches: { 'isolation.task-id-entropy': 'fail' } },
  { faults: ['borderline-task-ids'], catches: { 'isolation.task-id-entropy': 'warn' } },
];

/** Faults of the reference client acting as a requestor under the call-tools directive. */
export const CLIENT_REQUESTOR_FAULT_CASES: FaultCase[] = [
  { faults: ['task-support-ignored'], catches: { 'requestor.honours-task-support': 'fail' } },
  // No client check lists a requirement of capability negotiation: the rule book's own result reports it.
  {
    faults: ['task-on-task-requests'],
    byRuleBook: true,
    shownBy: ['requestor.honours-task-support'],
    catches: { 'rule-book.TASKS-CAP-REQUESTOR-ONLY-DECLARED': 'warn' },
  },
  // No task of conformance_input, and a single task to list: the input-required and cursor checks skip.
  { faults: ['required-called-plainly'], catches: { 'requestor.honours-task-support': 'fail' } },
  { faults: ['related-meta-on-task-requests'], catches: { 'requestor.no-related-meta-on-task-operations': 'warn' } },
  { faults: ['poll-interval-ignored'], catches: { 'requestor.respects-poll-interval': 'warn' } },
  // A fixed one-second timer obeys the brisk intervals of the other requestor checks; only the long one shows it.
  { faults: ['poll-fixed-pace'], catches: { 'requestor.respects-poll-interval': 'warn' } },
  // The same call breaks the SHOULD of capability negotiation too, which no client check lists: the rule book's own result.
  {
    faults: ['augments-without-server-capability'],
    catches: { 'requestor.no-task-without-capability': 'fail', 'rule-book.TASKS-CAP-REQUESTOR-ONLY-DECLARED': 'warn' },
  },
  { faults: ['alters-cursor'], catches: { 'requestor.opaque-cursors': 'fail' } },
  // Its tasks never reach input_required on a poll, so the input-required check skips.
  // It stops after the first poll, which is also where the notifying endpoint sends its status notification.
  { faults: ['stops-polling-at-working'], catches: { 'requestor.polls-until-terminal': 'warn', 'requestor.keeps-polling-with-notifications': 'warn' } },
  { faults: ['input-required-not-fetched'], catches: { 'requestor.result-on-input-required': 'warn' } },
  // Polling may stop at input_required; only not fetching the input is warned.
  { faults: ['stops-polling-at-input-required'], catches: { 'requestor.result-on-input-required': 'warn' } },
  // Told to cancel: by notification, no tasks/cancel arrives, so the deletion check has nothing to judge (it skips).
  { faults: ['cancels-by-notification'], catches: { 'requestor.cancels-with-tasks-cancel': 'fail' } },
  { faults: ['relies-on-cancelled-task'], catches: { 'requestor.no-reliance-on-cancelled-task': 'warn' } },
  // Only the endpoint that sends status notifications shows it; elsewhere the client polls as it should.
  { faults: ['polling-yields-to-notifications'], catches: { 'requestor.keeps-polling-with-notifications': 'warn' } },
  { faults: ['input-only-on-result-stream'], catches: { 'requestor.input-on-any-stream': 'warn' } },
  { faults: ['no-polling-after-result-cut'], catches: { 'requestor.polls-after-result-cut': 'warn' } },
  // Calls conformance_echo alone (allowed; the contract asks for every tool): the checks of the tools left out skip, saying why.
  { faults: ['calls-echo-only'], catches: {} },
];
