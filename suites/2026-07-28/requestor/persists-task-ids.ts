import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { driveClient, TERMINAL_STATUSES } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.persists-task-ids',
  title: 'Ended mid-task and started again, the client resumes polling the task it had',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-polling',
  requirements: ['EXT-POLL-PERSIST-IDS'],
  roles: ['client'],
  cost: { waitMs: 2_000, roundTrips: 12 },
  provenBy: ['ext-req-forgets-tasks'],
  explain: {
    does:
      'Ends the client at its first tasks/get of a task that completes only when polled later, starts it ' +
      'again with the same URL, environment and MCP_CONFORMANCE_STATE_DIR, and warns unless the second ' +
      'start polls that task.',
    causes: [
      {
        cause: 'The client keeps the task IDs it follows in memory only.',
        fix: 'Write each task ID to durable storage when the CreateTaskResult arrives and remove it once the task is terminal; at start, resume polling what is stored.',
        faults: ['ext-req-forgets-tasks'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // The task completes only once polled by the second start, so it is unfinished when the first is ended.
    const run = await driveClient(ctx, { tools: ['task'], completeAfterRestart: true }, { restartAfterFirstPoll: true });
    if (run.restartedAt === undefined) ctx.skip('the client never polled a task with tasks/get, so it was not ended mid-task and started again');
    const restartedAt = run.restartedAt;
    const unfinished = run.record.tasks.filter((task) => task.createdAt < restartedAt && !task.reported.some((report) => report.at < restartedAt && TERMINAL_STATUSES.has(report.status)));
    if (unfinished.length === 0) ctx.skip('every task of the first start had ended before the restart');
    for (const task of unfinished) {
      const resumed = run.record.requests.some((request) => request.run === 2 && request.params.taskId === task.taskId);
      // A second start still busy when the scenario ended may resume later: only a finished one shows it forgot.
      if (!resumed && run.ended === 'bound') ctx.skip(`the client, started again, had not asked after task ${task.taskId} when the scenario's bound passed, and had not finished either`);
      ctx.expect(
        'EXT-POLL-PERSIST-IDS',
        resumed,
        `expected the client, started again, to resume polling task ${task.taskId} it had before it was ended, got no request naming it from the second start`,
      );
    }
  },
});
