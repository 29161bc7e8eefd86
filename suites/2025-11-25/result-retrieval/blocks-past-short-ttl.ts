import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { isTerminal, taskOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** The work outlasts the ttl asked for by this factor, so the ttl runs out while tasks/result still waits. */
const WORK_PER_TTL = 3;

export default defineCheck({
  id: 'result-retrieval.blocks-past-short-ttl',
  title: 'tasks/result on a task whose ttl is shorter than its work answers no result while the task still works',
  suite: 'result-retrieval',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#result-retrieval',
  requirements: ['TASKS-RESULT-BLOCK'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 3_000, roundTrips: 4, awaitsWork: 1 },
  provenBy: ['result-gives-up-at-ttl'],
  explain: {
    does:
      'Starts an echo task asking a short ttl (about a second, stretched to the receiver’s pace) for work three times ' +
      'as long, takes the ttl granted from the CreateTaskResult and sends tasks/result at once. A result that comes ' +
      'before the work is over, while tasks/get still shows the task working, is a fail; an error once the ttl has ' +
      'run out (the task expired or deleted) is allowed, as is a result after the work. Skips when the ttl granted ' +
      'does not end before the work does.',
    causes: [
      {
        cause: 'The tasks/result waiter has a bound of its own, min(ttl, 5 min), and when it runs out answers a placeholder success instead of the task’s outcome.',
        fix: 'Wait for the task’s terminal status with no bound of your own; if the task expires first, answer the expiry as an error (-32602), never a result the work did not produce.',
        faults: ['result-gives-up-at-ttl'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    if (!binding.honoursDelay) ctx.skip(`the echo role (${binding.tool}) is mapped without \${delayMs}, so its work cannot be made to outlast a short ttl`);
    const receiver = await ctx.connect();
    const askedTtl = ctx.timing.span(1_000, 3);
    const workMs = WORK_PER_TTL * askedTtl;
    const sent = performance.now();
    const { task } = await receiver.startTask(binding, { text: uniqueText('short-ttl-result'), delayMs: workMs }, { task: { ttl: askedTtl } });
    const ttl = task.ttl;
    // The ttl must run out well before the work does, or the scenario shows nothing past it.
    if (typeof ttl !== 'number' || ttl > workMs - 2 * ctx.timing.allowanceMs)
      ctx.skip(`the receiver granted ttl ${brief(ttl)} (asked for ${askedTtl}), which does not run out before the ${workMs} ms of work`);
    const reply = await receiver.taskResult(task.taskId, { timeoutMs: workMs + ctx.timing.requestTimeoutMs });
    const answeredAfter = Math.round(reply.receivedAt - sent);
    if (!reply.ok) return ctx.reportInfo(`tasks/result answered ${describeReply(reply)} ${answeredAfter} ms after the call, with the ttl of ${ttl} ms run out: an expired task may be answered so`);
    if (answeredAfter >= workMs) return ctx.reportInfo(`tasks/result waited past the ttl of ${ttl} ms and answered after the ${workMs} ms of work (${answeredAfter} ms)`);
    const after = taskOf(await receiver.getTask(task.taskId));
    ctx.expect(
      'TASKS-RESULT-BLOCK',
      after === undefined || isTerminal(after.status),
      `expected tasks/result to wait for the task's end or, past its ttl of ${ttl} ms, answer an error; it answered a result ` +
        `${answeredAfter} ms after the call, before the ${workMs} ms of work were over, and tasks/get then said ` +
        `"${String(after?.status)}": ${brief(reply.result, 120)}`,
      { method: 'tasks/result', fixture: binding.tool, status: 'working' },
    );
  },
});
