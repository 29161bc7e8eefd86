import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { driveClient, tasksOf } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.cancels-with-tasks-cancel',
  title: 'Told to cancel its task, the client sends tasks/cancel, never notifications/cancelled',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-cancellation',
  requirements: ['EXT-CANCEL-NOT-BY-NOTIFICATION'],
  roles: ['client'],
  cost: { waitMs: 1_000, roundTrips: 6 },
  provenBy: ['ext-req-cancels-by-notification'],
  explain: {
    does: 'Offers conformance_cancel, whose task the contract tells the client to cancel, and fails a notifications/cancelled naming the tools/call that created it.',
    causes: [
      {
        cause: 'The client cancels as it cancels an in-flight request, with notifications/cancelled, although the tools/call was already answered.',
        fix: 'Cancel a task with a tasks/cancel request naming its taskId.',
        faults: ['ext-req-cancels-by-notification'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const run = await driveClient(ctx, { tools: ['cancel'] });
    const tasks = tasksOf(run, 'cancel');
    const cancelled = run.record.notifications.filter((notification) => notification.method === 'notifications/cancelled');
    const byNotification = tasks.filter((task) => cancelled.some((notification) => notification.params.requestId === task.createdByRequest));
    if (tasks.every((task) => task.cancelRequests === 0) && byNotification.length === 0)
      ctx.skip(`the client cancelled none of the ${tasks.length} conformance_cancel task(s) it created: it does not follow that tool's part of the contract`);
    for (const task of byNotification) {
      ctx.expect(
        'EXT-CANCEL-NOT-BY-NOTIFICATION',
        false,
        `expected task ${task.taskId} to be cancelled with tasks/cancel, got a notifications/cancelled ` +
          `naming the tools/call that created it${task.cancelRequests > 0 ? ' (besides a tasks/cancel)' : ''}`,
      );
    }
  },
});
