import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import type { ReceivedNotification } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { pollTask, progressAfterEnd, type TaskObservation } from '../../../harness/receivers/2025-11-25/waits.js';
import { isTerminal } from '../../../harness/receivers/2025-11-25/receiver.js';

const STEPS = 3;
const LONG_STEPS = 40;

export default defineCheck({
  id: 'progress.stops-at-terminal',
  title: "A task's progress notifications stop once it is terminal: after it completed, and after it was cancelled",
  suite: 'progress',
  // Progress for tasks stops at a terminal status.
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress#behavior-requirements',
  // Alone on its process: a receiver that reports one call's progress under another call's token (mcp-framework
  // over stdio) would hide this check's evidence behind a neighbour's, and a half without evidence goes unjudged.
  cohabits: false,
  requirements: ['TASKS-PROGRESS-STOP-AT-TERMINAL'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'progress' },
  ],
  cost: { waitMs: 700, roundTrips: 8 },
  provenBy: ['cancel-keeps-running', 'cancel-not-final', 'progress-after-completion'],
  explain: {
    does:
      'Starts two progress tasks with progressTokens: one of three steps, whose end tasks/result awaits, and one of forty, ' +
      'cancelled once the first has ended (where tasks.cancel is declared). After the tasks/result answer, and after the ' +
      'tasks/cancel answer (or the terminal status notification, when it comes later on the stream ' +
      'progress travels on), past a burst of backlog within half an interval over HTTP (none on stdio’s one ordered stream), at most one progress ' +
      'notification (one in flight) may arrive for each task.',
    causes: [
      {
        cause: 'The work reports progress after the task has completed (a final "100%" step sent after the result was stored).',
        fix: 'Send every progress notification before the task turns terminal, and none after.',
        faults: ['progress-after-completion'],
      },
      {
        cause: 'Cancelling marks the task cancelled but the work, and its progress notifications, go on.',
        fix: 'Stop the work on tasks/cancel (abort its signal) and drop the progress callback of a terminal task.',
        faults: ['cancel-keeps-running', 'cancel-not-final'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // No shorter than a round trip, so at most one notification can be on its way when the task turns terminal.
    const intervalMs = Math.max(ctx.timing.scaled(50), ctx.timing.allowanceMs);
    // Long enough for a notification sent at the end to arrive, and for three sent after it to show.
    const watchMs = ctx.timing.span(5 * intervalMs, 1);
    const receiver = await ctx.connect();
    const done = uniqueText('progress-done');
    const cancelled = uniqueText('progress-cancelled');
    const tokenIs = (token: string) => (n: ReceivedNotification) => n.method === 'notifications/progress' && n.params.progressToken === token;
    const canCancel = (ctx.facts.capabilities.tasks as Record<string, unknown> | undefined)?.cancel !== undefined;
    const start = (token: string, steps: number) => receiver.startTask(ctx.fixture('progress'), { steps, intervalMs }, { meta: { progressToken: token }, task: { ttl: 60_000 } });
    const finishing = await start(done, STEPS);
    // tasks/result answers as the task turns terminal, so what follows its answer came after the end.
    const outcome = await receiver.taskResult(finishing.task.taskId, { timeoutMs: ctx.timing.requestTimeoutMs + STEPS * intervalMs });
    // A tasks/result answered before the end (an error) does not place it; the first poll that shows the task
    // terminal does, later than the end itself, which only shortens what is counted. Either way the finished task's
    // work is over before the long one starts, so a receiver that mixes up its calls' tokens cannot pass the one's
    // progress off as the other's.
    const polls: TaskObservation[] = [];
    if (!outcome.ok) {
      const options = { timing: ctx.timing, signal: ctx.signal, observations: polls, returnAtBound: true, deletionAllowed: true };
      await pollTask(receiver, finishing.task.taskId, (task) => isTerminal(task.status), options);
    }
    const endAt = outcome.ok ? outcome.receivedAt : polls.find((poll) => isTerminal(poll.task.status))?.at;
    // The two ends are judged apart: an end that cannot be placed leaves the cancellation to watch.
    const endUnplaced =
      endAt !== undefined ? undefined : `tasks/result of the finished progress task answered ${describeReply(outcome)} and no tasks/get showed it terminal, so its end cannot be placed`;
    // One task at a time, so the check holds no more of the receiver's task slots than any other; the long one runs
    // only where it can be cancelled, so none is left working behind the check.
    const running = canCancel ? await start(cancelled, LONG_STEPS) : undefined;
    // Cancelled once its work is under way (its first step seen, or a round trip gone by).
    if (running) await receiver.waitForNotification((n) => tokenIs(cancelled)(n), ctx.timing.span(intervalMs, 1));
    const cancel = running ? await receiver.cancelTask(running.task.taskId) : undefined;
    // A part is judged only where the task's progress was seen to flow before its end: silence proves nothing else.
    const seenBefore = (token: string, at: number) => receiver.notifications('notifications/progress').some((n) => tokenIs(token)(n) && n.receivedAt <= at);
    const endUnseen = endUnplaced ?? (seenBefore(done, endAt!) ? undefined : 'no progress notification of the finished task arrived before its end was seen');
    const cancelUnwatched =
      cancel?.ok && !seenBefore(cancelled, cancel.receivedAt)
        ? 'no progress notification of the running task arrived before it was cancelled'
        : cancel?.ok
          ? undefined
          : cancel
            ? `tasks/cancel of the running task was refused (${describeReply(cancel)})`
            : 'the receiver declares no tasks.cancel';
    if (endUnseen && cancelUnwatched) ctx.skip(`${endUnseen}; ${cancelUnwatched}`);
    const ordered = ctx.facts.transport === 'stdio';
    const [afterEnd, afterCancel] = await Promise.all([
      !endUnseen ? progressAfterEnd(receiver, { token: done, taskId: finishing.task.taskId, answeredAt: endAt!, intervalMs, watchMs, ordered }) : Promise.resolve(0),
      cancel?.ok && running && !cancelUnwatched
        ? progressAfterEnd(receiver, { token: cancelled, taskId: running.task.taskId, answeredAt: cancel.receivedAt, intervalMs, watchMs, ordered })
        : Promise.resolve(0),
    ]);
    if (endUnseen) ctx.reportInfo(`${endUnseen}; only cancellation was watched`);
    if (cancelUnwatched) ctx.reportInfo(`${cancelUnwatched}; only completion was watched`);
    // Past the backlog (see progressAfterEnd), one notification may still have been on its way.
    ctx.expect(
      'TASKS-PROGRESS-STOP-AT-TERMINAL',
      afterEnd <= 1,
      `expected no progress notifications (one in flight at most) after the task completed, got ` +
        `${afterEnd} in the ${watchMs} ms after its end (its tasks/result answer or the first tasks/get ` +
        `showing it terminal, or its terminal status notification when later)`,
    );
    ctx.expect(
      'TASKS-PROGRESS-STOP-AT-TERMINAL',
      afterCancel <= 1,
      `expected no progress notifications (one in flight at most) after the task was cancelled, got ` +
        `${afterCancel} in the ${watchMs} ms after its end (the tasks/cancel answer, or its cancelled status ` +
        `notification when later; one every ${intervalMs} ms before it)`,
    );
  },
});
