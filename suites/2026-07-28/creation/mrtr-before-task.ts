import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { createdTask } from '../../../harness/receivers/2026-07-28/receiver.js';
import { awaitExtSettled, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { inputKeysOf } from '../../../harness/receivers/2026-07-28/inputs.js';

// https://modelcontextprotocol.io/extensions/tasks/specification#task-creation
export default defineCheck({
  id: 'ext-creation.mrtr-before-task',
  title: 'A tool that needs input before its work asks for it on the call itself, before it hands out a task',
  suite: 'ext-creation',
  requirements: ['EXT-CREATE-MRTR-FIRST'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'taskRequired' }],
  cost: { roundTrips: 6, awaitsWork: 1 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connectModern();
    const binding = ctx.fixture('taskRequired');
    const reply = await receiver.callFixture(binding, {});
    if (reply.ok && reply.result.resultType === 'input_required') return; // asked first, on the call: as recommended
    const task = createdTask(reply);
    if (!task) ctx.skip(`${binding.tool} was answered with ${describeReply(reply)}: neither a question nor a task, so there is nothing to judge`);
    // A task straight away: the question its contract asks before the work then comes among the task's inputRequests.
    const settled = await awaitExtSettled(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 1) });
    const keys = settled.status === 'input_required' ? inputKeysOf(settled) : [];
    ctx.expect(
      'EXT-CREATE-MRTR-FIRST',
      keys.length === 0,
      () =>
        `${binding.tool} answered the call with task ${task.taskId} at once and then asked through the task's inputRequests (${keys.join(', ')}); input needed before the work is better asked on the call (input_required) before a task is made`,
    );
    await receiver.cancelTask(task.taskId);
  },
});
