import type { FaultCase } from './types.js';

/** 2026-07-28 profile: faults proving the checks of a task's flow (polling, lifecycle, update, cancellation, notifications). */
export const EXT_FLOW_FAULT_CASES: FaultCase[] = [
  // Issue 39: a short ttl (10 s: the late read comes two round trips before its end, past the half even on a loaded
  // machine) waited out, the task gone at half of it; with the default 300 s nothing in a run shows it.
  { faults: ['ext-expires-at-half-ttl'], ttlMs: 10_000, catches: { 'ext-lifecycle.retained-until-ttl': 'fail' } },
  { faults: ['ext-expires-at-half-ttl'], catches: {} },
  { faults: ['ext-working-reads-running'], catches: { 'ext-polling.working-status': 'fail' } },
  { faults: ['ext-completed-without-result'], catches: { 'ext-polling.completed-inlines-result': 'fail' } },
  { faults: ['ext-result-differs'], catches: { 'ext-polling.same-as-plain': 'fail' } },
  { faults: ['ext-error-differs'], catches: { 'ext-polling.same-as-plain': 'fail' } },
  { faults: ['ext-failed-without-error'], catches: { 'ext-polling.failed-inlines-error': 'fail' } },
  { faults: ['ext-failed-without-status-message'], catches: { 'ext-polling.failed-inlines-error': 'warn' } },
  { faults: ['ext-input-required-without-requests'], catches: { 'ext-polling.input-required-lists-requests': 'fail' } },
  // Judged by the fixture contract: multi_input asks both questions at once, so the one held back was outstanding.
  { faults: ['ext-one-request-at-a-time'], catches: { 'ext-polling.all-outstanding': 'fail' } },
  // A completed task read again after a cancel reverts too: the cancel check sees the terminal status change.
  { faults: ['ext-terminal-reverts'], catches: { 'ext-lifecycle.terminal-final': 'fail', 'ext-cancel.terminal-untouched': 'fail' } },
  { faults: ['ext-update-refused'], catches: { 'ext-update.acknowledged': 'fail' } },
  { faults: ['ext-update-unknown-key-rejected'], catches: { 'ext-update.unknown-keys-ignored': 'warn' } },
  { faults: ['ext-reuses-input-key'], catches: { 'ext-update.keys-unique': 'fail' } },
  { faults: ['ext-reasks-under-answered-key'], catches: { 'ext-update.reask-new-key': 'fail' } },
  // Issue 39: an answered key still listed once the task went on (asked again beside it, worked, ended); the rule book
  // sees the ended task listing it in the traffic of every check that answers and follows a task to its end.
  { faults: ['ext-answered-key-lingers'], catches: { 'ext-update.reask-new-key': 'fail' } },
  { faults: ['ext-elicits-undeclared'], catches: { 'ext-update.declared-capabilities-only': 'fail' } },
  { faults: ['ext-cancel-refused'], catches: { 'ext-cancel.acknowledged': 'fail', 'ext-cancel.input-required-acknowledged': 'fail' } },
  // Issue 39: a task waiting for input is cancelled like a working one.
  { faults: ['ext-cancel-refuses-input-required'], catches: { 'ext-cancel.input-required-acknowledged': 'fail' } },
  { faults: ['ext-cancel-overrides-terminal'], catches: { 'ext-cancel.terminal-untouched': 'fail' } },
  { faults: ['ext-cancel-overrides-failed'], catches: { 'ext-cancel.terminal-untouched': 'fail' } },
  // The cancelled task's work goes on and its completion overwrites cancelled.
  { faults: ['ext-cancel-not-final'], catches: { 'ext-cancel.stays-cancelled': 'fail' } },
  { faults: ['ext-listen-without-extension'], catches: { 'ext-notify.listen-needs-extension': 'fail' } },
  // On stdio the unasked notifications reach a requestor that never listens (over HTTP only a listen stream naming no task shows them).
  { faults: ['ext-notifies-unasked'], stdio: true, catches: { 'ext-notify.only-when-subscribed': 'fail' } },
  { faults: ['ext-listen-no-ack'], catches: { 'ext-notify.acknowledged-first': 'fail' } },
  { faults: ['ext-notify-partial-task'], catches: { 'ext-notify.full-task': 'fail' } },
  // Issue 39: the listen x input_required cell of the probe matrix, staged by a confirm_delete task made to ask again.
  { faults: ['ext-notify-input-without-requests'], catches: { 'ext-notify.input-required-full-task': 'fail' } },
  // Issue 39: the notification of the end says "working"; the rule book sets it against tasks/get's terminal task.
  { faults: ['ext-notify-terminal-says-working'], byRuleBook: true, catches: { 'ext-notify.full-task': 'fail' } },
  { faults: ['ext-notify-no-subscription-id'], catches: { 'ext-notify.full-task': 'fail' } },
  // Issue 39: on stdio, where the stream is the process's, the id is the only way to tell subscriptions apart.
  { faults: ['ext-notify-no-subscription-id'], stdio: true, catches: { 'ext-notify.full-task': 'fail' } },
  { faults: ['ext-notify-other-subscription-id'], catches: { 'ext-notify.full-task': 'fail' } },
  { faults: ['ext-notify-other-subscription-id'], stdio: true, catches: { 'ext-notify.full-task': 'fail' } },
  { faults: ['ext-progress-on-listen'], catches: { 'ext-notify.no-progress-on-stream': 'fail' } },
  // Acknowledged and lost: the task outlives its (cut) ttl still waiting on the answer, the one bound the extension names.
  { faults: ['ext-update-dropped'], catches: { 'ext-update.acknowledged': 'fail' } },
];
