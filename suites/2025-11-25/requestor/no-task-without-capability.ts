import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { runRequestorScenario } from './scenario.js';

export default defineCheck({
  id: 'requestor.no-task-without-capability',
  title: 'As a requestor, the client calls no tool as a task on a server that does not declare tasks.requests.tools.call',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation',
  requirements: ['TASKS-TOOL-NO-CAP-NO-TASK'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  // The requestor scenario: the harness's tasks take their polls to finish, as in requestor.polls-until-terminal.
  cost: { waitMs: 1000, roundTrips: 8 },
  provenBy: ['augments-without-server-capability'],
  explain: {
    does:
      'Gives the client under test an endpoint whose initialize result declares tasks.list and tasks.cancel but no ' +
      'tasks.requests.tools.call, while tools/list still shows "required" and "optional" tools, and has it call the tools ' +
      'through the call-tools directive: any tools/call with `task` fails. Leaving a "required" tool uncalled is fine.',
    causes: [
      {
        cause: "The client decides from a tool's `execution.taskSupport` alone and never reads the server's tasks capability.",
        fix: 'Task-augment a tools/call only when the initialize result has `capabilities.tasks.requests.tools.call`; otherwise call plainly (or not at all for a "required" tool).',
        faults: ['augments-without-server-capability'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // The endpoint still lists "required" and "optional" tools and declares tasks.list and tasks.cancel: only tool tasks are missing.
    const { toolCalls } = await runRequestorScenario(ctx, { endpoint: { toolTasks: false } });
    const asTask = (call: (typeof toolCalls)[number]) => typeof call.params.task === 'object' && call.params.task !== null;
    for (const call of toolCalls.filter(asTask)) {
      ctx.expect(
        'TASKS-TOOL-NO-CAP-NO-TASK',
        false,
        `expected ${String(call.params.name)} to be called plainly (the server declared no ` +
          `tasks.requests.tools.call, whatever its taskSupport), got a tools/call with task ` +
          `${JSON.stringify(call.params.task)}`,
      );
    }
    ctx.reportInfo(`the client made ${toolCalls.length} tool call(s): ${toolCalls.map((c) => `${String(c.params.name)}${asTask(c) ? ' (task)' : ''}`).join(', ')}`);
  },
});
