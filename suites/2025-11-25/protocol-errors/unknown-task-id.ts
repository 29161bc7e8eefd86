import { defineCheck, type CheckContext, type CheckDefinition } from '../../../harness/receivers/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import type { Precondition } from '../../../harness/model/model.js';
import type { Receiver } from '../../../harness/receivers/2025-11-25/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

interface UnknownIdCase {
  method: 'tasks/get' | 'tasks/result' | 'tasks/cancel';
  needs: Precondition[];
  send(receiver: Receiver, taskId: string): ReturnType<Receiver['request']>;
}

const CASES: UnknownIdCase[] = [
  { method: 'tasks/get', needs: [], send: (receiver, id) => receiver.getTask(id) },
  { method: 'tasks/result', needs: [], send: (receiver, id) => receiver.taskResult(id) },
  { method: 'tasks/cancel', needs: [{ kind: 'tasks-capability', path: 'cancel' }], send: (receiver, id) => receiver.cancelTask(id) },
];

/** Params whose taskId is malformed rather than unknown: invalid params as much as an ID that never existed. */
const MALFORMED_TASK_IDS: readonly { what: string; params: Record<string, unknown> }[] = [
  { what: 'a number as taskId (42)', params: { taskId: 42 } },
  { what: 'no taskId at all', params: {} },
  { what: 'an empty string as taskId', params: { taskId: '' } },
];

function isInvalidParams(reply: RpcReply): boolean {
  return !reply.ok && reply.error.code === -32602;
}

/** Whether tasks/get with the empty taskId finds a task that the receiver gave that ID. */
async function holdsEmptyIdTask(receiver: Receiver): Promise<boolean> {
  const reply = await receiver.getTask('');
  return reply.ok && reply.result.taskId === '';
}

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#protocol-errors
function unknownTaskIdCheck(testCase: UnknownIdCase): CheckDefinition {
  const name = testCase.method.split('/')[1];
  return defineCheck({
    id: `protocol-errors.unknown-task-${name}`,
    title: `${testCase.method} naming no task (a task ID that never existed, or a numeric, missing or empty one, unless a task has the empty ID) is answered with -32602`,
    suite: 'protocol-errors',
    cohabits: true,
    requirements: ['TASKS-ERROR-INVALID-TASK-ID'],
    roles: ['server', 'client'],
    needs: [{ kind: 'tasks-capability', path: 'requests' }, ...testCase.needs],
    async run(ctx: CheckContext) {
      const receiver = await ctx.connect();
      const reply = await testCase.send(receiver, uniqueText('no-such-task'));
      ctx.expect('TASKS-ERROR-INVALID-TASK-ID', isInvalidParams(reply), `expected error -32602 for a task ID that never existed, got ${errorCodeOf(reply)}`);
      for (const malformed of MALFORMED_TASK_IDS) {
        // The empty string is a string, so a receiver may have given it to a task (each ID names one task): then it names that task.
        if (malformed.params.taskId === '' && (await holdsEmptyIdTask(receiver))) {
          ctx.reportInfo(`tasks/get with an empty taskId answered with a task of that ID, so the empty string names a task here and ${testCase.method} with it is not judged`);
          continue;
        }
        const answer = await receiver.request(testCase.method, malformed.params);
        ctx.expect('TASKS-ERROR-INVALID-TASK-ID', isInvalidParams(answer), `expected error -32602 for ${testCase.method} with ${malformed.what}, got ${errorCodeOf(answer)}`);
      }
    },
  });
}

export const UNKNOWN_TASK_ID_CHECKS = CASES.map(unknownTaskIdCheck);
export const UNKNOWN_TASK_ID_CASES = CASES;
