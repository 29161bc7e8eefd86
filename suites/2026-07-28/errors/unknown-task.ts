import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import { HEADER_MISMATCH } from '../../../harness/wire/2026-07-28/envelope.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

const INVALID_PARAMS = -32602;

export default defineCheck({
  id: 'ext-errors.unknown-task',
  title: 'tasks/get naming no task (or with a malformed taskId) is answered with -32602; tasks/update and tasks/cancel with an error (-32602 recommended)',
  suite: 'ext-errors',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#protocol-errors',
  requirements: ['EXT-ERR-UNKNOWN-TASK-GET', 'EXT-ERR-UNKNOWN-TASK-UPDATE-CANCEL'],
  needs: [{ kind: 'tasks-extension' }],
  cost: { roundTrips: 6 },
  provenBy: ['ext-malformed-task-id-internal', 'ext-unknown-task-acknowledged', 'ext-unknown-task-wrong-code'],
  explain: {
    does:
      'Sends tasks/get, tasks/update and tasks/cancel for a taskId that never existed, and tasks/get with ' +
      'a number, an empty string and no taskId at all: tasks/get must fail with -32602 each time (over ' +
      'HTTP a refusal by header validation, -32020, is accepted for the malformed ones); tasks/update and ' +
      'tasks/cancel should fail with -32602 too (acknowledging them, or another code, is warned).',
    causes: [
      {
        cause: 'The failed lookup throws a plain exception, which the SDK turns into -32603.',
        fix: 'Throw the protocol error of your SDK with code -32602 for an unknown, expired or foreign taskId.',
        faults: ['ext-unknown-task-wrong-code'],
      },
      {
        cause: 'A taskId of the wrong type reaches the store unchecked and fails there as an internal error (-32603).',
        fix: 'Validate params.taskId as a non-empty string first and answer -32602 when it is not one.',
        faults: ['ext-malformed-task-id-internal'],
      },
      {
        cause: 'tasks/update or tasks/cancel acknowledge any taskId without looking it up.',
        fix: 'Look the task up first and answer -32602 when there is none.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const taskId = uniqueText('no-such-task');
    const get = await receiver.getTask(taskId);
    ctx.expect(
      'EXT-ERR-UNKNOWN-TASK-GET',
      !get.ok && get.error.code === INVALID_PARAMS,
      () => `tasks/get for task ID ${taskId}, which never existed, was answered with ${errorCodeOf(get)}; expected error ${INVALID_PARAMS}`,
    );
    // Malformed IDs: a number, an empty string, none at all (raw params, so the harness adds nothing).
    const malformed: readonly { what: string; params: Record<string, unknown> }[] = [
      { what: 'a number as taskId', params: { taskId: 42 } },
      { what: 'an empty taskId', params: { taskId: '' } },
      { what: 'no taskId', params: {} },
    ];
    for (const { what, params } of malformed) {
      const reply = await receiver.request('tasks/get', params);
      // Over HTTP a missing or unusable Mcp-Name may be refused first, by header validation (-32020).
      if (!reply.ok && reply.error.code === HEADER_MISMATCH && receiver.transport === 'http') {
        ctx.reportInfo(`tasks/get with ${what} was refused by header validation (${errorCodeOf(reply)}) before the taskId was read`);
        continue;
      }
      ctx.expect(
        'EXT-ERR-UNKNOWN-TASK-GET',
        !reply.ok && reply.error.code === INVALID_PARAMS,
        () => `tasks/get with ${what} was answered with ${errorCodeOf(reply)}; expected error ${INVALID_PARAMS}`,
      );
    }
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
