import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { brief } from '../../../harness/model/describe.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';

// https://modelcontextprotocol.io/extensions/tasks/specification#task-execution-errors
export default defineCheck({
  id: 'ext-polling.failed-inlines-error',
  title: 'tasks/get of a failed task carries the JSON-RPC error in `error`, and a statusMessage',
  suite: 'ext-polling',
  requirements: ['EXT-GET-FAILED-ERROR', 'EXT-EXEC-FAILED-ERROR', 'EXT-EXEC-FAILED-STATUS-MESSAGE'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'protocolError' }],
  cost: { awaitsWork: 1 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connectModern();
    const { task } = await startExtTask(ctx, receiver, 'protocolError', {});
    const final = await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
    // The fixture's work ends in a JSON-RPC error (-32603 when called without the extension): its task must fail.
    ctx.require('EXT-EXEC-FAILED-ERROR', final.status === 'failed', () => `protocol_error_job's work ends in a JSON-RPC error, so its task should end "failed"; it ended "${final.status}"`);
    const error = final.error;
    const inlined = typeof error === 'object' && error !== null && !Array.isArray(error);
    const missing = () => `tasks/get of the failed task has error ${error === undefined ? 'missing' : brief(error)}, not the JSON-RPC error object`;
    // Both the polling rule (a failed task carries its error) and the execution-error rule (it must include it) say so.
    ctx.expect('EXT-EXEC-FAILED-ERROR', inlined, missing);
    ctx.require('EXT-GET-FAILED-ERROR', inlined, missing);
    const { code, message } = error as Record<string, unknown>;
    ctx.expect('EXT-EXEC-FAILED-ERROR', Number.isInteger(code), () => `the failed task's error.code is ${brief(code)}, not a JSON-RPC error code (an integer)`);
    ctx.expect('EXT-EXEC-FAILED-ERROR', typeof message === 'string', () => `the failed task's error.message is ${brief(message)}, not a string`);
    if (Number.isInteger(code) && code !== -32603) ctx.reportInfo(`the failed task's error code is ${String(code)}; the fixture contract has protocol_error_job fail with -32603`);
    const statusMessage = final.statusMessage;
    ctx.expect(
      'EXT-EXEC-FAILED-STATUS-MESSAGE',
      typeof statusMessage === 'string' && statusMessage.trim() !== '',
      () => `tasks/get of the failed task has statusMessage ${statusMessage === undefined ? 'missing' : brief(statusMessage)}, not a text saying what went wrong`,
    );
  },
});
