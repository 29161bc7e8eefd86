import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation
export default defineCheck({
  id: 'tool-negotiation.task-support-values',
  title: 'Every tool that declares execution.taskSupport uses required, optional or forbidden',
  suite: 'tool-negotiation',
  cohabits: true,
  requirements: ['TASKS-TOOL-TASKSUPPORT-VALUES'],
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
