// The explanation of every 2026-07-28 check, keyed by check ID: an index built from the checks, each of which
// carries its own (defineCheck's `explain`), for readers holding an ID rather than a check (the HTML report's cards).
import type { CheckExplanation } from '../../harness/receivers/check.js';
import { EXT_CHECKS } from './index.js';

export const EXT_CHECK_EXPLANATIONS: Readonly<Record<string, CheckExplanation>> = Object.fromEntries(EXT_CHECKS.map((check) => [check.id, check.explain]));
