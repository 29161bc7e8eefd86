import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { taskOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { startWorkingTask } from './cancelled-task.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-cancellation
export default defineCheck({
  id: 'cancellation.cancel-working',
  title: 'tasks/cancel on a working task answers with the task already cancelled',
  suite: 'cancellation',
  cohabits: true,
  requirements: ['TASKS-CANCEL-BEFORE-RESPONSE'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'cancel' },
    { kind: 'fixture', role: 'echo' },
  ],
  async run(ctx: CheckContext) {
    const { task, reply } = await ctx.staged(async (stretch) => {
      const receiver = await ctx.connect();
      const task = await startWorkingTask(ctx, receiver, 'cancel-working', stretch * ctx.timing.span(5000, 4));
      return { task, reply: await receiver.cancelTask(task.taskId) };
    });
    ctx.require('TASKS-CANCEL-BEFORE-RESPONSE', reply.ok, `expected tasks/cancel on a working task to answer with the cancelled task, got ${describeReply(reply)}`);
    // The rest of the answer's shape is the harness's to validate, under the Task's own requirements (task-data.valid-everywhere).
    const answered = taskOf(reply);
    ctx.expect('TASKS-CANCEL-BEFORE-RESPONSE', answered?.taskId === task.taskId, `expected the tasks/cancel result to be task ${task.taskId}, got taskId ${brief(reply.result.taskId)}`);
    ctx.expect('TASKS-CANCEL-BEFORE-RESPONSE', reply.result.status === 'cancelled', `expected status "cancelled" in the tasks/cancel result, got ${brief(reply.result.status)}`);
  },
});
