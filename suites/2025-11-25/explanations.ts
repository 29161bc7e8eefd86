// The explanation of every 2025-11-25 check, keyed by check ID: an index built from the checks, each of which
// carries its own (defineCheck's `explain`), for readers holding an ID rather than a check (the HTML report's cards).
import type { CheckExplanation } from '../../harness/receivers/check.js';
import { ALL_CHECKS } from './index.js';

export const CHECK_EXPLANATIONS: Readonly<Record<string, CheckExplanation>> = Object.fromEntries(ALL_CHECKS.map((check) => [check.id, check.explain]));
