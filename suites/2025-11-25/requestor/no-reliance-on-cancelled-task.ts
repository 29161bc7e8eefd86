import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { runRequestorScenario } from './scenario.js';

export default defineCheck({
  id: 'requestor.no-reliance-on-cancelled-task',
  title: 'As a requestor, the client copes with a task deleted right after it cancelled it',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-cancellation',
  requirements: ['TASKS-CANCEL-REQUESTOR-NO-RELY'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 300, roundTrips: 8 },
  provenBy: ['relies-on-cancelled-task'],
  explain: {
    does:
      'Gives the client the call-tools directive with `cancelTasks`; the suite acknowledges each tasks/cancel and deletes the ' +
      'task at once, as a receiver may. The client must still answer the directive like echo: one that answers with an error ' +
      '(or never) because the cancelled task was gone is warned. A client that sends no tasks/cancel skips.',
    causes: [
      {
        cause: 'After cancelling, the client looks the task up (tasks/get or tasks/result) and treats the -32602 for a deleted task as a failure.',
        fix: 'Fetch what you need before cancelling; after tasks/cancel, treat an unknown task as the end of it.',
        faults: ['relies-on-cancelled-task'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // The endpoint drops each task as soon as it has acknowledged its cancel, as a receiver may.
    const { record, reply } = await runRequestorScenario(ctx, { cancelTasks: true, endpoint: { deleteCancelled: true } });
    const cancelled = record.tasks.filter((task) => task.cancelRequests > 0);
    if (cancelled.length === 0) ctx.skip(`the client sent tasks/cancel for none of the ${record.tasks.length} task(s) it created: it does not follow cancelTasks of the call-tools directive`);
    ctx.expect(
      'TASKS-CANCEL-REQUESTOR-NO-RELY',
      reply.ok,
      () =>
        `expected the client to finish the directive once it had cancelled ${cancelled.length} task(s), ` +
        `which the server then deleted (a receiver may); got ${describeReply(reply)}: it counted on a ` +
        `cancelled task being kept`,
    );
  },
});
