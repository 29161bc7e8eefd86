import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';

export default defineCheck({
  id: 'ext-negotiation.no-legacy-capability',
  title: 'server/discover declares the extension, not the 2025-11-25 `tasks` capability',
  suite: 'ext-negotiation',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation',
  requirements: ['EXT-CAP-NO-LEGACY-CAPABILITY'],
  needs: [{ kind: 'tasks-extension' }],
  cost: { roundTrips: 1 },
  provenBy: ['ext-advertises-legacy-tasks'],
  explain: {
    does: 'Sends server/discover and requires capabilities without a `tasks` member: in 2026-07-28 tasks are declared only as the extension, capabilities.extensions["io.modelcontextprotocol/tasks"].',
    causes: [
      {
        cause: 'A server that grew out of a 2025-11-25 implementation keeps its old `tasks: {list, cancel, requests}` declaration next to the new extension entry.',
        fix: 'Declare the old `tasks` capability only in the initialize result of a legacy session; the modern discover result lists the extension alone.',
        faults: ['ext-advertises-legacy-tasks'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const reply = await receiver.discover();
    // The run's own discovery already read the capabilities; a fresh answer shows them in this check's transcript.
    if (!reply.ok) ctx.reportInfo(`server/discover was answered with ${describeReply(reply)}; judging the capabilities the run discovered`);
    const fresh = reply.ok && typeof reply.result.capabilities === 'object' && reply.result.capabilities !== null ? (reply.result.capabilities as Record<string, unknown>) : undefined;
    const capabilities = fresh ?? ctx.facts.capabilities;
    ctx.expect(
      'EXT-CAP-NO-LEGACY-CAPABILITY',
      !('tasks' in capabilities),
      () =>
        `server/discover's capabilities carry a 2025-11-25 style tasks object ${brief(capabilities.tasks)} ` +
        `besides the extension; in 2026-07-28 tasks are declared only as ` +
        `capabilities.extensions["io.modelcontextprotocol/tasks"]`,
    );
  },
});
