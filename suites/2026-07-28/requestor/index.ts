// The client as the requestor of 2026-07-28 tasks: the suite plays the extension server and judges what the client sends.
import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import requestEnvelope from './request-envelope.js';
import declaresExtensionOnTaskRequests from './declares-extension-on-task-requests.js';
import handlesPlainOrTask from './handles-plain-or-task.js';
import rejectsUnsupportedTask from './rejects-unsupported-task.js';
import respectsPollInterval from './respects-poll-interval.js';
import pollsUntilTerminal from './polls-until-terminal.js';
import persistsTaskIds from './persists-task-ids.js';
import answersInputRequests from './answers-input-requests.js';
import observesAfterUpdate from './observes-after-update.js';
import inputAsStandalone from './input-as-standalone.js';
import deduplicatesInputKeys from './deduplicates-input-keys.js';
import cancelsWithTasksCancel from './cancels-with-tasks-cancel.js';
import routingHeaders from './routing-headers.js';

export const EXT_REQUESTOR_CHECKS: readonly CheckDefinition[] = [
  requestEnvelope,
  declaresExtensionOnTaskRequests,
  handlesPlainOrTask,
  rejectsUnsupportedTask,
  respectsPollInterval,
  pollsUntilTerminal,
  persistsTaskIds,
  answersInputRequests,
  observesAfterUpdate,
  inputAsStandalone,
  deduplicatesInputKeys,
  cancelsWithTasksCancel,
  routingHeaders,
];
