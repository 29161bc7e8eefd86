import { UnexpectedReply, defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { pollTask } from '../../../harness/receivers/2025-11-25/waits.js';
import { stageCancelledTask } from './cancelled-task.js';

export default defineCheck({
  id: 'cancellation.stays-cancelled',
  title: 'A cancelled task stays cancelled after its work would have finished',
  suite: 'cancellation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-cancellation',
  cohabits: true,
  requirements: ['TASKS-CANCEL-STAYS-CANCELLED'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'cancel' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 1000, roundTrips: 8 },
  provenBy: ['cancel-not-final'],
  explain: {
    does: 'Cancels a task while its short work still runs, then polls until well past the moment the work would have ended: once "cancelled", it must stay so.',
    causes: [
      {
        cause: 'The work is not stopped, and its completion overwrites "cancelled" with "completed".',
        fix: 'Refuse every status change of a terminal task in the store, and abort the work on cancel.',
        faults: ['cancel-not-final'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // Long enough to be cancelled while working (two round trips), short enough to watch the work's end pass.
    const {
      receiver,
      task,
      reply,
      workMs,
      startedAt: started,
    } = await stageCancelledTask(ctx, 'stays-cancelled', {
      workMs: (stretch) => stretch * ctx.timing.span(400, 3),
    });
    // Judged from the first "cancelled" seen; a late switch to cancelled is cancellation.cancel-working's concern.
    let cancelledSeen = reply.result.status === 'cancelled';
    let reverted: string | undefined;
    // Watched until well past the moment the work would have ended; a receiver may drop a cancelled task meanwhile (TASKS-CANCEL-MAY-DELETE).
    const watchMs = Math.max(0, started + workMs + ctx.timing.span(600, 1) - performance.now());
    const end = await pollTask(
      receiver,
      task.taskId,
      (seen) => {
        if (cancelledSeen && seen.status !== 'cancelled') reverted = `${brief(seen.status)} ${Math.round(performance.now() - started)} ms after creation`;
        cancelledSeen ||= seen.status === 'cancelled';
        return reverted !== undefined;
      },
      { timing: ctx.timing, signal: ctx.signal, timeoutMs: watchMs, deletionAllowed: true, returnAtBound: true },
    );
    if (end.deleted && !cancelledSeen) throw new UnexpectedReply('tasks/get answered -32602 for the task before it had ever reported "cancelled"');
    if (end.deleted) return ctx.reportInfo('the receiver deleted the cancelled task (allowed)');
    if (!ctx.expect('TASKS-CANCEL-STAYS-CANCELLED', reverted === undefined, `expected status "cancelled" to stay (work of ${workMs} ms), got ${reverted} after it had been cancelled`)) return;
    ctx.expect('TASKS-CANCEL-STAYS-CANCELLED', cancelledSeen, `expected the task to report "cancelled" after tasks/cancel, but it never did within ${Math.round(performance.now() - started)} ms`);
  },
});
