import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// Measurements that take long and judge nothing (`npm run bench:explore`): not a test tier.
export default defineConfig({ ...base, test: { ...base.test, include: ['test/bench/**/*.bench.ts'], exclude: ['node_modules/**'], testTimeout: 24 * 3600_000, hookTimeout: 60_000 } });
