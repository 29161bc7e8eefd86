import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { RELATED_TASK_META, isTerminal, taskOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { pollTask } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { MCP_FRAMEWORK } from '../explain-words.js';

export default defineCheck({
  id: 'result-retrieval.blocks-until-terminal',
  title: 'tasks/result on a task not yet terminal (working, or waiting for input) waits for the task to finish, then answers with its result',
  suite: 'result-retrieval',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#result-retrieval',
  cohabits: true,
  requirements: ['TASKS-RESULT-BLOCK'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 1_600, roundTrips: 10, awaitsWork: 1 },
  provenBy: ['input-result-refused', 'result-does-not-block'],
  explain: {
    does:
      'Starts an echo task whose work outlasts the CreateTaskResult and sends tasks/result at once: the answer must wait until ' +
      'the work is over and be its result, and tasks/get afterwards must show a terminal status. When the work ended before ' +
      'the request could be sent, the scenario is tried again with longer work.',
    causes: [
      {
        cause: 'tasks/result on a running task fails at once ("not completed, poll tasks/get first").',
        fix: 'Keep the request open: await a promise that settles when the task reaches a terminal status, then answer with its outcome.',
        seenIn: MCP_FRAMEWORK,
        faults: ['result-does-not-block'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    await whileWorking(ctx);
    // The input checks open tasks/result on a task in input_required: the same rule, judged here on that status too.
    if (ctx.facts.fixtures.has('input')) await whileInputRequired(ctx);
  },
});

async function whileWorking(ctx: CheckContext): Promise<void> {
  const binding = ctx.fixture('echo');
  const observation = { method: 'tasks/result', fixture: binding.tool, status: 'working' };
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
  // Not the end of the check: the input_required case is judged too, as other checks' scenarios meet it.
  if (!ctx.expect('TASKS-RESULT-BLOCK', reply.ok, `expected tasks/result to wait and answer with the result, got ${describeReply(reply)}`, observation)) return;
  const after = taskOf(await receiver.getTask(task.taskId));
  ctx.expect('TASKS-RESULT-BLOCK', after === undefined || isTerminal(after.status), `expected a terminal status once tasks/result answered, got ${JSON.stringify(after?.status)}`, observation);
  if (binding.honoursDelay) {
    const waited = Math.round(reply.receivedAt - sent);
    ctx.expect('TASKS-RESULT-BLOCK', waited >= workMs, `expected the answer no sooner than the ${workMs} ms of work, got it after ${waited} ms`, observation);
  }
}

/**
 * A task waiting for input is not terminal: tasks/result must wait (relaying the input request where the receiver
 * asks through it), not refuse. Only an answer that comes while the task is still not terminal is judged; a
 * tasks/result still open at the bound is what blocking looks like.
 */
async function whileInputRequired(ctx: CheckContext): Promise<void> {
  const binding = ctx.fixture('input');
  const observation = { method: 'tasks/result', fixture: binding.tool, status: 'input_required' };
  const receiver = await ctx.connect();
  // Set once the task exists; the handler below is registered before that and reads it when called.
  // eslint-disable-next-line prefer-const
  let taskId: string | undefined;
  // A requestor answers the input request; the task then completes and tasks/result may answer.
  receiver.onRequest('elicitation/create', async () => ({ result: { action: 'accept', content: { answer: uniqueText('answer') }, _meta: { [RELATED_TASK_META]: { taskId } } } }));
  const { task } = await receiver.startTask(binding, { text: uniqueText('block-input') }, { task: { ttl: 60_000 } });
  taskId = task.taskId;
  const seen = await pollTask(receiver, task.taskId, (current) => current.status === 'input_required' || isTerminal(current.status), {
    timing: ctx.timing,
    signal: ctx.signal,
    timeoutMs: ctx.timing.span(1_000, 2),
    returnAtBound: true,
  });
  if (seen.deleted || seen.task.status !== 'input_required') {
    ctx.reportInfo(
      `the ${binding.tool} task did not show input_required before tasks/result (last status ` +
        `${JSON.stringify(seen.deleted ? 'deleted' : seen.task.status)}), so tasks/result was not tried on ` +
        `that status`,
    );
    return;
  }
  const reply = await receiver.taskResultWithin(task.taskId, ctx.timing.span(800, 2));
  if (!reply || reply.ok) return;
  const now = taskOf(await receiver.getTask(task.taskId));
  ctx.expect(
    'TASKS-RESULT-BLOCK',
    now !== undefined && isTerminal(now.status),
    `tasks/result of a task in input_required should wait for the task to finish; it answered ${describeReply(reply)} while the task was ${JSON.stringify(now?.status)}`,
    observation,
  );
}
