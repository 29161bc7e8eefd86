import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief } from '../../../harness/model/describe.js';
import { isExtTerminal, subscriptionIdOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { awaitExtTerminal, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { listenToWorkingTask } from './scenario.js';

const FORBIDDEN = ['notifications/progress', 'notifications/message'];

export default defineCheck({
  id: 'ext-notify.no-progress-on-stream',
  title: "No notifications/progress or notifications/message on a task's listen stream",
  suite: 'ext-notify',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-status-notifications',
  requirements: ['EXT-NOTIFY-NO-PROGRESS-ON-STREAM'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { waitMs: 1000, awaitsWork: 1 },
  provenBy: ['ext-progress-on-listen'],
  explain: {
    does:
      'Listens to a working slow_compute task until it completes and requires that no ' +
      'notifications/progress or notifications/message arrive on the subscription (over HTTP: on the ' +
      'listen stream at all).',
    causes: [
      {
        cause: 'Progress or log output of the task’s work is forwarded to the task’s listen stream, as 2025-11-25 sent progress tied to the task.',
        fix: 'Send only notifications/tasks (after the acknowledgement) on a task subscription; report progress through `statusMessage` instead.',
        faults: ['ext-progress-on-listen'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { receiver, task, subscription, seconds } = await listenToWorkingTask(ctx, 'no-progress');
    const final = await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, seconds) });
    // Whatever the stream sends about the end comes after the polls may have seen it: wait for that, bounded.
    await receiver.waitForNotification((n) => subscriptionIdOf(n) === subscription.id && n.method === 'notifications/tasks' && isExtTerminal(n.params.status), ctx.timing.span(1000, 2));
    await subscription.close();
    // On stdio a message belongs to the stream when it names the subscription; over HTTP this connection's only stream is the listen.
    const onStream = receiver.notifications().filter((n) => FORBIDDEN.includes(n.method) && (ctx.facts.transport === 'http' || subscriptionIdOf(n) === subscription.id));
    ctx.expect(
      'EXT-NOTIFY-NO-PROGRESS-ON-STREAM',
      onStream.length === 0,
      () => `the listen stream of a task sent ${onStream.map((n) => n.method).join(', ')} while the task ran to "${final.status}", e.g. ${brief(onStream[0]?.params)}`,
    );
  },
});
