import { AnswerPace } from './answer-pace.js';
import type { Calibration } from '../model/model.js';

/**
 * Every time bound of a run. Before discovery the bounds are fixed values scaled by --timeout-multiplier; once
 * the receiver's round trip is measured (`calibrate`), every bound and every scenario duration grows with it,
 * so a correct receiver that is slow gets more time, never a fail.
 */
export interface Timing {
  multiplier: number;
  /** Bound on one request's answer. */
  requestTimeoutMs: number;
  /** Bound on the answer to a prompt request (tasks/get, ping, ...): from a floor, it follows the pace the peer shows in the run. */
  answerPace: AnswerPace;
  /** Bound on one check. */
  checkTimeoutMs: number;
  /** Bound on the whole run. */
  runDeadlineMs: number;
  /** Bound on starting and initializing one connection. */
  connectTimeoutMs: number;
  /** The shortest pause between polls; the receiver's pollInterval is honoured however long it is. */
  minPollMs: number;
  /** The pollInterval the receiver asked for when discovery made a task (0 before, or when it asked none). */
  askedPollMs: number;
  /** How long the receiver's fixture work took when discovery made a task, beyond what was asked of it (0 before). */
  workMs: number;
  /** One round trip as scenarios budget it: the calibrated allowance, or the floor before calibration. */
  allowanceMs: number;
  /** What was measured of the receiver; absent before discovery. */
  calibration?: Calibration;
  /** Bounds the caller fixed (e.g. a test's run deadline); calibration keeps them. */
  overrides: Partial<Bounds>;
  scaled(ms: number): number;
  /** A duration that must outlast `roundTrips` exchanges with the receiver: `baseMs` (scaled) plus that many allowances. */
  span(baseMs: number, roundTrips: number): number;
}

/** The least a round trip is budgeted at: below it, scheduling noise on a busy machine dominates the measurement. */
export const ALLOWANCE_FLOOR_MS = 50;
/** Head-room over the idle round trip: the checks run concurrently, so the receiver answers slower than when measured. */
export const LOAD_HEADROOM = 1.5;

type Bounds = Omit<Timing, 'scaled' | 'span' | 'multiplier' | 'calibration' | 'allowanceMs' | 'overrides' | 'answerPace' | 'askedPollMs' | 'workMs'>;

/** The pace the harness polls at when the receiver asks for none: an asked interval up to it costs nothing extra. */
export const PACED_POLL_MS = 100;

export function makeTiming(multiplier = 1, overrides: Partial<Bounds> = {}, calibration?: Calibration): Timing {
  const scaled = (ms: number) => Math.round(ms * multiplier);
  const allowanceMs = calibration?.allowanceMs ?? scaled(ALLOWANCE_FLOOR_MS);
  // The fixed part fits a fast receiver on a busy machine; the calibrated part adds what this receiver's pace needs.
  const extra = calibration ? allowanceMs : 0;
  const askedPollMs = calibration?.pollIntervalMs ?? 0;
  const workMs = calibration?.workMs ?? 0;
  // Each poll of a task waits what the receiver asked beyond the harness's own pace: every bound grows with it.
  const perPollMs = Math.max(0, askedPollMs - PACED_POLL_MS);
  // A request for fixture work may be answered only when the work is done: work the receiver takes long over counts in.
  const requestTimeoutMs = overrides.requestTimeoutMs ?? scaled(10_000) + 4 * extra + workMs + 2 * perPollMs;
  return {
    multiplier,
    requestTimeoutMs,
    // Twice what "a second or two per request" needs, before the peer has shown its pace; more once it has.
    answerPace: new AnswerPace(Math.min(requestTimeoutMs, scaled(4_000) + 4 * extra)),
    checkTimeoutMs: overrides.checkTimeoutMs ?? scaled(45_000) + 30 * extra + 4 * workMs + 20 * perPollMs,
    runDeadlineMs: overrides.runDeadlineMs ?? scaled(600_000) + 100 * extra + 10 * workMs + 50 * perPollMs,
    connectTimeoutMs: overrides.connectTimeoutMs ?? Math.max(scaled(15_000), 4 * (calibration?.connectMs ?? 0)),
    minPollMs: overrides.minPollMs ?? 20,
    askedPollMs,
    workMs,
    allowanceMs,
    calibration,
    overrides,
    scaled,
    // A round trip of a scenario may be a poll, which waits the pace the receiver asked for.
    span: (baseMs, roundTrips) => scaled(baseMs) + Math.ceil(roundTrips * (allowanceMs + perPollMs)),
  };
}

/** The allowance per round trip for a measured median round trip. */
export function allowanceFor(roundTripMs: number, multiplier: number): number {
  return Math.round(multiplier * Math.max(ALLOWANCE_FLOOR_MS, LOAD_HEADROOM * roundTripMs));
}

/** The run's timing once the receiver has been measured; bounds the caller fixed (e.g. a test's run deadline) are kept. */
export function calibrate(timing: Timing, measured: Omit<Calibration, 'multiplier' | 'allowanceMs'>): Timing {
  const calibration: Calibration = { ...measured, multiplier: timing.multiplier, allowanceMs: allowanceFor(measured.roundTripMs, timing.multiplier) };
  return makeTiming(timing.multiplier, timing.overrides, calibration);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/**
 * Resolves after ms (or as soon as `wake` settles), or rejects when the signal aborts; used only to pace polling,
 * never to wait for an outcome. Whichever way it ends, its timer and listener go, so many short pauses leave nothing.
 */
export function pause(ms: number, signal?: AbortSignal, wake?: Promise<unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const timer = setTimeout(() => finish(resolve), ms);
    const onAbort = () => finish(() => reject(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    wake?.then(
      () => finish(resolve),
      () => finish(resolve),
    );
  });
}

/**
 * Waits for `promise`, at most `ms`. The timer is cleared when the promise wins: a timer left running keeps
 * the CLI's event loop alive, and every such timer delayed the end of a run by up to its length (5 s after
 * the last check, 2 s after an unreachable receiver) although all work was done.
 */
export async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
