import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import fullTask from './full-task.js';

/** The Task Status Notification checks. */
export const NOTIFICATIONS_CHECKS: readonly CheckDefinition[] = [fullTask];
