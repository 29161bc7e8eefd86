import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { isExtTerminal } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask, resultText } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, pollExtTask, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { answersFor, inputKeysOf } from '../../../harness/receivers/2026-07-28/inputs.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

// https://modelcontextprotocol.io/extensions/tasks/specification#response-1
export default defineCheck({
  id: 'ext-update.acknowledged',
  title: 'tasks/update answering the outstanding elicitation is acknowledged, and the task goes on to complete',
  suite: 'ext-update',
  requirements: ['EXT-UPDATE-ACK'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'confirm' }],
  cost: { roundTrips: 10, awaitsWork: 1 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connectModern();
    const filename = `${uniqueText('acknowledged')}.txt`;
    const { task } = await startExtTask(ctx, receiver, 'confirm', { filename });
    const waits = { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) };
    const asked = await awaitExtSettled(receiver, task.taskId, waits);
    if (asked.status !== 'input_required') ctx.skip(`the confirm_delete task ended "${asked.status}" without asking for input; the fixture contract has it wait for a confirmation`);
    const keys = inputKeysOf(asked);
    if (keys.length === 0) ctx.skip('the input_required task lists no inputRequests to answer; ext-polling.input-required-lists-requests judges that');
    const answers = answersFor(asked, keys, () => 'yes');
    if (Object.keys(answers).length === 0) ctx.skip(`none of the outstanding requests is an elicitation the harness can answer: ${brief(asked.inputRequests)}`);

    const ack = await receiver.updateTask(task.taskId, answers);
    ctx.require(
      'EXT-UPDATE-ACK',
      ack.ok,
      () =>
        `tasks/update answering the outstanding ${Object.keys(answers)
          .map((key) => `"${key}"`)
          .join(', ')} should be acknowledged; got ${describeReply(ack)}`,
    );
    // Whether the acknowledgement is empty is ext-results.acknowledgements' to judge.
    const extra = Object.keys(ack.result).filter((key) => key !== 'resultType' && key !== '_meta');
    if (extra.length > 0) ctx.info(`the tasks/update acknowledgement also carries ${extra.join(', ')}`);

    // The acknowledgement may come before the task shows the answer: poll until it finishes or asks something new.
    const answered = new Set(Object.keys(answers));
    const { task: after, timedOut } = await pollExtTask(receiver, task.taskId, (t) => isExtTerminal(t.status) || (t.status === 'input_required' && inputKeysOf(t).some((key) => !answered.has(key))), {
      ...waits,
      returnAtBound: true,
    });
    if (timedOut) {
      const still = after.status === 'input_required' && inputKeysOf(after).every((key) => answered.has(key));
      ctx.expect(
        'EXT-UPDATE-ACK',
        !still,
        () => `tasks/update was acknowledged, yet ${waits.timeoutMs} ms later the task still waits on the answered ${[...answered].map((key) => `"${key}"`).join(', ')}: the answer was not taken`,
      );
      ctx.skip(`the task did not finish within ${waits.timeoutMs} ms of the acknowledged answer (last status "${after.status}")`);
    }
    if (after.status !== 'completed')
      ctx.skip(`after the answer the confirm_delete task ${after.status === 'input_required' ? 'asked something new' : `ended "${after.status}"`}; the fixture contract has it complete`);
    const text = resultText(after.result);
    if (text.includes(filename)) ctx.info(`the task completed after the acknowledged answer: ${brief(text)}`);
    else ctx.info(`the task completed, but its result does not name ${filename} as the fixture contract has it: ${brief(after.result)}`);
  },
});
