import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { expectedOneOf } from '../../../harness/model/describe.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';

export default defineCheck({
  id: 'execution-errors.rpc-error-failed',
  title: 'Work that ends in a JSON-RPC error leaves the task "failed"',
  suite: 'execution-errors',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-execution-errors',
  cohabits: true,
  requirements: ['TASKS-EXEC-RPC-ERROR-FAILED'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'error' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['error-task-completed'],
  explain: {
    does: 'Starts a task on the error fixture, whose work ends in a JSON-RPC error, and waits for its end: the task should be "failed". Anything else is warned.',
    causes: [
      {
        cause: 'The error is caught and the task marked "completed" (or left working).',
        fix: 'End the task "failed" when its work throws, and store the error for tasks/result.',
        faults: ['error-task-completed'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('error'), { code: -32042, message: 'conformance: deliberate failure', delayMs: 0 }, { task: { ttl: 60_000 } });
    const final = await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    ctx.expect('TASKS-EXEC-RPC-ERROR-FAILED', final.status === 'failed', expectedOneOf(['"failed"'], `"${String(final.status)}"`));
  },
});
