import { describe, it } from 'vitest';
import { keywordMismatches, notableResults, REFERENCE_BUILT, runAgainstReferenceHttp, type ReferenceRunOptions } from '../support/reference-runs.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';

/**
 * A correct receiver of limited capacity, over Streamable HTTP with two identities at the CLI's default concurrency
 * (32 checks at once): one that runs one piece of work at a time for all sessions (--serial-work), and one that
 * answers HTTP 429 with Retry-After to any request sooner than 100 ms after the same client's last (--rate-limit-ms),
 * and one that keeps at most 2 SSE streams per client, closing the oldest (--max-streams).
 * Neither gets a fail, a warn or an error in either era: refusals for pace are waited out and retried, the checks in
 * flight narrow to what the server keeps up with, and a check whose only findings are bounds that ran out under load
 * (or that skipped once under way) runs again alone at the end. What the run adapted to is in its notices.
 */
interface CapacityCase {
  label: string;
  options: ReferenceRunOptions;
  /** What the notices must say the run adapted to, when the server showed load. */
  adapted?: RegExp;
}

const CLI_DEFAULT_CONCURRENCY = 32;

const CASES: CapacityCase[] = [
  { label: 'one piece of work at a time for all sessions', options: { serialWork: true } },
  { label: '429 to any request sooner than 100 ms after the last', options: { rateLimitMs: 100 }, adapted: /refused for pace \(HTTP 429\) and waited out/ },
  { label: '2026-07-28, one piece of work at a time for all sessions', options: { serialWork: true, profile: TASKS_2026_07_28 } },
  { label: '2026-07-28, 429 to any request sooner than 100 ms after the last', options: { rateLimitMs: 100, profile: TASKS_2026_07_28 }, adapted: /refused for pace \(HTTP 429\)/ },
  // A cap on open streams: the oldest closed (a listen's notifications lost with it) is respected, never a finding.
  { label: 'at most 2 SSE streams per client', options: { maxStreams: 2 } },
  { label: '2026-07-28, at most 2 SSE streams per client', options: { maxStreams: 2, profile: TASKS_2026_07_28 } },
];

describe.skipIf(!REFERENCE_BUILT)('a correct receiver of limited capacity gets no fail, no warn and no error at the default concurrency', () => {
  for (const { label, options, adapted } of CASES) {
    it.concurrent(
      `over http, ${label}`,
      async ({ expect }) => {
        const report = await runAgainstReferenceHttp({ ...options, concurrency: CLI_DEFAULT_CONCURRENCY });
        expect(notableResults(report)).toEqual([]);
        expect(keywordMismatches(report)).toEqual([]);
        if (adapted) expect(report.notices.join('\n')).toMatch(adapted);
        // The verdicts are those of the reference at ease: the 2026-07-28 profile has three skips by design over HTTP, the
        // 2025-11-25 one four (a second identity, credentials sent, stdio only, task support declared).
        expect(report.summary.skip).toBeLessThanOrEqual(options.profile ? 3 : 4);
      },
      600_000,
    );
  }
});
