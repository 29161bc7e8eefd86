import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import acknowledgements from './acknowledgements.js';
import completeElsewhere from './complete-elsewhere.js';
import createTaskResult from './create-task-result.js';

/** Polymorphic Results: resultType "task" on a CreateTaskResult only, "complete" on tasks/get and the acknowledgements. */
export const EXT_RESULTS_CHECKS: readonly CheckDefinition[] = [createTaskResult, completeElsewhere, acknowledgements];
