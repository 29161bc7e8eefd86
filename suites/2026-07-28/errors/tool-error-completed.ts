import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief } from '../../../harness/model/describe.js';
import { isExtTerminal } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { awaitReadable } from '../../../harness/receivers/2026-07-28/tasks.js';

export default defineCheck({
  id: 'ext-errors.tool-error-completed',
  title: 'A tool that ends with isError true leaves its task completed with that result, never failed',
  suite: 'ext-errors',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-execution-errors',
  requirements: ['EXT-EXEC-TOOL-ERROR-NOT-FAILED', 'EXT-EXEC-TOOL-ERROR-COMPLETED'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'failing' }],
  cost: { awaitsWork: 1 },
  provenBy: ['ext-tool-error-failed'],
  explain: {
    does: 'Runs failing_job as a task (its tool result has isError true) and polls it to its end: it must end completed, not failed, and its result must carry isError true.',
    causes: [
      {
        cause: 'Any unsuccessful outcome is mapped to "failed", including tool results that report an error, often with the tool text turned into a JSON-RPC error.',
        fix: 'Keep "failed" for JSON-RPC errors thrown by the request; a CallToolResult with isError true completes the task with that result as it is.',
        faults: ['ext-tool-error-failed'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await startExtTask(ctx, receiver, 'failing', {});
    const first = await awaitReadable(ctx, receiver, task);
    const final = isExtTerminal(first.status) ? first : await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
    if (final.status === 'cancelled') ctx.skip(`the ${ctx.fixture('failing').tool} task ended "cancelled" without being asked to; nothing to judge about how its tool error is reported`);
    const what = `${ctx.fixture('failing').tool} returns a tool result with isError true, yet its task ended "${final.status}"${final.error !== undefined ? ` with error ${brief(final.error)}` : ''}`;
    ctx.expect('EXT-EXEC-TOOL-ERROR-NOT-FAILED', final.status !== 'failed', () => `${what}; "failed" is kept for JSON-RPC errors, and a tool error is none`);
    ctx.require('EXT-EXEC-TOOL-ERROR-COMPLETED', final.status === 'completed', () => `${what}; expected "completed" with the tool result in result`);
    const result = final.result as Record<string, unknown> | undefined;
    // Whether a completed task inlines its result at all is ext-polling.completed-inlines-result's concern.
    if (typeof result !== 'object' || result === null) ctx.skip(`the completed task's tasks/get answer has no result object (${brief(result)}); nothing to say whether it carries the tool error`);
    ctx.expect(
      'EXT-EXEC-TOOL-ERROR-COMPLETED',
      result.isError === true,
      () => `the completed ${ctx.fixture('failing').tool} task's result does not carry the tool error (isError is ${brief(result.isError)}): ${brief(result)}`,
    );
  },
});
