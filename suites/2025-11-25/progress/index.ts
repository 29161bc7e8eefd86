import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import stopsAtTerminal from './stops-at-terminal.js';
import tokenAfterCreate from './token-after-create.js';

/** The Task Progress Notifications checks. */
export const PROGRESS_CHECKS: readonly CheckDefinition[] = [tokenAfterCreate, stopsAtTerminal];
