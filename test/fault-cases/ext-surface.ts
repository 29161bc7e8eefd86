import type { FaultCase } from './types.js';

/**
 * 2026-07-28 profile: faults proving the checks of the extension's surface (negotiation, result types, creation,
 * errors, routing headers, security, the base rules it leans on).
 */
export const EXT_SURFACE_FAULT_CASES: FaultCase[] = [
  { faults: ['ext-task-without-extension'], catches: { 'ext-negotiation.no-task-without-extension': 'fail' } },
];
