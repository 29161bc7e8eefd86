import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';
import { ALONE, PARTLY_ALONE } from './vitest.full.config.js';

// The long tier's files that must know the load they run under: the stability runs (idle, then every core busy), and
// the parts of others that replay races (PARTLY_ALONE, which read MCP_TASKS_LONG_TIER_ALONE). One file at a time,
// nothing beside them.
export default defineConfig({
  ...base,
  test: { ...base.test, isolate: true, include: [...ALONE, ...PARTLY_ALONE], exclude: ['node_modules/**'], fileParallelism: false, env: { MCP_TASKS_LONG_TIER_ALONE: '1' } },
});
