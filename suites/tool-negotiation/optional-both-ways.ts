import { defineCheck, type CheckContext } from '../../harness/check.js';
import { describeReply } from '../../harness/describe.js';
import { uniqueText } from '../../harness/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation
export default defineCheck({
  id: 'tool-negotiation.optional-both-ways',
  title: 'A taskSupport "optional" tool serves a plain call and a task-augmented call',
  suite: 'tool-negotiation',
  requirements: ['TASKS-TOOL-OPTIONAL-SERVED'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }, { kind: 'fixture', role: 'echo' }],
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    if (binding.declaredTaskSupport !== 'optional') ctx.skip(`the tool standing in for echo (${binding.tool}) declares taskSupport ${JSON.stringify(binding.declaredTaskSupport)}, not "optional"`);
    const receiver = await ctx.connect();
    const plain = await receiver.invoke(binding, { text: uniqueText('optional-plain') });
    if (!plain.ok && plain.error.code === -32600) {
      // A receiver MAY demand augmentation (-32600) per the error section, though "optional" invites plain calls.
      ctx.lenient('TASKS-TOOL-OPTIONAL-SERVED', 'the plain call was refused with -32600; "optional" invites plain calls, though the error section lets a receiver demand tasks');
    } else {
      ctx.expect('TASKS-TOOL-OPTIONAL-SERVED', plain.ok && Array.isArray(plain.result.content) && plain.result.task === undefined, `expected a CallToolResult for the plain call, got ${describeReply(plain)}`);
    }
    const augmented = await receiver.invoke(binding, { text: uniqueText('optional-task') }, { task: { ttl: 60_000 } });
    ctx.expect('TASKS-TOOL-OPTIONAL-SERVED', augmented.ok && typeof augmented.result.task === 'object' && augmented.result.task !== null, `expected a CreateTaskResult for the task-augmented call, got ${describeReply(augmented)}`);
  },
});
