// Programmatic API of the reference client (used in-process by tests and by the harness's self-checks).
export { CLIENT_INFO, clientCapabilities, runReferenceClient, type ReferenceClientHandle } from './2025-11-25/client.js';
export { CLIENT_FAULT_DESCRIPTIONS, KNOWN_CLIENT_FAULTS, type ClientFaultName } from './faults.js';
export { AUTO_MODEL, AUTO_SAMPLING_TEXT, DIRECTIVE_PREFIX, ECHO_MODEL } from './2025-11-25/directives.js';
export type { ReferenceClientOptions } from './options.js';
export { DEFAULT_TTL_MS, LIST_PAGE_SIZE, MAX_ACTIVE_TASKS_PER_CONTEXT, MAX_TTL_MS, POLL_INTERVAL_MS } from '../reference-server/shared/task-store.js';
export { runModernReferenceClient, type ModernClientHandle, type ModernClientOptions } from './2026-07-28/requestor.js';
