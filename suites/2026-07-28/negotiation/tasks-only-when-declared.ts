import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { declaresExtension, TASKS_EXTENSION } from '../../../harness/wire/2026-07-28/envelope.js';
import { createdTask } from '../../../harness/receivers/2026-07-28/receiver.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-negotiation.tasks-only-when-declared',
  title: 'A server whose server/discover does not declare the extension answers no request with a CreateTaskResult',
  suite: 'ext-negotiation',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation',
  requirements: ['EXT-CAP-TASKS-ONLY-NEGOTIATED'],
  needs: [{ kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: 2 },
  provenBy: ['ext-undeclared-extension'],
  explain: {
    does:
      'Only when server/discover does not declare the Tasks extension: calls slow_compute from a requestor ' +
      'that declares it and warns when the answer is a CreateTaskResult, which only a server that ' +
      'negotiated the extension may give.',
    causes: [
      {
        cause: 'The task support is wired into the tool handlers while the discovery answer is built from a separate, older list of capabilities that lacks the extension.',
        fix: 'Declare `extensions: {"io.modelcontextprotocol/tasks": {}}` in the server/discover capabilities wherever tools may answer with tasks, or stop making tasks.',
        faults: ['ext-undeclared-extension'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    if (declaresExtension(ctx.facts.capabilities)) ctx.skip(`server/discover declares ${TASKS_EXTENSION}, so the server may answer with tasks`);
    // The requestor declares the extension: the only thing missing from the negotiation is the server's own declaration.
    const receiver = await ctx.connect();
    const binding = ctx.fixture('slow');
    const reply = await receiver.callFixture(binding, { seconds: 0, label: uniqueText('undeclared') });
    const task = createdTask(reply);
    if (task) await receiver.cancelTask(task.taskId);
    ctx.expect(
      'EXT-CAP-TASKS-ONLY-NEGOTIATED',
      task === undefined && !(reply.ok && reply.result.resultType === 'task'),
      () => `${binding.tool} was answered with a CreateTaskResult (${describeReply(reply)}), though server/discover does not declare ${TASKS_EXTENSION} among its capabilities.extensions`,
    );
  },
});
