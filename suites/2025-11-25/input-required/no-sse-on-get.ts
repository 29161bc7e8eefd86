import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { MCP_FRAMEWORK, SERVER_EVERYTHING } from '../explain-words.js';

export default defineCheck({
  id: 'input-required.no-sse-on-get',
  title: 'Over Streamable HTTP, tasks/get is answered as plain JSON, not upgraded to an SSE stream',
  suite: 'input-required',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#input-required-status',
  cohabits: true,
  requirements: ['TASKS-INPUT-NO-SSE-ON-GET'],
  roles: ['server'],
  needs: [
    { kind: 'transport', transport: 'http' },
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['sse-on-get'],
  explain: {
    does:
      'Over Streamable HTTP, polls tasks/get while an echo task works and again once it is done, and looks at how each ' +
      'answer came: it should be `application/json`, not an SSE stream. An SSE answer is warned.',
    causes: [
      {
        cause: 'The HTTP transport answers every POST with a `text/event-stream`.',
        fix: 'Answer plain requests with JSON: in the TypeScript SDK, `enableJsonResponse: true` on StreamableHTTPServerTransport; in mcp-framework, its JSON response mode.',
        seenIn: `${SERVER_EVERYTHING}; ${MCP_FRAMEWORK}`,
        faults: ['sse-on-get'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('no-sse'), delayMs: ctx.timing.scaled(300) }, { task: { ttl: 60_000 } });
    // Both while the task works and once it is done: a receiver may upgrade only while work is pending.
    for (const moment of ['while working', 'after it finished']) {
      if (moment === 'after it finished') await receiver.taskResult(task.taskId);
      const reply = await receiver.getTask(task.taskId);
      // How an error came is no answer to judge: tasks/get owes the task (task-data.valid-everywhere judges that).
      if (!reply.ok) ctx.unmet('TASKS-TASK-SHAPE', `tasks/get for task ${task.taskId} ${moment} should return the task; got ${describeReply(reply)}`);
      const delivery = receiver.deliveryOf(reply);
      ctx.expect('TASKS-INPUT-NO-SSE-ON-GET', delivery !== 'sse', `expected tasks/get ${moment} to be answered with Content-Type application/json, got an SSE stream (text/event-stream)`);
    }
  },
});
