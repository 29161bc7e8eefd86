import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { canonicalJson, describeReply } from '../../../harness/model/describe.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { createdTask, type ExtReceiver, type ExtTask } from '../../../harness/receivers/2026-07-28/receiver.js';
import { awaitExtSettled, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { answersFor, describeInputRequest, inputKeysOf, inputRequestsOf } from '../../../harness/receivers/2026-07-28/inputs.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { awaitReadable } from '../../../harness/receivers/2026-07-28/tasks.js';
import type { FixtureBinding } from '../../../harness/model/fixtures.js';

/** Rounds of InputRequiredResult the check answers before it gives up on reaching a task (the contract asks one). */
const MRTR_ROUNDS = 3;

export default defineCheck({
  id: 'ext-creation.mrtr-before-task',
  title: 'A tool that needs input before its work asks for it on the call itself, before it hands out a task',
  suite: 'ext-creation',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-creation',
  requirements: ['EXT-CREATE-MRTR-FIRST'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'taskRequired' }],
  cost: { roundTrips: 10, awaitsWork: 1 },
  provenBy: ['ext-mrtr-after-create', 'ext-mrtr-asks-again-in-task'],
  explain: {
    does:
      'Calls test_tool_with_task, which needs a name before its work, and expects the question on the call ' +
      'itself (resultType "input_required"). It answers each such round as a client would (the answers in ' +
      '`inputResponses`, `requestState` echoed) and follows the task the answered retry hands out: a task ' +
      'that asks again what the call already had answered warns, and so does a task handed out at once ' +
      'that then asks through its inputRequests. No task at all (an error, or a plain result) skips.',
    causes: [
      {
        cause: 'Every call of a task-capable tool becomes a task first, and questions the tool needs before starting are asked later through the task.',
        fix: 'Ask input the work cannot start without on the call (an InputRequiredResult), and create the task only on the retry that carries the answers.',
        faults: ['ext-mrtr-after-create'],
      },
      {
        cause: 'The retry carrying the answers creates the task, but the work is started from the original arguments alone and asks the same question again through the task.',
        fix: 'Hand the answers of `inputResponses` (or the state rebuilt from `requestState`) to the work the task runs.',
        faults: ['ext-mrtr-asks-again-in-task'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const binding = ctx.fixture('taskRequired');
    const { reply, asked } = await callThroughRounds(ctx, receiver, binding);
    const task = createdTask(reply);
    if (!task) {
      const after = asked.length > 0 ? ` after ${asked.length} answered question(s) on the call` : '';
      ctx.skip(`${binding.tool} was answered${after} with ${describeReply(reply)}: no task was handed out, so there is nothing to judge`);
    }
    // A task that shows late is ext-creation.durable-before-reply's to judge: wait for it to be readable first.
    await awaitReadable(ctx, receiver, task);
    // Asked on the call, or not at all: the task now runs. Were the call's questions settled, or does the task ask them again?
    const settled = await awaitExtSettled(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 1) });
    const keys = settled.status === 'input_required' ? inputKeysOf(settled) : [];
    if (asked.length === 0) {
      // A task straight away: the question its contract asks before the work then comes among the task's inputRequests.
      ctx.expect(
        'EXT-CREATE-MRTR-FIRST',
        keys.length === 0,
        () =>
          `${binding.tool} answered the call with task ${task.taskId} at once and then asked through the ` +
          `task's inputRequests (${keys.join(', ')}); input needed before the work is better asked on the call ` +
          `(input_required) before a task is made`,
      );
    } else {
      const again = askedAgain(settled, keys, asked);
      ctx.expect(
        'EXT-CREATE-MRTR-FIRST',
        again.length === 0,
        () =>
          `${binding.tool} asked on the call, was called again with the answer, and handed out task ` +
          `${task.taskId}, which then asked the same again through its inputRequests (${again.join('; ')}): ` +
          `the exchange on the call was not settled before the task`,
      );
      // Something new the task asks while it works is no exchange of the call's: said, not judged.
      if (keys.length > again.length) ctx.reportInfo(`task ${task.taskId} asked something new once it ran (${keys.join(', ')}); not a question of the call, so not judged`);
      else if (again.length === 0)
        ctx.reportInfo(`${binding.tool} asked ${asked.length} question(s) on the call and, answered, handed out task ${task.taskId}, which asked none of them again (it was "${settled.status}")`);
    }
    if (settled.status === 'input_required') await receiver.cancelTask(task.taskId);
  },
});

/** Calls the fixture and answers each InputRequiredResult as the multi round-trip page says (the answers in inputResponses, requestState echoed). */
async function callThroughRounds(ctx: CheckContext, receiver: ExtReceiver, binding: FixtureBinding): Promise<{ reply: RpcReply; asked: string[] }> {
  const asked: string[] = [];
  let reply = await receiver.callFixture(binding, {});
  for (let round = 0; reply.ok && reply.result.resultType === 'input_required'; round++) {
    if (round === MRTR_ROUNDS) ctx.skip(`${binding.tool} went on answering input_required after ${MRTR_ROUNDS} answered rounds; no task was reached to judge`);
    const requests = inputRequestsOf(reply.result) ?? {};
    const keys = Object.keys(requests);
    const inputResponses = answersFor(reply.result, keys, () => uniqueText('name'));
    if (keys.length > Object.keys(inputResponses).length)
      ctx.skip(`${binding.tool} asked on the call for what the harness cannot answer (${keys.map((key) => describeInputRequest(requests[key])).join('; ')}); no task was reached to judge`);
    asked.push(...keys.map((key) => canonicalJson(requests[key])));
    const requestState = reply.result.requestState;
    reply = await receiver.callFixture(binding, {}, { inputResponses, ...(requestState !== undefined ? { extra: { requestState } } : {}) });
  }
  return { reply, asked };
}

/** The task's outstanding requests that are one the call already asked and had answered. */
function askedAgain(task: ExtTask, keys: readonly string[], asked: readonly string[]): string[] {
  const requests = inputRequestsOf(task) ?? {};
  return keys.filter((key) => asked.includes(canonicalJson(requests[key]))).map((key) => `"${key}": ${describeInputRequest(requests[key])}`);
}
