import type { CheckDefinition } from '../../../harness/check.js';
import acknowledged from './acknowledged.js';
import terminalUntouched from './terminal-untouched.js';

/** tasks/cancel: acknowledged, cooperative, and powerless over a finished task. */
export const EXT_CANCEL_CHECKS: readonly CheckDefinition[] = [acknowledged, terminalUntouched];
