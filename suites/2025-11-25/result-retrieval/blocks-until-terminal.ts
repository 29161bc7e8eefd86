import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { isTerminal, taskOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#result-retrieval
export default defineCheck({
  id: 'result-retrieval.blocks-until-terminal',
  title: 'tasks/result on a running task waits for the task to finish, then answers with its result',
  suite: 'result-retrieval',
  cohabits: true,
  requirements: ['TASKS-RESULT-BLOCK'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 800, roundTrips: 6, awaitsWork: 1 },
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    const { receiver, task, workMs, sent } = await ctx.staged(async (stretch) => {
      // Long enough that tasks/result is sent while the work still runs.
      const workMs = stretch * ctx.timing.span(800, 2);
      const receiver = await ctx.connect();
      const sent = performance.now();
      const { task, reply } = await receiver.startTask(binding, { text: uniqueText('block'), delayMs: workMs }, { task: { ttl: 60_000 } });
      if (binding.honoursDelay && reply.elapsedMs >= workMs)
        ctx.missed(`the CreateTaskResult came ${reply.elapsedMs} ms after the call, after the ${workMs} ms of work, so tasks/result could not be sent while the task ran`);
      return { receiver, task, workMs, sent };
    });
    const reply = await receiver.taskResult(task.taskId, { timeoutMs: workMs + ctx.timing.requestTimeoutMs });
    ctx.require('TASKS-RESULT-BLOCK', reply.ok, `expected tasks/result to wait and answer with the result, got ${describeReply(reply)}`);
    const after = taskOf(await receiver.getTask(task.taskId));
    ctx.expect('TASKS-RESULT-BLOCK', after === undefined || isTerminal(after.status), `expected a terminal status once tasks/result answered, got ${JSON.stringify(after?.status)}`);
    if (binding.honoursDelay) {
      const waited = Math.round(reply.receivedAt - sent);
      ctx.expect('TASKS-RESULT-BLOCK', waited >= workMs, `expected the answer no sooner than the ${workMs} ms of work, got it after ${waited} ms`);
    }
  },
});
