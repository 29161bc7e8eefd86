import { describe, it } from 'vitest';
import { notableResults } from './support/reference-runs.js';
import { MODERN_CLIENT_CHECKS, runAgainstModernReferenceClient } from './support/modern-client-runs.js';

describe('the reference client as a 2026-07-28 requestor', () => {
  it('passes every client check of the 2026-07-28 profile', async ({ expect }) => {
    const report = await runAgainstModernReferenceClient();
    expect(notableResults(report)).toEqual([]);
    expect(report.results.filter((result) => result.outcome === 'skip').map((result) => `${result.id}: ${result.message}`)).toEqual([]);
    expect(report.summary.pass).toBe(MODERN_CLIENT_CHECKS.length);
  });
});
