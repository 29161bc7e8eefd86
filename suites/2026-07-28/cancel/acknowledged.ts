import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { extTaskOf, isExtTerminal } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { workSecondsFor } from '../../../harness/receivers/2026-07-28/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

// https://modelcontextprotocol.io/extensions/tasks/specification#response-2
export default defineCheck({
  id: 'ext-cancel.acknowledged',
  title: 'tasks/cancel of a working task is acknowledged',
  suite: 'ext-cancel',
  requirements: ['EXT-CANCEL-ACK'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  async run(ctx: CheckContext) {
    const { receiver, task, reply } = await ctx.staged(async (stretch) => {
      const receiver = await ctx.connectModern();
      // Outlasting the call, the listen (or cancel) and a look at the task, at the receiver's pace.
      const seconds = workSecondsFor(ctx.timing, 3, stretch);
      const { task, reply: created } = await startExtTask(ctx, receiver, 'slow', { seconds, label: uniqueText('cancel') });
      if (isExtTerminal(task.status)) ctx.missed(`the CreateTaskResult already said "${task.status}"`);
      if (created.elapsedMs >= seconds * 1000) ctx.missed(`the CreateTaskResult came ${Math.round(created.elapsedMs)} ms after the call, once the ${seconds} s of work could be over`);
      const reply = await receiver.cancelTask(task.taskId);
      if (!reply.ok) {
        // A refusal is judged only while the task still works: a cancel that came after the end merely came late.
        const now = extTaskOf(await receiver.getTask(task.taskId));
        if (now && isExtTerminal(now.status) && now.status !== 'cancelled') ctx.missed(`the work ended ("${now.status}") before tasks/cancel arrived`);
      }
      return { receiver, task, reply };
    });
    ctx.require('EXT-CANCEL-ACK', reply.ok, () => `tasks/cancel of a task still working should be acknowledged; got ${describeReply(reply)}`);
    // The acknowledgement's shape (empty, resultType "complete") is ext-results.acknowledgements' to judge.
    ctx.reportInfo(`tasks/cancel was acknowledged with ${brief(reply.result)}`);
    // Cancellation is cooperative and eventually consistent: whatever status the task shows now is allowed.
    const after = await receiver.getTask(task.taskId);
    const now = extTaskOf(after);
    ctx.reportInfo(now ? `right after the acknowledgement the task is "${now.status}"` : `tasks/get right after the acknowledgement answered ${describeReply(after)}`);
  },
});
