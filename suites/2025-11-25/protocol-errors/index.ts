import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import { UNKNOWN_TASK_ID_CHECKS } from './unknown-task-id.js';
import informativeMessages from './informative-messages.js';

/** Protocol errors: unknown task IDs and the messages errors carry. */
export const PROTOCOL_ERRORS_CHECKS: readonly CheckDefinition[] = [...UNKNOWN_TASK_ID_CHECKS, informativeMessages];
