import { defineCheck, type CheckContext } from '../../harness/check.js';
import { isTerminal } from '../../harness/receiver.js';
import { runRequestorScenario } from './scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-notification
export default defineCheck({
  id: 'requestor.keeps-polling-with-notifications',
  title: 'As a requestor, the client goes on polling a task after a status notification of it arrives',
  suite: 'requestor',
  requirements: ['TASKS-NOTIFY-KEEP-POLLING'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  // The requestor scenario: the harness's tasks take their polls to finish, as in requestor.polls-until-terminal.
  cost: { waitMs: 1000, roundTrips: 8 },
  async run(ctx: CheckContext) {
    // The hub answers each task's first tasks/get after sending a status notification saying it still works.
    const { record } = await runRequestorScenario(ctx, { hub: { notifyStatus: true } });
    const notified = record.tasks.filter((task) => task.notifiedAt !== undefined);
    if (notified.length === 0) ctx.skip(`the client polled none of its ${record.tasks.length} task(s) while working, so no status notification was sent`);
    for (const task of notified) {
      const last = task.reported[task.reported.length - 1];
      // Polling may end at a terminal status or at input_required, or give way to a waiting tasks/result.
      const followed = task.resultAsked || task.reported.some((poll) => isTerminal(poll.status) || poll.status === 'input_required') || task.status === 'cancelled';
      const pollsAfter = task.reported.filter((poll) => poll.at > task.notifiedAt!).length;
      ctx.expect(
        'TASKS-NOTIFY-KEEP-POLLING',
        followed,
        () =>
          `expected the client to go on polling task ${task.taskId} (${task.tool}) after its status notification (status working) until it was terminal, or to wait on tasks/result; got ${pollsAfter} poll(s) after it${last ? `, the last answered "${last.status}"` : ''}, then nothing: the status notification is a hint, not a replacement for tasks/get`,
      );
    }
  },
});
