import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { extTaskOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Tasks created and looked up at once, one after another: a store that lags shows it on any of them. */
const ATTEMPTS = 3;

// https://modelcontextprotocol.io/extensions/tasks/specification#task-creation
export default defineCheck({
  id: 'ext-creation.durable-before-reply',
  title: 'A task can be read with tasks/get as soon as its CreateTaskResult arrives',
  suite: 'ext-creation',
  requirements: ['EXT-CREATE-DURABLE'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: ATTEMPTS * 3 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connectModern();
    const observation = { method: 'tasks/get', fixture: ctx.fixture('slow').tool };
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      // A task whose work ends at once too: a store that drops it as it ends shows that here, as other checks' tasks would.
      const seconds = attempt === 2 ? 0 : 1;
      const { task } = await startExtTask(ctx, receiver, 'slow', { seconds, label: uniqueText('durable') }, { readable: false });
      // Sent the moment the CreateTaskResult is in: nothing else happens in between.
      const reply = await receiver.getTask(task.taskId);
      const found = extTaskOf(reply);
      const ok = ctx.expect(
        'EXT-CREATE-DURABLE',
        found !== undefined && found.taskId === task.taskId,
        () =>
          `tasks/get sent as soon as the CreateTaskResult for task ${task.taskId} (${seconds} s of work) arrived was answered with ${describeReply(reply)}; the task must be readable before the server answers the call`,
        observation,
      );
      if (seconds > 0) await receiver.cancelTask(task.taskId);
      if (!ok) break;
    }
  },
});
