import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, pollExtTask, workBoundMs, type ExtObservation } from '../../../harness/receivers/2026-07-28/waits.js';
import { answersFor, inputKeysOf } from '../../../harness/receivers/2026-07-28/inputs.js';

export default defineCheck({
  id: 'ext-polling.all-outstanding',
  title: 'tasks/get lists every outstanding request at once (multi_input asks two questions together)',
  suite: 'ext-polling',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#response',
  requirements: ['EXT-GET-ALL-OUTSTANDING'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'multiInput' }],
  cost: { roundTrips: 10 },
  provenBy: ['ext-one-request-at-a-time'],
  explain: {
    does:
      'Starts multi_input, whose fixture contract has it ask two questions at once, and polls tasks/get ' +
      'until it waits for input. Two keys listed together pass. When only one is listed, the check answers ' +
      'it: if the task then stays input_required and lists a new key, that request was outstanding all ' +
      'along and had been left out (a fail). A task that goes back to working before asking again asked ' +
      'afresh and is not judged.',
    causes: [
      {
        cause: 'The server models input as a single pending request and queues the others behind it, showing each only once the one before is answered.',
        fix: 'List every request the task is waiting on in `inputRequests` at the same time; the client may answer them together or one by one.',
        faults: ['ext-one-request-at-a-time'],
      },
      {
        cause: 'The multi_input fixture asks its two questions one after the other, contrary to the fixture contract, and answers straight from one to the next without working in between.',
        fix: 'Implement multi_input as the fixture contract describes: both questions issued together, the task completing once both are answered.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await startExtTask(ctx, receiver, 'multiInput', {});
    const waits = { timing: ctx.timing, signal: ctx.signal };
    const settled = await awaitExtSettled(receiver, task.taskId, { ...waits, timeoutMs: workBoundMs(ctx.timing, 0) });
    if (settled.status !== 'input_required') ctx.skip(`the multi_input task ended "${settled.status}" without asking for input; the fixture contract has it ask two questions`);
    // Judged only once the task waits for input; a server that files its two questions one by one gets a few polls to list both.
    const listed = (await pollExtTask(receiver, task.taskId, (t) => t.status !== 'input_required' || inputKeysOf(t).length >= 2, { ...waits, timeoutMs: ctx.timing.span(300, 3), returnAtBound: true }))
      .task;
    if (listed.status !== 'input_required') ctx.skip(`the multi_input task went on to "${listed.status}" before any answer was given`);
    const keys = inputKeysOf(listed);
    if (keys.length >= 2) return ctx.reportInfo(`the multi_input task lists ${keys.length} outstanding requests at once: ${keys.join(', ')}`);
    if (keys.length === 0) ctx.skip('the input_required task lists no inputRequests at all; ext-polling.input-required-lists-requests judges that');

    // One request listed. A server may ask one question, wait, and only then ask the next: that alone breaks nothing.
    // The fixture contract, though, has multi_input ask both at once, so the second one is outstanding from the start.
    // Answer the one listed and watch: when the task never leaves input_required (it cannot go on with that answer
    // alone) and another request then shows up, that request was outstanding all along and tasks/get left it out,
    // which breaks the MUST (a fail, not a warn). A task that goes back to working first asked afresh: not judged.
    const [first] = keys;
    const answers = answersFor(listed, [first], () => 'blue');
    if (!answers[first]) ctx.skip(`the one listed request (${brief((listed.inputRequests as Record<string, unknown>)[first])}) is no elicitation the harness can answer`);
    const ack = await receiver.updateTask(task.taskId, answers);
    if (!ack.ok) ctx.skip(`tasks/update answering "${first}" was refused with ${describeReply(ack)}; ext-update.acknowledged judges that`);
    const observations: ExtObservation[] = [];
    const after = await pollExtTask(receiver, task.taskId, (t) => t.status !== 'input_required' || inputKeysOf(t).some((key) => key !== first), {
      ...waits,
      observations,
      timeoutMs: workBoundMs(ctx.timing, 0),
      returnAtBound: true,
    });
    if (after.timedOut) ctx.skip(`after "${first}" was answered the task kept listing only that request; the answer was not taken in time, so nothing more can be told`);
    if (after.task.status !== 'input_required') {
      return ctx.reportInfo(
        `multi_input listed one request ("${first}") and went on to "${after.task.status}" once it was ` +
          `answered: it asks its questions one after the other (the fixture contract says both at once), so no ` +
          `hidden request was seen`,
      );
    }
    const later = inputKeysOf(after.task).filter((key) => key !== first);
    ctx.expect(
      'EXT-GET-ALL-OUTSTANDING',
      false,
      `multi_input asks two questions at once (fixture contract), but tasks/get listed only "${first}"; ` +
        `once it was answered, the task stayed input_required and listed ` +
        `${later.map((key) => `"${key}"`).join(', ')}, a request that was outstanding all along`,
    );
  },
});
