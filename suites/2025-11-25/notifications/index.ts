import type { CheckDefinition } from '../../../harness/receivers/check.js';
import fullTask from './full-task.js';

/** The Task Status Notification checks. */
export const NOTIFICATIONS_CHECKS: readonly CheckDefinition[] = [fullTask];
