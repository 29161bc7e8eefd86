import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { canonicalJson, describeReply } from '../../../harness/model/describe.js';
import { extTaskOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { answersFor, inputKeysOf, inputRequestsOf } from '../../../harness/receivers/2026-07-28/inputs.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-update.unknown-keys-ignored',
  title: 'tasks/update naming a key never issued is ignored: acknowledged, and the task unaffected',
  suite: 'ext-update',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#response-1',
  requirements: ['EXT-UPDATE-IGNORE-UNKNOWN-KEYS'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'confirm' }],
  provenBy: ['ext-update-unknown-key-rejected'],
  explain: {
    does:
      'Starts confirm_delete, waits for its input_required state, and sends tasks/update answering only a ' +
      'key the server never issued. The update should be acknowledged and the task left as it was (still ' +
      'input_required, the same request under the same key); otherwise a warning.',
    causes: [
      {
        cause: 'Every key of `inputResponses` is validated against the outstanding ones and an unknown key fails the whole request with -32602.',
        fix: 'Skip answers whose key is not outstanding (never issued, already answered, superseded) and acknowledge the request; apply the answers whose keys are outstanding.',
        faults: ['ext-update-unknown-key-rejected'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await startExtTask(ctx, receiver, 'confirm', { filename: `${uniqueText('unknown-keys')}.txt` });
    const asked = await awaitExtSettled(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
    if (asked.status !== 'input_required') ctx.skip(`the confirm_delete task ended "${asked.status}" without asking for input; the fixture contract has it wait for a confirmation`);
    const keys = inputKeysOf(asked);
    if (keys.length === 0) ctx.skip('the input_required task lists no inputRequests; ext-polling.input-required-lists-requests judges that');

    // An answer shaped like the real one (so only its key is wrong), under a key the server never issued.
    const unknownKey = `never-issued-${uniqueText('key')}`;
    const answer = answersFor(asked, keys, () => 'yes')[keys[0]] ?? { action: 'accept', content: {} };
    const reply = await receiver.updateTask(task.taskId, { [unknownKey]: answer });
    ctx.expect('EXT-UPDATE-IGNORE-UNKNOWN-KEYS', reply.ok, () => `tasks/update naming only "${unknownKey}", a key never issued, should be ignored and acknowledged; got ${describeReply(reply)}`);

    const now = extTaskOf(await receiver.getTask(task.taskId));
    if (!now) ctx.skip('tasks/get after the update did not return the task');
    const before = inputRequestsOf(asked) ?? {};
    const after = inputRequestsOf(now) ?? {};
    const unaffected = now.status === 'input_required' && keys.every((key) => key in after && canonicalJson(after[key]) === canonicalJson(before[key]));
    ctx.expect(
      'EXT-UPDATE-IGNORE-UNKNOWN-KEYS',
      unaffected,
      () =>
        `after tasks/update named only a key never issued, the task should still wait on ` +
        `${keys.map((key) => `"${key}"`).join(', ')}; it is "${now.status}" with inputRequests keys ` +
        `${inputKeysOf(now).join(', ') || '(none)'}`,
    );
  },
});
