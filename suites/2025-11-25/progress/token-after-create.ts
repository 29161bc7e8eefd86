import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { issuedByThisRun, uniqueText } from '../../../harness/receivers/waits.js';

const STEPS = 4;
const INTERVAL_MS = 100;
/** How long to wait for a progress notification once polling shows the task finished. */
const NOTIFICATION_WAIT_MS = 1_000;

export default defineCheck({
  id: 'progress.token-after-create',
  title: "After the CreateTaskResult, the task keeps reporting progress with the request's progressToken",
  suite: 'progress',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-progress-notifications',
  cohabits: true,
  requirements: ['TASKS-PROGRESS-TOKEN-LIFETIME'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'progress' },
  ],
  cost: { waitMs: 500, roundTrips: 8, awaitsWork: 1 },
  provenBy: ['progress-token-dropped'],
  explain: {
    does:
      'Starts a progress task with a progressToken, its steps spaced to outlast the CreateTaskResult: every progress ' +
      'notification must use the token of the request, and some must arrive after the CreateTaskResult. A task that sends no ' +
      'progress at all is warned.',
    causes: [
      {
        cause: 'The task reports progress under a token of its own.',
        fix: "Keep the original request's progressToken for the whole life of the task.",
        faults: ['progress-token-dropped'],
      },
      {
        cause: 'Progress stops once the CreateTaskResult is sent, because the progress callback belonged to the answered request.',
        fix: "Send the task's progress notifications yourself, with the stored token, until the task is terminal.",
      },
    ],
  },
  async run(ctx: CheckContext) {
    await ctx.staged(async (stretch) => {
      const receiver = await ctx.connect();
      const progressToken = uniqueText('progress-token');
      // The steps must outlast the CreateTaskResult's trip to us by a margin, or none can arrive after it.
      const intervalMs = stretch * Math.max(ctx.timing.scaled(INTERVAL_MS), Math.ceil(ctx.timing.span(0, 2) / STEPS));
      const { task, reply } = await receiver.startTask(ctx.fixture('progress'), { steps: STEPS, intervalMs }, { task: { ttl: 60_000 }, meta: { progressToken } });
      await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: ctx.timing.requestTimeoutMs + STEPS * intervalMs });
      const isProgress = (n: { method: string }) => n.method === 'notifications/progress';
      await receiver.waitForNotification((n) => isProgress(n) && n.params.progressToken === progressToken && n.receivedAt > reply.receivedAt, ctx.timing.span(NOTIFICATION_WAIT_MS, 1));
      // This connection runs no other work, so progress under a token no request of the run sent is the task's own.
      // Progress under another check's token is that request's news routed to the wrong session (a receiver that
      // sends every notification to every session, mcp-framework over HTTP): not this task's token, and not this rule.
      const progress = receiver.notifications('notifications/progress').filter((n) => n.params.progressToken === progressToken || !issuedByThisRun(n.params.progressToken));
      const misrouted = receiver.notifications('notifications/progress').length - progress.length;
      if (misrouted > 0) ctx.reportInfo(`${misrouted} progress notification(s) under other requests' tokens of this run reached this connection too; not judged here`);
      const foreign = progress.filter((n) => n.params.progressToken !== progressToken);
      ctx.expect(
        'TASKS-PROGRESS-TOKEN-LIFETIME',
        foreign.length === 0,
        () =>
          `expected every progress notification of the task to use progressToken ` +
          `${JSON.stringify(progressToken)}, got ${foreign.length} with another token, e.g. ` +
          `${brief(foreign[0].params.progressToken)}`,
      );
      if (foreign.length > 0) return;
      // Progress is optional: a task that reports none breaks no rule about its token, though the fixture asks for it.
      if (progress.length === 0)
        return ctx.lenient(
          'TASKS-PROGRESS-TOKEN-LIFETIME',
          `expected progress notifications with progressToken ${JSON.stringify(progressToken)} (${STEPS} ` +
            `steps, ${intervalMs} ms apart), got none at all; progress is optional, so this is warned, not failed`,
        );
      const afterCreate = progress.filter((n) => n.receivedAt > reply.receivedAt).length;
      if (afterCreate === 0)
        ctx.missed(`all ${progress.length} progress notification(s) arrived before the CreateTaskResult (${reply.elapsedMs} ms after the call; ${STEPS} steps ${intervalMs} ms apart)`);
      ctx.reportInfo(`${afterCreate} of ${progress.length} progress notification(s) with the request's token arrived after the CreateTaskResult`);
    });
  },
});
