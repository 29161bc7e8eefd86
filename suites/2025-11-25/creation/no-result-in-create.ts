import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Fields of a CallToolResult (or another operation result) that must not leak into the CreateTaskResult. */
const RESULT_FIELDS = ['content', 'structuredContent', 'isError', 'model', 'role', 'action'];

export default defineCheck({
  id: 'creation.no-result-in-create',
  title: 'The CreateTaskResult carries task data only, not the operation result',
  suite: 'creation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#creating-tasks',
  cohabits: true,
  requirements: ['TASKS-CREATE-NO-RESULT'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  provenBy: ['create-includes-result'],
  explain: {
    does:
      'Starts an instant echo task and inspects the CreateTaskResult: neither it nor its `task` may hold fields of the operation ' +
      'result (content, structuredContent, isError, or the fields of a sampling or elicitation result).',
    causes: [
      {
        cause: "The work's result is merged into the CreateTaskResult, typically because the work finished first and both went out together.",
        fix: 'Send only `{task}` (and `_meta`) on creation; the result travels through tasks/result alone.',
        faults: ['create-includes-result'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { reply } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('no-result'), delayMs: 0 }, { task: { ttl: 60_000 } });
    const leaked = RESULT_FIELDS.filter((field) => field in reply.result || field in (reply.result.task as object));
    ctx.expect('TASKS-CREATE-NO-RESULT', leaked.length === 0, `expected only task data in the CreateTaskResult, got result field(s) ${leaked.join(', ')}`);
  },
});
