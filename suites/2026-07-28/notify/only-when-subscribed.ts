import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import type { ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, workBoundMs, listenOutcome } from '../../../harness/receivers/2026-07-28/waits.js';
import type { ReceivedNotification } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

const TASK_NOTIFICATION = 'notifications/tasks';

export default defineCheck({
  id: 'ext-notify.only-when-subscribed',
  title: 'No notifications/tasks reach a requestor that did not subscribe to its task',
  suite: 'ext-notify',
  spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions#opening-a-stream',
  requirements: ['EXT-BASE-NOTIFY-ONLY-REQUESTED'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { awaitsWork: 2 },
  provenBy: ['ext-notifies-unasked'],
  explain: {
    does:
      'Runs slow_compute to its end from a requestor that never sends subscriptions/listen and requires ' +
      'that no notifications/tasks reach it (on stdio they would share its channel). Over HTTP it also ' +
      'opens a listen stream naming no task and runs another task: nothing may arrive on that stream ' +
      'either.',
    causes: [
      {
        cause: 'Status changes are broadcast to every connection or stream (a 2025-11-25 style notifications/tasks/status push) instead of to the subscriptions that name the task.',
        fix: 'Send notifications/tasks for a task only on the listen streams whose acknowledged `taskIds` include it, with that stream’s subscription id in `_meta`.',
        faults: ['ext-notifies-unasked'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // A requestor that never listens. On stdio every message shares the process's one channel, so a notification the
    // server pushes unasked arrives there; over HTTP there is no stream for one, so this part passes there trivially.
    const quiet = await ctx.connect({ label: 'quiet' });
    await runToEnd(ctx, quiet, 'never-listens');
    judge(ctx, quiet.notifications(TASK_NOTIFICATION), 'a requestor that never sent subscriptions/listen');

    // Over HTTP: a listen stream that names no task (an empty taskIds), open while a task of the same requestor runs
    // to its end. Everything this connection receives comes on that stream.
    if (ctx.facts.transport !== 'http') return;
    const listener = await ctx.connect({ label: 'no-task-ids' });
    const subscription = listener.listen([]);
    const { ack, answer } = await listenOutcome(subscription, ctx.timing.answerPace.boundMs());
    // Over HTTP the requestor that never listens has no stream an unasked notification could come on: no evidence by itself.
    if (!ack && answer)
      ctx.skip(`subscriptions/listen naming no task was answered with ${describeReply(answer)}, and over HTTP a requestor that never listens has no stream to receive one on, so nothing was observed`);
    await runToEnd(ctx, listener, 'no-task-ids');
    await subscription.close();
    judge(ctx, listener.notifications(TASK_NOTIFICATION), 'a listen stream that named no task');
  },
});

/** Runs a slow_compute task to its end, then gives a straggling notification about it a round trip to arrive. */
async function runToEnd(ctx: CheckContext, receiver: ExtReceiver, label: string): Promise<void> {
  const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 0, label: uniqueText(label) });
  await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
  await receiver.waitForNotification((n) => n.method === TASK_NOTIFICATION && n.params.taskId === task.taskId, ctx.timing.span(200, 1));
}

function judge(ctx: CheckContext, unrequested: readonly ReceivedNotification[], who: string): void {
  ctx.expect(
    'EXT-BASE-NOTIFY-ONLY-REQUESTED',
    unrequested.length === 0,
    () => `${who} received ${unrequested.length} notifications/tasks while its task ran, e.g. ${brief(unrequested[0]?.params)}; notifications/tasks go only to a subscription naming the task`,
  );
}
