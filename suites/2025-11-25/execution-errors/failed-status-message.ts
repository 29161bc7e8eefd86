import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'execution-errors.failed-status-message',
  title: 'A failed task explains itself in statusMessage',
  suite: 'execution-errors',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-execution-errors',
  cohabits: true,
  requirements: ['TASKS-EXEC-FAILED-STATUS-MESSAGE'],
  roles: ['server', 'client'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }],
  cost: { awaitsWork: 1 },
  provenBy: ['failed-without-status-message'],
  explain: {
    does:
      'Makes a task fail (the fail fixture, or the error fixture where there is none) and reads its final record: a failed ' +
      'task should explain itself in a non-empty statusMessage. Skips when the task does not end "failed"; the two checks ' +
      'above report that.',
    causes: [
      {
        cause: 'statusMessage is never set when a task fails.',
        fix: "Set statusMessage to the error's message, or to the text of the isError result.",
        faults: ['failed-without-status-message'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // An isError tool result makes a failed task on a server; a client's failed task comes from an error answer.
    const role = ctx.facts.fixtures.has('fail') ? 'fail' : 'error';
    const binding = ctx.fixture(role);
    const input = role === 'fail' ? { text: uniqueText('status-message'), delayMs: 0 } : { code: -32042, message: 'conformance: deliberate failure', delayMs: 0 };
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(binding, input, { task: { ttl: 60_000 } });
    const final = await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    if (final.status !== 'failed') ctx.skip(`the ${role} task ended "${String(final.status)}", not "failed", so there is no failed task to inspect (the execution-errors checks report that)`);
    ctx.expect(
      'TASKS-EXEC-FAILED-STATUS-MESSAGE',
      typeof final.statusMessage === 'string' && final.statusMessage.trim() !== '',
      `expected a non-empty statusMessage on the failed task, got ${brief(final.statusMessage)}`,
    );
  },
});
