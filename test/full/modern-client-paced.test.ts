import { describe, it } from 'vitest';
import { notableResults } from '../support/reference-runs.js';
import { runAgainstModernReferenceClient } from '../support/modern-client-runs.js';

/**
 * A correct 2026-07-28 client that keeps a slower pace of its own (it never polls sooner than 3 s, whatever
 * pollIntervalMs asks, which the extension allows) gets no fail and no warn: the runs wait for it, and what they cannot
 * wait for is not judged.
 */
describe('a 2026-07-28 client slower than the pace asked', () => {
  it('gets no fail and no warn from any client check', async ({ expect }) => {
    const report = await runAgainstModernReferenceClient({ pollFloorMs: 3_000 });
    expect(notableResults(report)).toEqual([]);
    expect(report.summary.pass).toBeGreaterThan(8);
  }, 120_000);

  it('and one that stays up after its work gets the same verdicts as one that exits', async ({ expect }) => {
    const report = await runAgainstModernReferenceClient({ lingers: true });
    expect(notableResults(report)).toEqual([]);
    expect(report.results.filter((result) => result.outcome === 'skip').map((result) => result.id)).toEqual([]);
  }, 120_000);
});
