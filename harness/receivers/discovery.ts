// What discovery does alike in both eras: the run that cannot happen, the round trip measured before the checks, and
// the timing that measurement makes. Each era's discovery (2025-11-25/, 2026-07-28/) learns the rest its own way.
import { describeReply } from '../model/describe.js';
import type { FixtureMapping } from '../model/fixtures.js';
import type { Calibration, FixtureRole, RunReport } from '../model/model.js';
import { IutError, type RpcSession } from '../wire/session.js';
import { calibrate, median, type Timing } from '../wire/timing.js';
import type { Transcript } from '../wire/transcript.js';
import type { PaceFacts } from './pace-probe.js';

/** The IUT could not be started or reached: the run cannot happen (exit 2). */
export class TargetUnreachable extends Error {
  /** The report of the run that could not happen (every check not run), set by the runner for the report writers. */
  report?: RunReport;
  constructor(
    message: string,
    readonly transcript: Transcript,
  ) {
    super(message);
  }

  /** The whole cause in one line, as the console, the verdict and each check not run say it. */
  get why(): string {
    return `the receiver under test could not be reached: ${this.message}`;
  }
}

/**
 * The --config maps a fixture role to a tool the receiver does not list: the run cannot happen (exit 2), since every
 * check of that role would skip as if the receiver offered nothing, and a typo would read as a missing feature.
 */
export class FixtureMappingMismatch extends TargetUnreachable {
  override get why(): string {
    return this.message;
  }
}

/** The message with what the receiver last said that the message does not already (its stderr, the harness's notes). */
export function withLastSeen(message: string, transcript: Transcript): string {
  const stderr = transcript
    .entries()
    .filter((entry) => (entry.dir === 'stderr' || entry.dir === 'note') && entry.text && !message.includes(entry.text))
    .slice(-5)
    .map((entry) => entry.text)
    .join(' | ');
  return `${message}${stderr ? ` (last seen: ${stderr.slice(0, 600)})` : ''}`;
}

/** The tools a refused --config line names at most: enough to spot the one meant, short enough to stay one line. */
const LISTED_TOOLS_SHOWN = 40;

/** Refuses mappings naming tools the receiver does not list: one line naming each, and the tools it does list. */
export function refuseUnlistedMappings(mappings: Partial<Record<FixtureRole, FixtureMapping>>, tools: readonly { name: string }[], roles: readonly FixtureRole[], transcript: Transcript): void {
  const listed = new Set(tools.map((tool) => tool.name));
  const unlisted = roles.flatMap((role) => {
    const tool = mappings[role]?.tool;
    return tool !== undefined && !listed.has(tool) ? [`the "${role}" role to "${tool}"`] : [];
  });
  if (unlisted.length === 0) return;
  const names = tools.map((tool) => tool.name);
  const shown = names.length > LISTED_TOOLS_SHOWN ? [...names.slice(0, LISTED_TOOLS_SHOWN), `… and ${names.length - LISTED_TOOLS_SHOWN} more`] : names;
  const lists = names.length > 0 ? `it lists: ${shown.join(', ')}` : 'it lists no tool';
  throw new FixtureMappingMismatch(`--config maps ${unlisted.join(' and ')}, which the server does not list; ${lists}; fix the names in the config`, transcript);
}

/** What discovery measured, before the multiplier and the allowance are applied. */
export type Measured = Omit<Calibration, 'multiplier' | 'allowanceMs'>;

const PING_SAMPLES = 5;
/** Fewer samples suffice for a slow receiver: past this much sampling time, three are enough. */
const SAMPLING_BUDGET_MS = 1_500;

/**
 * The receiver's round trip: sequential pings on the idle discovery connection. A receiver that does not answer ping,
 * or answers it only with errors, is measured with tools/list instead, where it has tools. Where every request was
 * answered with an error, those answers are timed (an error is a round trip too), and the method says so.
 */
export async function measureRoundTrip(
  session: RpcSession,
  timing: Timing,
  fallbackMethod?: string,
  /** The modern era measures with requests carrying its envelope, beginning with server/discover. */
  modern?: { methods: string[]; params: (method: string) => Record<string, unknown> },
): Promise<Omit<Measured, 'connectMs'>> {
  // What each probe that did not serve came to, said in the method of the measurement used instead.
  const failed: string[] = [];
  let onlyErrors: Omit<Measured, 'connectMs'> | undefined;
  for (const method of modern?.methods ?? (fallbackMethod ? ['ping', fallbackMethod] : ['ping'])) {
    const samplesMs: number[] = [];
    let firstError: string | undefined;
    const started = performance.now();
    try {
      while (samplesMs.length < PING_SAMPLES && !(samplesMs.length >= 3 && performance.now() - started > SAMPLING_BUDGET_MS)) {
        const reply = await session.request(method, modern?.params(method) ?? {}, { timeoutMs: Math.min(timing.requestTimeoutMs, timing.scaled(5_000)) });
        samplesMs.push(Math.round(reply.elapsedMs));
        if (!reply.ok) firstError ??= describeReply(reply);
        else firstError = undefined;
      }
      const measured = `median of ${samplesMs.length} ${method} requests on the discovery connection`;
      const instead = failed.length > 0 ? `${failed.join('; ')}; so ${measured}` : measured;
      if (firstError === undefined) return { method: instead, samplesMs, roundTripMs: median(samplesMs) };
      // Every one was answered with an error: a round trip still, but a next request may be answered properly.
      failed.push(`the ${method} probes were all answered with an error (${firstError})`);
      onlyErrors ??= { method: `${instead}, each answered with an error (${firstError}): the error answers were timed`, samplesMs, roundTripMs: median(samplesMs) };
    } catch (error) {
      if (!(error instanceof IutError) || error.kind !== 'timeout') throw error;
      // The session has noted the missing answer in the transcript; try the next request.
      failed.push(`the ${method} probes went unanswered`);
    }
  }
  if (onlyErrors) return failed.length > 1 ? { ...onlyErrors, method: `${onlyErrors.method}; ${failed.slice(1).join('; ')}` } : onlyErrors;
  // Nothing was answered in time: the bound itself is the only measurement, and it says the receiver is slow.
  const waited = Math.min(timing.requestTimeoutMs, timing.scaled(5_000));
  return { method: `no calibration request was answered within ${waited} ms; that wait is taken as the round trip`, samplesMs: [waited], roundTripMs: waited };
}

/** The run's timing as the round trip just measured makes it: the probe that follows is bounded by it. */
export function calibrated(timing: Timing, roundTrip: Omit<Measured, 'connectMs'>, connectMs: number): Timing {
  return calibrate(timing, { ...roundTrip, connectMs });
}

/** A duration the --config mapping gives for the work counts as at least that much work. */
export function withDuration(pace: PaceFacts, durationMs: number | undefined): PaceFacts {
  if (durationMs === undefined || durationMs <= (pace.workMs ?? 0)) return pace;
  return { ...pace, workMs: durationMs, paceProbe: `${pace.paceProbe}; the --config mapping says the work takes ${durationMs} ms` };
}
