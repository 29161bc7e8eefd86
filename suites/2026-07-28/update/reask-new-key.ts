import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { canonicalJson, describeReply } from '../../../harness/model/describe.js';
import { isExtTerminal } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, pollExtTask, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { describeInputRequest, inputKeysOf, inputRequestsOf } from '../../../harness/receivers/2026-07-28/inputs.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** An acceptance that fills in nothing the form asked for: a server cannot use it and may ask again. */
const UNUSABLE = { action: 'accept', content: {} };

export default defineCheck({
  id: 'ext-update.reask-new-key',
  title: 'A request asked again after an answer the server could not use comes under a new key',
  suite: 'ext-update',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-update-requests',
  requirements: ['EXT-UPDATE-KEY-NO-REUSE'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'confirm' }],
  cost: { roundTrips: 8, awaitsWork: 1 },
  provenBy: ['ext-answered-key-lingers', 'ext-reasks-under-answered-key'],
  explain: {
    does:
      'Answers the confirm_delete elicitation with an acceptance that fills in nothing, then follows the ' +
      'task: when it asks again, the new request must not come under the key just answered, and the ' +
      'answered key must be gone from the list the new request is asked in. A server that refuses the ' +
      'answer, ignores it or goes on without asking is not judged.',
    causes: [
      {
        cause: 'Keys are derived from the question (its name or field), so the same question asked a second time gets the same key as the answer already given.',
        fix: 'Issue a fresh key for every request, for instance the question name plus a counter kept per task.',
        faults: ['ext-reasks-under-answered-key'],
      },
      {
        cause:
          'Answered requests are never removed from the task: inputRequests is a map the server only adds to, so an ' +
          'answered key stays listed beside the request asked after it (and on the working or ended task).',
        fix: 'Remove a request from the task’s outstanding requests when its answer is taken, and build inputRequests from what is still outstanding only.',
        faults: ['ext-answered-key-lingers'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await startExtTask(ctx, receiver, 'confirm', { filename: `${uniqueText('reask')}.txt` });
    const waits = { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) };
    const asked = await awaitExtSettled(receiver, task.taskId, waits);
    if (asked.status !== 'input_required') ctx.skip(`the confirm_delete task ended "${asked.status}" without asking for input; the fixture contract has it wait for a confirmation`);
    const [key] = inputKeysOf(asked);
    if (key === undefined) ctx.skip('the input_required task lists no inputRequests; ext-polling.input-required-lists-requests judges that');
    const first = canonicalJson(inputRequestsOf(asked)?.[key]);

    const ack = await receiver.updateTask(task.taskId, { [key]: UNUSABLE });
    if (!ack.ok) ctx.skip(`tasks/update answering "${key}" with an empty acceptance was refused with ${describeReply(ack)}, a choice the extension leaves open; no second request to judge`);
    // Until the task shows the answer taken: it ends, "key" is gone or stands for something else, or (the fixture
    // contract asks again only after an unusable answer) a request under another key is asked.
    const shown = (t: Record<string, unknown>) => inputRequestsOf(t)?.[key];
    const askedAgain = (t: Record<string, unknown>) => inputKeysOf(t).some((other) => other !== key);
    const { task: after, timedOut } = await pollExtTask(receiver, task.taskId, (t) => t.status !== 'input_required' || canonicalJson(shown(t)) !== first || askedAgain(t), {
      ...waits,
      returnAtBound: true,
    });
    if (!isExtTerminal(after.status)) await receiver.cancelTask(task.taskId);
    if (timedOut) ctx.skip(`after the empty acceptance of "${key}" the task went on listing that same request: the answer was not taken, so there is no second request to judge`);
    if (after.status !== 'input_required') ctx.skip(`after the empty acceptance the task went on to "${after.status}" without asking again; no second request to judge`);
    const again = shown(after);
    const stillListed = again !== undefined && canonicalJson(again) === first;
    ctx.expect('EXT-UPDATE-KEY-NO-REUSE', again === undefined, () =>
      stillListed
        ? `input key "${key}" was answered (with an acceptance the task could not use) and the task asked again ` +
          `under ${inputKeysOf(after)
            .filter((other) => other !== key)
            .map((other) => `"${other}"`)
            .join(', ')}, yet it still lists "${key}" as outstanding: expected the answered key gone once the answer was taken`
        : `input key "${key}" was answered (with an acceptance the task could not use) and then came back for ` +
          `another request: first ${describeInputRequest(JSON.parse(first ?? 'null'))}, now ` +
          `${describeInputRequest(again)}`,
    );
    if (again === undefined)
      ctx.reportInfo(
        `the task asked again under ${
          inputKeysOf(after)
            .map((k) => `"${k}"`)
            .join(', ') || 'no key'
        }, not under the answered "${key}"`,
      );
  },
});
