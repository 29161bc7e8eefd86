// The 2025-11-25 era for the engine: discovery opens with initialize (a server, or a client reaching the suite's endpoint),
// a check's connections open so too, and every check's traffic passes the era's rule book.
import type { EraDriver } from '../../engine/profile.js';
import { checkContext, type CheckContext } from '../../receivers/2025-11-25/check.js';
import { discoverTarget } from '../../receivers/2025-11-25/discovery.js';
import { TrafficJudgement } from '../../rules/check-traffic.js';

export const DRIVER: EraDriver<CheckContext> = {
  discover: (target, timing, role, mappings) => discoverTarget(target, timing, role, mappings),
  checkContext,
  judgeTraffic: ({ role, requirements, identityOf, transport }) => new TrafficJudgement('legacy', role, requirements, identityOf, transport),
};
