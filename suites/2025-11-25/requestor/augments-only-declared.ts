import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { runServerRequestorScenario } from './server-scenario.js';

export default defineCheck({
  id: 'requestor.augments-only-declared',
  title: 'As a requestor, the server sends sampling and elicitation to a client without the tasks capability as plain requests',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#capability-negotiation',
  requirements: ['TASKS-CAP-REQUESTOR-ONLY-DECLARED', 'TASKS-CAP-NO-TASKS-NO-CREATE'],
  roles: ['server'],
  needs: [{ kind: 'fixture', role: 'ask' }],
  cost: { waitMs: 500, roundTrips: 6 },
  provenBy: ['ask-augments-undeclared'],
  explain: {
    does:
      "Connects as a client that declares sampling and elicitation but no tasks capability, calls the server's ask tool, and " +
      'looks at the sampling or elicitation requests the server sent back: none may carry `task`. Each augmented request is ' +
      'warned under both capability rules. A server that offers its ask tool only to task-capable clients is skipped.',
    causes: [
      {
        cause: "The server always sends `task` on sampling/createMessage or elicitation/create, without reading the client's capabilities.",
        fix: 'Add `task` only when the client declared tasks.requests.sampling.createMessage (or elicitation.create); otherwise send a plain request.',
        faults: ['ask-augments-undeclared'],
      },
    ],
  },
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
