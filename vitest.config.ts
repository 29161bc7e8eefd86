import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Whole-suite runs against real receivers take seconds each; the bounds inside the harness keep them finite.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: suite runs measure wall time of concurrent checks, so files run one or two at a time.
    maxWorkers: 2,
    // Concurrent whole-suite runs in one file share two cores; more at once only queues them.
    maxConcurrency: 3,
  },
});
