import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief, describeReply, errorCodeOf } from '../../../harness/model/describe.js';
import { taskOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { MCP_FRAMEWORK, SDK_CLIENT, EXT_TASKS } from '../explain-words.js';

const TEN_YEARS_MS = 10 * 365 * 24 * 60 * 60 * 1000;

export default defineCheck({
  id: 'ttl.max-ttl',
  title: 'A receiver caps a ten-year ttl request',
  suite: 'ttl',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#resource-management',
  cohabits: true,
  requirements: ['TASKS-RES-MAX-TTL'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  provenBy: ['ttl-not-capped'],
  explain: {
    does: 'Asks for a ttl of ten years: the receiver should refuse it or grant (and report in tasks/get) a shorter one. Granting it as asked is warned.',
    causes: [
      {
        cause: 'There is no maximum: any requested ttl is granted, or every task gets null (no limit).',
        fix: 'Clamp the requested ttl to a configured maximum, e.g. `Math.min(requested, 24 * 3600_000)`.',
        seenIn: `${MCP_FRAMEWORK}; ${EXT_TASKS}`,
        faults: ['ttl-not-capped'],
      },
      {
        cause: "The task's deletion is scheduled with `setTimeout(ttl)`, which Node.js fires after 1 ms for anything above 2^31−1 ms, so the task vanishes at once.",
        fix: 'Cap the ttl below that, or expire tasks by comparing timestamps instead of one long timer.',
        seenIn: SDK_CLIENT,
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const created = await receiver.invoke(ctx.fixture('echo'), { text: uniqueText('max-ttl'), delayMs: 0 }, { task: { ttl: TEN_YEARS_MS } });
    const task = created.ok ? (created.result.task as Record<string, unknown> | undefined) : undefined;
    if (typeof task?.taskId !== 'string') {
      // Refusing the request is one way to enforce a maximum, but only if an ordinary ttl is accepted: a receiver
      // that creates no task at all (e.g. -32601 to every call) has shown no cap.
      const control = await receiver.invoke(ctx.fixture('echo'), { text: uniqueText('max-ttl-control'), delayMs: 0 }, { task: { ttl: 60_000 } });
      const controlTask = control.ok ? (control.result.task as Record<string, unknown> | undefined) : undefined;
      if (typeof controlTask?.taskId !== 'string')
        ctx.unmet(
          'TASKS-RESULT-CREATE-TASK-RESULT',
          `a task-augmented call should have created a task; a ten-year ttl was answered ${describeReply(created)}, and a one-minute ttl too (${describeReply(control)}), so the refusal shows no cap`,
        );
      return ctx.reportInfo(`the receiver refused a task with a ten-year ttl (${errorCodeOf(created)}) while it accepts a one-minute ttl`);
    }
    const polled = taskOf(await receiver.getTask(task.taskId));
    // tasks/get reports the ttl in force; the CreateTaskResult stands in when tasks/get omits it (ttl.present-in-get's concern).
    const source = polled && 'ttl' in polled ? polled : task;
    const ttl = source.ttl;
    ctx.reportInfo(`asked for a ttl of ${TEN_YEARS_MS} ms, granted ${brief(ttl)}`);
    ctx.expect('TASKS-RES-MAX-TTL', typeof ttl === 'number' && ttl < TEN_YEARS_MS, `expected a ttl below the requested ten years (${TEN_YEARS_MS} ms), got ${brief(ttl)}`);
  },
});
