// What a run knows of a 2026-07-28 client under test before its checks: that it starts, and nothing it must ask. The
// client speaks first and anew on each check's endpoint (it declares its capabilities on every request), so there is
// no fixture to resolve and no round trip to measure beforehand; but a client that never starts must not read as one
// every check found nothing to judge in.
import type { TargetFacts } from '../check.js';
import { TargetUnreachable, type Measured } from '../discovery.js';
import { MODERN_PROTOCOL_VERSION } from '../../wire/2026-07-28/envelope.js';
import { probeClientStart } from '../../wire/2026-07-28/client-run.js';
import { wireTransport, type TargetSpec } from '../../wire/connections/connect.js';
import type { Timing } from '../../wire/timing.js';
import { Transcript } from '../../wire/transcript.js';

export async function clientFacts(target: Extract<TargetSpec, { transport: 'client' }>, timing: Timing): Promise<{ facts: TargetFacts; measured: Measured }> {
  const transcript = new Transcript();
  const start = await probeClientStart(target, { transcript, label: 'probe', connectTimeoutMs: timing.connectTimeoutMs });
  if (!start.spoke) {
    // What the line does not already say: the client's last words on stderr (e.g. "/bin/sh: does-not-exist: not found").
    const stderr = transcript
      .entries()
      .filter((entry) => entry.dir === 'stderr' && entry.text)
      .slice(-5)
      .map((entry) => entry.text)
      .join(' | ');
    throw new TargetUnreachable(`${start.why}${stderr ? ` (last seen: ${stderr.slice(0, 600)})` : ''}`, transcript);
  }
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
  const measured: Measured = { method: 'not measured: a 2026-07-28 client is driven anew by each check', samplesMs: [], roundTripMs: 1, connectMs: start.afterMs };
  return { facts, measured };
}
