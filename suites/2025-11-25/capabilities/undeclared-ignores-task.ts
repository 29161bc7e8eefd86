import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { canonicalJson, describeReply } from '../../../harness/model/describe.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { SDK_SERVER } from '../explain-words.js';

export default defineCheck({
  id: 'capabilities.undeclared-ignores-task',
  title: 'Without task support declared for a request type, a request carrying task is processed normally',
  suite: 'capabilities',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-support-and-handling',
  cohabits: true,
  requirements: ['TASKS-SUPPORT-UNDECLARED-NORMAL', 'TASKS-CAP-DECLARE'],
  roles: ['server', 'client'],
  needs: [{ kind: 'no-tasks-capability' }],
  provenBy: ['undeclared-still-creates-task'],
  explain: {
    does:
      'For a receiver that declares no task support for the request type, sends the echo request twice, once plain and once ' +
      'carrying `task`. The second must be handled as if `task` were not there: the ordinary result, equal to the plain one ' +
      '(`_meta` aside), and no task created.',
    causes: [
      {
        cause: 'A task layer that is present but not advertised creates a task anyway and answers with a CreateTaskResult.',
        fix: 'Either declare `tasks.requests` for that request type, or drop `params.task` when it is not declared.',
        faults: ['undeclared-still-creates-task'],
      },
      {
        cause: 'The request is refused (-32603, "does not support task creation") instead of being handled normally.',
        fix: 'Without declared task support, ignore the `task` field and process the request as a plain one.',
        seenIn: SDK_SERVER,
      },
    ],
  },
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
