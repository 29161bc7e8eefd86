import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** Files of the long tier that run alone, after the rest (`vitest.alone.config.ts`). */
export const ALONE = ['test/full/stability.test.ts'];
/** Files with a part that runs alone (where MCP_TASKS_LONG_TIER_ALONE is set) and the rest with the tier. */
export const PARTLY_ALONE = ['test/full/explore-faults.test.ts'];

// The long tier (`npm run test:full`): whole-suite runs against slow and chatty receivers and other runs of minutes.
// Three files at a time, three runs at a time in each: with two of each the two cores stayed half idle (load 1–2),
// the runs being mostly waits on slow receivers and kept paces. The files in ALONE follow in a run of their own.
export default defineConfig({
  ...base,
  // Each long-tier file in a process of its own: their runs start servers and hooks that must end with the file.
  // One retry: nine whole-suite runs at once on two cores put timing-decided catches and shrinks at the mercy of the
  // scheduler (each run of the tier showed two or three, each a different one, each passing alone). A retried test
  // shows in the output as such; docs/development.md lists the ones seen.
  test: { ...base.test, isolate: true, include: ['test/full/**/*.test.ts'], exclude: ['node_modules/**', ...ALONE], maxWorkers: 3, maxConcurrency: 3, retry: 1 },
});
