// Programmatic API of the reference receiver (used in-process by tests and by the harness's self-checks).
export { startReferenceHttpServer, type ReferenceHttpServer } from './http.js';
export { runReferenceStdio, serveStdio, type StdioHandle } from './stdio.js';
export { FAULT_DESCRIPTIONS, KNOWN_FAULTS, type FaultName } from './faults.js';
export type { Era, ReferenceOptions, Variant } from './options.js';
export { DEFAULT_TTL_MS, LIST_PAGE_SIZE, MAX_ACTIVE_TASKS_PER_CONTEXT, MAX_TTL_MS, POLL_INTERVAL_MS } from './shared/task-store.js';
