import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { runServerRequestorScenario } from './server-scenario.js';

export default defineCheck({
  id: 'requestor.augments-only-declared-type',
  title: 'As a requestor, the server sends elicitation plainly to a client that takes only sampling as tasks',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#capability-negotiation',
  requirements: ['TASKS-CAP-REQUESTOR-ONLY-DECLARED'],
  roles: ['server'],
  needs: [{ kind: 'fixture', role: 'ask' }],
  cost: { waitMs: 500, roundTrips: 6 },
  provenBy: ['ask-augments-any-type', 'ask-augments-undeclared'],
  explain: {
    does:
      "Connects as a client whose tasks capability covers sampling/createMessage only and asks the server's ask fixture " +
      'for elicitation: the server must send elicitation/create without `task`. A server that sends no elicitation skips.',
    causes: [
      {
        cause: 'The server checks that the client has a tasks capability, not that it lists the request type it is about to send.',
        fix: 'Augment a request only when `capabilities.tasks.requests` names its type (`elicitation.create` for elicitation/create).',
        faults: ['ask-augments-any-type'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // The client declares tasks.requests.sampling.createMessage only, and the ask fixture is asked for elicitation.
    const { asks } = await runServerRequestorScenario(ctx, { clientTasks: 'sampling', viaElicitation: true });
    const elicitations = asks.filter((request) => request.method === 'elicitation/create');
    if (elicitations.length === 0) ctx.skip(`asked for elicitation, the ask fixture sent ${asks.map((request) => request.method).join(', ')} instead`);
    const augmented = elicitations.filter((request) => request.params.task !== undefined);
    ctx.expect(
      'TASKS-CAP-REQUESTOR-ONLY-DECLARED',
      augmented.length === 0,
      () => `expected elicitation/create without task (the client declared tasks for sampling/createMessage only), got it with task ${JSON.stringify(augmented[0].params.task)}`,
    );
  },
});
