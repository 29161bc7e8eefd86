import { defineCheck, type CheckContext } from '../../../harness/check.js';
import { errorCodeOf } from '../../../harness/describe.js';
import { uniqueText } from '../support.js';

const INVALID_PARAMS = -32602;

// https://modelcontextprotocol.io/extensions/tasks/specification#protocol-errors
export default defineCheck({
  id: 'ext-errors.unknown-task',
  title: 'tasks/get naming no task is answered with -32602; tasks/update and tasks/cancel with an error (-32602 recommended)',
  suite: 'ext-errors',
  requirements: ['EXT-ERR-UNKNOWN-TASK-GET', 'EXT-ERR-UNKNOWN-TASK-UPDATE-CANCEL'],
  needs: [{ kind: 'tasks-extension' }],
  cost: { roundTrips: 3 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connectModern();
    const taskId = uniqueText('no-such-task');
    const get = await receiver.getTask(taskId);
    ctx.expect(
      'EXT-ERR-UNKNOWN-TASK-GET',
      !get.ok && get.error.code === INVALID_PARAMS,
      () => `tasks/get for task ID ${taskId}, which never existed, was answered with ${errorCodeOf(get)}; expected error ${INVALID_PARAMS}`,
    );
    const others = [
      { method: 'tasks/update', reply: await receiver.updateTask(taskId, {}) },
      { method: 'tasks/cancel', reply: await receiver.cancelTask(taskId) },
    ];
    for (const { method, reply } of others) {
      ctx.expect(
        'EXT-ERR-UNKNOWN-TASK-UPDATE-CANCEL',
        !reply.ok && reply.error.code === INVALID_PARAMS,
        () => `${method} for task ID ${taskId}, which never existed, was answered with ${errorCodeOf(reply)}; expected ${reply.ok ? 'a JSON-RPC error, ideally ' : ''}error ${INVALID_PARAMS}`,
      );
    }
  },
});
