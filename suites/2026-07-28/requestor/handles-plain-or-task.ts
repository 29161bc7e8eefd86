import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { driveClient, requestsFor, TASK_METHODS, tasksOf } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.handles-plain-or-task',
  title: 'The client copes with a plain CallToolResult and with a CreateTaskResult to tools/call alike',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation',
  requirements: ['EXT-CAP-CLIENT-HANDLES-BOTH'],
  roles: ['client'],
  cost: { waitMs: 1_000, roundTrips: 10 },
  provenBy: ['ext-req-plain-taken-as-task'],
  explain: {
    does:
      'Offers conformance_plain (always a plain CallToolResult) and conformance_task (a CreateTaskResult) ' +
      'and requires the client to ask after no task the server did not create, and to follow the task it ' +
      'did get with tasks/get or tasks/cancel.',
    causes: [
      {
        cause: 'The client assumes that a call declaring the extension always gets a task and reads `taskId` from whatever came back.',
        fix: 'Switch on `resultType`: "task" is a CreateTaskResult to poll, "complete" (or absent) is the tool result itself.',
        faults: ['ext-req-plain-taken-as-task'],
      },
      {
        cause: 'The client returns a CreateTaskResult to its caller as if it were the tool result and never polls.',
        fix: 'Treat `resultType: "task"` as a promise of the result: poll tasks/get until the task is terminal and hand back its inlined `result`.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const run = await driveClient(ctx, { tools: ['plain', 'task'] });
    const calls = run.record.requests.filter((request) => request.method === 'tools/call');
    const plainCalls = calls.filter((request) => request.params.name === 'conformance_plain');
    const tasks = tasksOf(run, 'task');
    if (plainCalls.length === 0 && tasks.length === 0)
      ctx.skip('the client called neither conformance_plain nor conformance_task (with the extension declared), so it never got either kind of answer');
    // A plain result read as a task shows as a task request naming no task at all (the plain result has no taskId).
    const issued = new Set(run.record.tasks.map((task) => task.taskId));
    const requests = run.record.requests.filter((request) => TASK_METHODS.has(request.method));
    const strays = requests.filter((request) => typeof request.params.taskId !== 'string');
    ctx.expect(
      'EXT-CAP-CLIENT-HANDLES-BOTH',
      strays.length === 0,
      () =>
        `expected task requests only for tasks the server created, got ` +
        `${strays.map((request) => `${request.method} with taskId ${JSON.stringify(request.params.taskId ?? null)}`).join(', ')}: ` +
        `the plain CallToolResult of conformance_plain was taken for a task`,
    );
    // A task ID this endpoint never issued may be one the client stored elsewhere: said, not judged.
    for (const request of requests.filter((candidate) => typeof candidate.params.taskId === 'string' && !issued.has(candidate.params.taskId as string))) {
      ctx.noteInTranscript(`${request.method} names task ${String(request.params.taskId)}, which this endpoint never issued; not judged (it may be one the client stored elsewhere)`);
    }
    for (const task of tasks) {
      const followed = requestsFor(run, task.taskId).length > 0;
      // Only a client that exited without ever asking shows it did not handle the task; a slower one may yet poll.
      if (!followed && run.ended !== 'exited') {
        ctx.noteInTranscript(`task ${task.taskId} was not yet asked after when the scenario ended (${run.ended}); not judged`);
        continue;
      }
      ctx.expect(
        'EXT-CAP-CLIENT-HANDLES-BOTH',
        followed,
        `expected the client to follow the CreateTaskResult of conformance_task (task ${task.taskId}) with ` +
          `tasks/get or tasks/cancel, got no request naming it before it exited: the task answer was not ` +
          `handled as a task`,
      );
    }
    ctx.reportInfo(`${plainCalls.length} plain call(s), ${tasks.length} task(s) created`);
  },
});
