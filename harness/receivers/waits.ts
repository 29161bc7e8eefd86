// What waiting on a task does alike in both eras: the pace of the next poll, the slack that pace earns a bound, the
// skip for work longer than every bound, and text no other check sends. Each era's waits.ts polls its own way.
import { CheckSkip } from './check-errors.js';
import { askedIntervalMs } from '../wire/poll-pace.js';
import { PACED_POLL_MS, type Timing } from '../wire/timing.js';

/** The delay before the next poll: the receiver's pollInterval (never less: the suite keeps the pace it is given), or the harness's own when none. */
export function nextPollDelay(task: Record<string, unknown> | undefined, timing: Timing): number {
  return Math.max(askedIntervalMs(task) ?? PACED_POLL_MS, timing.minPollMs);
}

/**
 * How much longer a wait may run than its bound because of the pace the receiver asked for: its next poll may come
 * a whole interval after the awaited change, and one refused for pace another. Bounds are sized for a brisk pace.
 */
export function paceExtensionMs(intervalMs: number | undefined): number {
  return 2 * Math.max(0, (intervalMs ?? 0) - PACED_POLL_MS);
}

/**
 * Work longer than every bound is no fault of the receiver's: when discovery's own task had not ended either, a wait
 * that runs out cannot reach its purpose, and the check skips saying how to let it run.
 */
export function unendedWork(timing: Timing, taskId: string, status: unknown, boundMs: number): CheckSkip | undefined {
  const calibration = timing.calibration;
  if (calibration?.workEnded !== false) return undefined;
  return new CheckSkip(
    `task ${taskId} was still "${String(status)}" after ${boundMs} ms, and the task discovery started had not ended after ${calibration.workMs ?? '?'} ms either: ` +
      "the fixture work may take longer than the suite's bounds; give its length as durationMs of the role in --config, or raise --timeout-multiplier",
  );
}

let uniqueCounter = 0;
/** Every text uniqueText gave in this process: what comes back carrying one was sent by some check of the run. */
const issuedTexts = new Set<string>();
/** Text no other check sends, so results can be told apart and compared exactly. */
export function uniqueText(label: string): string {
  uniqueCounter += 1;
  const text = `${label}-${process.pid}-${uniqueCounter}-${Math.random().toString(36).slice(2, 8)}`;
  issuedTexts.add(text);
  return text;
}

/** Whether `value` is a text uniqueText gave to some check of this run (another check's request, when not the caller's own). */
export function issuedByThisRun(value: unknown): boolean {
  return typeof value === 'string' && issuedTexts.has(value);
}
