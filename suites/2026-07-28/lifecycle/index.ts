import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import retainedUntilTtl from './retained-until-ttl.js';
import terminalFinal from './terminal-final.js';

/** The task status graph, and how long a task lives. */
export const EXT_LIFECYCLE_CHECKS: readonly CheckDefinition[] = [terminalFinal, retainedUntilTtl];
