import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import type { ReceivedNotification } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

const STEPS = 3;
const LONG_STEPS = 40;

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress (progress for tasks stops at a terminal status)
export default defineCheck({
  id: 'progress.stops-at-terminal',
  title: "A task's progress notifications stop once it is terminal: after it completed, and after it was cancelled",
  suite: 'progress',
  cohabits: true,
  requirements: ['TASKS-PROGRESS-STOP-AT-TERMINAL'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'progress' },
  ],
  cost: { waitMs: 700, roundTrips: 8 },
  async run(ctx: CheckContext) {
    // No shorter than a round trip, so at most one notification can be on its way when the task turns terminal.
    const intervalMs = Math.max(ctx.timing.scaled(50), ctx.timing.allowanceMs);
    // Long enough for a notification sent at the end to arrive, and for three sent after it to show.
    const watchMs = ctx.timing.span(5 * intervalMs, 1);
    const receiver = await ctx.connect();
    const done = uniqueText('progress-done');
    const cancelled = uniqueText('progress-cancelled');
    const tokenIs = (token: string) => (n: ReceivedNotification) => n.method === 'notifications/progress' && n.params.progressToken === token;
    const canCancel = (ctx.facts.capabilities.tasks as Record<string, unknown> | undefined)?.cancel !== undefined;
    const start = (token: string, steps: number) => receiver.startTask(ctx.fixture('progress'), { steps, intervalMs }, { meta: { progressToken: token }, task: { ttl: 60_000 } });
    const finishing = await start(done, STEPS);
    // tasks/result answers as the task turns terminal, so what follows its answer came after the end.
    const outcome = await receiver.taskResult(finishing.task.taskId, { timeoutMs: ctx.timing.requestTimeoutMs + STEPS * intervalMs });
    if (!outcome.ok) ctx.skip(`tasks/result of the finished progress task answered ${describeReply(outcome)}, so its end cannot be placed`);
    // One task at a time, so the check holds no more of the receiver's task slots than any other; the long one runs
    // only where it can be cancelled, so none is left working behind the check.
    const running = canCancel ? await start(cancelled, LONG_STEPS) : undefined;
    // Cancelled once its work is under way (its first step seen, or a round trip gone by).
    if (running) await receiver.waitForNotification((n) => tokenIs(cancelled)(n), ctx.timing.span(intervalMs, 1));
    const cancel = running ? await receiver.cancelTask(running.task.taskId) : undefined;
    const [afterEnd, afterCancel] = await Promise.all([
      receiver.awaitNotificationCount((n) => tokenIs(done)(n) && n.receivedAt > outcome.receivedAt, 2, watchMs),
      cancel?.ok ? receiver.awaitNotificationCount((n) => tokenIs(cancelled)(n) && n.receivedAt > cancel.receivedAt, 2, watchMs) : Promise.resolve(0),
    ]);
    if (!cancel?.ok)
      ctx.info(cancel ? `tasks/cancel of the running task was refused (${describeReply(cancel)}); only completion was watched` : 'the receiver declares no tasks.cancel; only completion was watched');
    // One notification may have been on its way as the terminal answer was sent, over a stream of its own.
    ctx.expect(
      'TASKS-PROGRESS-STOP-AT-TERMINAL',
      afterEnd <= 1,
      `expected no progress notifications (one in flight at most) after the task completed, got ${afterEnd} or more within ${watchMs} ms of its tasks/result answer`,
    );
    ctx.expect(
      'TASKS-PROGRESS-STOP-AT-TERMINAL',
      afterCancel <= 1,
      `expected no progress notifications (one in flight at most) after the task was cancelled, got ${afterCancel} or more within ${watchMs} ms of the tasks/cancel answer (one every ${intervalMs} ms before it)`,
    );
  },
});
