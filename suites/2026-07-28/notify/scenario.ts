// A task listened to while it still works: the scenario of the notify checks that judge what a subscription carries.
import type { CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { type ExtReceiver, type ExtTask, type Subscription, isExtTerminal, requireExtTask, subscriptionIdOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { workSecondsFor } from '../../../harness/receivers/2026-07-28/waits.js';
import type { ReceivedNotification } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** A slow_compute task listened to (subscriptions/listen naming it) while it still works. */
export interface ListenedTask {
  receiver: ExtReceiver;
  task: ExtTask;
  subscription: Subscription;
  /** The first message carrying the subscription's id, if one came within the bound. */
  first: ReceivedNotification | undefined;
  /** The work's length, in seconds. */
  seconds: number;
}

/**
 * Starts slow_compute (work that outlasts three round trips at the receiver's pace, longer when staged again) and listens to it. The listen comes too late when
 * tasks/get shows the task finished and nothing about it came on the subscription: the scenario is staged again with
 * longer work. A listen answered with an error is no subscription to judge: the check skips, saying so.
 */
export function listenToWorkingTask(ctx: CheckContext, label: string): Promise<ListenedTask> {
  return ctx.staged(async (stretch) => {
    const receiver = await ctx.connect();
    // Outlasting the call, the listen (or cancel) and a look at the task, at the receiver's pace.
    const seconds = workSecondsFor(ctx.timing, 3, stretch);
    const { task, reply } = await startExtTask(ctx, receiver, 'slow', { seconds, label: uniqueText(label) });
    if (isExtTerminal(task.status)) ctx.missed(`the CreateTaskResult already said "${task.status}"`);
    if (reply.elapsedMs >= seconds * 1000) ctx.missed(`the CreateTaskResult came ${Math.round(reply.elapsedMs)} ms after the call, once the ${seconds} s of work could be over`);
    const subscription = receiver.listen([task.taskId]);
    const first = await receiver.waitForNotification((n) => subscriptionIdOf(n) === subscription.id, ctx.timing.answerPace.boundMs());
    if (!first) {
      const answer = await subscription.answered(ctx.timing.allowanceMs);
      if (answer && !answer.ok) ctx.skip(`subscriptions/listen for a task was refused with error ${answer.error.code} "${answer.error.message}", so there is no subscription to judge`);
    }
    const now = requireExtTask(await receiver.getTask(task.taskId), 'tasks/get of the listened task', receiver, task.taskId);
    const heard = receiver.notifications('notifications/tasks').some((n) => subscriptionIdOf(n) === subscription.id && n.params.taskId === task.taskId);
    if (isExtTerminal(now.status) && !heard) {
      await subscription.close();
      ctx.missed(`the task was "${now.status}" by the time the subscription was answered, with nothing about it on the subscription`);
    }
    return { receiver, task, subscription, first, seconds };
  });
}
