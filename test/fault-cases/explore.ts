/**
 * Faults of the reference receiver (2025-11-25 era) that only interleavings show: no scripted check catches them (each
 * was run against the whole suite over stdio and HTTP, and every check passed or skipped), so they are in no FaultCase.
 * `mcp-tasks-conformance explore` finds each; test/full/explore-faults.test.ts proves it.
 */
export const EXPLORE_ONLY_FAULTS: readonly string[] = [
  // A cancel in the last 150 ms of the work is answered cancelled, then the work completes: terminal-final.
  'cancel-race-completes',
  // Pages of two whose cursor counts the tasks still to come: a task created mid-walk makes the walk skip one: listing.
  'list-shifts-on-create',
  // Deleted at half the ttl it reports: tasks/get answers -32602 while the reported ttl has time left: ttl.
  'expires-at-half-ttl',
  // Completed, then failed from a second after its end: only a read that late shows it (lifecycle.transitions polls a
  // few times right after the end; on a loaded machine those polls may come late enough): terminal-final.
  'completed-turns-failed',
];

/** The explore-only faults the reference client has no equivalent of (the others it carries too). */
export const SERVER_ONLY_EXPLORE_FAULTS: readonly string[] = ['completed-turns-failed'];

/**
 * The same for the reference's modern era (2026-07-28): no check of the profile catches these (each run against the
 * whole profile over stdio and HTTP); `explore --spec 2026-07-28` finds each (test/full/explore-faults.test.ts).
 */
export const EXT_EXPLORE_ONLY_FAULTS: readonly string[] = [
  // A cancel in the last 600 ms of slow_compute is acknowledged and reads cancelled, then the work completes: terminal-final.
  'ext-cancel-race-completes',
];
