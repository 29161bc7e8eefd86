import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { runRequestorScenario } from './scenario.js';

export default defineCheck({
  id: 'requestor.cancels-with-tasks-cancel',
  title: 'As a requestor told to cancel its tasks, the client sends tasks/cancel, never notifications/cancelled',
  suite: 'requestor',
  // The schema's CancelledNotification (schema#cancellednotification) is not for tasks: tasks/cancel is.
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-cancellation',
  requirements: ['TASKS-CANCEL-NOT-BY-NOTIFICATION'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 300, roundTrips: 8 },
  provenBy: ['cancels-by-notification'],
  explain: {
    does:
      'Gives the client under test the call-tools directive with `cancelTasks`: it calls the tools as their taskSupport ' +
      'permits and cancels each task it creates instead of following it. Each cancel must be a tasks/cancel naming the task; ' +
      'a notifications/cancelled naming the tools/call that created a task fails. A client that cancels nothing skips.',
    causes: [
      {
        cause: "The client's abort path sends notifications/cancelled for the request that created the task, as it would for a plain request.",
        fix: 'Once a request has been answered with a CreateTaskResult, cancel it with tasks/cancel and the taskId; keep notifications/cancelled for requests still in flight.',
        faults: ['cancels-by-notification'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { record } = await runRequestorScenario(ctx, { cancelTasks: true });
    const cancelled = record.tasks.filter((task) => task.cancelRequests > 0 || task.cancelledByNotification);
    if (cancelled.length === 0) ctx.skip(`the client cancelled none of the ${record.tasks.length} task(s) it created: it does not follow cancelTasks of the call-tools directive`);
    for (const task of cancelled.filter((candidate) => candidate.cancelledByNotification)) {
      ctx.expect(
        'TASKS-CANCEL-NOT-BY-NOTIFICATION',
        false,
        `expected task ${task.taskId} (${task.tool}) to be cancelled with tasks/cancel, got a ` +
          `notifications/cancelled naming the tools/call that created ` +
          `it${task.cancelRequests > 0 ? ' (besides a tasks/cancel)' : ''}`,
      );
    }
    ctx.reportInfo(`the client cancelled ${cancelled.length} task(s), ${cancelled.filter((task) => task.cancelRequests > 0).length} with tasks/cancel`);
  },
});
