import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { awaitCancelled, stageCancelledTask } from './cancelled-task.js';

export default defineCheck({
  id: 'cancellation.result-after-cancel',
  title: 'tasks/result on a cancelled task answers (a result or an error) instead of hanging',
  suite: 'cancellation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-cancellation',
  cohabits: true,
  requirements: ['TASKS-CANCEL-RESULT-ANSWERS'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'cancel' },
    { kind: 'fixture', role: 'echo' },
  ],
  provenBy: ['result-after-cancel-hangs'],
  explain: {
    does: 'Cancels a working task, waits until tasks/get shows it cancelled (or gone), then sends tasks/result: it must answer ' + 'within a bound, with a result or an error, instead of hanging.',
    causes: [
      {
        cause: 'tasks/result waits for a completion that never comes, because the aborted work never stores an outcome.',
        fix: 'Settle every waiting tasks/result on each terminal transition, cancelled included (e.g. with an error saying the task was cancelled).',
        faults: ['result-after-cancel-hangs'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { receiver, task } = await stageCancelledTask(ctx, 'result-after-cancel');
    const settled = await awaitCancelled(ctx, receiver, task.taskId);
    ctx.reportInfo('deleted' in settled ? 'the receiver deleted the cancelled task' : `tasks/get reported "${settled.status}" before tasks/result`);
    const boundMs = ctx.timing.span(3000, 2);
    const reply = await receiver.taskResultWithin(task.taskId, boundMs);
    if (reply) return ctx.reportInfo(`tasks/result on the cancelled task answered with ${describeReply(reply)} after ${reply.elapsedMs} ms`);
    ctx.expect('TASKS-CANCEL-RESULT-ANSWERS', false, `expected tasks/result on the cancelled task to answer with a result or an error, got no answer within ${boundMs} ms`);
  },
});
