import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { isTerminal } from '../../../harness/receivers/2025-11-25/receiver.js';
import { runRequestorScenario } from './scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#getting-tasks
export default defineCheck({
  id: 'requestor.polls-after-result-cut',
  title: 'As a requestor, the client goes back to polling a task once its pending tasks/result was cut off',
  suite: 'requestor',
  requirements: ['TASKS-GET-KEEP-POLLING'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 1000, roundTrips: 8 },
  async run(ctx: CheckContext) {
    // The hub drops the HTTP response of each task's first tasks/result that arrives before the end, unanswered.
    const { record } = await runRequestorScenario(ctx, { hub: { cutResult: true } });
    const cut = record.tasks.filter((task) => task.resultCutAt !== undefined);
    if (cut.length === 0) ctx.skip(`the client sent no tasks/result while one of its ${record.tasks.length} task(s) still ran, so none could be cut off`);
    for (const task of cut) {
      const after = (at: number) => at > task.resultCutAt!;
      // Followed again: polled to the end (or input_required), or waiting on a new tasks/result.
      const resumed = task.reported.some((poll) => after(poll.at) && (isTerminal(poll.status) || poll.status === 'input_required')) || task.resultRequests.some((r) => after(r.at));
      const polls = task.reported.filter((poll) => after(poll.at)).length;
      ctx.expect(
        'TASKS-GET-KEEP-POLLING',
        resumed,
        `expected the client to poll task ${task.taskId} (${task.tool}) again once its tasks/result was cut off unanswered (no longer waiting on it), until the task's end; got ${polls} poll(s) after the cut and no new tasks/result`,
      );
    }
  },
});
