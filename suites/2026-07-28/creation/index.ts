import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import durableBeforeReply from './durable-before-reply.js';
import mrtrBeforeTask from './mrtr-before-task.js';

/** Task Creation: the task exists before its CreateTaskResult is sent, and questions come before it. */
export const EXT_CREATION_CHECKS: readonly CheckDefinition[] = [durableBeforeReply, mrtrBeforeTask];
