import { defineCheck, type CheckContext } from '../../harness/check.js';
import { describeReply } from '../../harness/describe.js';
import { awaitTerminalStatus } from '../../harness/waits.js';

/** An application error code from JSON-RPC's implementation-defined range, unlikely to be produced by accident. */
const DELIBERATE_ERROR = { code: -32042, message: 'conformance: deliberate failure' };

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-execution-errors
export default defineCheck({
  id: 'result-retrieval.same-error',
  title: 'tasks/result replays the very JSON-RPC error the plain call returns',
  suite: 'result-retrieval',
  requirements: ['TASKS-EXEC-SAME-ERROR', 'TASKS-RESULT-TERMINAL-RETURNS'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'error' },
  ],
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('error');
    const receiver = await ctx.connect();
    const plain = await receiver.invoke(binding, { ...DELIBERATE_ERROR, delayMs: 0 });
    // The fixture contract says the plain call fails; a receiver whose fixture does not cannot be compared.
    if (plain.ok) ctx.skip(`the plain ${binding.tool} request did not fail as the fixture contract asks (it answered ${describeReply(plain)}), so there is no error to compare with`);
    const { task } = await receiver.startTask(binding, { ...DELIBERATE_ERROR, delayMs: 0 }, { task: { ttl: 60_000 } });
    await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    const fromTask = await receiver.taskResult(task.taskId);
    const same = !fromTask.ok && fromTask.error.code === plain.error.code && fromTask.error.message === plain.error.message;
    ctx.expect('TASKS-EXEC-SAME-ERROR', same, `expected tasks/result to return the plain call's error ${plain.error.code} "${plain.error.message}", got ${describeReply(fromTask)}`);
  },
});
