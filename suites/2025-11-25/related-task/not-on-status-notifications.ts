import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { hasRelatedTaskMeta, isTerminal } from '../../../harness/receivers/2025-11-25/receiver.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** How long to wait for the terminal status notification once polling shows the task finished. */
const NOTIFICATION_WAIT_MS = 1_000;

export default defineCheck({
  id: 'related-task.not-on-status-notifications',
  title: 'Status notifications carry no related-task _meta',
  suite: 'related-task',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-notifications',
  cohabits: true,
  requirements: ['TASKS-NOTIFY-NO-RELATED-META'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['related-meta-on-status-notification'],
  explain: {
    does:
      'Runs an echo task to its end and collects its notifications/tasks/status: none should carry the related-task `_meta`, ' +
      'as `params.taskId` names the task. A receiver that sends no status notifications has nothing to judge.',
    causes: [
      {
        cause: 'Every notification about a task is tagged by the same helper, status notifications included.',
        fix: 'Leave the related-task `_meta` out of notifications/tasks/status.',
        faults: ['related-meta-on-status-notification'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('status-meta'), delayMs: ctx.timing.scaled(200) }, { task: { ttl: 60_000 } });
    await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    // Notifications may travel on another stream than the polls: give the terminal one a moment to arrive.
    await receiver.waitForNotification((n) => n.method === 'notifications/tasks/status' && n.params.taskId === task.taskId && isTerminal(n.params.status), ctx.timing.span(NOTIFICATION_WAIT_MS, 1));
    const notifications = receiver.statusNotifications(task.taskId);
    // No pass without a notification seen: sending none is the receiver's right, so there is nothing to judge.
    if (notifications.length === 0) ctx.skip('the receiver sent no notifications/tasks/status for the task (they are optional), so there was nothing to judge');
    const tagged = notifications.filter((n) => hasRelatedTaskMeta(n.params));
    ctx.expect(
      'TASKS-NOTIFY-NO-RELATED-META',
      tagged.length === 0,
      () =>
        `expected no _meta["io.modelcontextprotocol/related-task"] on status notifications (params.taskId ` +
        `names the task), got it on ${tagged.length} of ${notifications.length}, e.g. _meta ` +
        `${brief(tagged[0].params._meta)}`,
    );
  },
});
