import type { CheckDefinition } from '../../harness/check.js';
import tokenAfterCreate from './token-after-create.js';

/** The Task Progress Notifications checks. */
export const PROGRESS_CHECKS: readonly CheckDefinition[] = [tokenAfterCreate];
