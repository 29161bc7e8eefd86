import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The long tier runs from `npm run test:full` (vitest.full.config.ts).
    exclude: ['test/full/**', 'node_modules/**'],
    // Whole-suite runs against real receivers take seconds each; the bounds inside the harness keep them finite.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps its modules from one file to the next: each file importing the whole harness anew cost 48 s of
    // the inner loop's 149 s (13 s so). The tests restore what they change (real timers, no environment writes).
    isolate: false,
    // Three files at a time: most of a whole-suite run is waiting on its receiver (the bounds follow the measured pace,
    // so a busier machine costs time, never a verdict); the stability test, which must know its load, runs alone.
    fileParallelism: true,
    maxWorkers: 3,
    // Concurrent runs in one file: the fault matrix's runs mostly wait on their receiver (4 at once: 29 s and 17 CPU-s
    // for the file, where 2 at once took 57 s). Three, not four: an in-process reference shares its event loop with
    // the runs beside it, and at load 15 four at once let a timed check miss its fault once (cancel-not-final).
    maxConcurrency: 3,
  },
});
