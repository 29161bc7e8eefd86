import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { tasksCapability } from '../../../harness/receivers/preconditions.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'isolation.untouched-by-peer',
  title: "Another context's attempts on a task leave it running to its own result",
  suite: 'isolation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-isolation-and-access-control',
  requirements: ['TASKS-SEC-REJECT-FOREIGN'],
  roles: ['server'],
  needs: [{ kind: 'peer-identity' }, { kind: 'tasks-capability', path: 'requests' }, { kind: 'fixture', role: 'echo' }],
  // A's task works for a second while B tries it.
  cost: { waitMs: 1000, roundTrips: 8, awaitsWork: 1 },
  provenBy: ['foreign-cancel-allowed', 'no-context-binding', 'result-terminal-refused'],
  explain: {
    does: "Identity A starts a task; identity B tries tasks/get, tasks/cancel and tasks/result on it at once while it works. A's task must still complete and return A's own result.",
    causes: [
      {
        cause: "Another requestor's tasks/cancel goes through, because cancel does not check the owner.",
        fix: 'Check ownership in tasks/cancel like in tasks/get and tasks/result.',
        faults: ['foreign-cancel-allowed', 'no-context-binding'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    const a = await ctx.connect();
    const b = await ctx.connect({ identity: 'peer' });
    const text = uniqueText('untouched');
    const { task } = await a.startTask(binding, { text, delayMs: ctx.timing.span(1_000, 2) }, { task: { ttl: 60_000 } });
    // B tries everything on A's task at once, while it works; whether each is refused is isolation.foreign-task-rejected's verdict.
    const cancels = tasksCapability(ctx.facts)?.cancel !== undefined;
    await Promise.all([b.getTask(task.taskId), cancels ? b.cancelTask(task.taskId) : undefined, b.taskResultWithin(task.taskId, ctx.timing.span(300, 1))]);

    const end = await awaitTerminalStatus(a, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    ctx.require(
      'TASKS-SEC-REJECT-FOREIGN',
      end.status === 'completed',
      `expected A's task to complete untouched by identity B's get, cancel and result attempts, got status "${end.status}"${typeof end.statusMessage === 'string' ? ` (${end.statusMessage})` : ''}`,
    );
    const reply = await a.taskResult(task.taskId);
    ctx.require('TASKS-SEC-REJECT-FOREIGN', reply.ok, `expected A's task to return its own result after B's attempts, got ${describeReply(reply)}`);
    if (binding.echoesInput) {
      // Only whose result it is matters here; whether it is exact is result-retrieval's concern.
      const texts = Array.isArray(reply.result.content) ? (reply.result.content as Record<string, unknown>[]).map((item) => item.text) : [];
      ctx.expect(
        'TASKS-SEC-REJECT-FOREIGN',
        texts.some((item) => typeof item === 'string' && item.includes(text)),
        `expected A's task to return its own text "${text}", got ${brief(reply.result.content)}`,
      );
    }
  },
});
