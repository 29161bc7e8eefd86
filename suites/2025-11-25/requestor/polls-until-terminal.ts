import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { isTerminal } from '../../../harness/receivers/2025-11-25/receiver.js';
import { requestorTraffic } from './traffic.js';

export default defineCheck({
  id: 'requestor.polls-until-terminal',
  title: 'As a requestor, the client (or server) follows its task until it is terminal (or input_required), without waiting for status notifications',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#getting-tasks',
  requirements: ['TASKS-GET-POLL-UNTIL-TERMINAL', 'TASKS-NOTIFY-NOT-RELIED'],
  roles: ['client', 'server'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 1000, roundTrips: 8 },
  provenBy: ['ask-stops-polling-at-working', 'stops-polling-at-working'],
  explain: {
    does:
      "Connects as a task-capable client, calls the server's ask tool and takes its sampling request as a task that stays " +
      'working for three polls, then completes; the suite sends no status notifications. The server must then learn the end ' +
      'itself: by a tasks/get that reports it, or by waiting on tasks/result. A requestor may stop polling at input_required. ' +
      'A server silent for 5 s (or three times its slowest pace) after the task ended without either fails: it still owes ' +
      'the ask call its answer, so it can only be waiting for a status notification, on which a requestor must not rely. A ' +
      "client under test gets the call-tools directive instead: the suite's tasks stay working for three polls (or until a " +
      'tasks/result waits), and a task the client stopped following before it learned the end is warned.',
    causes: [
      {
        cause: 'The server polls once, sees working, and then waits for a notifications/tasks/status that the client never sends.',
        fix: 'Keep polling tasks/get (or block on tasks/result) until the task is terminal; treat status notifications only as a hint to poll sooner.',
        faults: ['ask-stops-polling-at-working'],
      },
      {
        cause: "A client's tool-call helper polls once after the CreateTaskResult and then waits for notifications/tasks/status, which the server need not send.",
        fix: 'Go on polling tasks/get at the pollInterval (or block on tasks/result) until the task is completed, failed or cancelled.',
        faults: ['stops-polling-at-working'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { who, tasks, stalled } = await requestorTraffic(ctx);
    if (tasks.length === 0)
      ctx.skip(
        who === 'server'
          ? 'the server sent its request to this task-capable client without a task, so it had no task to follow (augmenting is its choice)'
          : 'the client called no tool as a task, so it had no task to follow',
      );
    const receiver = who === 'server' ? 'client' : 'server';
    for (const task of tasks) {
      const last = task.reported[task.reported.length - 1];
      // It learned the end from a poll, waited for it on tasks/result, or ended the task itself; or it stopped where
      // the polling sentence lets it, at input_required (fetching the input is requestor.result-on-input-required's).
      const followed = task.resultAsked || task.reported.some((poll) => isTerminal(poll.status)) || task.status === 'cancelled' || last?.status === 'input_required';
      // Stopped, and still waiting on the task once it had ended: only a status notification could have moved it on.
      // The silence is judged at the quiet the run allows: a verdict of that bound, so a loaded run checks it again alone.
      if (!followed && stalled)
        ctx.expectWithinBound(
          'TASKS-NOTIFY-NOT-RELIED',
          false,
          `expected the ${who} to learn the end of task ${task.taskId} (${task.method}) by polling or ` +
            `tasks/result; got ${task.reported.length} ` +
            `poll(s)${last ? `, the last answered "${last.status}"` : ''}, then silence while it still owed its ` +
            `own answer long after the task had ended: it waited for a status notification the ${receiver} never ` +
            `promised`,
        );
      // When the requestor stalled, the end of its following was found at the same quiet bound.
      const judge = stalled ? ctx.expectWithinBound.bind(ctx) : ctx.expect.bind(ctx);
      judge(
        'TASKS-GET-POLL-UNTIL-TERMINAL',
        followed,
        () =>
          `expected the ${who} to poll tasks/get until task ${task.taskId} (${task.method}) was terminal or ` +
          `input_required, or to wait for it on tasks/result; got ${task.reported.length} ` +
          `poll(s)${last ? `, the last answered "${last.status}"` : ''}, then nothing about the task (the ` +
          `suite's ${receiver} sent no status notifications)`,
      );
    }
  },
});
