import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import augmentsOnlyDeclared from './augments-only-declared.js';
import augmentsOnlyDeclaredType from './augments-only-declared-type.js';
import cancelsWithTasksCancel from './cancels-with-tasks-cancel.js';
import honoursTaskSupport from './honours-task-support.js';
import inputOnAnyStream from './input-on-any-stream.js';
import keepsPollingWithNotifications from './keeps-polling-with-notifications.js';
import noTaskWithoutCapability from './no-task-without-capability.js';
import noRelatedMetaOnTaskOperations from './no-related-meta-on-task-operations.js';
import noRelianceOnCancelledTask from './no-reliance-on-cancelled-task.js';
import opaqueCursors from './opaque-cursors.js';
import pollsAfterResultCut from './polls-after-result-cut.js';
import pollsUntilTerminal from './polls-until-terminal.js';
import respectsPollInterval from './respects-poll-interval.js';
import resultOnInputRequired from './result-on-input-required.js';

/**
 * Requestor-side rules: a client under test shows them when a directive makes it call the endpoint's tools, a server when
 * the ask fixture makes it send the harness's client sampling or elicitation.
 */
export const REQUESTOR_CHECKS: readonly CheckDefinition[] = [
  honoursTaskSupport,
  noRelatedMetaOnTaskOperations,
  respectsPollInterval,
  augmentsOnlyDeclared,
  augmentsOnlyDeclaredType,
  pollsUntilTerminal,
  opaqueCursors,
  noTaskWithoutCapability,
  resultOnInputRequired,
  cancelsWithTasksCancel,
  noRelianceOnCancelledTask,
  keepsPollingWithNotifications,
  inputOnAnyStream,
  pollsAfterResultCut,
];
