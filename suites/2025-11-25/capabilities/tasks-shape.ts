import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';

export default defineCheck({
  id: 'capabilities.tasks-shape',
  title: 'The declared tasks capability has the structure the schema gives it',
  suite: 'capabilities',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#capabilities',
  cohabits: true,
  requirements: ['TASKS-CAP-SHAPE'],
  roles: ['server', 'client'],
  provenBy: ['capability-shape-invalid'],
  explain: {
    does:
      'Opens a connection and validates the `tasks` object of the capabilities in the initialize result against the schema for ' +
      "the receiver's role. Skips when the receiver declares no `tasks` capability at all.",
    causes: [
      {
        cause: '`list` or `cancel` is declared as `true` (or another non-object) instead of an empty object.',
        fix: 'Declare every leaf as an object: `"tasks": {"list": {}, "cancel": {}, "requests": {"tools": {"call": {}}}}`.',
        faults: ['capability-shape-invalid'],
      },
      {
        cause: 'The request types are nested wrongly, e.g. `requests: {"tools/call": {}}`, or a client declares `tools.call`.',
        fix: 'Nest by method segments: a server declares `requests.tools.call`, a client `requests.sampling.createMessage` and `requests.elicitation.create`.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const tasks = receiver.connection.init.capabilities.tasks;
    if (tasks === undefined) ctx.skip('the receiver declares no tasks capability');
    ctx.validate('TASKS-CAP-SHAPE', ctx.facts.role === 'server' ? 'ServerTasksCapability' : 'ClientTasksCapability', tasks, 'capabilities.tasks in the initialize result');
  },
});
