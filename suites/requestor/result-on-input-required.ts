import { defineCheck, type CheckContext } from '../../harness/check.js';
import { HUB_INPUT_TOOL as INPUT_TOOL } from '../../harness/hub-record.js';
import { isTerminal } from '../../harness/receiver.js';
import { runRequestorScenario } from './scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#input-required-status
export default defineCheck({
  id: 'requestor.result-on-input-required',
  title: 'As a requestor, the client calls tasks/result once its task reports input_required, without waiting for the end',
  suite: 'requestor',
  requirements: ['TASKS-INPUT-PREEMPTIVE-RESULT'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 1000, roundTrips: 8 },
  async run(ctx: CheckContext) {
    const { record } = await runRequestorScenario(ctx);
    const inputTasks = record.tasks.filter((task) => task.tool === INPUT_TOOL);
    // A tasks/result already waiting when the status turned is as good as one sent on seeing it.
    const encountered = inputTasks.filter((task) => task.reported.some((poll) => poll.status === 'input_required') || task.resultRequests.some((r) => !isTerminal(r.status)));
    if (encountered.length === 0)
      ctx.skip(
        inputTasks.length === 0
          ? `the client did not call ${INPUT_TOOL} as a task, so no task of it needed input`
          : `the client never saw its ${INPUT_TOOL} task input_required on a tasks/get, nor waited on tasks/result while it was`,
      );
    for (const task of encountered) {
      const seen = task.reported.findIndex((poll) => poll.status === 'input_required');
      ctx.expect(
        'TASKS-INPUT-PREEMPTIVE-RESULT',
        task.resultRequests.some((r) => !isTerminal(r.status)),
        () =>
          `expected a tasks/result for task ${task.taskId} (${INPUT_TOOL}) once tasks/get reported input_required (poll ${seen + 1}), got ${task.resultRequests.length === 0 ? 'none' : 'one only after the task was terminal'}; the client went on with ${task.reported.length - seen - 1} more poll(s) instead`,
      );
    }
  },
});
