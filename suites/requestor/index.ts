import type { CheckDefinition } from '../../harness/check.js';
import honoursTaskSupport from './honours-task-support.js';
import noRelatedMetaOnTaskOperations from './no-related-meta-on-task-operations.js';
import respectsPollInterval from './respects-poll-interval.js';

/** Requestor-side rules a client under test shows when a directive makes it call the hub's tools. */
export const REQUESTOR_CHECKS: readonly CheckDefinition[] = [honoursTaskSupport, noRelatedMetaOnTaskOperations, respectsPollInterval];
