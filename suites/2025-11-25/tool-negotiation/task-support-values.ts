import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';

export default defineCheck({
  id: 'tool-negotiation.task-support-values',
  title: 'Every tool that declares execution.taskSupport uses required, optional or forbidden',
  suite: 'tool-negotiation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation',
  cohabits: true,
  requirements: ['TASKS-TOOL-TASKSUPPORT-VALUES'],
  provenBy: ['task-support-invalid-value'],
  explain: {
    does:
      'Lists every tool (following the pages of tools/list) and validates the `execution` object of each tool that has one: ' +
      '`taskSupport`, when present, must be one of "required", "optional" and "forbidden". When no tool declares ' +
      '`execution` there is no value to judge, and the check skips.',
    causes: [
      {
        cause: 'A misspelt or invented value ("sometimes", "Required") or a boolean in `execution.taskSupport`.',
        fix: 'Use one of the three strings exactly; leave `execution` out for a tool that never runs as a task.',
        faults: ['task-support-invalid-value'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    if (ctx.facts.tools.length === 0) ctx.skip('the receiver lists no tools');
    const receiver = await ctx.connect();
    const tools = await receiver.listAllTools();
    const declaring = tools.filter((tool) => tool.execution !== undefined);
    // Nothing declares a taskSupport value: there is no value to judge, so the check cannot pass on it.
    if (declaring.length === 0) ctx.skip(`none of the ${tools.length} tool(s) the receiver lists declares execution, so no taskSupport value was there to judge`);
    for (const tool of declaring) ctx.validate('TASKS-TOOL-TASKSUPPORT-VALUES', 'ToolExecution', tool.execution, `the execution of tool ${tool.name}`);
    ctx.reportInfo(`${declaring.length} tool(s) declare execution`);
  },
});
