import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { clientWasDone, driveClient, STILL_FOLLOWING, tasksOf, TERMINAL_STATUSES } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.observes-after-update',
  title: 'After a tasks/update the client keeps polling the task until it is terminal',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-update-requests',
  requirements: ['EXT-UPDATE-CLIENT-KEEPS-OBSERVING'],
  roles: ['client'],
  cost: { waitMs: 2_000, roundTrips: 12 },
  provenBy: ['ext-req-stops-after-update'],
  explain: {
    does: 'Gives a task that asks for input and completes once answered, and requires the client to poll it after its tasks/update until a tasks/get shows it terminal.',
    causes: [
      {
        cause: "The client takes the tasks/update acknowledgement for the task's end and stops following it.",
        fix: 'The acknowledgement only says the answers were received: go on polling until the task is terminal and read the result from tasks/get.',
        faults: ['ext-req-stops-after-update'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const run = await driveClient(ctx, { tools: ['input'], inputRounds: 1 });
    const updated = tasksOf(run, 'input').filter((task) => task.updates.length > 0);
    if (updated.length === 0) ctx.skip('the client sent no tasks/update, so there is nothing after one to judge');
    const ended = (task: (typeof updated)[number]) =>
      task.cancelRequests > 0 || task.reported.some((report) => report.at > task.updates[task.updates.length - 1].at && TERMINAL_STATUSES.has(report.status));
    const judged = updated.filter((task) => ended(task) || clientWasDone(run, task));
    if (judged.length === 0) ctx.skip(STILL_FOLLOWING);
    for (const task of judged) {
      const lastUpdate = task.updates[task.updates.length - 1].at;
      const after = task.reported.filter((report) => report.at > lastUpdate);
      ctx.expect(
        'EXT-UPDATE-CLIENT-KEEPS-OBSERVING',
        ended(task),
        `expected the client to keep polling task ${task.taskId} after its tasks/update until it was ` +
          `terminal, got ${after.length} tasks/get after ` +
          `it${after.length > 0 ? `, the last showing "${after[after.length - 1].status}"` : ''}`,
      );
    }
  },
});
