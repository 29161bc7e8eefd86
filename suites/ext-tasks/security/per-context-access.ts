import { defineCheck, type CheckContext } from '../../../harness/check.js';
import { describeReply } from '../../../harness/describe.js';
import { extTaskOf, type ExtReceiver } from '../../../harness/modern/receiver.js';
import { startExtTask } from '../../../harness/modern/tasks.js';
import type { RpcReply } from '../../../harness/rpc.js';
import { awaitReadable } from '../../../harness/modern/tasks.js';
import { uniqueText } from '../support.js';

const METHODS: readonly { method: string; send: (receiver: ExtReceiver, taskId: string) => Promise<RpcReply> }[] = [
  { method: 'tasks/get', send: (receiver, taskId) => receiver.getTask(taskId) },
  { method: 'tasks/update', send: (receiver, taskId) => receiver.updateTask(taskId, {}) },
  // Last: served, it would end the task the other two ask about.
  { method: 'tasks/cancel', send: (receiver, taskId) => receiver.cancelTask(taskId) },
];

// https://modelcontextprotocol.io/extensions/tasks/specification#security-considerations
export default defineCheck({
  id: 'ext-security.per-context-access',
  title: "Another identity's tasks/get, tasks/update and tasks/cancel of a task are refused",
  suite: 'ext-security',
  requirements: ['EXT-SEC-AUTH-EACH-REQUEST'],
  needs: [{ kind: 'transport', transport: 'http' }, { kind: 'peer-identity' }, { kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: 9 },
  async run(ctx: CheckContext) {
    const a = await ctx.connectModern();
    const b = await ctx.connectModern({ identity: 'peer' });
    // Still working while B tries: the refusal cannot be put down to the task being over.
    const { task } = await startExtTask(ctx, a, 'slow', { seconds: 1, label: uniqueText('foreign') });
    await awaitReadable(ctx, a, task);
    const unknownId = uniqueText('never-existed');
    let cancelRefused = false;
    for (const { method, send } of METHODS) {
      const foreign = await send(b, task.taskId);
      if (
        !ctx.expect(
          'EXT-SEC-AUTH-EACH-REQUEST',
          !foreign.ok,
          () => `identity B's ${method} on task ${task.taskId}, created by identity A, was served: ${describeReply(foreign)}; expected an error, as for a task B cannot see`,
        )
      )
        continue;
      if (method === 'tasks/cancel') cancelRefused = true;
      const unknown = await send(b, unknownId);
      if (foreign.ok || unknown.ok) continue; // how unknown IDs are answered is ext-errors.unknown-task's concern
      // A refusal unlike an unknown ID's tells B that A's task exists.
      if (foreign.error.code !== unknown.error.code) {
        ctx.info(`B's ${method} got error ${foreign.error.code} for A's task and ${unknown.error.code} for an unknown one: the difference tells B that the task exists`);
      } else if (foreign.error.message.split(task.taskId).join('<taskId>') !== unknown.error.message.split(unknownId).join('<taskId>')) {
        ctx.info(`B's ${method} got "${foreign.error.message}" for A's task and "${unknown.error.message}" for an unknown one: the difference tells B that the task exists`);
      }
    }
    // A refused cancel must have left the task alone.
    const own = cancelRefused ? extTaskOf(await a.getTask(task.taskId)) : undefined;
    if (own) ctx.expect('EXT-SEC-AUTH-EACH-REQUEST', own.status !== 'cancelled', `task ${task.taskId} of identity A is "cancelled" after identity B's tasks/cancel, which the server refused`);
    await a.cancelTask(task.taskId);
  },
});
