import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, pollExtTask, workBoundMs, type ExtObservation } from '../../../harness/receivers/2026-07-28/waits.js';
import { answersFor, inputKeysOf } from '../../../harness/receivers/2026-07-28/inputs.js';

// https://modelcontextprotocol.io/extensions/tasks/specification#response
export default defineCheck({
  id: 'ext-polling.all-outstanding',
  title: 'tasks/get lists every outstanding request at once (multi_input asks two questions together)',
  suite: 'ext-polling',
  requirements: ['EXT-GET-ALL-OUTSTANDING'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'multiInput' }],
  cost: { roundTrips: 10 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connectModern();
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
        `multi_input listed one request ("${first}") and went on to "${after.task.status}" once it was answered: it asks its questions one after the other (the fixture contract says both at once), so no hidden request was seen`,
      );
    }
    const later = inputKeysOf(after.task).filter((key) => key !== first);
    ctx.expect(
      'EXT-GET-ALL-OUTSTANDING',
      false,
      `multi_input asks two questions at once (fixture contract), but tasks/get listed only "${first}"; once it was answered, the task stayed input_required and listed ${later.map((key) => `"${key}"`).join(', ')}, a request that was outstanding all along`,
    );
  },
});
