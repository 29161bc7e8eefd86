import { defineCheck, type CheckContext } from '../../harness/check.js';
import { isTerminal } from '../../harness/receiver.js';
import { runServerRequestorScenario } from './server-scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#getting-tasks
export default defineCheck({
  id: 'requestor.polls-until-terminal',
  title: "As a requestor, the server follows the client's task until it is terminal, without waiting for status notifications",
  suite: 'requestor',
  requirements: ['TASKS-GET-POLL-UNTIL-TERMINAL'],
  roles: ['server'],
  needs: [{ kind: 'fixture', role: 'ask' }],
  cost: { waitMs: 1000, roundTrips: 8 },
  async run(ctx: CheckContext) {
    const { tasks } = await runServerRequestorScenario(ctx);
    if (tasks.length === 0) ctx.skip('the server sent its request to this task-capable client without a task, so it had no task to follow (augmenting is its choice)');
    for (const task of tasks) {
      // It learned the end from a poll, waited for it on tasks/result, or ended the task itself.
      const followed = task.resultAsked || task.reported.some((poll) => isTerminal(poll.status)) || task.status === 'cancelled';
      const last = task.reported[task.reported.length - 1];
      ctx.expect(
        'TASKS-GET-POLL-UNTIL-TERMINAL',
        followed,
        () =>
          `expected the server to poll tasks/get until task ${task.taskId} (${task.method}) was terminal, or to wait for it on tasks/result; got ${task.reported.length} poll(s)${last ? `, the last answered "${last.status}"` : ''}, then nothing about the task after it completed (the client sent no status notifications)`,
      );
    }
  },
});
