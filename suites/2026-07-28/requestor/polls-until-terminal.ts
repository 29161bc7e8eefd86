import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { clientWasDone, driveClient, followedToEnd, STILL_FOLLOWING, tasksOf } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.polls-until-terminal',
  title: 'The client polls each task it got until tasks/get shows it terminal, unless it cancels it',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-polling',
  requirements: ['EXT-POLL-UNTIL-TERMINAL'],
  roles: ['client'],
  cost: { waitMs: 1_500, roundTrips: 8 },
  provenBy: ['ext-req-stops-polling-at-working'],
  explain: {
    does: 'Gives a task that stays working for three polls and requires the client to poll it until a tasks/get shows it completed (or to cancel it).',
    causes: [
      {
        cause: 'The client polls once and then waits for a notification that, without a subscription, never comes.',
        fix: 'Keep polling at pollIntervalMs until the status is completed, failed or cancelled; treat notifications as a way to learn sooner, not as a replacement.',
        faults: ['ext-req-stops-polling-at-working'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const run = await driveClient(ctx, { tools: ['task'] });
    const tasks = tasksOf(run, 'task');
    if (tasks.length === 0) ctx.skip('the client did not call conformance_task with the extension declared, so it got no task to follow');
    const judged = tasks.filter((task) => followedToEnd(task) || clientWasDone(run, task));
    if (judged.length === 0) ctx.skip(STILL_FOLLOWING);
    for (const task of judged) {
      const last = task.reported[task.reported.length - 1];
      ctx.expect(
        'EXT-POLL-UNTIL-TERMINAL',
        followedToEnd(task),
        `expected the client to poll task ${task.taskId} until it was completed, failed or cancelled (or to ` +
          `cancel it), got ${task.reported.length} poll(s), the last showing ` +
          `${last ? `"${last.status}"` : 'nothing'}, and then no more`,
      );
    }
  },
});
