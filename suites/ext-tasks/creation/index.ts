import type { CheckDefinition } from '../../../harness/check.js';
import durableBeforeReply from './durable-before-reply.js';

/** Task Creation: the task exists before its CreateTaskResult is sent. */
export const EXT_CREATION_CHECKS: readonly CheckDefinition[] = [durableBeforeReply];
