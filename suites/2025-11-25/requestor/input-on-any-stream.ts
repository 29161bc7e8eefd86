import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { ENDPOINT_INPUT_TOOL as INPUT_TOOL } from '../../../harness/wire/2025-11-25/client-record.js';
import { runRequestorScenario } from './scenario.js';

export default defineCheck({
  id: 'requestor.input-on-any-stream',
  title: "As a requestor, the client answers its task's input request when the server sends it on the GET stream",
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#input-required-status',
  requirements: ['TASKS-INPUT-ANY-STREAM'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 1000, roundTrips: 8 },
  provenBy: ['input-only-on-result-stream'],
  explain: {
    does:
      'Gives the client the call-tools directive on an endpoint that, when the task of conformance_input turns ' +
      'input_required, sends the client an elicitation/create naming the task (related-task `_meta`) on its HTTP GET stream, ' +
      'not inside an answer. The client must answer it (any answer); one that leaves it unanswered for 5 s is warned.',
    causes: [
      {
        cause: "The client handles a task's input requests only when they arrive on the SSE stream of its tasks/result request.",
        fix: 'Route every incoming request alike, whichever stream carried it; the GET stream included.',
        faults: ['input-only-on-result-stream'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    if (ctx.facts.capabilities.elicitation === undefined) ctx.skip('the client declares no elicitation capability, so the server cannot ask it for input');
    // When its task turns input_required, the endpoint sends elicitation/create (naming the task) outside any answer: on the GET stream.
    const { record } = await runRequestorScenario(ctx, { endpoint: { askInput: true } });
    const asked = record.tasks.filter((task) => task.tool === INPUT_TOOL && task.inputAnswered !== undefined);
    if (asked.length === 0)
      ctx.skip(`no task of ${INPUT_TOOL} reached input_required (the client called it ${record.tasks.some((task) => task.tool === INPUT_TOOL) ? 'as a task, which it ended first' : 'not as a task'})`);
    for (const task of asked) {
      ctx.expect(
        'TASKS-INPUT-ANY-STREAM',
        await task.inputAnswered!,
        `expected the client to answer the elicitation/create for its task ${task.taskId} (${INPUT_TOOL}) ` +
          `that arrived on the HTTP GET stream, got no answer: input for a task may come on any stream, not ` +
          `only in tasks/result's`,
      );
    }
  },
});
