// What a run knows of a 2026-07-28 client under test before its checks: nothing it must ask. The client speaks
// first and anew on each check's endpoint (it declares its capabilities on every request), so there is no
// discovery connection, no fixture to resolve and no round trip to measure beforehand.
import type { TargetFacts } from '../check.js';
import type { Measured } from '../discovery.js';
import { MODERN_PROTOCOL_VERSION } from '../../wire/2026-07-28/envelope.js';
import { wireTransport, type TargetSpec } from '../../wire/connections/connect.js';

export function modernClientFacts(target: TargetSpec): { facts: TargetFacts; measured: Measured } {
  const facts: TargetFacts = {
    role: 'client',
    transport: wireTransport(target),
    protocolVersion: MODERN_PROTOCOL_VERSION,
    capabilities: {},
    serverInfo: undefined,
    tools: [],
    fixtures: new Map(),
    era: 'modern',
    supportedVersions: [MODERN_PROTOCOL_VERSION],
    toolsAppearLate: false,
    hasPeerIdentity: false,
    hasAuthorization: false,
  };
  // The suite's own loopback server answers at once; a client's pace shows in each check's own waits.
  const measured: Measured = { method: 'not measured: a 2026-07-28 client is driven anew by each check', samplesMs: [], roundTripMs: 1, connectMs: 0 };
  return { facts, measured };
}
