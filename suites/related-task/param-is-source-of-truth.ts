import { defineCheck, type CheckContext } from '../../harness/check.js';
import { describeReply } from '../../harness/describe.js';
import { tasksCapability } from '../../harness/preconditions.js';
import { RELATED_TASK_META, isTerminal, taskOf } from '../../harness/receiver.js';
import { awaitTerminalStatus, uniqueText } from '../../harness/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#associating-task-related-messages
export default defineCheck({
  id: 'related-task.param-is-source-of-truth',
  title: "tasks/get answers about params.taskId even when the request's related-task _meta names another task",
  suite: 'related-task',
  requirements: ['TASKS-META-PARAM-SOURCE-OF-TRUTH'],
  roles: ['server', 'client'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }, { kind: 'fixture', role: 'echo' }],
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    const receiver = await ctx.connect();
    // Two tasks told apart by their status too: A still working, B completed.
    const { task: a } = await receiver.startTask(binding, { text: uniqueText('truth-a'), delayMs: ctx.timing.scaled(5_000) }, { task: { ttl: 60_000 } });
    const { task: b } = await receiver.startTask(binding, { text: uniqueText('truth-b'), delayMs: 0 }, { task: { ttl: 60_000 } });
    const bEnd = await awaitTerminalStatus(receiver, b.taskId, { timing: ctx.timing, signal: ctx.signal });
    const plainA = taskOf(await receiver.getTask(a.taskId));
    const reply = await receiver.getTask(a.taskId, { [RELATED_TASK_META]: { taskId: b.taskId } });
    const answered = taskOf(reply);
    ctx.require('TASKS-META-PARAM-SOURCE-OF-TRUTH', answered !== undefined, `expected tasks/get for task ${a.taskId} (with related-task _meta naming ${b.taskId}) to return task ${a.taskId}, got ${describeReply(reply)}`);
    ctx.expect('TASKS-META-PARAM-SOURCE-OF-TRUTH', answered.taskId === a.taskId, `expected tasks/get with params.taskId ${a.taskId} to describe that task, got task ${answered.taskId}, the one named in the request's related-task _meta`);
    // Only while A is still working can its status tell the two tasks apart.
    if (answered.taskId === a.taskId && plainA !== undefined && !isTerminal(plainA.status)) {
      const told = answered.status === bEnd.status ? `, the status of task ${b.taskId} named in the related-task _meta` : '';
      ctx.expect('TASKS-META-PARAM-SOURCE-OF-TRUTH', !isTerminal(answered.status), `expected the status of task ${a.taskId}, "${plainA.status}" a moment earlier, got "${answered.status}"${told}`);
    }
    // Tidy up the long-running task where the receiver offers cancellation.
    if (tasksCapability(ctx.facts)?.cancel !== undefined) await receiver.cancelTask(a.taskId);
  },
});
