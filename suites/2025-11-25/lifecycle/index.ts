import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import transitions from './transitions.js';
import stableIdentity from './stable-identity.js';
import monotonicUpdate from './monotonic-update.js';

/** The task lifecycle: the moves between statuses, and what stays the same. */
export const LIFECYCLE_CHECKS: readonly CheckDefinition[] = [transitions, stableIdentity, monotonicUpdate];
