import type { CheckDefinition } from '../../../harness/check.js';
import allOutstanding from './all-outstanding.js';
import completedInlinesResult from './completed-inlines-result.js';
import failedInlinesError from './failed-inlines-error.js';
import inputRequiredListsRequests from './input-required-lists-requests.js';

/** Task polling: what tasks/get inlines for each status. */
export const EXT_POLLING_CHECKS: readonly CheckDefinition[] = [completedInlinesResult, failedInlinesError, inputRequiredListsRequests, allOutstanding];
