import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import blocksUntilTerminal from './blocks-until-terminal.js';
import blocksPastShortTtl from './blocks-past-short-ttl.js';
import sameAsPlainCall from './same-as-plain-call.js';
import sameError from './same-error.js';
import relatedTaskMeta from './related-task-meta.js';

/** Result retrieval: tasks/result waits for the end and answers as the request itself would. */
export const RESULT_RETRIEVAL_CHECKS: readonly CheckDefinition[] = [blocksUntilTerminal, blocksPastShortTtl, sameAsPlainCall, sameError, relatedTaskMeta];
