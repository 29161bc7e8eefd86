import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { extTaskOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-cancel.input-required-acknowledged',
  title: 'tasks/cancel of a task waiting for input is acknowledged',
  suite: 'ext-cancel',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#response-2',
  requirements: ['EXT-CANCEL-ACK'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'confirm' }],
  cost: { roundTrips: 5 },
  provenBy: ['ext-cancel-refuses-input-required', 'ext-cancel-refused'],
  explain: {
    does:
      'Starts confirm_delete and waits until its task asks for the confirmation (input_required), then sends ' +
      'tasks/cancel without answering: a task that has not ended must be acknowledged, as one still working ' +
      'is. What it shows afterwards is only reported: cancellation is cooperative.',
    causes: [
      {
        cause: 'Cancellation is wired to the running work only, so a task parked on a question (no work in flight) is refused as not cancellable.',
        fix: 'Accept tasks/cancel in every status that has not ended: drop the outstanding input requests and acknowledge with `{"resultType": "complete"}`.',
        faults: ['ext-cancel-refuses-input-required', 'ext-cancel-refused'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await startExtTask(ctx, receiver, 'confirm', { filename: `${uniqueText('cancel-asking')}.txt` });
    const asked = await awaitExtSettled(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
    if (asked.status !== 'input_required') ctx.skip(`the confirm_delete task ended "${asked.status}" without asking for input; the fixture contract has it wait for a confirmation`);
    const reply = await receiver.cancelTask(task.taskId);
    ctx.expect('EXT-CANCEL-ACK', reply.ok, () => `tasks/cancel of a task waiting for input (input_required, not ended) should be acknowledged; got ${describeReply(reply)}`);
    const after = await receiver.getTask(task.taskId);
    const now = extTaskOf(after);
    ctx.reportInfo(now ? `after tasks/cancel the task is "${now.status}"` : `tasks/get after tasks/cancel answered ${describeReply(after)}`);
  },
});
