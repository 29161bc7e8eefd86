import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#result-retrieval
export default defineCheck({
  id: 'creation.create-task-result-shape',
  title: 'A task-augmented call is answered with a well-formed CreateTaskResult',
  suite: 'creation',
  cohabits: true,
  requirements: ['TASKS-RESULT-CREATE-TASK-RESULT'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const reply = await receiver.invoke(ctx.fixture('echo'), { text: uniqueText('shape'), delayMs: 0 }, { task: { ttl: 60_000 } });
    ctx.require('TASKS-RESULT-CREATE-TASK-RESULT', reply.ok, `expected a CreateTaskResult, got ${describeReply(reply)}`);
    ctx.validate('TASKS-RESULT-CREATE-TASK-RESULT', 'CreateTaskResult', reply.result, 'the answer to the task-augmented call');
  },
});
