import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { extTaskOf, isExtTerminal } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { workSecondsFor } from '../../../harness/receivers/2026-07-28/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-cancel.acknowledged',
  title: 'tasks/cancel of a working task is acknowledged',
  suite: 'ext-cancel',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#response-2',
  requirements: ['EXT-CANCEL-ACK'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  provenBy: ['ext-cancel-refused'],
  explain: {
    does:
      'Starts slow_compute with one second of work (two when staged again), sends tasks/cancel while it ' +
      'still works, and requires a success answer. What the task shows afterwards is only reported: ' +
      'cancellation is cooperative and may take effect late or not at all. A cancel that arrives after the ' +
      'work ended is staged again.',
    causes: [
      {
        cause: 'tasks/cancel is missing or fails when the work cannot be interrupted at once, answering with an error.',
        fix: 'Record the cancellation request, signal the work to stop if it can, and reply `{"resultType": "complete"}` straight away; whether the task ends cancelled is up to the work.',
        faults: ['ext-cancel-refused'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { receiver, task, reply } = await ctx.staged(async (stretch) => {
      const receiver = await ctx.connect();
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
