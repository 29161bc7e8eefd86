import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import allOutstanding from './all-outstanding.js';
import completedInlinesResult from './completed-inlines-result.js';
import failedInlinesError from './failed-inlines-error.js';
import inputRequiredListsRequests from './input-required-lists-requests.js';
import sameAsPlain from './same-as-plain.js';
import workingStatus from './working-status.js';

/** Task polling: the status tasks/get reports, and what it inlines for each status. */
export const EXT_POLLING_CHECKS: readonly CheckDefinition[] = [workingStatus, completedInlinesResult, failedInlinesError, inputRequiredListsRequests, allOutstanding, sameAsPlain];
