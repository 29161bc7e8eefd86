import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { extTaskOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Tasks created and looked up at once, one after another: a store that lags shows it on any of them. */
const ATTEMPTS = 3;

export default defineCheck({
  id: 'ext-creation.durable-before-reply',
  title: 'A task can be read with tasks/get as soon as its CreateTaskResult arrives',
  suite: 'ext-creation',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-creation',
  requirements: ['EXT-CREATE-DURABLE'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: ATTEMPTS * 3 },
  provenBy: ['ext-forgotten-at-end', 'ext-lazy-create'],
  explain: {
    does:
      'Three times, starts a slow_compute task (the second with no work at all, so it may already have ' +
      'ended) and sends tasks/get for it the moment the CreateTaskResult arrives: the answer must be that ' +
      'task, never an unknown-task error.',
    causes: [
      {
        cause: 'The task is written to its store after the reply is sent (a background write, a queue, a replica read before it caught up).',
        fix: 'Await the write, and any replication the reads depend on, before answering tools/call with the CreateTaskResult.',
        faults: ['ext-lazy-create'],
      },
      {
        cause: 'The store drops a task as soon as its work ends, so a task whose work takes no time is gone before the first tasks/get.',
        fix: 'Keep a finished task, with its result or error, for the ttlMs it reports.',
        faults: ['ext-forgotten-at-end'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
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
          `tasks/get sent as soon as the CreateTaskResult for task ${task.taskId} (${seconds} s of work) ` +
          `arrived was answered with ${describeReply(reply)}; the task must be readable before the server ` +
          `answers the call`,
        observation,
      );
      if (seconds > 0) await receiver.cancelTask(task.taskId);
      if (!ok) break;
    }
  },
});
