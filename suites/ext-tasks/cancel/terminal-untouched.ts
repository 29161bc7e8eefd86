import { defineCheck, type CheckContext } from '../../../harness/check.js';
import { describeReply } from '../../../harness/describe.js';
import { extTaskOf } from '../../../harness/modern/receiver.js';
import { startExtTask } from '../../../harness/modern/tasks.js';
import { awaitExtTerminal, nextExtPollDelay, workBoundMs } from '../../../harness/modern/waits.js';
import { pause } from '../../../harness/timing.js';
import { uniqueText } from '../support.js';

/** tasks/get after the cancel: at once, then once more at the receiver's pace (the cancel may take effect late). */
const POLLS_AFTER_CANCEL = 2;

// https://modelcontextprotocol.io/extensions/tasks/specification#task-status
export default defineCheck({
  id: 'ext-cancel.terminal-untouched',
  title: 'tasks/cancel of a completed task leaves it completed',
  suite: 'ext-cancel',
  requirements: ['EXT-LIFECYCLE-TERMINAL-FINAL'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { awaitsWork: 1 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connectModern();
    const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 0, label: uniqueText('cancel-terminal') });
    const final = await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
    if (final.status !== 'completed') ctx.skip(`the slow_compute task ended "${final.status}", not completed; nothing to cancel after completion`);
    // The extension names no answer for cancelling a finished task: an acknowledgement and an error are both allowed.
    const reply = await receiver.cancelTask(task.taskId);
    ctx.info(`tasks/cancel of the completed task was answered with ${describeReply(reply)}`);
    for (let poll = 0; poll < POLLS_AFTER_CANCEL; poll++) {
      if (poll > 0) await pause(nextExtPollDelay(final, ctx.timing), ctx.signal);
      const after = await receiver.getTask(task.taskId);
      const now = extTaskOf(after);
      if (!now) ctx.skip(`tasks/get after the cancel answered ${describeReply(after)}, so whether the task stayed completed cannot be told`);
      ctx.require('EXT-LIFECYCLE-TERMINAL-FINAL', now.status === 'completed', () => `the task was completed when tasks/cancel came, and then read "${now.status}": a terminal status must not change`);
    }
  },
});
