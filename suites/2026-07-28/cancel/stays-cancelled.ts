import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { extTaskOf, isExtTerminal } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, nextExtPollDelay, workBoundMs, workSecondsFor } from '../../../harness/receivers/2026-07-28/waits.js';
import { pause } from '../../../harness/wire/timing.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** tasks/get once the cancelled work would have ended: at once, then once more at the receiver's pace. */
const POLLS_AFTER_WORK = 2;

export default defineCheck({
  id: 'ext-cancel.stays-cancelled',
  title: 'A task cancelled while it works keeps the status it ended with after its work would have finished',
  suite: 'ext-cancel',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-status',
  requirements: ['EXT-LIFECYCLE-TERMINAL-FINAL'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { waitMs: 1000, awaitsWork: 1 },
  provenBy: ['ext-cancel-not-final'],
  explain: {
    does:
      'Starts slow_compute with two round trips of work or more, sends tasks/cancel while it still works, ' +
      'polls until the task is terminal (cancelled, or completed or failed where the work won), then waits ' +
      'until the work would have finished and polls tasks/get twice: the task must still read the status ' +
      'it ended with.',
    causes: [
      {
        cause: 'tasks/cancel marks the task cancelled but does not stop its work, and the work settles its outcome without looking at the status, overwriting cancelled with completed.',
        fix: 'Stop the work through its abort signal when the task is cancelled, and have the work settle its outcome only if the task is not already terminal.',
        faults: ['ext-cancel-not-final'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { receiver, task, seconds, startedAt } = await ctx.staged(async (stretch) => {
      const receiver = await ctx.connect();
      // Outlasting the call and the cancel at the receiver's pace, so the cancel comes while the work still runs.
      const seconds = workSecondsFor(ctx.timing, 2, stretch);
      const startedAt = performance.now();
      const { task, reply: created } = await startExtTask(ctx, receiver, 'slow', { seconds, label: uniqueText('cancel-stays') });
      if (isExtTerminal(task.status)) ctx.missed(`the CreateTaskResult already said "${task.status}"`);
      if (created.elapsedMs >= seconds * 1000) ctx.missed(`the CreateTaskResult came ${Math.round(created.elapsedMs)} ms after the call, once the ${seconds} s of work could be over`);
      const reply = await receiver.cancelTask(task.taskId);
      // Whether a cancel must be acknowledged is ext-cancel.acknowledged's to judge.
      if (!reply.ok) ctx.skip(`tasks/cancel of the working task was answered with ${describeReply(reply)}, so there is no cancelled task to watch`);
      return { receiver, task, seconds, startedAt };
    });
    // The cancel may take effect late (EXT-CANCEL-EVENTUAL) or lose to work that was finishing (EXT-CANCEL-MAY-END-OTHERWISE):
    // whichever terminal status the task reaches first is the one it must keep.
    const first = await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, seconds) });
    ctx.reportInfo(`after the acknowledged cancel the task ended "${first.status}"`);
    // Work that was not stopped would end now: a receiver that lets it overwrite the status shows it from here on.
    const workOverAt = startedAt + seconds * 1000 + ctx.timing.span(0, 2);
    await pause(Math.max(0, workOverAt - performance.now()), ctx.signal);
    for (let poll = 0; poll < POLLS_AFTER_WORK; poll++) {
      if (poll > 0) await pause(nextExtPollDelay(first, ctx.timing), ctx.signal);
      const after = await receiver.getTask(task.taskId);
      const now = extTaskOf(after);
      if (!now) ctx.skip(`tasks/get once the work would have ended answered ${describeReply(after)}, so whether the task kept its status cannot be told`);
      ctx.require(
        'EXT-LIFECYCLE-TERMINAL-FINAL',
        now.status === first.status,
        () => `the task ended "${first.status}" after tasks/cancel, and read "${now.status}" once its ${seconds} s of work would have finished: a terminal status must not change`,
      );
    }
  },
});
