import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { declaresExtension, HEADER_MISMATCH } from '../../../harness/wire/2026-07-28/envelope.js';
import type { ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

// https://modelcontextprotocol.io/extensions/tasks/specification#streamable-http-routing-headers
export default defineCheck({
  id: 'ext-http.routing-headers-validated',
  title: 'HTTP: a mismatched Mcp-Name (the taskId of tasks/get, the tool of tools/call) is refused with 400 and -32020',
  suite: 'ext-http',
  requirements: ['EXT-BASE-HEADER-VALIDATION'],
  // The tools/call header applies to every modern HTTP server; the task's header needs a task to name.
  needs: [
    { kind: 'transport', transport: 'http' },
    { kind: 'fixture', role: 'slow' },
  ],
  cost: { roundTrips: 5 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connectModern();
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
