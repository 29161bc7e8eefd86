import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief } from '../../../harness/model/describe.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';

export default defineCheck({
  id: 'ext-polling.failed-inlines-error',
  title: 'tasks/get of a failed task carries the JSON-RPC error in `error`, and a statusMessage',
  suite: 'ext-polling',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-execution-errors',
  requirements: ['EXT-GET-FAILED-ERROR', 'EXT-EXEC-FAILED-ERROR', 'EXT-EXEC-FAILED-STATUS-MESSAGE'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'protocolError' }],
  cost: { awaitsWork: 1 },
  provenBy: ['ext-failed-without-error', 'ext-failed-without-status-message'],
  explain: {
    does:
      'Starts protocol_error_job as a task and polls tasks/get until it is terminal. The task must end ' +
      '`failed` with `error` holding the JSON-RPC error (an integer code and a message); a missing or ' +
      'empty `statusMessage` is a warning.',
    causes: [
      {
        cause: 'The failure is recorded as a status only: tasks/get says `failed` but the error that caused it is kept internally or dropped.',
        fix: 'Keep the JSON-RPC error object the work ended with and return it as `error` in every tasks/get answer (and notifications/tasks) of the failed task.',
        faults: ['ext-failed-without-error'],
      },
      {
        cause: 'The error is stored as a string or an Error instance, so `error` arrives as text or without its numeric code.',
        fix: 'Serialise the error the way a JSON-RPC error response carries it: `{"code": -32603, "message": "…", "data"?: …}`.',
      },
      {
        cause: 'Only `error` is set; `statusMessage` stays empty (a warning).',
        fix: 'When moving a task to failed, also set `statusMessage` to a short human-readable account of what went wrong.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
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
