import type { CheckDefinition } from '../../../harness/receivers/check.js';
import terminalFinal from './terminal-final.js';

/** The task status graph. */
export const EXT_LIFECYCLE_CHECKS: readonly CheckDefinition[] = [terminalFinal];
