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
  // The spec fixes no ttl: the one in force may change from answer to answer.
  { faults: ['ttl-unstable'], catches: {} },
  // A task ID is a string, and the empty string is one (unique: one task has it). The reference gives it only where
  // tasks are bound to a context (HTTP with tokens): without binding, a guessable ID breaks TASKS-SEC-SECURE-IDS.
  { faults: ['first-task-id-empty'], catches: {} },
  // A receiver demanding tasks refuses plain calls with -32600: nothing fails; the required tool's -32600 (where the page
  // also asks for -32601) is warned, as with required-without-task-invalid-request.
  { faults: ['plain-calls-refused'], catches: { 'tool-negotiation.required-without-task': 'warn' } },
  // The input tool's task never asks (it has its answer at hand): nothing about asking is judged, the input checks skip.
  { faults: ['input-never-asks'], catches: {} },
];
