import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { ENDPOINT_INPUT_TOOL as INPUT_TOOL } from '../../../harness/wire/2025-11-25/client-record.js';
import { isTerminal } from '../../../harness/receivers/2025-11-25/receiver.js';
import { runRequestorScenario } from './scenario.js';
import { runServerRequestorScenario } from './server-scenario.js';
import { EXT_TASKS } from '../explain-words.js';

interface InputTask {
  taskId: string;
  what: string;
  reported: readonly { status: string }[];
  resultRequests: readonly { status: string }[];
}

/** The tasks that turned input_required: of the endpoint's input tool for a client, of every ask for a server. */
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

export default defineCheck({
  id: 'requestor.result-on-input-required',
  title: 'As a requestor, the client (or server) calls tasks/result once its task reports input_required, without waiting for the end',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#input-required-status',
  requirements: ['TASKS-INPUT-PREEMPTIVE-RESULT'],
  roles: ['client', 'server'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 1000, roundTrips: 8 },
  provenBy: ['ask-input-required-not-fetched', 'input-required-not-fetched', 'stops-polling-at-input-required'],
  explain: {
    does:
      'Through the call-tools directive, has the client under test call the suite\'s conformance_input tool ("required"), ' +
      'whose task turns input_required after a short while and stays so until a tasks/result arrives or three more polls ' +
      'pass. Once a tasks/get has reported input_required, the client should call tasks/result before the task ends; one ' +
      'that only polls on is warned. A client that never saw the status is skipped. A server under test is asked through ' +
      'the ask fixture instead: the task the suite makes of its request turns input_required at the first poll and stays ' +
      'so until a tasks/result waits (or three more polls pass).',
    causes: [
      {
        cause: 'The client treats input_required like working and goes on polling, so the input the server needs is never asked for.',
        fix: 'On input_required, call tasks/result at once: the server delivers its requests for input through it (and it returns the result at the end).',
        seenIn: EXT_TASKS,
        faults: ['input-required-not-fetched'],
      },
      {
        cause: "The server's helper that follows a client task polls until a terminal status and only then fetches the result, so the client's request for input waits for nothing.",
        fix: 'Stop polling at input_required and call tasks/result, which carries the input requests and then the result.',
        faults: ['ask-input-required-not-fetched'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { who, tasks, none } = await inputTasks(ctx);
    // A tasks/result already waiting when the status turned is as good as one sent on seeing it.
    const encountered = tasks.filter((task) => task.reported.some((poll) => poll.status === 'input_required') || task.resultRequests.some((r) => !isTerminal(r.status)));
    if (encountered.length === 0) ctx.skip(tasks.length === 0 ? none : `the ${who} never saw its task input_required on a tasks/get, nor waited on tasks/result while it was`);
    for (const task of encountered) {
      const seen = task.reported.findIndex((poll) => poll.status === 'input_required');
      // Three more polls that ignored the status show the requestor's choice; a task ended before them by the time it
      // is given (no tasks/result in time) is a verdict of that bound, which a loaded run checks again alone.
      const polledOn = task.reported.length - seen - 1 >= 3;
      (polledOn ? ctx.expect.bind(ctx) : ctx.expectWithinBound.bind(ctx))(
        'TASKS-INPUT-PREEMPTIVE-RESULT',
        task.resultRequests.some((r) => !isTerminal(r.status)),
        () =>
          `expected a tasks/result for task ${task.taskId} (${task.what}) once tasks/get reported ` +
          `input_required (poll ${seen + 1}), got ` +
          `${task.resultRequests.length === 0 ? 'none' : 'one only after the task was terminal'}; the ${who} ` +
          `went on with ${task.reported.length - seen - 1} more poll(s) instead`,
      );
    }
  },
});
