import type { FaultCase } from './types.js';

/** Faults of the reference server acting as a requestor (conformance_ask), proving the requestor checks for servers. */
export const SERVER_REQUESTOR_FAULT_CASES: FaultCase[] = [
  // It augments whatever the client declared, so an elicitation to a client that takes only sampling as tasks too.
  { faults: ['ask-augments-undeclared'], catches: { 'requestor.augments-only-declared': 'warn', 'requestor.augments-only-declared-type': 'warn' } },
  { faults: ['ask-augments-any-type'], catches: { 'requestor.augments-only-declared-type': 'warn' } },
  { faults: ['ask-poll-interval-ignored'], catches: { 'requestor.respects-poll-interval': 'warn' } },
  { faults: ['ask-poll-fixed-pace'], catches: { 'requestor.respects-poll-interval': 'warn' } },
  // Polled once, then silent while it owes the ask call its answer: it waits for a notification (the MUST NOT). No pace
  // to judge, and the list walk after the task never comes (both skip).
  { faults: ['ask-stops-polling-at-working'], waitsOut: true, catches: { 'requestor.polls-until-terminal': 'fail', 'requestor.keeps-polling-with-notifications': 'warn' } },
  // Only the check whose client sends a status notification shows it; elsewhere the server polls as it should.
  { faults: ['ask-polling-yields-to-notifications'], catches: { 'requestor.keeps-polling-with-notifications': 'warn' } },
  { faults: ['ask-related-meta-on-task-requests'], catches: { 'requestor.no-related-meta-on-task-operations': 'warn' } },
  { faults: ['ask-alters-cursor'], catches: { 'requestor.opaque-cursors': 'fail' } },
  { faults: ['ask-input-required-not-fetched'], catches: { 'requestor.result-on-input-required': 'warn' } },
];
