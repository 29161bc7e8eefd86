import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import createTaskResultShape from './create-task-result-shape.js';
import statusWorking from './status-working.js';
import prompt from './prompt.js';
import noResultInCreate from './no-result-in-create.js';
import taskIds from './task-ids.js';
import immediateResponseMeta from './immediate-response-meta.js';

/** Creating tasks: the CreateTaskResult, its status, and the task IDs. */
export const CREATION_CHECKS: readonly CheckDefinition[] = [createTaskResultShape, statusWorking, prompt, noResultInCreate, taskIds, immediateResponseMeta];
