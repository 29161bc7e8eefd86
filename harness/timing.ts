/** Every time bound of a run, scaled by --timeout-multiplier so slow receivers can be tested without loosening checks. */
export interface Timing {
  multiplier: number;
  /** Bound on one request's answer. */
  requestTimeoutMs: number;
  /** Bound on one check. */
  checkTimeoutMs: number;
  /** Bound on the whole run. */
  runDeadlineMs: number;
  /** Bound on starting and initializing one connection. */
  connectTimeoutMs: number;
  /** Polling interval bounds; the receiver's pollInterval is honoured within them. */
  minPollMs: number;
  maxPollMs: number;
  scaled(ms: number): number;
}

export function makeTiming(multiplier = 1, overrides: Partial<Omit<Timing, 'scaled' | 'multiplier'>> = {}): Timing {
  const scaled = (ms: number) => Math.round(ms * multiplier);
  return {
    multiplier,
    requestTimeoutMs: overrides.requestTimeoutMs ?? scaled(10_000),
    checkTimeoutMs: overrides.checkTimeoutMs ?? scaled(45_000),
    runDeadlineMs: overrides.runDeadlineMs ?? scaled(600_000),
    connectTimeoutMs: overrides.connectTimeoutMs ?? scaled(15_000),
    minPollMs: overrides.minPollMs ?? 20,
    maxPollMs: overrides.maxPollMs ?? scaled(1_000),
    scaled,
  };
}

/** Resolves after ms, or rejects when the signal aborts; used only to pace polling, never to wait for an outcome. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
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
