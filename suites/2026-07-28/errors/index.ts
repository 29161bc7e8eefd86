import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import informativeMessages from './informative-messages.js';
import removedMethods from './removed-methods.js';
import toolErrorCompleted from './tool-error-completed.js';
import unknownTask from './unknown-task.js';

/** Error Handling: protocol errors for unknown tasks and removed methods, their messages, and tool errors kept out of "failed". */
export const EXT_ERRORS_CHECKS: readonly CheckDefinition[] = [unknownTask, removedMethods, informativeMessages, toolErrorCompleted];
