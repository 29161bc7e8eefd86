import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { clientWasDone, driveClient, followedToEnd, STILL_FOLLOWING, tasksOf } from './drive.js';

// https://modelcontextprotocol.io/extensions/tasks/specification#task-polling
export default defineCheck({
  id: 'ext-requestor.polls-until-terminal',
  title: 'The client polls each task it got until tasks/get shows it terminal, unless it cancels it',
  suite: 'ext-requestor',
  requirements: ['EXT-POLL-UNTIL-TERMINAL'],
  roles: ['client'],
  cost: { waitMs: 1_500, roundTrips: 8 },
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
        `expected the client to poll task ${task.taskId} until it was completed, failed or cancelled (or to cancel it), got ${task.reported.length} poll(s), the last showing ${last ? `"${last.status}"` : 'nothing'}, and then no more`,
      );
    }
  },
});
