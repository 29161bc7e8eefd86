import type { TargetFacts } from '../check.js';
import { HARNESS_TASK_CLIENT_CAPABILITIES, openConnection, type TargetSpec } from '../../wire/connections/connect.js';
import { clientFixtures } from '../../model/fixtures.js';
import { FIXTURE_TOOL_NAMES, LEGACY_FIXTURE_ROLES, listAllTools, resolveFixtures, type FixtureMapping, type ToolInfo } from '../../model/fixtures.js';
import type { FixtureRole, ReceiverRole } from '../../model/model.js';
import type { Timing } from '../../wire/timing.js';
import { probeLegacyPace } from '../pace-probe.js';
import { calibrated, measureRoundTrip, refuseUnlistedMappings, TargetUnreachable, withDuration, withLastSeen, type Measured } from '../discovery.js';

import { Transcript } from '../../wire/transcript.js';

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
    throw new TargetUnreachable(withLastSeen((error as Error).message, transcript), transcript);
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
    refuseUnlistedMappings(mappings, tools, LEGACY_FIXTURE_ROLES, transcript);
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
    if (error instanceof TargetUnreachable) throw error;
    throw new TargetUnreachable(`the receiver did not answer the opening exchange: ${(error as Error).message}`, transcript);
  } finally {
    await connection.close();
  }
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
