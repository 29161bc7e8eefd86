import { UnexpectedReply, defineCheck, type CheckContext } from '../../harness/check.js';
import { brief, describeReply } from '../../harness/describe.js';
import { taskOf } from '../../harness/receiver.js';
import { pause } from '../../harness/timing.js';
import { nextPollDelay } from '../../harness/waits.js';
import { cancelWhileWorking, startWorkingTask } from './cancelled-task.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-cancellation
export default defineCheck({
  id: 'cancellation.stays-cancelled',
  title: 'A cancelled task stays cancelled after its work would have finished',
  suite: 'cancellation',
  requirements: ['TASKS-CANCEL-STAYS-CANCELLED'],
  roles: ['server', 'client'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }, { kind: 'tasks-capability', path: 'cancel' }, { kind: 'fixture', role: 'echo' }],
  async run(ctx: CheckContext) {
    await ctx.staged(async (stretch) => {
      // Long enough to be cancelled while working (two round trips), short enough to watch the work's end pass.
      const workMs = stretch * ctx.timing.span(400, 3);
      const receiver = await ctx.connect();
      const started = performance.now();
      const task = await startWorkingTask(ctx, receiver, 'stays-cancelled', workMs);
      const reply = await cancelWhileWorking(ctx, receiver, task.taskId, 'TASKS-CANCEL-STAYS-CANCELLED');
      // Judged from the first "cancelled" seen; a late switch to cancelled is cancellation.cancel-working's concern.
      let cancelledSeen = reply.result.status === 'cancelled';
      const until = started + workMs + ctx.timing.span(600, 1);
      for (;;) {
        const polled = await receiver.getTask(task.taskId);
        // A receiver may delete a cancelled task at any time (TASKS-CANCEL-MAY-DELETE).
        if (!polled.ok && polled.error.code === -32602 && cancelledSeen) return ctx.info('the receiver deleted the cancelled task (allowed)');
        const seen = taskOf(polled);
        if (!seen) throw new UnexpectedReply(`tasks/get of the cancelled task should return it (or -32602 once deleted); got ${describeReply(polled)}`);
        if (cancelledSeen && !ctx.expect('TASKS-CANCEL-STAYS-CANCELLED', seen.status === 'cancelled', `expected status "cancelled" ${Math.round(performance.now() - started)} ms after creation (work of ${workMs} ms), got ${brief(seen.status)} after it had been cancelled`)) return;
        cancelledSeen ||= seen.status === 'cancelled';
        if (performance.now() >= until) break;
        await pause(nextPollDelay(seen, ctx.timing), ctx.signal);
      }
      ctx.expect('TASKS-CANCEL-STAYS-CANCELLED', cancelledSeen, `expected the task to report "cancelled" after tasks/cancel, but it never did within ${Math.round(until - started)} ms`);
    });
  },
});
