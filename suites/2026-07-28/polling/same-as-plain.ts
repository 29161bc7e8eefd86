import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-polling.same-as-plain',
  title: "A task's inlined result, or error, is what the same call made without a task answers",
  suite: 'ext-polling',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-execution-errors',
  requirements: ['EXT-EXEC-SAME-RESULT', 'EXT-EXEC-SAME-ERROR'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: 10, awaitsWork: 2 },
  provenBy: ['ext-error-differs', 'ext-result-differs'],
  explain: {
    does:
      'Calls slow_compute and protocol_error_job once from a requestor without the extension (answered ' +
      "inline) and once as tasks, and requires the completed task's inlined result to have the same " +
      "content and isError as the plain answer, and the failed task's error the same code as the plain " +
      'error.',
    causes: [
      {
        cause: "The task runner rewraps the tool result (adds a note, reformats the text) before storing it, so the task's result is not what the call itself returns.",
        fix: 'Store the CallToolResult the tool produced, untouched, and inline exactly that as `result`.',
        faults: ['ext-result-differs'],
      },
      {
        cause: 'A failure inside the task runner is recorded as a generic server error instead of the error the work raised.',
        fix: "Keep the JSON-RPC error the underlying request produced (code, message, data) and inline it as the failed task's `error`.",
        faults: ['ext-error-differs'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // The plain call comes from a requestor without the extension: the server may run it inline or refuse it.
    const plain = await ctx.connect({ extension: false, label: 'plain' });
    const tasked = await ctx.connect({ label: 'task' });
    let compared = 0;

    // The same arguments both ways: slow_compute's text depends only on them.
    const input = { seconds: 0, label: uniqueText('same') };
    const inline = await plain.callFixture(ctx.fixture('slow'), input);
    if (answeredInline(ctx, inline, 'slow_compute')) {
      const { task } = await startExtTask(ctx, tasked, 'slow', input);
      const final = await awaitExtTerminal(tasked, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
      // A completed task without a result object is ext-polling.completed-inlines-result's to judge.
      const inlinedResult = typeof final.result === 'object' && final.result !== null;
      if (final.status === 'completed' && inline.ok && inlinedResult) {
        compared += 1;
        ctx.expect(
          'EXT-EXEC-SAME-RESULT',
          sameContent(final.result, inline.result),
          () => `slow_compute's task inlined result ${brief(final.result)}, but the same call made without a task answered ${brief(inline.result)}`,
        );
      } else ctx.reportInfo(`the slow_compute task ended "${final.status}"${inlinedResult ? '' : ' without a result object'}, so its result was not compared`);
    }

    if (ctx.facts.fixtures.has('protocolError')) {
      const failed = await plain.callFixture(ctx.fixture('protocolError'), {});
      if (answeredInline(ctx, failed, 'protocol_error_job') && !failed.ok) {
        const { task } = await startExtTask(ctx, tasked, 'protocolError', {});
        const final = await awaitExtTerminal(tasked, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
        const error = final.error as Record<string, unknown> | undefined;
        if (final.status === 'failed' && typeof error === 'object' && error !== null) {
          compared += 1;
          ctx.expect(
            'EXT-EXEC-SAME-ERROR',
            error.code === failed.error.code,
            () => `protocol_error_job's task inlined error code ${brief(error.code)}, but the same call made without a task failed with ${failed.error.code}`,
          );
          // Messages may carry what changes from run to run (a time, an id): compared for information only.
          if (error.message !== failed.error.message) ctx.reportInfo(`the error messages differ: the task's ${brief(error.message)}, the plain call's ${brief(failed.error.message)}`);
        } else ctx.reportInfo(`the protocol_error_job task ended "${final.status}"; its error is judged by ext-polling.failed-inlines-error`);
      }
    }
    if (compared === 0) ctx.skip('no call could be compared: without the extension the server refused the fixtures (its choice), or their tasks did not end as their contract says');
  },
});

/** Whether the call without the extension was served inline (a result or the work's own error), not refused for the extension. */
function answeredInline(ctx: CheckContext, reply: RpcReply, tool: string): boolean {
  if (reply.ok && reply.result.resultType !== 'task' && reply.result.resultType !== 'input_required') return true;
  // -32021: the server serves this tool only as a task, which the extension allows.
  if (!reply.ok && reply.error.code !== -32021) return true;
  ctx.reportInfo(`${tool} without the extension was answered with ${describeReply(reply)}, so it has no plain answer to compare`);
  return false;
}

/** The content and isError of two CallToolResults, the rest (resultType, _meta) aside. */
function sameContent(inlined: unknown, plain: Record<string, unknown>): boolean {
  if (typeof inlined !== 'object' || inlined === null) return false;
  const task = inlined as Record<string, unknown>;
  return JSON.stringify(task.content) === JSON.stringify(plain.content) && Boolean(task.isError) === Boolean(plain.isError);
}
