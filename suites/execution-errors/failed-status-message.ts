import { defineCheck, type CheckContext } from '../../harness/check.js';
import { brief } from '../../harness/describe.js';
import { awaitTerminalStatus, uniqueText } from '../../harness/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-execution-errors
export default defineCheck({
  id: 'execution-errors.failed-status-message',
  title: 'A failed task explains itself in statusMessage',
  suite: 'execution-errors',
  requirements: ['TASKS-EXEC-FAILED-STATUS-MESSAGE'],
  roles: ['server', 'client'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }, { kind: 'fixture', role: 'fail' }],
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('fail'), { text: uniqueText('status-message'), delayMs: 0 }, { task: { ttl: 60_000 } });
    const final = await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    if (final.status !== 'failed') ctx.skip(`the isError task ended "${String(final.status)}", not "failed", so there is no failed task to inspect (execution-errors.iserror-failed reports that)`);
    ctx.expect('TASKS-EXEC-FAILED-STATUS-MESSAGE', typeof final.statusMessage === 'string' && final.statusMessage.trim() !== '', `expected a non-empty statusMessage on the failed task, got ${brief(final.statusMessage)}`);
  },
});
