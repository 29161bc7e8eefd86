import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#capabilities
export default defineCheck({
  id: 'capabilities.tasks-shape',
  title: 'The declared tasks capability has the structure the schema gives it',
  suite: 'capabilities',
  cohabits: true,
  requirements: ['TASKS-CAP-SHAPE'],
  roles: ['server', 'client'],
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const tasks = receiver.connection.init.capabilities.tasks;
    if (tasks === undefined) ctx.skip('the receiver declares no tasks capability');
    ctx.validate('TASKS-CAP-SHAPE', ctx.facts.role === 'server' ? 'ServerTasksCapability' : 'ClientTasksCapability', tasks, 'capabilities.tasks in the initialize result');
  },
});
