import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import completesWithAnswer from './completes-with-answer.js';
import elicitationRelatedMeta from './elicitation-related-meta.js';
import leavesStatus from './leaves-status.js';
import noSseOnGet from './no-sse-on-get.js';
import statusShown from './status-shown.js';

/** The Input Required Status checks, in the order a task asking for input goes through them. */
export const INPUT_REQUIRED_CHECKS: readonly CheckDefinition[] = [noSseOnGet, statusShown, elicitationRelatedMeta, leavesStatus, completesWithAnswer];
