import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
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

// https://modelcontextprotocol.io/extensions/tasks/specification#protocol-errors
export default defineCheck({
  id: 'ext-negotiation.task-methods-need-extension',
  title: 'tasks/get, tasks/update and tasks/cancel from a request without the extension are refused with -32021',
  suite: 'ext-negotiation',
  requirements: ['EXT-ERR-TASK-METHODS-REQUIRE-EXTENSION'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  async run(ctx: CheckContext) {
    // One requestor: it creates the task declaring the extension, then leaves the extension out of these requests only.
    const receiver = await ctx.connectModern();
    const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 1, label: uniqueText('undeclared') });
    // Readable with the extension first, so that a refusal without it cannot be put down to the task not existing yet.
    await awaitReadable(ctx, receiver, task);
    for (const { method, send } of METHODS) {
      const reply = await send(receiver, task.taskId);
      ctx.expect(
        'EXT-ERR-TASK-METHODS-REQUIRE-EXTENSION',
        !reply.ok && reply.error.code === MISSING_REQUIRED_CLIENT_CAPABILITY,
        () =>
          `${method} for the requestor's own task ${task.taskId}, sent without the extension in clientCapabilities, was answered with ${describeReply(reply)}; expected error ${MISSING_REQUIRED_CLIENT_CAPABILITY}`,
      );
    }
    await receiver.cancelTask(task.taskId);
  },
});
