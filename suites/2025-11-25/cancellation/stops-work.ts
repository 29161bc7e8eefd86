import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import type { ReceivedNotification } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { progressAfterEnd } from '../../../harness/receivers/2025-11-25/waits.js';
import { MCP_FRAMEWORK } from '../explain-words.js';

export default defineCheck({
  id: 'cancellation.stops-work',
  title: 'Cancelling a task stops its work: its progress notifications end',
  suite: 'cancellation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-cancellation',
  cohabits: true,
  requirements: ['TASKS-CANCEL-STOP-WORK'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'cancel' },
    { kind: 'fixture', role: 'progress' },
  ],
  cost: { waitMs: 700, roundTrips: 6 },
  provenBy: ['cancel-keeps-running', 'cancel-not-final'],
  explain: {
    does:
      'Starts a progress task of 40 steps, waits for two progress notifications, cancels it and counts the progress ' +
      "notifications after the task's end (the cancel answer, or the cancelled status notification when it " +
      'comes later; a burst within half an interval of it is the backlog sent before): more than the one ' +
      'that may have been in flight is warned, as the work went on.',
    causes: [
      {
        cause: 'The work listens to the abort signal of the tools/call request, which was answered long ago; tasks/cancel marks the task but stops nothing.',
        fix: 'Give every task an AbortController of its own, pass its signal to the work, and abort it on tasks/cancel.',
        seenIn: MCP_FRAMEWORK,
        faults: ['cancel-keeps-running', 'cancel-not-final'],
      },
    ],
  },
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
    const late = await progressAfterEnd(receiver, { token, taskId: task.taskId, answeredAt: reply.receivedAt, intervalMs, watchMs, ordered: ctx.facts.transport === 'stdio' });
    ctx.reportInfo(`${late} progress notification(s) arrived in the ${watchMs} ms after the task's end (the tasks/cancel answer, or its cancelled status notification when later)`);
    // Past the backlog (see progressAfterEnd), one notification may still have been on its way.
    ctx.expect(
      'TASKS-CANCEL-STOP-WORK',
      late <= 1,
      `expected the work to stop on tasks/cancel (at most one progress notification in flight), got ${late} for the task in the ${watchMs} ms after its end (one every ${intervalMs} ms before it)`,
    );
  },
});
