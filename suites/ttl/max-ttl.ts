import { defineCheck, type CheckContext } from '../../harness/check.js';
import { brief, errorCodeOf } from '../../harness/describe.js';
import { taskOf } from '../../harness/receiver.js';
import { uniqueText } from '../../harness/waits.js';

const TEN_YEARS_MS = 10 * 365 * 24 * 60 * 60 * 1000;

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#resource-management
export default defineCheck({
  id: 'ttl.max-ttl',
  title: 'A receiver caps a ten-year ttl request',
  suite: 'ttl',
  cohabits: true,
  requirements: ['TASKS-RES-MAX-TTL'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const created = await receiver.invoke(ctx.fixture('echo'), { text: uniqueText('max-ttl'), delayMs: 0 }, { task: { ttl: TEN_YEARS_MS } });
    const task = created.ok ? (created.result.task as Record<string, unknown> | undefined) : undefined;
    if (typeof task?.taskId !== 'string') {
      // Refusing the request is one way to enforce a maximum.
      return ctx.info(`the receiver refused a task with a ten-year ttl: ${errorCodeOf(created)}`);
    }
    const polled = taskOf(await receiver.getTask(task.taskId));
    // tasks/get reports the ttl in force; the CreateTaskResult stands in when tasks/get omits it (ttl.present-in-get's concern).
    const source = polled && 'ttl' in polled ? polled : task;
    const ttl = source.ttl;
    ctx.info(`asked for a ttl of ${TEN_YEARS_MS} ms, granted ${brief(ttl)}`);
    ctx.expect('TASKS-RES-MAX-TTL', typeof ttl === 'number' && ttl < TEN_YEARS_MS, `expected a ttl below the requested ten years (${TEN_YEARS_MS} ms), got ${brief(ttl)}`);
  },
});
