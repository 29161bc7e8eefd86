import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { runServerRequestorScenario } from './server-scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#capability-negotiation
export default defineCheck({
  id: 'requestor.augments-only-declared',
  title: 'As a requestor, the server sends sampling and elicitation to a client without the tasks capability as plain requests',
  suite: 'requestor',
  requirements: ['TASKS-CAP-REQUESTOR-ONLY-DECLARED', 'TASKS-CAP-NO-TASKS-NO-CREATE'],
  roles: ['server'],
  needs: [{ kind: 'fixture', role: 'ask' }],
  cost: { waitMs: 500, roundTrips: 6 },
  async run(ctx: CheckContext) {
    const { asks } = await runServerRequestorScenario(ctx, { clientTasks: false });
    const augmented = asks.filter((request) => request.params.task !== undefined);
    const described = () => augmented.map((request) => `${request.method} with task ${JSON.stringify(request.params.task)}`).join(', ');
    const message = () => `expected plain requests to a client that declared no tasks capability, got ${described()}`;
    ctx.expect('TASKS-CAP-REQUESTOR-ONLY-DECLARED', augmented.length === 0, message);
    ctx.expect('TASKS-CAP-NO-TASKS-NO-CREATE', augmented.length === 0, message);
    ctx.reportInfo(`the server sent ${asks.length} request(s) to the client: ${asks.map((request) => request.method).join(', ')}`);
  },
});
