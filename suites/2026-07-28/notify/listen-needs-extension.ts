import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { MISSING_REQUIRED_CLIENT_CAPABILITY, TASKS_EXTENSION } from '../../../harness/wire/2026-07-28/envelope.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { listenOutcome } from '../../../harness/receivers/2026-07-28/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-notify.listen-needs-extension',
  title: 'subscriptions/listen for task notifications without the extension declared is refused with -32021',
  suite: 'ext-notify',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-status-notifications',
  requirements: ['EXT-NOTIFY-LISTEN-REQUIRES-EXTENSION'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  provenBy: ['ext-listen-without-extension'],
  explain: {
    does:
      'Creates a slow_compute task with the extension declared, then sends subscriptions/listen naming it ' +
      'from a request whose clientCapabilities lack the extension. The listen must be refused with -32021 ' +
      'whose data names `requiredCapabilities.extensions["io.modelcontextprotocol/tasks"]`, and never ' +
      'acknowledged.',
    causes: [
      {
        cause: 'subscriptions/listen is served by a generic subscription layer that does not look at the per-request capabilities before accepting `taskIds`.',
        fix:
          'When `notifications.taskIds` is present and the request does not declare the extension, answer ' +
          '-32021 with `data: {"requiredCapabilities": {"extensions": {"io.modelcontextprotocol/tasks": {}}}}` ' +
          'and open no stream.',
        faults: ['ext-listen-without-extension'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // A task of this requestor's own, made with the extension declared; only the listen leaves the extension out.
    const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 1, label: uniqueText('listen-without-extension') });
    const boundMs = ctx.timing.answerPace.boundMs();
    // Notifications are optional: a receiver that refuses the same listen with the extension declared offers none to guard.
    const probe = receiver.listen([task.taskId]);
    const offered = await listenOutcome(probe, boundMs);
    await probe.close();
    if (!offered.ack && offered.answer && !offered.answer.ok) {
      ctx.skip(`subscriptions/listen for the task is refused even with the extension declared (${describeReply(offered.answer)}), so the receiver offers no task notifications`);
    }
    const subscription = receiver.listen([task.taskId], { extension: false });
    // Whichever comes first: the answer (a refusal is one), or an acknowledgement (the listen was taken).
    const { ack, answer } = await listenOutcome(subscription, boundMs);
    await subscription.close();
    ctx.require('EXT-NOTIFY-LISTEN-REQUIRES-EXTENSION', ack === undefined && answer !== undefined && !answer.ok, () =>
      ack
        ? `subscriptions/listen naming task ${task.taskId} without the extension in clientCapabilities was acknowledged (${brief(ack.params)}); expected error ${MISSING_REQUIRED_CLIENT_CAPABILITY}`
        : answer?.ok
          ? `subscriptions/listen naming a task without the extension declared was answered with a result (${brief(answer.result)}); expected error ${MISSING_REQUIRED_CLIENT_CAPABILITY}`
          : `subscriptions/listen naming a task without the extension declared got neither an answer nor an acknowledgement within ${boundMs} ms; expected error ${MISSING_REQUIRED_CLIENT_CAPABILITY}`,
    );
    const { error } = answer;
    ctx.expect(
      'EXT-NOTIFY-LISTEN-REQUIRES-EXTENSION',
      error.code === MISSING_REQUIRED_CLIENT_CAPABILITY,
      () => `the listen was refused with error ${error.code} "${error.message}"; expected ${MISSING_REQUIRED_CLIENT_CAPABILITY}`,
    );
    const data = error.data as { requiredCapabilities?: { extensions?: Record<string, unknown> } } | undefined;
    const named = data?.requiredCapabilities?.extensions?.[TASKS_EXTENSION];
    ctx.expect(
      'EXT-NOTIFY-LISTEN-REQUIRES-EXTENSION',
      typeof named === 'object' && named !== null,
      () => `the -32021 error does not name the missing extension: data is ${brief(error.data)}; expected data.requiredCapabilities.extensions["${TASKS_EXTENSION}"]`,
    );
  },
});
