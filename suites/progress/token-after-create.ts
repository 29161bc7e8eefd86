import { defineCheck, type CheckContext } from '../../harness/check.js';
import { brief } from '../../harness/describe.js';
import { awaitTerminalStatus, uniqueText } from '../../harness/waits.js';

const STEPS = 4;
const INTERVAL_MS = 100;
/** How long to wait for a progress notification once polling shows the task finished. */
const NOTIFICATION_WAIT_MS = 1_000;

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-progress-notifications
export default defineCheck({
  id: 'progress.token-after-create',
  title: 'After the CreateTaskResult, the task keeps reporting progress with the request\'s progressToken',
  suite: 'progress',
  requirements: ['TASKS-PROGRESS-TOKEN-LIFETIME'],
  roles: ['server'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }, { kind: 'fixture', role: 'progress' }],
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const progressToken = uniqueText('progress-token');
    const intervalMs = ctx.timing.scaled(INTERVAL_MS);
    const { task, reply } = await receiver.startTask(ctx.fixture('progress'), { steps: STEPS, intervalMs }, { task: { ttl: 60_000 }, meta: { progressToken } });
    await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    const isProgress = (n: { method: string }) => n.method === 'notifications/progress';
    const afterCreate = await receiver.session.waitForNotification(
      (n) => isProgress(n) && n.params.progressToken === progressToken && n.receivedAt > reply.receivedAt,
      ctx.timing.scaled(NOTIFICATION_WAIT_MS),
    );
    // This connection runs no other work, so every progress notification on it belongs to the task.
    const progress = receiver.session.notifications.filter(isProgress);
    const foreign = progress.filter((n) => n.params.progressToken !== progressToken);
    ctx.expect(
      'TASKS-PROGRESS-TOKEN-LIFETIME',
      afterCreate !== undefined,
      `expected progress notifications with progressToken ${JSON.stringify(progressToken)} after the CreateTaskResult (${STEPS} steps, ${intervalMs} ms apart), got ${progress.length === 0 ? 'no progress notifications at all' : `${progress.length} progress notification(s), none with that token after the CreateTaskResult`}`,
    );
    ctx.expect(
      'TASKS-PROGRESS-TOKEN-LIFETIME',
      foreign.length === 0,
      () => `expected every progress notification of the task to use progressToken ${JSON.stringify(progressToken)}, got ${foreign.length} with another token, e.g. ${brief(foreign[0].params.progressToken)}`,
    );
  },
});
