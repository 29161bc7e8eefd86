import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** Files of the long tier that run alone, after the rest (`vitest.alone.config.ts`). */
export const ALONE = ['test/full/stability.test.ts'];

// The long tier (`npm run test:full`): whole-suite runs against slow and chatty receivers and other runs of minutes,
// two files at a time like the inner tier; the files in ALONE follow in a run of their own.
export default defineConfig({ ...base, test: { ...base.test, include: ['test/full/**/*.test.ts'], exclude: ['node_modules/**', ...ALONE] } });
