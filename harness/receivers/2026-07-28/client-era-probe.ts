// --spec auto for a client under test: which era it speaks. It is started once on an endpoint of the suite's
// extension server that offers no tools; a request carrying the 2026-07-28 envelope (a dual-era client opens with
// server/discover, as the versioning page has it) means it speaks the modern era. Whether it also speaks 2025-11-25 is
// asked as for servers: started on the legacy endpoint, does it initialize.
import type { TargetSpec } from '../../wire/connections/connect.js';
import { runClient } from '../../wire/2026-07-28/client-run.js';
import { META_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '../../wire/2026-07-28/envelope.js';
import type { Timing } from '../../wire/timing.js';
import { Transcript } from '../../wire/transcript.js';
import { answersLegacyInitialize } from './era-probe.js';

export interface ClientEraFinding {
  modern: boolean;
  legacy: boolean;
  why: string;
}

/** How long the modern probe lets the client run: it has nothing to call, so it is done after its opening requests. */
const PROBE_BOUND_MS = 10_000;
const PROBE_QUIET_MS = 1_500;

export async function probeClientEra(target: Extract<TargetSpec, { transport: 'client' }>, timing: Timing): Promise<ClientEraFinding> {
  let modern = false;
  let opening: string;
  try {
    const run = await runClient(target, {
      endpoint: { tools: [] },
      scenario: 'era-probe',
      transcript: new Transcript(),
      label: 'era-probe',
      connectTimeoutMs: timing.connectTimeoutMs,
      quietMs: timing.scaled(PROBE_QUIET_MS),
      openTaskQuietMs: timing.scaled(PROBE_QUIET_MS),
      boundMs: timing.scaled(PROBE_BOUND_MS),
      signal: new AbortController().signal,
      startSlot: async () => ({ leave: () => undefined }),
    });
    const first = run.record.requests[0];
    opening = first ? first.method : 'nothing';
    modern = run.record.requests.some((request) => (request.params._meta as Record<string, unknown> | undefined)?.[META_PROTOCOL_VERSION] === MODERN_PROTOCOL_VERSION);
  } catch (error) {
    opening = `nothing it could be asked (${(error as Error).message})`;
  }
  const legacy = await answersLegacyInitialize(target, timing);
  const modernWhy = modern
    ? `it sent ${opening} with the ${MODERN_PROTOCOL_VERSION} envelope to a modern server`
    : `to a modern server it sent ${opening}, no request with the ${MODERN_PROTOCOL_VERSION} envelope`;
  return { modern, legacy, why: `${modernWhy}, and it ${legacy ? 'initializes' : 'did not initialize'} with a 2025-11-25 server` };
}
