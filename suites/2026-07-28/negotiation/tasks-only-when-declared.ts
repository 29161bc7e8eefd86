import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { declaresExtension, TASKS_EXTENSION } from '../../../harness/wire/2026-07-28/envelope.js';
import { createdTask } from '../../../harness/receivers/2026-07-28/receiver.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

// https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation
export default defineCheck({
  id: 'ext-negotiation.tasks-only-when-declared',
  title: 'A server whose server/discover does not declare the extension answers no request with a CreateTaskResult',
  suite: 'ext-negotiation',
  requirements: ['EXT-CAP-TASKS-ONLY-NEGOTIATED'],
  needs: [{ kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: 2 },
  async run(ctx: CheckContext) {
    if (declaresExtension(ctx.facts.capabilities)) ctx.skip(`server/discover declares ${TASKS_EXTENSION}, so the server may answer with tasks`);
    // The requestor declares the extension: the only thing missing from the negotiation is the server's own declaration.
    const receiver = await ctx.connectModern();
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
