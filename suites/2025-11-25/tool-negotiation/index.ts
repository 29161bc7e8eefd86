import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import taskSupportValues from './task-support-values.js';
import requiredWithoutTask from './required-without-task.js';
import { forbiddenWithTask, noExecutionWithTask } from './refuse-task-for-untasked-tool.js';
import optionalBothWays from './optional-both-ways.js';

/** Tool-level negotiation: each taskSupport value, and the calls it allows or refuses. */
export const TOOL_NEGOTIATION_CHECKS: readonly CheckDefinition[] = [taskSupportValues, requiredWithoutTask, forbiddenWithTask, noExecutionWithTask, optionalBothWays];
