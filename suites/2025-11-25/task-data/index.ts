import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import validEverywhere from './valid-everywhere.js';

/** The checks of the Task data type. */
export const TASK_DATA_CHECKS: readonly CheckDefinition[] = [validEverywhere];
