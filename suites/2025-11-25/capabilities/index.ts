import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import tasksShape from './tasks-shape.js';
import undeclaredIgnoresTask from './undeclared-ignores-task.js';
import undeclaredTypeIgnoresTask from './undeclared-type-ignores-task.js';

/** Capabilities: what a receiver declares of tasks, and that an undeclared task field changes nothing. */
export const CAPABILITIES_CHECKS: readonly CheckDefinition[] = [tasksShape, undeclaredIgnoresTask, undeclaredTypeIgnoresTask];
