import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { requireExtTask } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { workSecondsFor } from '../../../harness/receivers/2026-07-28/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-polling.working-status',
  title: 'tasks/get of a task whose work is still running reports status "working"',
  suite: 'ext-polling',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#response',
  requirements: ['EXT-GET-WORKING'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: 4, awaitsWork: 1 },
  provenBy: ['ext-working-reads-running'],
  explain: {
    does:
      "Starts slow_compute with work longer than a few round trips at the server's measured pace, asks " +
      'tasks/get at once, and requires the status "working" while the work runs (staged again with longer ' +
      'work when the answer came too late).',
    causes: [
      {
        cause: 'The store reports an internal state name ("running", "pending", "queued") instead of one of the five statuses of the extension.',
        fix: 'Map internal states onto the extension\'s statuses when building the task: anything still being worked on is "working".',
        faults: ['ext-working-reads-running'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    await ctx.staged(async (stretch) => {
      // slow_compute sleeps this long by its contract: a look well inside it finds the work running.
      const seconds = workSecondsFor(ctx.timing, 3, stretch);
      const started = performance.now();
      const { task } = await startExtTask(ctx, receiver, 'slow', { seconds, label: uniqueText('working') });
      const reply = await receiver.getTask(task.taskId);
      if (performance.now() - started >= seconds * 1000) ctx.missed(`the tasks/get came ${Math.round(performance.now() - started)} ms after the call, once the ${seconds} s of work could be over`);
      const seen = requireExtTask(reply, `tasks/get of the running slow_compute task ${task.taskId}`, receiver, task.taskId);
      ctx.expect(
        'EXT-GET-WORKING',
        seen.status === 'working',
        () =>
          `tasks/get of task ${task.taskId}, ${Math.round(performance.now() - started)} ms into its ${seconds} ` +
          `s of work, reported status ${JSON.stringify(seen.status)}; a running task reads "working"`,
      );
      await receiver.cancelTask(task.taskId);
    });
  },
});
