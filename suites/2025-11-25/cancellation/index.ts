import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import cancelWorking from './cancel-working.js';
import resultAfterCancel from './result-after-cancel.js';
import staysCancelled from './stays-cancelled.js';
import stopsWork from './stops-work.js';
import terminalRejected from './terminal-rejected.js';

export const CANCELLATION_CHECKS: readonly CheckDefinition[] = [terminalRejected, cancelWorking, staysCancelled, stopsWork, resultAfterCancel];
