import type { TargetFacts } from '../check.js';
import { HARNESS_TASK_CLIENT_CAPABILITIES, openConnection, type TargetSpec } from '../../wire/connections/connect.js';
import { clientFixtures } from '../../model/fixtures.js';
import { FIXTURE_TOOL_NAMES, LEGACY_FIXTURE_ROLES, listAllTools, resolveFixtures, type FixtureMapping, type ToolInfo } from '../../model/fixtures.js';
import type { Calibration, FixtureRole, ReceiverRole, RunReport } from '../../model/model.js';
import { describeReply } from '../../model/describe.js';
import { IutError, type RpcSession } from '../../wire/session.js';
import { calibrate, median, type Timing } from '../../wire/timing.js';
import { probeLegacyPace, type PaceFacts } from '../pace-probe.js';
import { Transcript } from '../../wire/transcript.js';

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
}

/**
 * Connects once before the checks to learn what the receiver declares and offers. Tools that appear only
 * after notifications/initialized (announced by tools/list_changed) are waited for, within a bound.
 */
export async function discoverTarget(
  target: TargetSpec,
  timing: Timing,
  role: ReceiverRole,
  mappings: Partial<Record<FixtureRole, FixtureMapping>>,
): Promise<{ facts: TargetFacts; transcript: Transcript; measured: Measured }> {
  const transcript = new Transcript();
  let connection;
  const connectStarted = performance.now();
  try {
    // As a task-capable client: a server may offer the tools that make it a requestor only to such clients (the ask fixture).
    connection = await openConnection(target, {
      transcript,
      label: 'probe',
      requestTimeoutMs: timing.requestTimeoutMs,
      connectTimeoutMs: timing.connectTimeoutMs,
      clientCapabilities: HARNESS_TASK_CLIENT_CAPABILITIES,
    });
  } catch (error) {
    // What the error message does not already say (it may name the exit and the last stderr line itself).
    const stderr = transcript
      .entries()
      .filter((e) => (e.dir === 'stderr' || e.dir === 'note') && e.text && !(error as Error).message.includes(e.text))
      .slice(-5)
      .map((e) => e.text)
      .join(' | ');
    throw new TargetUnreachable(`${(error as Error).message}${stderr ? ` (last seen: ${stderr.slice(0, 600)})` : ''}`, transcript);
  }
  const connectMs = Math.round(performance.now() - connectStarted);
  try {
    if (target.transport === 'client') {
      const roundTrip = await measureRoundTrip(connection.session, timing);
      const facts = clientFacts(connection.init.capabilities, connection.init.protocolVersion, connection.init.serverInfo);
      const echo = facts.fixtures.get('echo');
      const pace = await probeLegacyPace(connection, echo, echo !== undefined && clientTakesAsTask(facts.capabilities, echo.method), calibrated(timing, roundTrip, connectMs));
      return { facts, transcript, measured: { ...roundTrip, connectMs, ...pace } };
    }
    const wanted = new Set(LEGACY_FIXTURE_ROLES.map((role) => mappings[role]?.tool ?? FIXTURE_TOOL_NAMES[role]));
    const declaresTools = typeof connection.init.capabilities.tools === 'object' && connection.init.capabilities.tools !== null;
    const measured = { ...(await measureRoundTrip(connection.session, timing, declaresTools ? 'tools/list' : undefined)), connectMs };
    let tools: ToolInfo[] = declaresTools ? await listAllTools(connection.session.request.bind(connection.session)) : [];
    let toolsAppearLate = false;
    const missing = () => [...wanted].some((name) => !tools.some((tool) => tool.name === name));
    if (declaresTools && missing()) {
      // Some receivers register task tools only after initialization and announce them with list_changed.
      const changed = await connection.session.waitForNotification((n) => n.method === 'notifications/tools/list_changed', timing.scaled(1500));
      if (changed) {
        const later = await listAllTools(connection.session.request.bind(connection.session));
        toolsAppearLate = later.length > tools.length;
        tools = later;
      }
    }
    const headers = target.transport === 'http' ? target.headers : {};
    const facts: TargetFacts = {
      role,
      transport: target.transport,
      protocolVersion: connection.init.protocolVersion,
      capabilities: connection.init.capabilities,
      serverInfo: connection.init.serverInfo,
      tools,
      fixtures: resolveFixtures(tools, mappings),
      era: 'legacy',
      toolsAppearLate,
      hasPeerIdentity: target.transport === 'http' && target.peerHeaders !== undefined,
      hasAuthorization: Object.keys(headers).some((name) => name.toLowerCase() === 'authorization'),
    };
    const echo = facts.fixtures.get('echo');
    const takesTasks =
      typeof (facts.capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined)?.requests?.tools?.call === 'object' &&
      ['optional', 'required'].includes(echo?.declaredTaskSupport as string);
    const pace = await probeLegacyPace(connection, echo, takesTasks, calibrated(timing, measured, connectMs));
    return { facts, transcript, measured: { ...measured, ...withDuration(pace, echo?.durationMs) } };
  } catch (error) {
    throw new TargetUnreachable(`the receiver did not answer the opening exchange: ${(error as Error).message}`, transcript);
  } finally {
    await connection.close();
  }
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

/** Whether a client declared it takes this kind of request as a task. */
function clientTakesAsTask(capabilities: Record<string, unknown>, method: string): boolean {
  const requests = (capabilities.tasks as { requests?: Record<string, Record<string, unknown> | undefined> } | undefined)?.requests;
  const [family, action] = method.split('/');
  return requests?.[family]?.[action] !== undefined;
}

/** A client receiver offers no tools: its fixtures are the sampling or elicitation requests it takes as tasks. */
function clientFacts(capabilities: Record<string, unknown>, protocolVersion: string, clientInfo: unknown): TargetFacts {
  return {
    role: 'client',
    transport: 'http',
    protocolVersion,
    capabilities,
    serverInfo: clientInfo,
    tools: [],
    fixtures: clientFixtures(capabilities),
    era: 'legacy',
    toolsAppearLate: false,
    hasPeerIdentity: false,
    hasAuthorization: false,
  };
}
