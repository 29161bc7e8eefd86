import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { declaresExtension, HEADER_MISMATCH } from '../../../harness/wire/2026-07-28/envelope.js';
import type { ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-http.routing-headers-validated',
  title: 'HTTP: a mismatched Mcp-Name (the taskId of tasks/get, the tool of tools/call) is refused with 400 and -32020',
  suite: 'ext-http',
  spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#server-validation',
  requirements: ['EXT-BASE-HEADER-VALIDATION'],
  // The tools/call header applies to every modern HTTP server; the task's header needs a task to name.
  needs: [
    { kind: 'transport', transport: 'http' },
    { kind: 'fixture', role: 'slow' },
  ],
  cost: { roundTrips: 5 },
  provenBy: ['ext-ignores-routing-headers'],
  explain: {
    does:
      'Over Streamable HTTP, sends tasks/get for a working task with an Mcp-Name naming another task, and ' +
      'a tools/call whose Mcp-Name names another tool: each must be refused with status 400 and error ' +
      '-32020. A tasks/get without Mcp-Name is sent too and its answer noted, not judged (only clients are ' +
      'told to send it).',
    causes: [
      {
        cause:
          'The server routes and executes from the body alone and never compares Mcp-Name with params.taskId ' +
          'or params.name, so a load balancer routing on the header could send a request to the wrong place ' +
          'unnoticed.',
        fix: 'Before serving, require Mcp-Name for tools/call and the task methods, decode a `=?base64?...?=` value, compare it with the body field and answer 400 with -32020 on any difference.',
        faults: ['ext-ignores-routing-headers'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const binding = ctx.fixture('slow');
    // A mismatched tool call that a server does run only computes for 0 s.
    const wrongTool = `not-${binding.tool}`;
    judge(
      ctx,
      receiver,
      `tools/call of ${binding.tool} with Mcp-Name "${wrongTool}"`,
      await receiver.callFixture(binding, { seconds: 0, label: uniqueText('routing') }, { headers: { 'mcp-name': wrongTool } }),
    );
    if (!declaresExtension(ctx.facts.capabilities)) {
      ctx.reportInfo('server/discover lists no tasks extension, so the routing headers of tasks/get were not tried');
      return;
    }
    const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 1, label: uniqueText('routing') });
    const other = uniqueText('another-task');
    judge(ctx, receiver, `tasks/get for task ${task.taskId} with Mcp-Name "${other}"`, await receiver.getTask(task.taskId, { headers: { 'mcp-name': other } }));
    // Only the extension asks for Mcp-Name on task methods, and it asks clients: a server may serve one without it.
    const bare = await receiver.getTask(task.taskId, { headers: { 'mcp-name': null } });
    ctx.reportInfo(`tasks/get for task ${task.taskId} without Mcp-Name was answered with HTTP status ${receiver.exchange(bare)?.status ?? 'unknown'} and ${describeReply(bare)} (not judged)`);
    await receiver.cancelTask(task.taskId);
  },
});

function judge(ctx: CheckContext, receiver: ExtReceiver, what: string, reply: RpcReply): void {
  const status = receiver.exchange(reply)?.status;
  const refused = !reply.ok && reply.error.code === HEADER_MISMATCH;
  ctx.expect(
    'EXT-BASE-HEADER-VALIDATION',
    refused && status === 400,
    () => `${what} was answered with HTTP status ${status ?? 'unknown'} and ${describeReply(reply)}; expected status 400 with error ${HEADER_MISMATCH} (HeaderMismatch)`,
  );
}
