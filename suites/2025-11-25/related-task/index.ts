import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import notOnOperationResults from './not-on-operation-results.js';
import notOnStatusNotifications from './not-on-status-notifications.js';
import paramIsSourceOfTruth from './param-is-source-of-truth.js';
import progressNotifications from './progress-notifications.js';

/** The related-task metadata checks: where it must appear, where it should not, and what it cannot override. */
export const RELATED_TASK_CHECKS: readonly CheckDefinition[] = [progressNotifications, paramIsSourceOfTruth, notOnOperationResults, notOnStatusNotifications];
