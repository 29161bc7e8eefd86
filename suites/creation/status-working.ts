import { defineCheck, type CheckContext } from '../../harness/check.js';
import { expectedOneOf } from '../../harness/describe.js';
import { uniqueText } from '../../harness/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-lifecycle
export default defineCheck({
  id: 'creation.status-working',
  title: 'A new task begins in status "working"',
  suite: 'creation',
  requirements: ['TASKS-LIFECYCLE-START-WORKING'],
  roles: ['server', 'client'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }, { kind: 'fixture', role: 'echo' }],
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('working'), delayMs: ctx.timing.scaled(500) }, { task: { ttl: 60_000 } });
    ctx.expect('TASKS-LIFECYCLE-START-WORKING', task.status === 'working', expectedOneOf(['"working" in the CreateTaskResult'], JSON.stringify(task.status)));
  },
});
