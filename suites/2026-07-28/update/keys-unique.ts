import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, canonicalJson, describeReply } from '../../../harness/model/describe.js';
import { isExtTerminal, type ExtTask } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask, resultText } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, pollExtTask, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { answersFor, describeInputRequest, inputKeysOf, inputRequestsOf } from '../../../harness/receivers/2026-07-28/inputs.js';

/** Rounds of answering: multi_input needs two (one key each); a server asking follow-up questions gets a few more. */
const MAX_ROUNDS = 4;

export default defineCheck({
  id: 'ext-update.keys-unique',
  title: 'An input key answered never comes back for another request, and answering every key lets the task complete',
  suite: 'ext-update',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-update-requests',
  requirements: ['EXT-UPDATE-KEY-NO-REUSE', 'EXT-UPDATE-KEY-UNIQUE'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'multiInput' }],
  cost: { roundTrips: 16, awaitsWork: 1 },
  provenBy: ['ext-reuses-input-key'],
  explain: {
    does:
      'Starts multi_input, waits for its input_required state, and answers one key per tasks/update, ' +
      'polling in between. Every key seen is remembered with its request: a key answered and later shown ' +
      'for another request, or one key shown for two different requests, fails. Answering all keys should ' +
      'let the task complete (reported, not judged).',
    causes: [
      {
        cause: 'Input keys are positions or fixed names ("input-0", "question") recomputed from what is pending, so after an answer the next request takes over the answered key.',
        fix: 'Give each issued request a key no other request of the task ever gets, for example a prefix plus a counter kept per task, and never recycle it.',
        faults: ['ext-reuses-input-key'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await startExtTask(ctx, receiver, 'multiInput', {});
    const waits = { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) };
    let current = await awaitExtSettled(receiver, task.taskId, waits);
    if (current.status !== 'input_required') ctx.skip(`the multi_input task ended "${current.status}" without asking for input; the fixture contract has it ask two questions`);
    if (inputKeysOf(current).length === 0) ctx.skip('the input_required task lists no inputRequests; ext-polling.input-required-lists-requests judges that');

    // Every request seen under each key, and the keys answered so far (with the request each answer was for).
    const seen = new Map<string, string>();
    const answered = new Map<string, string>();
    const record = (observed: ExtTask) => {
      for (const [key, request] of Object.entries(inputRequestsOf(observed) ?? {})) {
        const shown = canonicalJson(request);
        const earlier = answered.get(key) ?? seen.get(key);
        // A key answered and then shown again for another request is reuse; one that changes its request unanswered, a key naming two.
        const unchanged = earlier === undefined || earlier === shown;
        const message = () =>
          `input key "${key}" ${answered.has(key) ? 'was answered, and then came back' : 'was shown'} for ` +
          `another request: first ${describeInputRequest(JSON.parse(earlier ?? 'null'))}, now ` +
          `${describeInputRequest(request)}`;
        // A key reused after its answer also names two requests over the task's life: both statements are broken.
        if (answered.has(key)) ctx.expect('EXT-UPDATE-KEY-UNIQUE', unchanged, message);
        ctx.require(answered.has(key) ? 'EXT-UPDATE-KEY-NO-REUSE' : 'EXT-UPDATE-KEY-UNIQUE', unchanged, message);
        seen.set(key, shown);
      }
    };
    record(current);

    for (let round = 0; round < MAX_ROUNDS && current.status === 'input_required'; round++) {
      const open = inputKeysOf(current).filter((key) => !answered.has(key));
      if (open.length === 0) break;
      // One key per round: the partial answer is what lets a server show the remaining requests again.
      const key = open[0];
      const answers = answersFor(current, [key], (k) => `answer-${k}`);
      if (!answers[key]) ctx.skip(`the request under "${key}" is no elicitation the harness can answer: ${brief(inputRequestsOf(current)?.[key])}`);
      const ack = await receiver.updateTask(task.taskId, answers);
      if (!ack.ok) ctx.skip(`tasks/update answering "${key}" was refused with ${describeReply(ack)}; ext-update.acknowledged judges refusals`);
      answered.set(key, seen.get(key) ?? '');
      // The acknowledgement is eventually consistent: poll until the answered key is gone, or the task moved on.
      const next = await pollExtTask(
        receiver,
        task.taskId,
        (t) => {
          record(t);
          return t.status !== 'input_required' || !(key in (inputRequestsOf(t) ?? {})) || canonicalJson(inputRequestsOf(t)?.[key]) !== answered.get(key);
        },
        { ...waits, returnAtBound: true },
      );
      current = next.task;
      if (next.timedOut)
        ctx.skip(
          `after "${key}" was answered the task went on listing that same request for ${waits.timeoutMs} ms: ` +
            `the partial answer was not taken (a server may refuse partial answers), so reuse cannot be told`,
        );
    }

    if (!isExtTerminal(current.status)) current = (await pollExtTask(receiver, task.taskId, (t) => (record(t), isExtTerminal(t.status)), { ...waits, returnAtBound: true })).task;
    const keys = [...answered.keys()].map((key) => `"${key}"`).join(', ');
    if (current.status !== 'completed') return ctx.reportInfo(`no input key came back for another request; after ${keys} were answered the task was "${current.status}"`);
    ctx.reportInfo(`no input key came back for another request; after ${keys} were answered the task completed: ${brief(resultText(current.result) || current.result)}`);
  },
});
