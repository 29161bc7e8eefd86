import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The long tier (`npm run test:full`): whole-suite runs against slow and chatty receivers and other runs of minutes.
export default defineConfig({ ...base, test: { ...base.test, include: ['test/full/**/*.test.ts'], exclude: ['node_modules/**'] } });
