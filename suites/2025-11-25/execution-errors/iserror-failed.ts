import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { expectedOneOf } from '../../../harness/model/describe.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { MCP_FRAMEWORK } from '../explain-words.js';

export default defineCheck({
  id: 'execution-errors.iserror-failed',
  title: 'A tool result with isError true leaves the task "failed"',
  suite: 'execution-errors',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-execution-errors',
  cohabits: true,
  requirements: ['TASKS-EXEC-ISERROR-FAILED'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'fail' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['iserror-task-completed'],
  explain: {
    does: 'Starts a task on the fail fixture, whose tool result has `isError: true`, and waits for its end: the task should be "failed". Anything else is warned.',
    causes: [
      {
        cause: 'The task is marked "completed" because the tool returned without throwing.',
        fix: 'When the CallToolResult has `isError: true`, end the task "failed" (and keep the result for tasks/result).',
        seenIn: MCP_FRAMEWORK,
        faults: ['iserror-task-completed'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('fail'), { text: uniqueText('iserror'), delayMs: 0 }, { task: { ttl: 60_000 } });
    const final = await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    ctx.expect('TASKS-EXEC-ISERROR-FAILED', final.status === 'failed', expectedOneOf(['"failed"'], `"${String(final.status)}"`));
  },
});
