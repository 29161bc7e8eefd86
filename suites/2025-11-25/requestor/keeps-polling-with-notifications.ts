import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { isTerminal } from '../../../harness/receivers/2025-11-25/receiver.js';
import { runRequestorScenario } from './scenario.js';
import { runServerRequestorScenario } from './server-scenario.js';

interface NotifiedTask {
  taskId: string;
  what: string;
  status: string;
  notifiedAt?: number;
  resultAsked: boolean;
  reported: readonly { at: number; status: string }[];
}

/** The requestor's tasks; the harness sends a status notification (still working) of each at its first poll. */
async function notifiedTasks(ctx: CheckContext): Promise<{ who: string; tasks: NotifiedTask[]; stalled: boolean }> {
  if (ctx.facts.role === 'server') {
    const { tasks, replies } = await runServerRequestorScenario(ctx, { notifyStatus: true });
    // The ask call went unanswered: the requestor's silence was found at the quiet the run allows (as in polls-until-terminal).
    return { who: 'server', tasks: tasks.map((task) => ({ ...task, what: task.method })), stalled: replies.includes(undefined) };
  }
  const { record } = await runRequestorScenario(ctx, { endpoint: { notifyStatus: true } });
  return { who: 'client', tasks: record.tasks.map((task) => ({ ...task, what: task.tool })), stalled: false };
}

export default defineCheck({
  id: 'requestor.keeps-polling-with-notifications',
  title: 'As a requestor, the client (or server) goes on polling a task after a status notification of it arrives',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-notification',
  requirements: ['TASKS-NOTIFY-KEEP-POLLING'],
  roles: ['client', 'server'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  // The requestor scenario: the harness's tasks take their polls to finish, as in requestor.polls-until-terminal.
  cost: { waitMs: 1000, roundTrips: 8 },
  provenBy: ['ask-polling-yields-to-notifications', 'ask-stops-polling-at-working', 'polling-yields-to-notifications', 'stops-polling-at-working'],
  explain: {
    does:
      'Gives the client the call-tools directive on an endpoint that, at the first tasks/get of each task, sends a ' +
      'notifications/tasks/status saying the task still works. The client must go on polling each such task until it is ' +
      'terminal (or input_required), or wait on tasks/result; one that stops after the notification is warned. A server ' +
      'is asked through the ask fixture, and the task the suite makes of its request is notified the same way.',
    causes: [
      {
        cause: 'On the first status notification the client switches from polling to listening, and waits for a notification of the end that never comes.',
        fix: 'Keep polling tasks/get at the pollInterval while notifications arrive; use them only to poll sooner.',
        faults: ['polling-yields-to-notifications'],
      },
      {
        cause: "The server's helper that follows a client task stops polling once a status notification arrives, and waits for the next one.",
        fix: 'Go on polling at the pollInterval; a notification may only make the next poll come sooner.',
        faults: ['ask-polling-yields-to-notifications', 'ask-stops-polling-at-working'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { who, tasks, stalled } = await notifiedTasks(ctx);
    // A silence judged at the run's quiet bound is a verdict of that bound: a loaded run checks it again alone.
    const judge = stalled ? ctx.expectWithinBound.bind(ctx) : ctx.expect.bind(ctx);
    const notified = tasks.filter((task) => task.notifiedAt !== undefined);
    if (notified.length === 0) ctx.skip(`the ${who} polled none of its ${tasks.length} task(s) while working, so no status notification was sent`);
    for (const task of notified) {
      const last = task.reported[task.reported.length - 1];
      // Polling may end at a terminal status or at input_required, or give way to a waiting tasks/result.
      const followed = task.resultAsked || task.reported.some((poll) => isTerminal(poll.status) || poll.status === 'input_required') || task.status === 'cancelled';
      const pollsAfter = task.reported.filter((poll) => poll.at > task.notifiedAt!).length;
      judge(
        'TASKS-NOTIFY-KEEP-POLLING',
        followed,
        () =>
          `expected the ${who} to go on polling task ${task.taskId} (${task.what}) after its status ` +
          `notification (status working) until it was terminal, or to wait on tasks/result; got ${pollsAfter} ` +
          `poll(s) after it${last ? `, the last answered "${last.status}"` : ''}, then nothing: the status ` +
          `notification is a hint, not a replacement for tasks/get`,
      );
    }
  },
});
