import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { taskOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { startWorkingTask } from './cancelled-task.js';

export default defineCheck({
  id: 'cancellation.cancel-working',
  title: 'tasks/cancel on a working task answers with the task already cancelled',
  suite: 'cancellation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-cancellation',
  cohabits: true,
  requirements: ['TASKS-CANCEL-BEFORE-RESPONSE'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'cancel' },
    { kind: 'fixture', role: 'echo' },
  ],
  provenBy: ['cancel-returns-working', 'cancel-status-misspelt'],
  explain: {
    does:
      'Starts an echo task with long work, cancels it while it works, and reads the tasks/cancel result: the same taskId, and ' +
      'status "cancelled" already in this answer. (The rest of its shape is task-data.valid-everywhere\'s concern.)',
    causes: [
      {
        cause: 'The cancel is applied asynchronously, so its answer still shows "working".',
        fix: 'Set the status to "cancelled" before answering, answer with the updated record, then stop the work.',
        faults: ['cancel-returns-working'],
      },
      {
        cause: 'The status is spelt "canceled" (one l), a value the Task status does not have.',
        fix: 'Use the spec\'s spelling, "cancelled", everywhere a status is written.',
        faults: ['cancel-status-misspelt'],
      },
    ],
  },
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
