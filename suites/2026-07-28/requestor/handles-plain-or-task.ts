import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { driveClient, requestsFor, TASK_METHODS, tasksOf } from './drive.js';

// https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation
export default defineCheck({
  id: 'ext-requestor.handles-plain-or-task',
  title: 'The client copes with a plain CallToolResult and with a CreateTaskResult to tools/call alike',
  suite: 'ext-requestor',
  requirements: ['EXT-CAP-CLIENT-HANDLES-BOTH'],
  roles: ['client'],
  cost: { waitMs: 1_000, roundTrips: 10 },
  async run(ctx: CheckContext) {
    const run = await driveClient(ctx, { tools: ['plain', 'task'] });
    const calls = run.record.requests.filter((request) => request.method === 'tools/call');
    const plainCalls = calls.filter((request) => request.params.name === 'conformance_plain');
    const tasks = tasksOf(run, 'task');
    if (plainCalls.length === 0 && tasks.length === 0)
      ctx.skip('the client called neither conformance_plain nor conformance_task (with the extension declared), so it never got either kind of answer');
    // A plain result read as a task shows as a task request naming no task the server handed out.
    const issued = new Set(run.record.tasks.map((task) => task.taskId));
    const strays = run.record.requests.filter((request) => TASK_METHODS.has(request.method) && !issued.has(request.params.taskId as string));
    ctx.expect(
      'EXT-CAP-CLIENT-HANDLES-BOTH',
      strays.length === 0,
      () =>
        `expected task requests only for tasks the server created, got ${strays.map((request) => `${request.method} of taskId ${JSON.stringify(request.params.taskId)}`).join(', ')}: the plain CallToolResult of conformance_plain was taken for a task`,
    );
    for (const task of tasks) {
      ctx.expect(
        'EXT-CAP-CLIENT-HANDLES-BOTH',
        requestsFor(run, task.taskId).length > 0,
        `expected the client to follow the CreateTaskResult of conformance_task (task ${task.taskId}) with tasks/get or tasks/cancel, got no request naming it: the task answer was not handled as a task`,
      );
    }
    ctx.info(`${plainCalls.length} plain call(s), ${tasks.length} task(s) created`);
  },
});
