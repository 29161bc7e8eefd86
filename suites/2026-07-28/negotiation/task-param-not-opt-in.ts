import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { createdTask } from '../../../harness/receivers/2026-07-28/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** The 2025-11-25 opt-in a tools/call carried: a task augmentation with a requested ttl. */
const LEGACY_TASK_PARAM = { ttl: 60_000 };

export default defineCheck({
  id: 'ext-negotiation.task-param-not-opt-in',
  title: 'With the extension declared, whether a call gets a task does not hinge on the 2025-11-25 task parameter',
  suite: 'ext-negotiation',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation',
  requirements: ['EXT-CAP-TASK-PARAM-IGNORED'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: 3 },
  provenBy: ['ext-task-param-required-when-declared'],
  explain: {
    does:
      'Declaring the Tasks extension, calls slow_compute (no work) without the 2025-11-25 `task` parameter. ' +
      'Where that gets a plain result, calls it again with `task` and, if that one gets a CreateTaskResult, ' +
      'once more without: a task that comes only with the parameter, between two plain answers to the same ' +
      'call without it, shows the parameter still opting in. A server making a task on its own, or never, passes; ' +
      'one refusing the call skips.',
    causes: [
      {
        cause: 'The 2025-11-25 code path survives beside the extension: the server reads the declaration but still makes a task only when the call carries `task`.',
        fix: 'Decide from the extension declaration and the tool alone; ignore params.task like any unknown field.',
        faults: ['ext-task-param-required-when-declared'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect({ extension: true });
    const binding = ctx.fixture('slow');
    const call = (label: string, task?: unknown) => receiver.callFixture(binding, { seconds: 0, label: uniqueText(label) }, task === undefined ? {} : { extra: { task } });
    const madeTask = (reply: RpcReply) => createdTask(reply) !== undefined;

    const without = await call('no-param');
    if (!without.ok) ctx.skip(`${binding.tool} declaring the extension was refused (${describeReply(without)}), so whether the task parameter changes its answer cannot be told`);
    if (madeTask(without)) return ctx.reportInfo(`${binding.tool} declaring the extension got a task without the task parameter, so the parameter opts nothing in`);
    const withParam = await call('param', LEGACY_TASK_PARAM);
    if (!madeTask(withParam)) {
      return ctx.reportInfo(`${binding.tool} declaring the extension was answered without a task both without and with the task parameter (${describeReply(withParam)})`);
    }
    // Only a task between two plain answers is the parameter's doing: the server's own choice could change once.
    const again = await call('no-param-again');
    if (madeTask(again)) return ctx.reportInfo(`${binding.tool} got a task with the task parameter, then without it too: the server's choice varied, not judged`);
    ctx.expect(
      'EXT-CAP-TASK-PARAM-IGNORED',
      false,
      () =>
        `${binding.tool}, declaring the extension, got a CreateTaskResult only when the call carried the 2025-11-25 ` +
        `task parameter (${describeReply(withParam)}); the same call without it, before and after, was answered ` +
        `${describeReply(again)}: the parameter still opts in`,
    );
  },
});
