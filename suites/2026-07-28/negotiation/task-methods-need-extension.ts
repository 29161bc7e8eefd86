import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { MISSING_REQUIRED_CLIENT_CAPABILITY } from '../../../harness/wire/2026-07-28/envelope.js';
import type { ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { awaitReadable } from '../../../harness/receivers/2026-07-28/tasks.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

const METHODS: readonly { method: string; send: (receiver: ExtReceiver, taskId: string) => Promise<RpcReply> }[] = [
  { method: 'tasks/get', send: (receiver, taskId) => receiver.getTask(taskId, { extension: false }) },
  { method: 'tasks/update', send: (receiver, taskId) => receiver.updateTask(taskId, {}, { extension: false }) },
  // Last: if it is served, the task is gone for the others.
  { method: 'tasks/cancel', send: (receiver, taskId) => receiver.cancelTask(taskId, { extension: false }) },
];

export default defineCheck({
  id: 'ext-negotiation.task-methods-need-extension',
  title: 'tasks/get, tasks/update and tasks/cancel from a request without the extension are refused with -32021',
  suite: 'ext-negotiation',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#protocol-errors',
  requirements: ['EXT-ERR-TASK-METHODS-REQUIRE-EXTENSION'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  provenBy: ['ext-task-methods-without-extension'],
  explain: {
    does:
      'Creates a slow_compute task with the extension declared, then sends tasks/get, tasks/update and ' +
      'tasks/cancel for that same task from the same requestor without the extension in ' +
      'clientCapabilities: each must be refused with -32021.',
    causes: [
      {
        cause: 'The task methods look only at the taskId (or at what an earlier request declared) and serve any caller that knows it.',
        fix: 'Read `_meta["io.modelcontextprotocol/clientCapabilities"]` on every tasks/* request and answer -32021 naming the extension before looking the task up.',
        faults: ['ext-task-methods-without-extension'],
      },
      {
        cause: 'The lookup runs first, so the request is refused with -32602 or -32603 instead of the capability error.',
        fix: 'Check the declared capabilities before anything else the method does.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    // One requestor: it creates the task declaring the extension, then leaves the extension out of these requests only.
    const receiver = await ctx.connect();
    const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 1, label: uniqueText('undeclared') });
    // Readable with the extension first, so that a refusal without it cannot be put down to the task not existing yet.
    await awaitReadable(ctx, receiver, task);
    for (const { method, send } of METHODS) {
      const reply = await send(receiver, task.taskId);
      ctx.expect(
        'EXT-ERR-TASK-METHODS-REQUIRE-EXTENSION',
        !reply.ok && reply.error.code === MISSING_REQUIRED_CLIENT_CAPABILITY,
        () =>
          `${method} for the requestor's own task ${task.taskId}, sent without the extension in ` +
          `clientCapabilities, was answered with ${describeReply(reply)}; expected error ` +
          `${MISSING_REQUIRED_CLIENT_CAPABILITY}`,
      );
    }
    await receiver.cancelTask(task.taskId);
  },
});
