import { defineCheck, type CheckContext } from '../../../harness/check.js';
import { describeReply } from '../../../harness/describe.js';
import { MISSING_REQUIRED_CLIENT_CAPABILITY } from '../../../harness/modern/envelope.js';
import { createdTask } from '../../../harness/modern/receiver.js';

// https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation
export default defineCheck({
  id: 'ext-negotiation.no-task-without-extension',
  title: 'A request that does not declare the extension never gets a CreateTaskResult',
  suite: 'ext-negotiation',
  requirements: ['EXT-CAP-NO-TASK-WITHOUT-EXTENSION'],
  needs: [{ kind: 'fixture', role: 'slow' }],
  async run(ctx: CheckContext) {
    // Declared on no request of this requestor: the rule is per request, whatever else the client declared before.
    const receiver = await ctx.connectModern({ extension: false });
    const binding = ctx.fixture('slow');
    const reply = await receiver.callFixture(binding, { seconds: 0, label: 'plain' });
    const task = createdTask(reply);
    ctx.expect(
      'EXT-CAP-NO-TASK-WITHOUT-EXTENSION',
      task === undefined && !(reply.ok && reply.result.resultType === 'task'),
      () => `${binding.tool} without the extension in clientCapabilities was answered with a CreateTaskResult: ${describeReply(reply)}`,
    );
    // Refusing is the other allowed answer (the server cannot serve it without a task); that error is judged elsewhere.
    if (!reply.ok && reply.error.code !== MISSING_REQUIRED_CLIENT_CAPABILITY) ctx.info(`${binding.tool} without the extension was answered with ${describeReply(reply)}`);
  },
});
