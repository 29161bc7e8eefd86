import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { driveClient, requestsFor } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.rejects-unsupported-task',
  title: 'The client takes a CreateTaskResult answering tools/list (not a task-capable request) as invalid, never as a task',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation',
  requirements: ['EXT-CAP-CLIENT-REJECTS-UNSUPPORTED'],
  roles: ['client'],
  cost: { waitMs: 1_000, roundTrips: 6 },
  provenBy: ['ext-req-follows-any-task-result'],
  explain: {
    does: 'Answers tools/list, which tasks do not cover, with a CreateTaskResult and requires the client to send no tasks/get, tasks/update or tasks/cancel naming that taskId.',
    causes: [
      {
        cause: 'The task handling sits in the client\'s generic request path, so any answer with `resultType: "task"` is polled, whatever request it answered.',
        fix: 'Accept a CreateTaskResult only for the request types the extension lists (tools/call today); for any other request report an invalid response.',
        faults: ['ext-req-follows-any-task-result'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // The suite breaks a server rule on purpose here: only tools/call may get a task, so this answer is invalid.
    const run = await driveClient(ctx, { tools: ['task'], taskOnToolsList: true });
    const handedOut = run.record.unsupportedTaskIds;
    if (handedOut.length === 0) ctx.skip('the client sent no tools/list declaring the extension, so it was never given a CreateTaskResult for a request tasks do not cover');
    for (const taskId of handedOut) {
      const followed = requestsFor(run, taskId);
      ctx.expect(
        'EXT-CAP-CLIENT-REJECTS-UNSUPPORTED',
        followed.length === 0,
        () =>
          `expected the CreateTaskResult answering tools/list to be taken as an invalid response, got ` +
          `${followed.map((request) => request.method).join(', ')} naming its taskId ${taskId}: the client ` +
          `followed it as a task`,
      );
    }
  },
});
