import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import acknowledged from './acknowledged.js';
import inputRequiredAcknowledged from './input-required-acknowledged.js';
import staysCancelled from './stays-cancelled.js';
import terminalUntouched from './terminal-untouched.js';

/** tasks/cancel: acknowledged, cooperative, final once it took effect, and powerless over a finished task. */
export const EXT_CANCEL_CHECKS: readonly CheckDefinition[] = [acknowledged, inputRequiredAcknowledged, staysCancelled, terminalUntouched];
