import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';

export default defineCheck({
  id: 'ext-polling.completed-inlines-result',
  title: 'tasks/get of a completed task carries the tool result in `result`',
  suite: 'ext-polling',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#response',
  requirements: ['EXT-GET-COMPLETED-RESULT'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { awaitsWork: 1 },
  provenBy: ['ext-completed-without-result'],
  explain: {
    does: 'Starts slow_compute as a task, polls tasks/get until it is terminal and, when it completed, requires the tool result inlined as `result` (an object with a content array).',
    causes: [
      {
        cause: 'The server still keeps results for a separate tasks/result call, as 2025-11-25 did, and answers tasks/get with the status alone.',
        fix: 'Store the CallToolResult with the task and put it in the `result` field of every tasks/get answer (and notifications/tasks) once the task is completed.',
        faults: ['ext-completed-without-result'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 0, label: 'inline' });
    const final = await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
    if (final.status !== 'completed') ctx.skip(`the slow_compute task ended "${final.status}", not completed; nothing to judge`);
    const result = final.result;
    ctx.expect(
      'EXT-GET-COMPLETED-RESULT',
      typeof result === 'object' && result !== null && !Array.isArray(result),
      () => `the completed task's tasks/get answer has result ${JSON.stringify(result)}, not the tool's result object`,
    );
    if (typeof result === 'object' && result !== null)
      ctx.expect('EXT-GET-COMPLETED-RESULT', Array.isArray((result as Record<string, unknown>).content), 'the inlined result is not a CallToolResult: it has no content array');
  },
});
