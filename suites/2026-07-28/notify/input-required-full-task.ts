import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { isExtTerminal, subscriptionIdOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { inputKeysOf } from '../../../harness/receivers/2026-07-28/inputs.js';
import type { ReceivedNotification } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** An acceptance that fills in nothing the form asked for: confirm_delete asks again under a new key. */
const UNUSABLE = { action: 'accept', content: {} };

export default defineCheck({
  id: 'ext-notify.input-required-full-task',
  title: 'notifications/tasks of a task that asks for input carries its inputRequests',
  suite: 'ext-notify',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-status-notifications',
  requirements: ['EXT-NOTIFY-FULL-TASK'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'confirm' }],
  cost: { roundTrips: 8, awaitsWork: 1 },
  provenBy: ['ext-notify-input-without-requests'],
  explain: {
    does:
      'Starts confirm_delete, waits for it to ask, listens to the task and answers with an acceptance that fills in ' +
      'nothing, so that the task asks again while the subscription is open. The notifications/tasks saying ' +
      'input_required must carry the inputRequests a tasks/get would show. A server that does not ask again, or sends ' +
      'no such notification, is not judged.',
    causes: [
      {
        cause: 'notifications/tasks is built from the status record alone, without the payload of the status: an input_required task is announced without what it asks.',
        fix: 'Build the notification from the same function that builds the tasks/get answer, so an input_required task carries its inputRequests.',
        faults: ['ext-notify-input-without-requests'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await startExtTask(ctx, receiver, 'confirm', { filename: `${uniqueText('notify-input')}.txt` });
    const waits = { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) };
    const asked = await awaitExtSettled(receiver, task.taskId, waits);
    if (asked.status !== 'input_required') ctx.skip(`the confirm_delete task ended "${asked.status}" without asking for input; the fixture contract has it wait for a confirmation`);
    const [key] = inputKeysOf(asked);
    if (key === undefined) ctx.skip('the input_required task lists no inputRequests; ext-polling.input-required-lists-requests judges that');
    const subscription = receiver.listen([task.taskId]);
    const acknowledged = await subscription.acknowledged(ctx.timing.answerPace.boundMs());
    if (!acknowledged) {
      const answer = await subscription.answered(ctx.timing.allowanceMs);
      if (answer && !answer.ok) ctx.skip(`subscriptions/listen for a task was refused with ${describeReply(answer)}, so there is no subscription to judge`);
    }
    const since = receiver.notifications().length;
    const ack = await receiver.updateTask(task.taskId, { [key]: UNUSABLE });
    if (!ack.ok) ctx.skip(`tasks/update answering "${key}" with an empty acceptance was refused with ${describeReply(ack)}, so the task was not made to ask again`);
    const mine = (n: ReceivedNotification) => n.method === 'notifications/tasks' && n.params.taskId === task.taskId && subscriptionIdOf(n) === subscription.id;
    // The task asks again (input_required, after the acknowledgement) or ends; either is announced on the subscription.
    const news = await receiver.waitForNotification(
      (n) => mine(n) && receiver.notifications().indexOf(n) >= since && (n.params.status === 'input_required' || isExtTerminal(n.params.status)),
      waits.timeoutMs,
    );
    await subscription.close();
    const now = await receiver.getTask(task.taskId);
    if (now.ok && !isExtTerminal(now.result.status)) await receiver.cancelTask(task.taskId);
    if (!news) ctx.skip('no notifications/tasks saying input_required (or an end) came on the subscription after the update, so there is no such notification to judge');
    if (news.params.status !== 'input_required')
      ctx.skip(`after the empty acceptance the task went on to "${String(news.params.status)}" without asking again, so no input_required notification came to judge`);
    const requests = news.params.inputRequests;
    const carried = typeof requests === 'object' && requests !== null && !Array.isArray(requests) && Object.keys(requests).length > 0;
    ctx.expect(
      'EXT-NOTIFY-FULL-TASK',
      carried,
      () => `expected the notifications/tasks saying "input_required" to carry the requests it waits for in inputRequests, got inputRequests ${brief(requests)}`,
    );
  },
});
