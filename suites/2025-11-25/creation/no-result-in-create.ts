import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Fields of a CallToolResult (or another operation result) that must not leak into the CreateTaskResult. */
const RESULT_FIELDS = ['content', 'structuredContent', 'isError', 'model', 'role', 'action'];

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#creating-tasks
export default defineCheck({
  id: 'creation.no-result-in-create',
  title: 'The CreateTaskResult carries task data only, not the operation result',
  suite: 'creation',
  cohabits: true,
  requirements: ['TASKS-CREATE-NO-RESULT'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { reply } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('no-result'), delayMs: 0 }, { task: { ttl: 60_000 } });
    const leaked = RESULT_FIELDS.filter((field) => field in reply.result || field in (reply.result.task as object));
    ctx.expect('TASKS-CREATE-NO-RESULT', leaked.length === 0, `expected only task data in the CreateTaskResult, got result field(s) ${leaked.join(', ')}`);
  },
});
