import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import isErrorFailed from './iserror-failed.js';
import rpcErrorFailed from './rpc-error-failed.js';
import failedStatusMessage from './failed-status-message.js';

/** Task execution errors: work that fails ends the task failed. */
export const EXECUTION_ERRORS_CHECKS: readonly CheckDefinition[] = [isErrorFailed, rpcErrorFailed, failedStatusMessage];
