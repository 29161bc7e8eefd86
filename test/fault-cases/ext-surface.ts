import type { FaultCase } from './types.js';

/**
 * 2026-07-28 profile: faults proving the checks of the extension's surface (negotiation, result types, creation,
 * errors, routing headers, security, the base rules it leans on).
 */
export const EXT_SURFACE_FAULT_CASES: FaultCase[] = [
  { faults: ['ext-task-without-extension'], catches: { 'ext-negotiation.no-task-without-extension': 'fail' } },
  // The opt-ins the extension replaced, and a declaration remembered from an earlier request.
  { faults: ['ext-task-param-opt-in'], catches: { 'ext-negotiation.no-task-without-extension': 'fail' } },
  // Issue 39: with the extension declared, the task comes only with the old parameter; every check needing a slow task skips.
  { faults: ['ext-task-param-required-when-declared'], catches: { 'ext-negotiation.task-param-not-opt-in': 'fail' } },
  { faults: ['ext-legacy-capability-declares'], catches: { 'ext-negotiation.no-task-without-extension': 'fail' } },
  { faults: ['ext-remembers-extension'], catches: { 'ext-negotiation.no-task-without-extension': 'fail' } },
  { faults: ['ext-missing-capability-status-200'], catches: { 'ext-negotiation.required-capability-error': 'fail' } },
  { faults: ['ext-required-error-no-data'], catches: { 'ext-negotiation.required-capability-error': 'fail' } },
  { faults: ['ext-task-methods-without-extension'], catches: { 'ext-negotiation.task-methods-need-extension': 'fail' } },
  { faults: ['ext-advertises-legacy-tasks'], catches: { 'ext-negotiation.no-legacy-capability': 'fail' } },
  // A 2025-11-25 session opened on the process (stdio) by a client declaring the extension.
  { faults: ['ext-capability-enables-legacy-tasks'], stdio: true, catches: { 'ext-negotiation.legacy-era-not-enabled': 'fail' } },
  // Every check that needs the declared extension skips; the one about an undeclared extension warns.
  { faults: ['ext-undeclared-extension'], catches: { 'ext-negotiation.tasks-only-when-declared': 'warn' } },
  { faults: ['ext-resulttype-not-task'], catches: { 'ext-results.create-task-result': 'fail' } },
  { faults: ['ext-get-resulttype-task'], catches: { 'ext-results.complete-elsewhere': 'fail' } },
  // No check names the requirement (each status's entry does): the first judged check with a requirement of its section has it.
  { faults: ['ext-get-without-timestamps'], byRuleBook: true, catches: { 'ext-results.complete-elsewhere': 'fail' } },
  { faults: ['ext-ack-not-empty'], catches: { 'ext-results.acknowledgements': 'fail' } },
  { faults: ['ext-ack-without-resulttype'], catches: { 'ext-results.acknowledgements': 'fail' } },
  { faults: ['ext-lazy-create'], catches: { 'ext-creation.durable-before-reply': 'fail' } },
  { faults: ['ext-mrtr-after-create'], catches: { 'ext-creation.mrtr-before-task': 'warn' } },
  { faults: ['ext-unknown-task-wrong-code'], catches: { 'ext-errors.unknown-task': 'fail' } },
  { faults: ['ext-malformed-task-id-internal'], catches: { 'ext-errors.unknown-task': 'fail' } },
  { faults: ['ext-unknown-task-acknowledged'], catches: { 'ext-errors.unknown-task': 'warn' } },
  { faults: ['ext-serves-removed-methods'], catches: { 'ext-errors.removed-methods': 'fail' } },
  { faults: ['ext-empty-error-messages'], catches: { 'ext-errors.informative-messages': 'warn' } },
  { faults: ['ext-tool-error-failed'], catches: { 'ext-errors.tool-error-completed': 'fail' } },
  // Mcp-Name neither compared nor required: the tools/call left without it is served too.
  { faults: ['ext-ignores-routing-headers'], catches: { 'ext-http.routing-headers-validated': 'fail', 'ext-http.standard-headers-required': 'fail' } },
  // Issue 39: a required standard header left out is refused like a mismatched one.
  { faults: ['ext-method-header-optional'], catches: { 'ext-http.standard-headers-required': 'fail' } },
  { faults: ['ext-tool-name-header-optional'], catches: { 'ext-http.standard-headers-required': 'fail' } },
  // Only a server serving no client old enough to leave the version header out must refuse it; a dual-era one may take it for 2025-03-26.
  { faults: ['ext-version-header-optional'], era: 'modern', catches: { 'ext-http.standard-headers-required': 'fail' } },
  { faults: ['ext-version-header-optional'], catches: {} },
  // Only the extension asks for Mcp-Name on task methods, and of clients: a server serving them without it is correct.
  { faults: ['ext-task-name-header-optional'], catches: {} },
  { faults: ['ext-sequential-ids'], catches: { 'ext-security.unguessable-ids': 'fail' } },
  // Task IDs as bearer tokens (EXT-SEC-IDS-AS-BEARER): every task request of another identity served is allowed.
  { faults: ['ext-shared-tasks'], catches: {} },
  // Bound for tasks/get and tasks/update, not for tasks/cancel and listening: some request goes unauthorised.
  { faults: ['ext-cancel-unbound'], catches: { 'ext-security.per-context-access': 'fail' } },
  { faults: ['ext-listen-unbound'], catches: { 'ext-security.per-context-access': 'fail' } },
  { faults: ['ext-accepts-missing-meta'], catches: { 'ext-base.meta-required': 'fail' } },
  { faults: ['ext-unsupported-version-no-list'], catches: { 'ext-base.unsupported-version': 'fail' } },
  // Only a modern-only server is asked to name its versions to initialize (a dual-era one answers it).
  { faults: ['ext-initialize-error-unnamed'], era: 'modern', catches: { 'ext-base.initialize-names-versions': 'warn' } },
  // Issue 36: a task gone as it ends, its ttlMs still 300 s. An instant task is never readable (durable-before-reply
  // fails it); a task read while working and gone at its end breaks retention (retained-until-ttl fails it); every
  // other check that follows a task is inconclusive, pointing at the one of the two that failed what it saw.
  {
    faults: ['ext-forgotten-at-end'],
    catches: {
      'ext-creation.durable-before-reply': 'fail',
      'ext-lifecycle.retained-until-ttl': 'fail',
      'ext-results.complete-elsewhere': 'inconclusive',
      'ext-polling.completed-inlines-result': 'inconclusive',
      'ext-polling.failed-inlines-error': 'inconclusive',
      'ext-polling.same-as-plain': 'inconclusive',
      'ext-lifecycle.terminal-final': 'inconclusive',
      'ext-update.acknowledged': 'inconclusive',
      'ext-update.keys-unique': 'inconclusive',
      'ext-cancel.stays-cancelled': 'inconclusive',
      'ext-cancel.terminal-untouched': 'inconclusive',
      'ext-notify.only-when-subscribed': 'inconclusive',
      'ext-notify.full-task': 'inconclusive',
      'ext-notify.no-progress-on-stream': 'inconclusive',
      'ext-errors.tool-error-completed': 'inconclusive',
      'ext-security.unguessable-ids': 'inconclusive',
      'ext-creation.mrtr-before-task': 'inconclusive',
    },
  },
  // Asked on the call, then the answered retry's task asks the same again: the call's exchange was not settled first.
  { faults: ['ext-mrtr-asks-again-in-task'], catches: { 'ext-creation.mrtr-before-task': 'warn' } },
];
