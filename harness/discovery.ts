import type { TargetFacts } from './check.js';
import { openConnection, type TargetSpec } from './connections/connect.js';
import { clientFixtures } from './fixtures.js';
import { FIXTURE_TOOL_NAMES, resolveFixtures, toolInfosFrom, type FixtureMapping, type ToolInfo } from './fixtures.js';
import type { FixtureRole, ReceiverRole, RunReport } from './model.js';
import type { Timing } from './timing.js';
import { Transcript } from './transcript.js';

/** The IUT could not be started or reached: the run cannot happen (exit 2). */
export class TargetUnreachable extends Error {
  /** The report of the run that could not happen (every check not run), set by the runner for the report writers. */
  report?: RunReport;
  constructor(message: string, readonly transcript: Transcript) {
    super(message);
  }
}

/**
 * Connects once before the checks to learn what the receiver declares and offers. Tools that appear only
 * after notifications/initialized (announced by tools/list_changed) are waited for, within a bound.
 */
export async function discoverTarget(target: TargetSpec, timing: Timing, role: ReceiverRole, mappings: Partial<Record<FixtureRole, FixtureMapping>>): Promise<{ facts: TargetFacts; transcript: Transcript }> {
  const transcript = new Transcript();
  let connection;
  try {
    connection = await openConnection(target, { transcript, label: 'probe', requestTimeoutMs: timing.requestTimeoutMs, connectTimeoutMs: timing.connectTimeoutMs });
  } catch (error) {
    // What the error message does not already say (it may name the exit and the last stderr line itself).
    const stderr = transcript.entries().filter((e) => (e.dir === 'stderr' || e.dir === 'note') && e.text && !(error as Error).message.includes(e.text)).slice(-5).map((e) => e.text).join(' | ');
    throw new TargetUnreachable(`${(error as Error).message}${stderr ? ` (last seen: ${stderr.slice(0, 600)})` : ''}`, transcript);
  }
  try {
    if (target.transport === 'client') return { facts: clientFacts(connection.init.capabilities, connection.init.protocolVersion, connection.init.serverInfo), transcript };
    const wanted = new Set(Object.keys(FIXTURE_TOOL_NAMES).map((r) => mappings[r as FixtureRole]?.tool ?? FIXTURE_TOOL_NAMES[r as FixtureRole]));
    const declaresTools = typeof connection.init.capabilities.tools === 'object' && connection.init.capabilities.tools !== null;
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
      toolsAppearLate,
      hasPeerIdentity: target.transport === 'http' && target.peerHeaders !== undefined,
      hasAuthorization: Object.keys(headers).some((name) => name.toLowerCase() === 'authorization'),
    };
    return { facts, transcript };
  } catch (error) {
    throw new TargetUnreachable(`the receiver did not answer the opening exchange: ${(error as Error).message}`, transcript);
  } finally {
    await connection.close();
  }
}

async function listAllTools(request: (method: string, params?: Record<string, unknown>) => Promise<import('./session.js').RpcReply>): Promise<ToolInfo[]> {
  const tools: ToolInfo[] = [];
  let cursor: unknown;
  // Bounded: a receiver that returns a cursor forever must not hold the run.
  for (let page = 0; page < 50; page++) {
    const reply = await request('tools/list', cursor === undefined ? {} : { cursor });
    if (!reply.ok) break;
    tools.push(...toolInfosFrom(reply.result));
    cursor = reply.result.nextCursor;
    if (typeof cursor !== 'string') break;
  }
  return tools;
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
    toolsAppearLate: false,
    hasPeerIdentity: false,
    hasAuthorization: false,
  };
}
