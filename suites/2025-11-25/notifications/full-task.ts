import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { isTerminal } from '../../../harness/receivers/2025-11-25/receiver.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** How long to wait for a task's terminal status notification once polling shows the task finished. */
const NOTIFICATION_WAIT_MS = 1_000;

export default defineCheck({
  id: 'notifications.full-task',
  title: 'Every status notification carries a complete Task object',
  suite: 'notifications',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-notification',
  cohabits: true,
  requirements: ['TASKS-NOTIFY-FULL-TASK'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['status-notification-incomplete', 'ttl-missing-unrequested'],
  explain: {
    does:
      'Runs an echo task (and a fail task where offered) to its end; the harness validates every notifications/tasks/status ' +
      'against the schema as it arrives: each must carry the whole Task, not only the fields that changed.',
    causes: [
      {
        cause: 'Status notifications carry only taskId and status (or leave out createdAt or ttl).',
        fix: 'Send the full stored task record in every status notification.',
        faults: ['status-notification-incomplete'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const roles = (['echo', 'fail'] as const).filter((role) => ctx.facts.fixtures.has(role));
    const taskIds = await Promise.all(
      roles.map(async (role) => {
        const { task } = await receiver.startTask(ctx.fixture(role), { text: uniqueText(`notify-${role}`), delayMs: ctx.timing.scaled(200) }, { task: { ttl: 60_000 } });
        await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
        // Notifications may travel on another stream than the polls: give the terminal one a moment to arrive.
        await receiver.waitForNotification(
          (n) => n.method === 'notifications/tasks/status' && n.params.taskId === task.taskId && isTerminal(n.params.status),
          ctx.timing.span(NOTIFICATION_WAIT_MS, 1),
        );
        return task.taskId;
      }),
    );
    const notifications = taskIds.flatMap((taskId) => receiver.statusNotifications(taskId));
    // No pass without a notification seen: sending none is the receiver's right, so there is nothing to judge.
    if (notifications.length === 0)
      ctx.skip(`the receiver sent no notifications/tasks/status for ${roles.join(' and ')} tasks run to completion (they are optional), so there was nothing to validate`);
    // The harness validated each one as it arrived: params that are no complete Task are recorded against TASKS-NOTIFY-FULL-TASK.
    ctx.reportInfo(`the receiver sends status notifications: ${notifications.length} for ${taskIds.length} task(s) run to completion`);
  },
});
