import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { runRequestorScenario } from './scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation
export default defineCheck({
  id: 'requestor.no-task-without-capability',
  title: 'As a requestor, the client calls no tool as a task on a server that does not declare tasks.requests.tools.call',
  suite: 'requestor',
  requirements: ['TASKS-TOOL-NO-CAP-NO-TASK'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  // The requestor scenario: the harness's tasks take their polls to finish, as in requestor.polls-until-terminal.
  cost: { waitMs: 1000, roundTrips: 8 },
  async run(ctx: CheckContext) {
    // The hub still lists "required" and "optional" tools and declares tasks.list and tasks.cancel: only tool tasks are missing.
    const { toolCalls } = await runRequestorScenario(ctx, { hub: { toolTasks: false } });
    const asTask = (call: (typeof toolCalls)[number]) => typeof call.params.task === 'object' && call.params.task !== null;
    for (const call of toolCalls.filter(asTask)) {
      ctx.expect(
        'TASKS-TOOL-NO-CAP-NO-TASK',
        false,
        `expected ${String(call.params.name)} to be called plainly (the server declared no tasks.requests.tools.call, whatever its taskSupport), got a tools/call with task ${JSON.stringify(call.params.task)}`,
      );
    }
    ctx.reportInfo(`the client made ${toolCalls.length} tool call(s): ${toolCalls.map((c) => `${String(c.params.name)}${asTask(c) ? ' (task)' : ''}`).join(', ')}`);
  },
});
