import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief } from '../../../harness/model/describe.js';
import { META_SUBSCRIPTION_ID } from '../../../harness/wire/2026-07-28/envelope.js';
import { listenToWorkingTask } from './scenario.js';

const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

export default defineCheck({
  id: 'ext-notify.acknowledged-first',
  title: 'subscriptions/listen for a working task is first acknowledged, under the listen request id',
  suite: 'ext-notify',
  spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions#acknowledgment',
  requirements: ['EXT-BASE-SUBSCRIPTION-ACK-FIRST'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  provenBy: ['ext-listen-no-ack'],
  explain: {
    does:
      'Starts slow_compute with a second of work, sends subscriptions/listen naming it, and requires the ' +
      'first message carrying the listen request’s id in `_meta["io.modelcontextprotocol/subscriptionId"]` ' +
      'to be notifications/subscriptions/acknowledged. A listen that gets no message at all (neither ' +
      'refused nor acknowledged) also fails.',
    causes: [
      {
        cause: 'The server starts pushing the task’s current state as soon as the listen arrives and sends no acknowledgement, or sends it after the first notification.',
        fix:
          'Send notifications/subscriptions/acknowledged (with the agreed `notifications.taskIds` and the ' +
          'subscription id) before anything else for that subscription, then the status notifications.',
        faults: ['ext-listen-no-ack'],
      },
      {
        cause: 'The acknowledgement carries another subscription id (a counter of the server’s own, or the id as a number where the request used a string).',
        fix: 'Use the JSON-RPC id of the subscriptions/listen request, exactly as sent, as the subscription id of the acknowledgement and of every notification on the stream.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { receiver, task, subscription, first } = await listenToWorkingTask(ctx, 'ack-first');
    await subscription.close();
    if (!first) {
      // An acknowledgement under another id is no acknowledgement of this subscription; say what came.
      const stray = receiver.notifications(ACKNOWLEDGED).map((n) => brief((n.params._meta as Record<string, unknown> | undefined)?.[META_SUBSCRIPTION_ID]));
      ctx.expect(
        'EXT-BASE-SUBSCRIPTION-ACK-FIRST',
        false,
        `subscriptions/listen (id "${subscription.id}") for a working task was neither refused nor ` +
          `acknowledged: no message carried its id within ${ctx.timing.answerPace.boundMs()} ` +
          `ms${stray.length > 0 ? `; acknowledgements came with subscription ids ${stray.join(', ')}` : ''}`,
      );
      return;
    }
    ctx.expect(
      'EXT-BASE-SUBSCRIPTION-ACK-FIRST',
      first.method === ACKNOWLEDGED,
      () => `the first message carrying subscription id "${subscription.id}" was ${first.method} (${brief(first.params)}), not ${ACKNOWLEDGED}`,
    );
    if (first.method !== ACKNOWLEDGED) return;
    const filter = first.params.notifications as Record<string, unknown> | undefined;
    const agreed = Array.isArray(filter?.taskIds) ? (filter.taskIds as unknown[]) : undefined;
    if (!agreed?.includes(task.taskId)) ctx.reportInfo(`the acknowledgement does not list the task among the ones it will report on: notifications ${brief(filter)}`);
  },
});
