import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { runRequestorScenario } from './scenario.js';

const TASK_SUPPORT: Record<string, string> = {
  conformance_required: 'required',
  conformance_forbidden: 'forbidden',
  conformance_plain: 'absent',
  conformance_echo: 'optional',
  conformance_input: 'required',
};

export default defineCheck({
  id: 'requestor.honours-task-support',
  title: 'As a requestor, the client calls "required" tools as tasks and never "forbidden" or execution-less tools as tasks',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation',
  requirements: ['TASKS-TOOL-REQUIRED-TASK', 'TASKS-TOOL-FORBIDDEN-NO-TASK'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  // The requestor scenario: the harness's tasks take their polls to finish, as in requestor.polls-until-terminal.
  cost: { waitMs: 1000, roundTrips: 8 },
  provenBy: ['required-called-plainly', 'task-support-ignored'],
  explain: {
    does:
      "Through the call-tools directive, has the client under test call the suite's tools, then looks at each tools/call it " +
      'sent: "required" tools (conformance_required, conformance_input) must be called as tasks, "forbidden" tools and ' +
      'tools without `execution` never. A client that called only "optional" tools gave nothing to judge: the check skips.',
    causes: [
      {
        cause: 'The client task-augments every call (or none), whatever `execution.taskSupport` tools/list gave.',
        fix: 'Read each tool\'s taskSupport: "required", always with `task`; "optional", either way; "forbidden" or absent, never.',
        faults: ['task-support-ignored'],
      },
      {
        cause: 'The client treats "required" like "optional" and, by its own policy, calls the tool plainly; the server then refuses the call.',
        fix: 'Always send `task` for a tool whose taskSupport is "required" (on a server that declares tasks.requests.tools.call).',
        faults: ['required-called-plainly'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { toolCalls } = await runRequestorScenario(ctx);
    // Only calls of a tool whose taskSupport binds the requestor are judged; "optional" ones are free either way.
    const judged = toolCalls.filter((call) => ['required', 'forbidden', 'absent'].includes(TASK_SUPPORT[String(call.params.name)] ?? ''));
    if (judged.length === 0)
      ctx.skip(
        `the client called none of the tools whose taskSupport binds it (conformance_required, ` +
          `conformance_input, conformance_forbidden, conformance_plain), only ` +
          `${[...new Set(toolCalls.map((c) => String(c.params.name)))].join(', ')}; the client fixture ` +
          `contract has it call each conformance_ tool`,
      );
    for (const call of judged) {
      const name = String(call.params.name);
      const asTask = typeof call.params.task === 'object' && call.params.task !== null;
      const support = TASK_SUPPORT[name];
      if (support === 'required') ctx.expect('TASKS-TOOL-REQUIRED-TASK', asTask, `expected ${name} (taskSupport "required") to be called with a task, got a plain tools/call`);
      if (support === 'forbidden' || support === 'absent')
        ctx.expect(
          'TASKS-TOOL-FORBIDDEN-NO-TASK',
          !asTask,
          `expected ${name} (taskSupport ${support === 'absent' ? 'absent' : '"forbidden"'}) to be called plainly, got a tools/call with task ${JSON.stringify(call.params.task)}`,
        );
    }
    ctx.reportInfo(`the client made ${toolCalls.length} tool call(s): ${toolCalls.map((c) => `${String(c.params.name)}${c.params.task ? ' (task)' : ''}`).join(', ')}`);
  },
});
