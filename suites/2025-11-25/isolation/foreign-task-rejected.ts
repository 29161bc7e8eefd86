import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { tasksCapability } from '../../../harness/receivers/preconditions.js';
import type { Receiver } from '../../../harness/receivers/2025-11-25/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

type Method = 'tasks/get' | 'tasks/result' | 'tasks/cancel';

/** A refusal comes at once; tasks/result on a foreign task that does not answer is waiting for the task instead. */
const RESULT_BOUND_MS = 2_000;

export default defineCheck({
  id: 'isolation.foreign-task-rejected',
  title: "Another authorization context's tasks/get, tasks/result and tasks/cancel are refused, like an unknown task's",
  suite: 'isolation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-isolation-and-access-control',
  requirements: ['TASKS-SEC-REJECT-FOREIGN', 'TASKS-SEC-BIND-CONTEXT'],
  roles: ['server'],
  needs: [{ kind: 'peer-identity' }, { kind: 'tasks-capability', path: 'requests' }, { kind: 'fixture', role: 'echo' }],
  provenBy: ['foreign-cancel-allowed', 'foreign-task-distinct-error', 'no-context-binding'],
  explain: {
    does:
      'With two identities (`--header` and `--peer-header`), identity A starts a long task and identity B tries tasks/get, ' +
      'tasks/result and tasks/cancel on it: each must be refused. A refusal that differs from the one for an ID that never ' +
      'existed is warned, because it tells B that the task exists.',
    causes: [
      {
        cause: 'All tasks live in one map without an owner, so any requestor reaches any task.',
        fix: "Store the authorization context (e.g. the token's subject) with each task, and treat another context's task as unknown.",
        faults: ['no-context-binding'],
      },
      {
        cause: 'tasks/get and tasks/result check the owner, but tasks/cancel does not.',
        fix: 'Run the same ownership check in every task operation.',
        faults: ['foreign-cancel-allowed'],
      },
      {
        cause: 'A foreign task is refused with its own message ("access denied") rather than as an unknown one.',
        fix: 'Answer exactly as for a task ID that never existed.',
        faults: ['foreign-task-distinct-error'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const a = await ctx.connect();
    const b = await ctx.connect({ identity: 'peer' });
    const { task } = await a.startTask(ctx.fixture('echo'), { text: uniqueText('foreign'), delayMs: ctx.timing.span(5_000, 6) }, { task: { ttl: 60_000 } });
    const unknownId = uniqueText('never-existed');
    const cancels = tasksCapability(ctx.facts)?.cancel !== undefined;
    const methods: Method[] = cancels ? ['tasks/get', 'tasks/result', 'tasks/cancel'] : ['tasks/get', 'tasks/result'];
    for (const method of methods) {
      const foreign = await attempt(ctx, b, method, task.taskId);
      if (typeof foreign === 'string' || foreign.ok) {
        const got = typeof foreign === 'string' ? foreign : describeReply(foreign);
        ctx.expect('TASKS-SEC-REJECT-FOREIGN', false, `expected B's ${method} on task ${task.taskId}, created by identity A, to be refused with an error, got ${got}`);
        if (method === 'tasks/get') ctx.expect('TASKS-SEC-BIND-CONTEXT', false, `task ${task.taskId} of identity A is visible to identity B: tasks are not bound to the authorization context`);
        continue;
      }
      const unknown = await attempt(ctx, b, method, unknownId);
      if (typeof unknown === 'string' || unknown.ok) continue; // how unknown IDs are answered is protocol-errors' concern
      // A refusal that differs from an unknown ID's tells B that A's task exists.
      const leak = 'the refusal is there, but it differs from the answer for a task ID that never existed, which tells B that the task exists';
      if (foreign.error.code !== unknown.error.code) {
        ctx.lenient('TASKS-SEC-REJECT-FOREIGN', `${leak}: B's ${method} got error ${foreign.error.code} for A's task and ${unknown.error.code} for an unknown one; expected the same code`);
      } else if (normalized(foreign.error.message, task.taskId) !== normalized(unknown.error.message, unknownId)) {
        ctx.lenient(
          'TASKS-SEC-REJECT-FOREIGN',
          `${leak}: B's ${method} got "${foreign.error.message}" for A's task and "${unknown.error.message}" for an unknown one; expected the same message (task IDs aside)`,
        );
      }
    }
    if (cancels) await a.cancelTask(task.taskId);
  },
});

async function attempt(ctx: CheckContext, receiver: Receiver, method: Method, taskId: string): Promise<RpcReply | string> {
  if (method === 'tasks/get') return receiver.getTask(taskId);
  if (method === 'tasks/cancel') return receiver.cancelTask(taskId);
  // A refusal takes one round trip; a receiver that waits for the task instead runs into the bound.
  const bound = ctx.timing.span(RESULT_BOUND_MS, 2);
  return (await receiver.taskResultWithin(taskId, bound)) ?? `no answer within ${bound} ms, as if it waited for the task to finish`;
}

function normalized(message: string, taskId: string): string {
  return message.split(taskId).join('<taskId>');
}
