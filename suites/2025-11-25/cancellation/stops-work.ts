import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import type { ReceivedNotification } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { progressAfterEnd } from '../../../harness/receivers/2025-11-25/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-cancellation
export default defineCheck({
  id: 'cancellation.stops-work',
  title: 'Cancelling a task stops its work: its progress notifications end',
  suite: 'cancellation',
  cohabits: true,
  requirements: ['TASKS-CANCEL-STOP-WORK'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'cancel' },
    { kind: 'fixture', role: 'progress' },
  ],
  cost: { waitMs: 700, roundTrips: 6 },
  async run(ctx: CheckContext) {
    const intervalMs = ctx.timing.scaled(100);
    const token = uniqueText('cancel-progress');
    const receiver = await ctx.connect();
    const isOurProgress = (n: ReceivedNotification) => n.method === 'notifications/progress' && n.params.progressToken === token;
    const { task } = await receiver.startTask(ctx.fixture('progress'), { steps: 40, intervalMs }, { meta: { progressToken: token }, task: { ttl: 60_000 } });
    const before = await receiver.awaitNotificationCount(isOurProgress, 2, ctx.timing.span(3000, 2) + 2 * intervalMs);
    if (before < 2) ctx.skip(`the task sent ${before} progress notification(s) with its progressToken within ${ctx.timing.span(3000, 2) + 2 * intervalMs} ms, so there is no work to watch stop`);
    const reply = await receiver.cancelTask(task.taskId);
    if (!reply.ok) ctx.skip(`tasks/cancel of the running task was refused (${describeReply(reply)}); nothing to watch stop`);
    const watchMs = 5 * intervalMs;
    const late = await progressAfterEnd(receiver, { token, taskId: task.taskId, answeredAt: reply.receivedAt, intervalMs, watchMs });
    ctx.reportInfo(`${late} progress notification(s) arrived in the ${watchMs} ms after the task's end (the tasks/cancel answer, or its cancelled status notification when later)`);
    // Past the backlog (see progressAfterEnd), one notification may still have been on its way.
    ctx.expect(
      'TASKS-CANCEL-STOP-WORK',
      late <= 1,
      `expected the work to stop on tasks/cancel (at most one progress notification in flight), got ${late} for the task in the ${watchMs} ms after its end (one every ${intervalMs} ms before it)`,
    );
  },
});
