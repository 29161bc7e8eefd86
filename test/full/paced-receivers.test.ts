import { describe, it } from 'vitest';
import {
  keywordMismatches,
  notableResults,
  REFERENCE_BUILT,
  runAgainstReferenceClient,
  runAgainstReferenceHttp,
  runAgainstReferenceStdio,
  type ReferenceRunOptions,
} from '../support/reference-runs.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';

/**
 * A correct receiver that enforces the pace it asks for (a tasks/get sooner than the task's pollInterval is
 * refused: a JSON-RPC error on stdio and for clients, HTTP 429 with Retry-After on Streamable HTTP), or whose
 * fixture work takes 20 s, gets no fail, no warn and no error: the suite polls no faster than it is told, learns
 * the pace and the work's length before the checks, and sizes every bound from them.
 */
/** The contract's echo through a --config mapping, arguments passed on as they are. */
const MAPPED_ECHO = { tool: 'conformance_echo', arguments: { text: '${text}', delayMs: '${delayMs}' } };

interface PacedCase {
  transport: 'stdio' | 'http' | 'client';
  label: string;
  options: ReferenceRunOptions;
  /** What the run must have learned of the receiver. */
  asked?: number;
  work?: number;
  /** What discovery's pace probe says it did. */
  probe?: RegExp;
}

const CASES: PacedCase[] = [
  { transport: 'stdio', label: 'polls every 2 s, sooner refused', options: { pollIntervalMs: 2000, rateLimit: true }, asked: 2000 },
  { transport: 'http', label: 'polls every 2 s, sooner refused with 429', options: { pollIntervalMs: 2000, rateLimit: true }, asked: 2000 },
  { transport: 'client', label: 'polls every 2 s, sooner refused', options: { pollIntervalMs: 2000, rateLimit: true }, asked: 2000 },
  { transport: 'stdio', label: '2026-07-28, polls every 3 s, sooner refused', options: { pollIntervalMs: 3000, rateLimit: true, profile: TASKS_2026_07_28 }, asked: 3000 },
  { transport: 'http', label: '2026-07-28, polls every 3 s, sooner refused with 429', options: { pollIntervalMs: 3000, rateLimit: true, profile: TASKS_2026_07_28 }, asked: 3000 },
  // Over stdio: every check's process is its own requestor. Over HTTP every check is the same identity, and 20 s tasks
  // pile up past the reference's limit of 100 unfinished tasks per requestor, which it rightly refuses.
  // The echo role mapped by --config, as a user maps it to a real tool of their own: its work's length is learned.
  { transport: 'stdio', label: 'fixture work of 20 s, the echo role mapped', options: { workMs: 20_000, fixtureMappings: { echo: MAPPED_ECHO } }, work: 20_000 },
  // The same, the mapping declaring the work's length (durationMs): discovery takes the pace from the CreateTaskResult
  // and does not wait a task out, and every bound is sized from the declaration.
  {
    transport: 'stdio',
    label: 'fixture work of 20 s, the echo role mapped with its durationMs',
    options: { workMs: 20_000, fixtureMappings: { echo: { ...MAPPED_ECHO, durationMs: 21_000 } } },
    work: 20_000,
    probe: /as the --config mapping declares it/,
  },
];

describe.skipIf(!REFERENCE_BUILT)('a correct receiver that keeps a long pace, or works long, gets no fail, no warn and no error', () => {
  for (const { transport, label, options, asked, work, probe } of CASES) {
    it.concurrent(
      `${transport === 'client' ? 'a client' : `over ${transport}`}, ${label}`,
      async ({ expect }) => {
        const run = { stdio: runAgainstReferenceStdio, http: runAgainstReferenceHttp, client: runAgainstReferenceClient }[transport];
        const report = await run(options);
        expect(notableResults(report)).toEqual([]);
        expect(keywordMismatches(report)).toEqual([]);
        if (asked !== undefined) expect(report.calibration?.pollIntervalMs).toBe(asked);
        if (work !== undefined) expect(report.calibration?.workMs).toBeGreaterThanOrEqual(work - 1000);
        if (probe !== undefined) expect(report.calibration?.paceProbe).toMatch(probe);
        // Nearly every check ran to a pass: a pace the suite could not fit would show as skips (the 2026-07-28 profile has
        // three to five by design on the reference, as in slow-receivers).
        const applicable = options.profile ? options.profile.checks.filter((check) => check.roles.includes('server')).length : transport === 'client' ? 35 : 45;
        expect(report.summary.pass).toBeGreaterThan(options.profile ? applicable - 6 : applicable);
      },
      600_000,
    );
  }
});
