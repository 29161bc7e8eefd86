import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { HUB_INPUT_TOOL as INPUT_TOOL } from '../../../harness/wire/2025-11-25/hub-record.js';
import { isTerminal } from '../../../harness/receivers/2025-11-25/receiver.js';
import { runRequestorScenario } from './scenario.js';
import { runServerRequestorScenario } from './server-scenario.js';

interface InputTask {
  taskId: string;
  what: string;
  reported: readonly { status: string }[];
  resultRequests: readonly { status: string }[];
}

/** The tasks that turned input_required: of the hub's input tool for a client, of every ask for a server. */
async function inputTasks(ctx: CheckContext): Promise<{ who: string; tasks: InputTask[]; none: string }> {
  if (ctx.facts.role === 'server') {
    const { tasks } = await runServerRequestorScenario(ctx, { inputRequired: true });
    const none = 'the server sent its request without a task, so no task of it needed input (augmenting is its choice)';
    return { who: 'server', tasks: tasks.map((task) => ({ ...task, what: task.method })), none };
  }
  const { record } = await runRequestorScenario(ctx);
  const tasks = record.tasks.filter((task) => task.tool === INPUT_TOOL);
  return { who: 'client', tasks: tasks.map((task) => ({ ...task, what: INPUT_TOOL })), none: `the client did not call ${INPUT_TOOL} as a task, so no task of it needed input` };
}

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#input-required-status
export default defineCheck({
  id: 'requestor.result-on-input-required',
  title: 'As a requestor, the client (or server) calls tasks/result once its task reports input_required, without waiting for the end',
  suite: 'requestor',
  requirements: ['TASKS-INPUT-PREEMPTIVE-RESULT'],
  roles: ['client', 'server'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 1000, roundTrips: 8 },
  async run(ctx: CheckContext) {
    const { who, tasks, none } = await inputTasks(ctx);
    // A tasks/result already waiting when the status turned is as good as one sent on seeing it.
    const encountered = tasks.filter((task) => task.reported.some((poll) => poll.status === 'input_required') || task.resultRequests.some((r) => !isTerminal(r.status)));
    if (encountered.length === 0) ctx.skip(tasks.length === 0 ? none : `the ${who} never saw its task input_required on a tasks/get, nor waited on tasks/result while it was`);
    for (const task of encountered) {
      const seen = task.reported.findIndex((poll) => poll.status === 'input_required');
      ctx.expect(
        'TASKS-INPUT-PREEMPTIVE-RESULT',
        task.resultRequests.some((r) => !isTerminal(r.status)),
        () =>
          `expected a tasks/result for task ${task.taskId} (${task.what}) once tasks/get reported input_required (poll ${seen + 1}), got ${task.resultRequests.length === 0 ? 'none' : 'one only after the task was terminal'}; the ${who} went on with ${task.reported.length - seen - 1} more poll(s) instead`,
      );
    }
  },
});
