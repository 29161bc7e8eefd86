import { openConnection, type TargetSpec } from '../../wire/connections/connect.js';
import { describeReply } from '../../model/describe.js';
import { IutError } from '../../wire/session.js';
import type { Timing } from '../../wire/timing.js';
import { Transcript } from '../../wire/transcript.js';
import { clientCapabilities, MODERN_PROTOCOL_VERSION, UNSUPPORTED_PROTOCOL_VERSION } from '../../wire/2026-07-28/envelope.js';
import { TargetUnreachable, withLastSeen } from '../discovery.js';
import { ExtReceiver } from './receiver.js';

/** What the probe found: whether the server speaks the modern era, the versions it listed, and why we think so. */
export interface EraFinding {
  modern: boolean;
  /** The versions server/discover (or its UnsupportedProtocolVersionError) listed; empty for a legacy server. */
  supportedVersions: string[];
  why: string;
  /** Whether anything answered server/discover as JSON-RPC: when nothing did, the server may not be reachable at all. */
  answered: boolean;
}

/** Longest the probe waits for an answer: a legacy server may ignore a request it does not know before initialize. */
const PROBE_WAIT_MS = 5_000;

/**
 * The era detection the 2026-07-28 versioning page gives dual-era clients: send server/discover the modern way; a
 * DiscoverResult or a recognized modern error means a modern server, anything else (another error, no JSON-RPC
 * answer, silence) a legacy one. The same probe serves stdio and Streamable HTTP.
 */
export async function probeEra(target: TargetSpec, timing: Timing): Promise<EraFinding> {
  const transcript = new Transcript();
  const waitMs = Math.min(timing.connectTimeoutMs, timing.scaled(PROBE_WAIT_MS));
  let connection;
  try {
    connection = await openConnection(target, { transcript, label: 'era-probe', requestTimeoutMs: waitMs, connectTimeoutMs: timing.connectTimeoutMs, era: 'modern' });
  } catch (error) {
    return { modern: false, supportedVersions: [], why: `the modern probe could not be sent (${(error as Error).message})`, answered: false };
  }
  try {
    const reply = await new ExtReceiver(connection).discover({ capabilities: clientCapabilities(true), timeoutMs: waitMs });
    if (reply.ok && Array.isArray(reply.result.supportedVersions)) {
      const versions = reply.result.supportedVersions.filter((v): v is string => typeof v === 'string');
      return { modern: true, supportedVersions: versions, why: `server/discover listed ${versions.join(', ') || 'no versions'}`, answered: true };
    }
    const data = !reply.ok && typeof reply.error.data === 'object' && reply.error.data !== null ? (reply.error.data as Record<string, unknown>) : undefined;
    if (!reply.ok && reply.error.code === UNSUPPORTED_PROTOCOL_VERSION && Array.isArray(data?.supported)) {
      const versions = data.supported.filter((v): v is string => typeof v === 'string');
      return {
        modern: true,
        supportedVersions: versions,
        why: `server/discover for ${MODERN_PROTOCOL_VERSION} was refused with UnsupportedProtocolVersionError listing ${versions.join(', ')}`,
        answered: true,
      };
    }
    return { modern: false, supportedVersions: [], why: `server/discover was answered with ${describeReply(reply)}, no modern answer`, answered: true };
  } catch (error) {
    const what =
      error instanceof IutError && error.kind === 'timeout' ? `server/discover was not answered within ${waitMs} ms` : `server/discover got no JSON-RPC answer (${(error as Error).message})`;
    return { modern: false, supportedVersions: [], why: what, answered: false };
  } finally {
    await connection.close();
  }
}

/**
 * Whether the server also answers a 2025-11-25 initialize: a dual-era server need not list its legacy version in
 * server/discover (the SDK v2 lists only modern ones), so auto asks the legacy way too before it runs one profile.
 */
export async function answersLegacyInitialize(target: TargetSpec, timing: Timing): Promise<boolean> {
  const waitMs = Math.min(timing.connectTimeoutMs, timing.scaled(PROBE_WAIT_MS));
  try {
    const connection = await openConnection(target, { transcript: new Transcript(), label: 'era-probe-legacy', requestTimeoutMs: waitMs, connectTimeoutMs: waitMs });
    await connection.close();
    return connection.init.protocolVersion === LEGACY_PROTOCOL_VERSION;
  } catch {
    return false;
  }
}

const LEGACY_PROTOCOL_VERSION = '2025-11-25';

/**
 * A 2025-11-25 initialize, for a server that gave server/discover no answer: whether it is reachable at all. A failure
 * to launch or to connect, or an initialize never answered, is said as that (TargetUnreachable), before any era guess.
 */
export async function reachLegacy(target: TargetSpec, timing: Timing): Promise<string> {
  const transcript = new Transcript();
  try {
    const connection = await openConnection(target, { transcript, label: 'era-probe-reach', requestTimeoutMs: timing.connectTimeoutMs, connectTimeoutMs: timing.connectTimeoutMs });
    await connection.close();
    return connection.init.protocolVersion;
  } catch (error) {
    throw new TargetUnreachable(withLastSeen((error as Error).message, transcript), transcript);
  }
}
