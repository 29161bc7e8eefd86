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
    // One file at a time: whole-suite runs measure time, and the stability test needs to know the load it creates.
    fileParallelism: false,
    // Concurrent whole-suite runs in one file share two cores; more at once only queues them.
    maxConcurrency: 2,
  },
});
