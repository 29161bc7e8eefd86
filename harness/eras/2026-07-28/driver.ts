// The 2026-07-28 era for the engine: a server is discovered with server/discover and the per-request envelope, a
// client under test by what it does on the suite's extension server; a check's requestors send the envelope, and
// every check's traffic passes the era's rule book.
import type { EraDriver } from '../../engine/profile.js';
import { checkContext, type CheckContext } from '../../receivers/2026-07-28/check.js';
import { TrafficJudgement } from '../../rules/check-traffic.js';

export const DRIVER: EraDriver<CheckContext> = {
  // Loaded when the era is run: a 2025-11-25 run never needs them.
  discover: async (target, timing, _role, mappings) =>
    target.transport === 'client'
      ? (await import('../../receivers/2026-07-28/client-facts.js')).clientFacts(target, timing)
      : (await import('../../receivers/2026-07-28/discovery.js')).discoverTarget(target, timing, mappings),
  checkContext,
  judgeTraffic: ({ role, requirements, identityOf, transport }) => new TrafficJudgement('modern', role, requirements, identityOf, transport),
};
