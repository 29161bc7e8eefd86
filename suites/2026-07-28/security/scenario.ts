// Whether news of one requestor's task reaches another's subscription: the scenario of the per-context access check.
import type { CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import type { ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import { subscriptionIdOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { listenOutcome } from '../../../harness/receivers/2026-07-28/waits.js';
import type { ReceivedNotification } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/**
 * A task that is still live when the scenario reaches it: the confirm fixture's waits for an answer no one gives (it
 * is cancelled instead), where offered; else a slow_compute of one second (the contract's longest), which a loaded
 * run may see end first, and then the listen is not judged.
 */
export async function startLiveTask(ctx: CheckContext, receiver: ExtReceiver, label: string) {
  if (ctx.facts.fixtures.has('confirm')) return startExtTask(ctx, receiver, 'confirm', { filename: `${uniqueText(label)}.txt` });
  return startExtTask(ctx, receiver, 'slow', { seconds: 1, label: uniqueText(label) });
}

/**
 * B listens to A's task and to one of its own, A to its task; A cancels its task and, once A hears of it, B cancels
 * its own: what B hears of its own task marks the point by which news of A's task would have come on B's stream too.
 * `heard` is such news on B's stream; `notJudged` says why the marker could not be reached.
 */
export async function foreignListenHeard(ctx: CheckContext, a: ExtReceiver, b: ExtReceiver, taskId: string): Promise<{ heard?: ReceivedNotification; notJudged?: string }> {
  const bound = ctx.timing.answerPace.boundMs();
  const { task: mine } = await startLiveTask(ctx, b, 'marker');
  const foreign = b.listen([taskId, mine.taskId]);
  const own = a.listen([taskId]);
  const [taken] = await Promise.all([listenOutcome(foreign, bound), listenOutcome(own, bound)]);
  const about = (id: string, task: string) => (n: ReceivedNotification) => n.method === 'notifications/tasks' && n.params.taskId === task && subscriptionIdOf(n) === id;
  let notJudged: string | undefined;
  if (!taken.ack && taken.answer && !taken.answer.ok) notJudged = `B's subscriptions/listen naming A's task was refused (error ${taken.answer.error.code})`;
  else {
    await a.cancelTask(taskId);
    if (!(await a.waitForNotification(about(own.id, taskId), bound, { includePast: true }))) notJudged = "A's own subscription carried no notifications/tasks for its cancelled task";
    else {
      await b.cancelTask(mine.taskId);
      if (!(await b.waitForNotification(about(foreign.id, mine.taskId), bound, { includePast: true }))) notJudged = "B's subscription carried nothing of B's own cancelled task";
    }
  }
  const heard = b.notifications().find(about(foreign.id, taskId));
  await Promise.all([foreign.close(), own.close(), b.cancelTask(mine.taskId)]);
  return { heard, notJudged };
}
