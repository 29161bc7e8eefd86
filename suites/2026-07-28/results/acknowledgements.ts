import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { isExtTerminal, type ExtReceiver, type ExtTask } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { awaitReadable } from '../../../harness/receivers/2026-07-28/tasks.js';
import { answersFor, inputKeysOf } from '../../../harness/receivers/2026-07-28/inputs.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** What an empty result may still carry. */
const ENVELOPE_KEYS = new Set(['resultType', '_meta']);

interface Ack {
  method: 'tasks/update' | 'tasks/cancel';
  ack: 'EXT-UPDATE-ACK' | 'EXT-CANCEL-ACK';
  resultType: 'EXT-UPDATE-RESULTTYPE-COMPLETE' | 'EXT-CANCEL-RESULTTYPE-COMPLETE';
}

const UPDATE: Ack = { method: 'tasks/update', ack: 'EXT-UPDATE-ACK', resultType: 'EXT-UPDATE-RESULTTYPE-COMPLETE' };
const CANCEL: Ack = { method: 'tasks/cancel', ack: 'EXT-CANCEL-ACK', resultType: 'EXT-CANCEL-RESULTTYPE-COMPLETE' };

export default defineCheck({
  id: 'ext-results.acknowledgements',
  title: 'tasks/update and tasks/cancel are acknowledged with an empty result that says resultType "complete"',
  suite: 'ext-results',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#response-1',
  requirements: ['EXT-UPDATE-ACK', 'EXT-UPDATE-RESULTTYPE-COMPLETE', 'EXT-CANCEL-ACK', 'EXT-CANCEL-RESULTTYPE-COMPLETE'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { awaitsWork: 1 },
  provenBy: ['ext-ack-not-empty', 'ext-ack-without-resulttype'],
  explain: {
    does:
      'Answers the confirmation a confirm_delete task asks for with tasks/update (or, without that ' +
      'fixture, updates a slow_compute task under a key never issued) and cancels a working slow_compute ' +
      'task: each acknowledgement must say resultType "complete" and carry nothing else but `_meta`. A ' +
      'refusal is left to the update and cancel checks.',
    causes: [
      {
        cause: 'The acknowledgement returns the task (taskId, status, timestamps), as the 2025-11-25 tasks/cancel did.',
        fix: 'Answer tasks/update and tasks/cancel with `{resultType: "complete"}` only; clients read the new state with tasks/get.',
        faults: ['ext-ack-not-empty'],
      },
      {
        cause: 'The acknowledgement is an empty object without resultType.',
        fix: 'Add `resultType: "complete"` to both acknowledgements.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    let judged = 0;
    const update = await answerInput(ctx, receiver);
    if (update) judged += judge(ctx, UPDATE, update.reply, update.what) ? 1 : 0;
    const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 1, label: uniqueText('ack') });
    judged += judge(ctx, CANCEL, await receiver.cancelTask(task.taskId), `task ${task.taskId} (working)`) ? 1 : 0;
    if (judged === 0)
      ctx.skip('neither tasks/update nor tasks/cancel was acknowledged, so there is no acknowledgement to judge (refusals are judged by ext-update.acknowledged and ext-cancel.acknowledged)');
  },
});

/**
 * A tasks/update that answers the outstanding request of a confirm_delete task; without that fixture (or when its
 * task asks nothing), one naming a key that was never issued, which a server should ignore and acknowledge.
 */
async function answerInput(ctx: CheckContext, receiver: ExtReceiver): Promise<{ reply: RpcReply; what: string } | undefined> {
  const confirm = ctx.facts.fixtures.get('confirm');
  if (confirm) {
    const reply = await receiver.callFixture(confirm, { filename: `${uniqueText('ack')}.txt` });
    const created = reply.ok && reply.result.resultType === 'task' && typeof reply.result.taskId === 'string' ? (reply.result as ExtTask) : undefined;
    if (created) {
      const first = await awaitReadable(ctx, receiver, created);
      const settled =
        isExtTerminal(first.status) || first.status === 'input_required'
          ? first
          : await awaitExtSettled(receiver, created.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
      const keys = settled.status === 'input_required' ? inputKeysOf(settled) : [];
      const answers = answersFor(settled, keys, () => 'yes');
      if (Object.keys(answers).length > 0) return { reply: await receiver.updateTask(created.taskId, answers), what: `task ${created.taskId}, answering ${Object.keys(answers).join(', ')}` };
      ctx.reportInfo(`the ${confirm.tool} task reached "${settled.status}" with no input request the harness could answer; updating a slow_compute task instead`);
    } else ctx.reportInfo(`${confirm.tool} gave no task (${describeReply(reply)}); updating a slow_compute task instead`);
  }
  const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 1, label: uniqueText('ack-update') });
  const key = uniqueText('never-issued');
  const reply = await receiver.updateTask(task.taskId, { [key]: { action: 'accept', content: {} } });
  await receiver.cancelTask(task.taskId);
  return { reply, what: `task ${task.taskId}, naming input key ${key} that was never issued` };
}

/** Judges one acknowledgement; a refusal is another check's concern (false: nothing judged). */
function judge(ctx: CheckContext, { method, ack, resultType }: Ack, reply: RpcReply, what: string): boolean {
  if (!reply.ok) {
    ctx.reportInfo(`${method} for ${what} was answered with ${describeReply(reply)}; no acknowledgement to judge here`);
    return false;
  }
  const result = reply.result;
  ctx.expect(resultType, result.resultType === 'complete', () => `the acknowledgement of ${method} for ${what} says resultType ${JSON.stringify(result.resultType)}; expected "complete"`);
  const extra = Object.keys(result).filter((key) => !ENVELOPE_KEYS.has(key));
  ctx.expect(ack, extra.length === 0, () => `the acknowledgement of ${method} for ${what} is not empty: it carries ${extra.join(', ')} besides resultType (${brief(result)})`);
  return true;
}
