import type { FaultCase } from './types.js';

/** Faults proving the input_required, related-task, notification, progress and isolation checks. */
export const INTERACTION_ISOLATION_FAULT_CASES: FaultCase[] = [
  { faults: ['input-status-missing'], catches: { 'input-required.status-shown': 'warn' } },
  { faults: ['elicitation-without-related-meta'], catches: { 'input-required.elicitation-related-meta': 'fail' } },
  { faults: ['input-status-sticks'], catches: { 'input-required.leaves-status': 'warn' } },
  { faults: ['result-missing-related-meta'], catches: { 'result-retrieval.related-task-meta': 'fail', 'input-required.completes-with-answer': 'fail' } },
  { faults: ['related-meta-on-get'], catches: { 'related-task.not-on-operation-results': 'warn' } },
  { faults: ['get-honours-meta-task'], catches: { 'related-task.param-is-source-of-truth': 'fail' } },
  // The rule book sees the answer's related-task _meta name the other task, and the check that stands for that rule fails it.
  {
    faults: ['result-honours-meta-task'],
    viaRuleBook: ['result-retrieval.related-task-meta'],
    catches: { 'related-task.param-is-source-of-truth': 'fail', 'result-retrieval.related-task-meta': 'fail' },
  },
  { faults: ['cancel-honours-meta-task'], catches: { 'related-task.param-is-source-of-truth': 'fail' } },
  { faults: ['related-meta-on-status-notification'], catches: { 'related-task.not-on-status-notifications': 'warn' } },
  { faults: ['related-meta-missing-on-progress'], catches: { 'related-task.progress-notifications': 'fail' } },
  { faults: ['status-notification-incomplete'], catches: { 'notifications.full-task': 'fail' } },
  // Over HTTP notifications may travel on several streams, so their order is judged on stdio only.
  { faults: ['status-notification-terminal-reverts'], stdio: true, catches: { 'lifecycle.transitions': 'fail' } },
  // Issue 39: the news of an end that says "working", set by the rule book against tasks/get's terminal task of the
  // same lastUpdatedAt (on stdio the notification, written at the end, comes before any poll that shows the end).
  { faults: ['status-notification-terminal-says-working'], stdio: true, byRuleBook: true, catches: { 'notifications.full-task': 'fail' } },
  { faults: ['progress-token-dropped'], catches: { 'progress.token-after-create': 'fail' } },
  // Order is kept on stdio only. No check lists the progress page's rule, so the rule book reports it in a result of its own.
  { faults: ['progress-repeated'], stdio: true, byRuleBook: true, shownBy: ['cancellation.stops-work'], catches: { 'rule-book.BASE-PROGRESS-INCREASES': 'fail' } },
  { faults: ['progress-after-completion'], catches: { 'progress.stops-at-terminal': 'fail' } },
  { faults: ['no-context-binding'], catches: { 'isolation.foreign-task-rejected': 'fail', 'isolation.untouched-by-peer': 'fail', 'isolation.list-own-only': 'fail' } },
  { faults: ['foreign-task-distinct-error'], catches: { 'isolation.foreign-task-rejected': 'warn' } },
  { faults: ['foreign-cancel-allowed'], catches: { 'isolation.foreign-task-rejected': 'fail', 'isolation.untouched-by-peer': 'fail' } },
  { faults: ['list-leaks-foreign'], catches: { 'isolation.list-own-only': 'fail' } },
  // The first check with a second identity connected while its task changes status sees the other identity told.
  { faults: ['status-to-every-session'], byRuleBook: true, catches: { 'isolation.foreign-task-rejected': 'fail' } },
  { faults: ['sequential-task-ids'], anonymous: true, catches: { 'isolation.task-id-entropy': 'fail' } },
  { faults: ['short-task-ids'], stdio: true, catches: { 'isolation.task-id-entropy': 'fail' } },
  { faults: ['borderline-task-ids'], noPeer: true, catches: { 'isolation.task-id-entropy': 'warn' } },
  { faults: ['list-without-auth'], anonymous: true, catches: { 'isolation.no-list-without-auth': 'warn' } },
];
