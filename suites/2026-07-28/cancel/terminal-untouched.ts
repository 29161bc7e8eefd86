import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import type { ModernFixtureRole } from '../../../harness/model/model.js';
import { extTaskOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, nextExtPollDelay, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { pause } from '../../../harness/wire/timing.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** tasks/get after the cancel: at once, then once more at the receiver's pace (the cancel may take effect late). */
const POLLS_AFTER_CANCEL = 2;

/** Each terminal status the fixtures reach on their own, and the fixture that reaches it. */
const FINISHED: readonly { role: ModernFixtureRole; status: string; input: () => Record<string, unknown> }[] = [
  { role: 'slow', status: 'completed', input: () => ({ seconds: 0, label: uniqueText('cancel-terminal') }) },
  { role: 'protocolError', status: 'failed', input: () => ({}) },
];

export default defineCheck({
  id: 'ext-cancel.terminal-untouched',
  title: 'tasks/cancel of a completed or failed task leaves it as it was',
  suite: 'ext-cancel',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-status',
  requirements: ['EXT-LIFECYCLE-TERMINAL-FINAL'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { awaitsWork: 2 },
  provenBy: ['ext-cancel-overrides-failed', 'ext-cancel-overrides-terminal', 'ext-terminal-reverts'],
  explain: {
    does:
      'Runs slow_compute to completion and protocol_error_job to failure, sends tasks/cancel for each (an ' +
      'acknowledgement or an error are both accepted), then polls tasks/get twice: each task must still ' +
      'read as it ended, completed or failed.',
    causes: [
      {
        cause: 'The cancel handler sets the status to cancelled without looking at the current one, overwriting a finished task and its result.',
        fix: 'Leave a task that is already completed, failed or cancelled as it is when tasks/cancel arrives; only an unfinished task moves to cancelled.',
        faults: ['ext-cancel-overrides-terminal'],
      },
      {
        cause: 'Only completion is treated as final: the cancel handler guards against a completed task but lets a failed one be relabelled cancelled.',
        fix: 'Test for every terminal status (completed, failed, cancelled) before cancelling.',
        faults: ['ext-cancel-overrides-failed'],
      },
      {
        cause: 'The task reads as another status after the cancel because finished tasks are not kept final in general.',
        fix: 'Refuse every transition out of a terminal status in the task store.',
        faults: ['ext-terminal-reverts'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    let judged = 0;
    for (const { role, status, input } of FINISHED.filter(({ role }) => ctx.facts.fixtures.has(role))) {
      const { tool } = ctx.fixture(role);
      const { task } = await startExtTask(ctx, receiver, role, input());
      const final = await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
      if (final.status !== status) {
        ctx.reportInfo(`the ${tool} task ended "${final.status}", not ${status}; it was not cancelled after its end`);
        continue;
      }
      // The extension names no answer for cancelling a finished task: an acknowledgement and an error are both allowed.
      const reply = await receiver.cancelTask(task.taskId);
      ctx.reportInfo(`tasks/cancel of the ${status} ${tool} task was answered with ${describeReply(reply)}`);
      for (let poll = 0; poll < POLLS_AFTER_CANCEL; poll++) {
        if (poll > 0) await pause(nextExtPollDelay(final, ctx.timing), ctx.signal);
        const now = extTaskOf(await receiver.getTask(task.taskId));
        if (!now) break; // a finished task may be gone: nothing left to change
        judged += 1;
        ctx.require(
          'EXT-LIFECYCLE-TERMINAL-FINAL',
          now.status === status,
          () => `the ${tool} task was ${status} when tasks/cancel came, and then read "${now.status}": a terminal status must not change`,
        );
      }
    }
    if (judged === 0) ctx.skip('no task could be read again after tasks/cancel of it finished, so whether it stayed as it was cannot be told');
  },
});
