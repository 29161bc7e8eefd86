import type { FaultCase } from './types.js';

/** Faults proving the TTL and timestamp, listing and cancellation checks. */
export const TTL_LISTING_CANCELLATION_FAULT_CASES: FaultCase[] = [
  // The harness validates every tasks/get result for each check that verifies TASKS-TTL-INCLUDE-ACTUAL: ttl.stable too.
  { faults: ['ttl-missing'], catches: { 'ttl.present-in-get': 'fail', 'ttl.stable': 'fail' } },
  // Only tasks created with `task: {}` lack it: in tasks/get (present-in-get) and in every other answer (valid-everywhere).
  // Its status notifications lack ttl too: the rule book sees it, and the check that stands for full notifications fails it.
  {
    faults: ['ttl-missing-unrequested'],
    viaRuleBook: ['notifications.full-task'],
    catches: { 'ttl.present-in-get': 'fail', 'task-data.valid-everywhere': 'fail', 'notifications.full-task': 'fail' },
  },
  { faults: ['expired-tasks-kept'], catches: { 'ttl.expiry': 'warn' } },
  { faults: ['expired-task-wrong-error'], catches: { 'ttl.expiry': 'fail' } },
  // Its lastUpdatedAt in tasks/get are no date-times: monotonic-update compares none, inconclusive on ttl.timestamps' finding.
  { faults: ['timestamps-not-iso'], catches: { 'ttl.timestamps': 'fail', 'lifecycle.monotonic-update': 'inconclusive' } },
  // An epoch string is no instant, so createdAt also stops being the same from one response to the next.
  { faults: ['created-at-not-iso'], catches: { 'ttl.timestamps': 'fail', 'lifecycle.stable-identity': 'fail' } },
  { faults: ['last-updated-before-created'], catches: { 'ttl.timestamps': 'warn', 'lifecycle.monotonic-update': 'fail' } },
  { faults: ['poll-interval-not-integer'], catches: { 'ttl.poll-interval-integer': 'fail', 'task-data.valid-everywhere': 'fail' } },
  { faults: ['ttl-not-capped'], catches: { 'ttl.max-ttl': 'warn' } },
  { faults: ['list-omits-failed'], catches: { 'listing.get-implies-list': 'fail' } },
  { faults: ['list-missing-next-cursor'], catches: { 'listing.get-implies-list': 'fail', 'listing.next-cursor': 'fail' } },
  { faults: ['list-duplicates'], catches: { 'listing.no-duplicates': 'warn' } },
  { faults: ['list-no-pagination'], catches: { 'listing.paginates': 'warn' } },
  { faults: ['list-bad-cursor-accepted'], catches: { 'listing.invalid-cursor': 'fail' } },
  { faults: ['list-entries-without-ttl'], catches: { 'task-data.valid-everywhere': 'fail' } },
  { faults: ['cancel-returns-working'], catches: { 'cancellation.cancel-working': 'fail' } },
  { faults: ['cancel-not-final'], catches: { 'cancellation.stays-cancelled': 'fail', 'cancellation.stops-work': 'warn', 'progress.stops-at-terminal': 'fail' } },
  { faults: ['cancel-terminal-accepted'], catches: { 'cancellation.terminal-rejected': 'fail' } },
  { faults: ['cancel-status-misspelt'], catches: { 'cancellation.cancel-working': 'fail', 'task-data.valid-everywhere': 'fail' } },
  // Progress after the cancelled status is also the progress page's MUST.
  { faults: ['cancel-keeps-running'], catches: { 'cancellation.stops-work': 'warn', 'progress.stops-at-terminal': 'fail' } },
  { faults: ['result-after-cancel-hangs'], catches: { 'cancellation.result-after-cancel': 'fail' } },
];
