import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { extTaskOf, type ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { awaitReadable } from '../../../harness/receivers/2026-07-28/tasks.js';
import { foreignListenHeard, startLiveTask } from './scenario.js';

const METHODS: readonly { method: string; send: (receiver: ExtReceiver, taskId: string) => Promise<RpcReply> }[] = [
  { method: 'tasks/get', send: (receiver, taskId) => receiver.getTask(taskId) },
  { method: 'tasks/update', send: (receiver, taskId) => receiver.updateTask(taskId, {}) },
  // Last: served, it would end the task the other two ask about.
  { method: 'tasks/cancel', send: (receiver, taskId) => receiver.cancelTask(taskId) },
];

export default defineCheck({
  id: 'ext-security.per-context-access',
  title: 'A server that refuses another identity a task refuses it every task request: tasks/get, tasks/update, tasks/cancel and listening',
  suite: 'ext-security',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#security-considerations',
  requirements: ['EXT-SEC-AUTH-EACH-REQUEST'],
  needs: [{ kind: 'transport', transport: 'http' }, { kind: 'peer-identity' }, { kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: 10 },
  provenBy: ['ext-cancel-unbound', 'ext-listen-unbound'],
  explain: {
    does:
      'Over HTTP with two identities, A starts a task that stays live (confirm_delete, waiting for its answer, where ' +
      'offered; else slow_compute) and B sends tasks/get, tasks/update and ' +
      'tasks/cancel for it. All served is accepted (task IDs as bearer tokens). Once one is refused, the ' +
      "server binds tasks to callers: every other must be refused too, A's task must not be cancelled by " +
      "B, and a subscriptions/listen of B naming the task must carry none of the notifications A's own " +
      'subscription gets when A cancels it.',
    causes: [
      {
        cause: 'The ownership check sits in the lookup of some handlers only (tasks/get, tasks/update), while tasks/cancel or the listen filter find tasks by ID alone.',
        fix:
          "Resolve every taskId through one lookup that takes the caller's authorization context, for every " +
          "task method and for subscriptions/listen, and treat another context's task exactly like an unknown " +
          'one (-32602).',
        faults: ['ext-cancel-unbound', 'ext-listen-unbound'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const a = await ctx.connect();
    const b = await ctx.connect({ identity: 'peer' });
    // Still working while B tries: the refusal cannot be put down to the task being over.
    const { task } = await startLiveTask(ctx, a, 'foreign');
    await awaitReadable(ctx, a, task);
    // Task IDs may be bearer tokens: B reaching A's task is allowed, unless the server refuses B some request on it.
    const answers = [];
    for (const { method, send } of METHODS) answers.push({ method, reply: await send(b, task.taskId) });
    const refused = answers.filter(({ reply }) => !reply.ok).map(({ method }) => method);
    if (refused.length === 0) {
      ctx.reportInfo(`identity B's tasks/get, tasks/update and tasks/cancel of identity A's task were all served: the server treats task IDs as bearer tokens, which the extension allows`);
      return;
    }
    for (const { method, reply } of answers.filter(({ reply }) => reply.ok)) {
      ctx.expect(
        'EXT-SEC-AUTH-EACH-REQUEST',
        false,
        `identity B's ${method} on task ${task.taskId}, created by identity A, was served (${describeReply(reply)}) while B's ${refused.join(' and ')} of it were refused`,
      );
    }
    // A refused cancel must have left the task alone.
    if (refused.includes('tasks/cancel')) {
      const own = extTaskOf(await a.getTask(task.taskId));
      if (own) ctx.expect('EXT-SEC-AUTH-EACH-REQUEST', own.status !== 'cancelled', `task ${task.taskId} of identity A is "cancelled" after identity B's tasks/cancel, which the server refused`);
    }
    await judgeForeignListen(ctx, a, b, task.taskId, refused);
  },
});

/** Whether B's subscription to A's task carried news of it (see foreignListenHeard); judged only when it could. */
async function judgeForeignListen(ctx: CheckContext, a: ExtReceiver, b: ExtReceiver, taskId: string, refused: readonly string[]): Promise<void> {
  const { heard, notJudged } = await foreignListenHeard(ctx, a, b, taskId);
  if (notJudged && !heard) return ctx.reportInfo(`${notJudged}, so whether B could listen to A's task was not judged further`);
  ctx.expect(
    'EXT-SEC-AUTH-EACH-REQUEST',
    heard === undefined,
    () => `identity B's subscriptions/listen delivered notifications/tasks of task ${taskId}, created by identity A, while B's ${refused.join(' and ')} of it were refused`,
  );
}
