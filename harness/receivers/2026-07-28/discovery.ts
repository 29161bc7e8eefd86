import type { TargetFacts } from '../check.js';
import { openConnection, type InitializeOutcome, type TargetSpec } from '../../wire/connections/connect.js';
import { calibrated, measureRoundTrip, refuseUnlistedMappings, TargetUnreachable, withDuration, withLastSeen, type Measured } from '../discovery.js';
import { probeModernPace } from '../pace-probe.js';
import { describeReply } from '../../model/describe.js';
import { MODERN_FIXTURE_ROLES, resolveFixtures, type FixtureMapping } from '../../model/fixtures.js';
import type { FixtureRole } from '../../model/model.js';
import type { Timing } from '../../wire/timing.js';
import { Transcript } from '../../wire/transcript.js';
import { clientCapabilities, META_SERVER_INFO, MODERN_PROTOCOL_VERSION, withEnvelope } from '../../wire/2026-07-28/envelope.js';
import { ExtReceiver } from './receiver.js';

/**
 * Learns what a 2026-07-28 server offers before the checks: server/discover (which every modern server serves),
 * its round trip, and its tools. Each check's connections are then opened with what discovery found as their `init`.
 */
export async function discoverTarget(
  target: TargetSpec,
  timing: Timing,
  mappings: Partial<Record<FixtureRole, FixtureMapping>>,
): Promise<{ facts: TargetFacts; transcript: Transcript; measured: Measured; init: InitializeOutcome }> {
  const transcript = new Transcript();
  // A client under test has no discovery of this kind (client-facts.ts): the runner never brings one here.
  if (target.transport === 'client') throw new TargetUnreachable('a 2026-07-28 client is not discovered as a server is (the runner takes its facts from client-facts.ts)', transcript);
  const connectStarted = performance.now();
  let connection;
  try {
    connection = await openConnection(target, { transcript, label: 'probe', requestTimeoutMs: timing.requestTimeoutMs, connectTimeoutMs: timing.connectTimeoutMs, era: 'modern' });
  } catch (error) {
    throw new TargetUnreachable(withLastSeen((error as Error).message, transcript), transcript);
  }
  try {
    const receiver = new ExtReceiver(connection);
    const reply = await receiver.discover({ timeoutMs: timing.connectTimeoutMs });
    if (!reply.ok || !Array.isArray(reply.result.supportedVersions)) {
      throw new TargetUnreachable(
        `server/discover, which every 2026-07-28 server serves, was answered with ${describeReply(reply)}; if the server speaks only 2025-11-25, run it with --spec 2025-11-25 (or --spec auto)`,
        transcript,
      );
    }
    const connectMs = Math.round(performance.now() - connectStarted);
    const supportedVersions = (reply.result.supportedVersions as unknown[]).filter((v): v is string => typeof v === 'string');
    const capabilities = (typeof reply.result.capabilities === 'object' && reply.result.capabilities !== null ? reply.result.capabilities : {}) as Record<string, unknown>;
    const meta = (typeof reply.result._meta === 'object' && reply.result._meta !== null ? reply.result._meta : {}) as Record<string, unknown>;
    const params = (method: string) => withEnvelope({}, clientCapabilities(method !== 'server/discover'));
    const measured = { ...(await measureRoundTrip(connection.session, timing, undefined, { methods: ['server/discover', 'tools/list'], params })), connectMs };
    const tools = typeof capabilities.tools === 'object' && capabilities.tools !== null ? await receiver.listTools() : [];
    refuseUnlistedMappings(mappings, tools, MODERN_FIXTURE_ROLES, transcript);
    const headers = target.transport === 'http' ? target.headers : {};
    const facts: TargetFacts = {
      role: 'server',
      transport: target.transport,
      protocolVersion: supportedVersions.includes(MODERN_PROTOCOL_VERSION) ? MODERN_PROTOCOL_VERSION : (supportedVersions[0] ?? '(none)'),
      capabilities,
      serverInfo: meta[META_SERVER_INFO],
      tools,
      fixtures: resolveFixtures(tools, mappings, MODERN_FIXTURE_ROLES),
      era: 'modern',
      supportedVersions,
      toolsAppearLate: false,
      hasPeerIdentity: target.transport === 'http' && target.peerHeaders !== undefined,
      hasAuthorization: Object.keys(headers).some((name) => name.toLowerCase() === 'authorization'),
    };
    const init: InitializeOutcome = { protocolVersion: facts.protocolVersion, capabilities, serverInfo: facts.serverInfo, raw: reply.result };
    const slow = facts.fixtures.get('slow');
    const pace = await probeModernPace(connection, slow, calibrated(timing, measured, connectMs));
    return { facts, transcript, measured: { ...measured, ...withDuration(pace, slow?.durationMs) }, init };
  } catch (error) {
    if (error instanceof TargetUnreachable) throw error;
    // A receiver that died at its start (a command not found) says why on stderr, which the error may not name:
    // closed first, so that its last words and its exit are in the transcript.
    await connection.close().catch(() => undefined);
    throw new TargetUnreachable(withLastSeen(`the receiver did not answer the opening exchange: ${(error as Error).message}`, transcript), transcript);
  } finally {
    await connection.close();
  }
}
