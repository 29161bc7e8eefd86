import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';
import { ALONE } from './vitest.full.config.js';

// The long tier's files that must know the load they run under: the stability runs (idle, then every core busy).
// One file at a time, nothing beside them.
export default defineConfig({ ...base, test: { ...base.test, isolate: true, include: ALONE, exclude: ['node_modules/**'], fileParallelism: false } });
