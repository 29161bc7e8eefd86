// What each check of the 2026-07-28 profile does and why implementations typically fail it, for
// `mcp-tasks-conformance explain`: data only, keyed by check ID, in our own words.
import type { CheckExplanation } from '../2025-11-25/explanations.js';
import { FLOW_EXPLANATIONS } from './flow-explanations.js';
import { SURFACE_EXPLANATIONS } from './surface-explanations.js';

export const EXT_CHECK_EXPLANATIONS: Readonly<Record<string, CheckExplanation>> = { ...SURFACE_EXPLANATIONS, ...FLOW_EXPLANATIONS };
