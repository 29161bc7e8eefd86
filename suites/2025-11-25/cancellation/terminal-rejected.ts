import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import type { Receiver } from '../../../harness/receivers/2025-11-25/receiver.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { awaitCancelled, stageCancelledTask } from './cancelled-task.js';
import { MCP_FRAMEWORK, EXT_TASKS } from '../explain-words.js';

interface TerminalCase {
  label: string;
  /** Brings a fresh task to the terminal status; returns its id and the status tasks/get reported last. */
  prepare(ctx: CheckContext, receiver: Receiver): Promise<{ taskId: string; status: string } | undefined>;
}

const CASES: TerminalCase[] = [
  {
    label: 'completed',
    async prepare(ctx, receiver) {
      const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('cancel-completed'), delayMs: 0 }, { task: { ttl: 60_000 } });
      return { taskId: task.taskId, status: String((await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal })).status) };
    },
  },
  {
    label: 'failed',
    async prepare(ctx, receiver) {
      // An isError tool fails a server's task; an error answer fails a client's.
      const role = ctx.facts.fixtures.has('fail') ? 'fail' : ctx.facts.fixtures.has('error') ? 'error' : undefined;
      if (!role) return undefined;
      const input = role === 'fail' ? { text: uniqueText('cancel-failed'), delayMs: 0 } : { code: -32042, message: 'conformance: deliberate failure', delayMs: 0 };
      const { task } = await receiver.startTask(ctx.fixture(role), input, { task: { ttl: 60_000 } });
      return { taskId: task.taskId, status: String((await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal })).status) };
    },
  },
  {
    label: 'cancelled',
    async prepare(ctx, receiver) {
      const { task } = await stageCancelledTask(ctx, 'cancel-cancelled', { receiver });
      // Wait for the receiver to report it cancelled, so the second tasks/cancel meets a terminal task; a deleted one must give -32602 too.
      const settled = await awaitCancelled(ctx, receiver, task.taskId);
      return { taskId: task.taskId, status: 'deleted' in settled ? 'cancelled, then deleted' : settled.status };
    },
  },
];

export default defineCheck({
  id: 'cancellation.terminal-rejected',
  title: 'tasks/cancel of a completed, failed or cancelled task is answered with -32602',
  suite: 'cancellation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-cancellation',
  cohabits: true,
  requirements: ['TASKS-CANCEL-TERMINAL-REJECTED'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'cancel' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['cancel-terminal-accepted'],
  explain: {
    does: 'Brings tasks to each terminal status, completed, failed (where a fail or error fixture exists) and cancelled, then sends ' + 'tasks/cancel for each: every one must be refused with -32602.',
    causes: [
      {
        cause: 'Cancelling a finished task succeeds and overwrites its status with "cancelled".',
        fix: 'Look at the status first and refuse a terminal task with -32602.',
        faults: ['cancel-terminal-accepted'],
      },
      {
        cause: 'The task is answered unchanged, as if the cancel had worked.',
        fix: 'Refuse instead: the requestor must learn that nothing was cancelled.',
        seenIn: EXT_TASKS,
      },
      {
        cause: 'The refusal comes as -32603, from a plain Error.',
        fix: 'Throw the protocol error class of your SDK with code -32602 instead; a plain Error becomes -32603.',
        seenIn: MCP_FRAMEWORK,
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const prepared = await Promise.all(CASES.map((testCase) => testCase.prepare(ctx, receiver)));
    for (const [index, target] of prepared.entries()) {
      const { label } = CASES[index];
      if (!target) {
        ctx.reportInfo(`no ${label} task was tried: the receiver offers neither a fail nor an error fixture`);
        continue;
      }
      const reply = await receiver.cancelTask(target.taskId);
      ctx.expect(
        'TASKS-CANCEL-TERMINAL-REJECTED',
        !reply.ok && reply.error.code === -32602,
        `expected tasks/cancel of a ${label} task (tasks/get said ${target.status}) to be answered with error -32602, got ${errorCodeOf(reply)}`,
      );
    }
  },
});
