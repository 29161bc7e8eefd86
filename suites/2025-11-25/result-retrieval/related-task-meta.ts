import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { relatedTaskIdOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { MCP_FRAMEWORK, EXT_TASKS, RELATED_TASK_FIX } from '../explain-words.js';

export default defineCheck({
  id: 'result-retrieval.related-task-meta',
  title: 'The tasks/result response names its task in the related-task _meta',
  suite: 'result-retrieval',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#related-task-metadata',
  cohabits: true,
  requirements: ['TASKS-META-RESULT-INCLUDES'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['result-honours-meta-task', 'result-missing-related-meta'],
  explain: {
    does: 'Runs an instant echo task to its end and fetches tasks/result: the response must name the task in ' + '`_meta["io.modelcontextprotocol/related-task"].taskId`.',
    causes: [
      {
        cause: 'The stored result is returned as it is, without the related-task `_meta`.',
        fix: `In the tasks/result handler, ${RELATED_TASK_FIX}.`,
        seenIn: `${MCP_FRAMEWORK}; ${EXT_TASKS}`,
        faults: ['result-missing-related-meta'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('related'), delayMs: 0 }, { task: { ttl: 60_000 } });
    await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    const reply = await receiver.taskResult(task.taskId);
    // No result, no _meta to judge: a finished task's tasks/result owes its outcome (result-retrieval.same-as-plain-call judges it).
    if (!reply.ok) ctx.unmet('TASKS-RESULT-TERMINAL-RETURNS', `tasks/result of the completed task should answer with its result; got ${describeReply(reply)}`);
    const related = relatedTaskIdOf(reply.result);
    ctx.expect('TASKS-META-RESULT-INCLUDES', related === task.taskId, `expected _meta["io.modelcontextprotocol/related-task"].taskId = ${task.taskId}, got ${brief(related)}`);
  },
});
