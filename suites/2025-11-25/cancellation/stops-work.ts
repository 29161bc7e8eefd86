import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import type { ReceivedNotification } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

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
    // One notification may already have been on its way when the cancel was answered.
    const late = await receiver.awaitNotificationCount((n) => isOurProgress(n) && n.receivedAt > reply.receivedAt, 2, 5 * intervalMs);
    ctx.info(`${late < 2 ? late : 'at least 2'} progress notification(s) arrived within ${5 * intervalMs} ms after tasks/cancel was answered`);
    ctx.expect(
      'TASKS-CANCEL-STOP-WORK',
      late <= 1,
      `expected the work to stop on tasks/cancel (at most one progress notification in flight), got ${late} or more for the task within ${5 * intervalMs} ms after the cancel answer (one every ${intervalMs} ms before it)`,
    );
  },
});
