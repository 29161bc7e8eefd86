import type { FaultCase } from './types.js';

/**
 * Reference variants that take a path the spec allows, or one it leaves open: the suite must not fail them.
 * Where the reading is lenient the check warns and says why; where the spec plainly allows it nothing is caught.
 */
export const ALLOWED_ALTERNATIVE_CASES: FaultCase[] = [
  // Task Support and Handling: a receiver that declares tasks for tools/call may refuse plain calls.
  { faults: ['optional-plain-call-error'], catches: { 'tool-negotiation.optional-both-ways': 'warn' } },
  // A CreateTaskResult may show where instant work already is.
  { faults: ['instant-task-created-completed'], catches: { 'creation.status-working': 'warn' } },
  { faults: ['input-task-created-input-required'], catches: { 'creation.status-working': 'warn' } },
  // The same createdAt instant, written with another offset.
  { faults: ['created-at-reformatted'], catches: {} },
  // With credentials and no second identity the suite cannot tell whether tasks are bound to them.
  { faults: ['sequential-task-ids'], noPeer: true, catches: { 'isolation.task-id-entropy': 'warn' } },
];
