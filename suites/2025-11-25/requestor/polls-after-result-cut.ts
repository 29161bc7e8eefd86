import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { isTerminal } from '../../../harness/receivers/2025-11-25/receiver.js';
import { runRequestorScenario } from './scenario.js';

export default defineCheck({
  id: 'requestor.polls-after-result-cut',
  title: 'As a requestor, the client goes back to polling a task once its pending tasks/result was cut off',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#getting-tasks',
  requirements: ['TASKS-GET-KEEP-POLLING'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 1000, roundTrips: 8 },
  provenBy: ['no-polling-after-result-cut'],
  explain: {
    does:
      'Gives the client the call-tools directive on an endpoint that cuts off (drops the HTTP response of) the first ' +
      'tasks/result of each task sent before the task ends, never answering it. The client is then no longer waiting on ' +
      'tasks/result, so it should poll the task again until its end (or send a new tasks/result); one that gives the task ' +
      'up is warned. A client that never calls tasks/result before the end (conformance_input makes it) skips.',
    causes: [
      {
        cause: 'A tasks/result that fails below JSON-RPC (a dropped connection) ends the following of the task, as if it had answered.',
        fix: 'Treat a tasks/result cut off without an answer as "not waiting any more": poll tasks/get again, or ask for the result anew.',
        faults: ['no-polling-after-result-cut'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // The endpoint drops the HTTP response of each task's first tasks/result that arrives before the end, unanswered.
    const { record } = await runRequestorScenario(ctx, { endpoint: { cutResult: true } });
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
        `expected the client to poll task ${task.taskId} (${task.tool}) again once its tasks/result was cut ` +
          `off unanswered (no longer waiting on it), until the task's end; got ${polls} poll(s) after the cut ` +
          `and no new tasks/result`,
      );
    }
  },
});
