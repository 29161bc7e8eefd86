import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { isTerminal, taskOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'creation.prompt',
  title: 'The CreateTaskResult comes promptly, before the work has finished',
  suite: 'creation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#result-retrieval',
  cohabits: true,
  requirements: ['TASKS-RESULT-PROMPT'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  provenBy: ['create-result-slow'],
  explain: {
    does:
      'Starts an echo task with several seconds of work and times the CreateTaskResult: it should arrive well before the work ' +
      'ends (within half of it), and a tasks/get right after should show the task still running. Skips when the tool standing ' +
      'in for echo takes no `delayMs`.',
    causes: [
      {
        cause: 'The request handler awaits the work before it answers, so the CreateTaskResult comes only when the task is done.',
        fix: 'Store the task, answer at once, and run the work as a detached promise whose end updates the stored task.',
        faults: ['create-result-slow'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    if (!binding.honoursDelay) ctx.skip(`the tool standing in for echo (${binding.tool}) takes no delayMs, so the end of its work is unknown`);
    // Long work costs nothing (the check never waits for it) and keeps the margin wide on a busy machine or a slow link.
    const workMs = ctx.timing.span(6000, 4);
    const receiver = await ctx.connect();
    const { task, reply } = await receiver.startTask(binding, { text: uniqueText('prompt'), delayMs: workMs }, { task: { ttl: 60_000 } });
    // The receiver's share of the wait: not the time the request was held on the suite's side to keep the pace it asks.
    const waited = reply.elapsedMs;
    // Half the work time is the margin: an answer later than that was evidently held back with the work.
    ctx.expect('TASKS-RESULT-PROMPT', waited < workMs / 2, `expected the CreateTaskResult well before the ${workMs} ms of work ended (under ${workMs / 2} ms), got it after ${waited} ms`);
    const polled = await receiver.getTask(task.taskId);
    const now = taskOf(polled);
    // No status to judge without a task from tasks/get: a Task is what it owes (task-data.valid-everywhere judges it).
    if (now === undefined) ctx.unmet('TASKS-TASK-SHAPE', `tasks/get for task ${task.taskId} should return the task; got ${describeReply(polled)}`);
    ctx.expect(
      'TASKS-RESULT-PROMPT',
      now !== undefined && !isTerminal(now.status),
      `expected the task still running right after its creation (work takes ${workMs} ms), got status ${JSON.stringify(now?.status)}`,
    );
  },
});
