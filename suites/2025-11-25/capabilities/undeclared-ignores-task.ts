import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { canonicalJson, describeReply } from '../../../harness/model/describe.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-support-and-handling
export default defineCheck({
  id: 'capabilities.undeclared-ignores-task',
  title: 'Without task support declared for a request type, a request carrying task is processed normally',
  suite: 'capabilities',
  cohabits: true,
  requirements: ['TASKS-SUPPORT-UNDECLARED-NORMAL', 'TASKS-CAP-DECLARE'],
  roles: ['server', 'client'],
  needs: [{ kind: 'no-tasks-capability' }],
  async run(ctx: CheckContext) {
    const binding = ctx.facts.fixtures.get('echo') ?? ctx.facts.fixtures.get('plain') ?? ctx.fixture('echo');
    const receiver = await ctx.connect();
    const text = uniqueText('undeclared');
    const plain = await receiver.invoke(binding, { text });
    const augmented = await receiver.invoke(binding, { text }, { task: { ttl: 60_000 } });
    const created = augmented.ok && typeof augmented.result.task === 'object';
    ctx.expect('TASKS-CAP-DECLARE', !created, `the receiver created a task (${describeReply(augmented)}) without declaring task support for ${binding.method} in capabilities.tasks.requests`);
    ctx.require('TASKS-SUPPORT-UNDECLARED-NORMAL', augmented.ok && !created, `expected the normal ${binding.method} result with the task field ignored, got ${describeReply(augmented)}`);
    if (binding.echoesInput && plain.ok) {
      const strip = (result: Record<string, unknown>) => canonicalJson({ ...result, _meta: undefined });
      ctx.expect(
        'TASKS-SUPPORT-UNDECLARED-NORMAL',
        strip(plain.result) === strip(augmented.result),
        `expected the same result as the call without task, ${strip(plain.result)}, got ${strip(augmented.result)}`,
      );
    }
  },
});
