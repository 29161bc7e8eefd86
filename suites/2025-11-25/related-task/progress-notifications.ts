import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { relatedTaskIdOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { MCP_FRAMEWORK, RELATED_TASK_FIX } from '../explain-words.js';

const STEPS = 3;
const INTERVAL_MS = 50;
/** How long to wait for a progress notification once polling shows the task finished. */
const NOTIFICATION_WAIT_MS = 1_000;

export default defineCheck({
  id: 'related-task.progress-notifications',
  title: 'Progress notifications of a task carry the related-task _meta naming the task',
  suite: 'related-task',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#associating-task-related-messages',
  cohabits: true,
  requirements: ['TASKS-META-RELATED-ALL'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'progress' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['related-meta-missing-on-progress'],
  explain: {
    does:
      'Runs a three-step progress task with a progressToken and collects the progress notifications on its connection: each ' +
      'must name the task in the related-task `_meta`. Skips when no progress notification arrives.',
    causes: [
      {
        cause: "Progress goes out through the request's ordinary progress callback, which knows nothing of the task.",
        fix: `On every notification sent for a task, ${RELATED_TASK_FIX}.`,
        seenIn: MCP_FRAMEWORK,
        faults: ['related-meta-missing-on-progress'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const progressToken = uniqueText('progress-meta');
    const { task } = await receiver.startTask(ctx.fixture('progress'), { steps: STEPS, intervalMs: ctx.timing.scaled(INTERVAL_MS) }, { task: { ttl: 60_000 }, meta: { progressToken } });
    await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    const isProgress = (n: { method: string }) => n.method === 'notifications/progress';
    await receiver.waitForNotification(isProgress, ctx.timing.span(NOTIFICATION_WAIT_MS, 1));
    // This connection runs no other work, so every progress notification on it belongs to the task.
    const progress = receiver.notifications('notifications/progress');
    if (progress.length === 0) ctx.skip('the receiver sent no progress notifications for the task, so there was nothing to judge (progress.token-after-create judges their absence)');
    const untagged = progress.filter((n) => relatedTaskIdOf(n.params) !== task.taskId);
    ctx.expect(
      'TASKS-META-RELATED-ALL',
      untagged.length === 0,
      () =>
        `expected params._meta["io.modelcontextprotocol/related-task"].taskId = ${task.taskId} on every ` +
        `progress notification of the task, got ${untagged.length} of ${progress.length} without it, e.g. ` +
        `${brief(untagged[0].params)}`,
    );
  },
});
