import type { FaultCase } from './types.js';

/** 2026-07-28 profile: faults proving the checks of a task's flow (polling, lifecycle, update, cancellation, notifications). */
export const EXT_FLOW_FAULT_CASES: FaultCase[] = [{ faults: ['ext-completed-without-result'], catches: { 'ext-polling.completed-inlines-result': 'fail' } }];
