import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { isExtTerminal, type ExtTask } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask, resultText } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, pollExtTask, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { answersFor, inputKeysOf } from '../../../harness/receivers/2026-07-28/inputs.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** How many work bounds the check waits, after the acknowledgement, for the answer to show: the ack may come first. */
const EFFECT_WAIT_FACTOR = 2;

/** When a client may give the task up if an update has not shown (createdAt + ttlMs, Date.now() ms), plus an allowance for clock skew; undefined without a ttl. */
function ttlBackstopAt(task: ExtTask, allowanceMs: number): number | undefined {
  const createdAt = Date.parse(String(task.createdAt));
  return typeof task.ttlMs === 'number' && Number.isFinite(createdAt) ? createdAt + task.ttlMs + allowanceMs : undefined;
}

export default defineCheck({
  id: 'ext-update.acknowledged',
  title: 'tasks/update answering the outstanding elicitation is acknowledged, and the task goes on to complete',
  suite: 'ext-update',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#response-1',
  requirements: ['EXT-UPDATE-ACK'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'confirm' }],
  cost: { roundTrips: 10, awaitsWork: 1 },
  provenBy: ['ext-update-dropped', 'ext-update-refused'],
  explain: {
    does:
      'Starts confirm_delete, waits for its input_required state, answers every outstanding elicitation ' +
      'from its requestedSchema (accept, confirm: true) with tasks/update, and requires a success answer. ' +
      'Then it polls at the task’s pace until the task ends, for as long as two work bounds: the answer ' +
      'may show after the acknowledgement. A task that outlives its ttl (createdAt + ttlMs, the one bound ' +
      'the extension gives) still waiting on the answered key is a fail; one still waiting when the wait ' +
      'ends is not judged (a skip saying what was seen). The result is expected to name the file.',
    causes: [
      {
        cause: 'tasks/update is not implemented or rejects answers it should take (a schema mismatch on `inputResponses`, a lookup by the wrong key), answering with an error.',
        fix:
          'Accept `{taskId, inputResponses}` where each key is an outstanding input key and each value the ' +
          'client’s result for that request (for an elicitation `{action, content}`), hand the answers to the ' +
          'waiting work, and reply `{"resultType": "complete"}`.',
        faults: ['ext-update-refused'],
      },
      {
        cause: 'The update is acknowledged but the answers never reach the waiting work, so the task stays input_required with the same request.',
        fix: 'Resolve the pending request the key names with the answer before acknowledging, and move the task back to working once nothing is outstanding.',
        faults: ['ext-update-dropped'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const filename = `${uniqueText('acknowledged')}.txt`;
    const { task } = await startExtTask(ctx, receiver, 'confirm', { filename });
    const waits = { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) };
    const asked = await awaitExtSettled(receiver, task.taskId, waits);
    if (asked.status !== 'input_required') ctx.skip(`the confirm_delete task ended "${asked.status}" without asking for input; the fixture contract has it wait for a confirmation`);
    const keys = inputKeysOf(asked);
    if (keys.length === 0) ctx.skip('the input_required task lists no inputRequests to answer; ext-polling.input-required-lists-requests judges that');
    const answers = answersFor(asked, keys, () => 'yes');
    if (Object.keys(answers).length === 0) ctx.skip(`none of the outstanding requests is an elicitation the harness can answer: ${brief(asked.inputRequests)}`);

    const ack = await receiver.updateTask(task.taskId, answers);
    ctx.require(
      'EXT-UPDATE-ACK',
      ack.ok,
      () =>
        `tasks/update answering the outstanding ${Object.keys(answers)
          .map((key) => `"${key}"`)
          .join(', ')} should be acknowledged; got ${describeReply(ack)}`,
    );
    // Whether the acknowledgement is empty is ext-results.acknowledgements' to judge.
    const extra = Object.keys(ack.result).filter((key) => key !== 'resultType' && key !== '_meta');
    if (extra.length > 0) ctx.reportInfo(`the tasks/update acknowledgement also carries ${extra.join(', ')}`);

    // The acknowledgement may come before the task shows the answer, with no bound but the task's ttl (the backstop
    // after which a client may give the task up): poll at the receiver's pace until it finishes, asks something new,
    // or outlives that backstop still waiting on the answered keys.
    const answered = new Set(Object.keys(answers));
    const stillWaiting = (t: ExtTask) => t.status === 'input_required' && inputKeysOf(t).some((key) => answered.has(key)) && inputKeysOf(t).every((key) => answered.has(key));
    const ackedAt = performance.now();
    // A backstop that leaves the answer no time after the ack (a ttl already spent or about to be) bounds nothing.
    const ackedAtWall = Date.now();
    const backstop = (t: ExtTask) => {
      const at = ttlBackstopAt(t, ctx.timing.allowanceMs);
      return at !== undefined && at >= ackedAtWall + 2 * ctx.timing.allowanceMs ? at : undefined;
    };
    const effectBoundMs = EFFECT_WAIT_FACTOR * waits.timeoutMs;
    const { task: after, timedOut } = await pollExtTask(
      receiver,
      task.taskId,
      (t) => isExtTerminal(t.status) || (t.status === 'input_required' && inputKeysOf(t).some((key) => !answered.has(key))) || (stillWaiting(t) && Date.now() > (backstop(t) ?? Infinity)),
      { ...waits, timeoutMs: effectBoundMs, returnAtBound: true },
    );
    const named = [...answered].map((key) => `"${key}"`).join(', ');
    const waitedMs = Math.round(performance.now() - ackedAt);
    const backstopAt = backstop(after);
    if (stillWaiting(after) && backstopAt !== undefined && Date.now() > backstopAt) {
      ctx.expect(
        'EXT-UPDATE-ACK',
        false,
        `tasks/update answering ${named} was acknowledged, yet ${waitedMs} ms later the task has outlived ` +
          `its ttl (createdAt ${String(after.createdAt)} + ttlMs ${String(after.ttlMs)}) still waiting on ` +
          `them: the acknowledged answer was never taken within the task's life`,
      );
      await receiver.cancelTask(task.taskId);
      return;
    }
    if (timedOut) {
      if (!isExtTerminal(after.status)) await receiver.cancelTask(task.taskId);
      // Not failed: the extension lets the effect trail the acknowledgement and names no bound short of the ttl.
      ctx.skip(
        `the acknowledged answer to ${named} had not shown ${waitedMs} ms later (the task was ` +
          `"${after.status}"${stillWaiting(after) ? ', still listing the answered request' : ''}); the ` +
          `extension lets an update take effect after its acknowledgement and bounds that only by the task's ` +
          `ttl ` +
          `(${backstopAt === undefined ? 'none that leaves the answer time after the acknowledgement' : `until ${new Date(backstopAt).toISOString()}`}), ` +
          `beyond this check's wait, so it is not judged`,
      );
    }
    if (after.status !== 'completed')
      ctx.skip(`after the answer the confirm_delete task ${after.status === 'input_required' ? 'asked something new' : `ended "${after.status}"`}; the fixture contract has it complete`);
    const text = resultText(after.result);
    if (text.includes(filename)) ctx.reportInfo(`the task completed after the acknowledged answer: ${brief(text)}`);
    else ctx.reportInfo(`the task completed, but its result does not name ${filename} as the fixture contract has it: ${brief(after.result)}`);
  },
});
