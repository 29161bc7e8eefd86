import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { isTerminal } from '../../../harness/receivers/2025-11-25/receiver.js';
import { followTask, notificationObservations, type TaskObservation } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { firstIllegalStep } from '../../shared/status-graph.js';

export default defineCheck({
  id: 'lifecycle.transitions',
  title: 'Polls and status notifications show only allowed transitions, and a terminal status never changes',
  suite: 'lifecycle',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-lifecycle',
  cohabits: true,
  requirements: ['TASKS-LIFECYCLE-VALID-TRANSITIONS', 'TASKS-LIFECYCLE-TERMINAL-FINAL'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 600, roundTrips: 8, awaitsWork: 1 },
  provenBy: ['status-notification-terminal-reverts', 'status-unknown-while-working', 'terminal-reverts-to-working'],
  explain: {
    does:
      'Runs an echo task (and a fail task where offered) to its end, polls a few more times after the terminal status, and ' +
      'collects the status notifications. Each sequence may move only along the allowed transitions (working and ' +
      'input_required back and forth, then one terminal status), and a terminal status never changes. On stdio the ' +
      'notifications are judged in their order; over HTTP, where they may travel on several streams, only that they agree on ' +
      'one terminal status.',
    causes: [
      {
        cause: 'A terminal status is reported, then "working" again: the status is derived from the state of the work or a stale cache, not the stored record.',
        fix: 'Keep the status in the task record, and make a terminal record immutable: later updates from the work are dropped.',
        faults: ['terminal-reverts-to-working'],
      },
      {
        cause: 'A status notification after the terminal one says "working" (a late update from the work sent as a status).',
        fix: 'Send status notifications from the same guarded update of the record, and none once it is terminal.',
        faults: ['status-notification-terminal-reverts'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const roles = (['echo', 'fail'] as const).filter((role) => ctx.facts.fixtures.has(role));
    // Its tasks are followed side by side: the pace a receiver asks for is per task, so at a slow pace the check
    // takes one task's time, not the sum. Each is judged in role order once all have been followed.
    const followed = await Promise.all(
      roles.map(async (role) => {
        const { task } = await receiver.startTask(ctx.fixture(role), { text: uniqueText(`lifecycle-${role}`), delayMs: ctx.timing.scaled(300) }, { task: { ttl: 60_000 } });
        return { role, task, polled: await followTask(receiver, task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 3 }) };
      }),
    );
    for (const { role, task, polled } of followed) {
      // Polls and notifications may travel on different streams, so each is judged in its own order.
      judge(ctx, `tasks/get polls of the ${role} task`, polled);
      const notified = notificationObservations(receiver, task.taskId);
      // On stdio every message shares one ordered stream; over HTTP notifications may come on several streams, whose arrival order says nothing.
      if (ctx.facts.transport === 'stdio') judge(ctx, `status notifications of the ${role} task`, notified);
      else judgeTerminalAgreement(ctx, `the ${role} task`, [...polled, ...notified]);
    }
  },
});

/** Order-free: a task shows at most one terminal status, whichever stream reported it. */
function judgeTerminalAgreement(ctx: CheckContext, what: string, observations: readonly TaskObservation[]): void {
  const terminal = [...new Set(observations.map((o) => String(o.task.status)).filter((status) => isTerminal(status)))];
  ctx.expect(
    'TASKS-LIFECYCLE-TERMINAL-FINAL',
    terminal.length <= 1,
    `expected ${what} to reach one terminal status, got ${terminal.map((s) => `"${s}"`).join(' and ')} across its polls and status notifications`,
  );
}

function judge(ctx: CheckContext, what: string, observations: readonly TaskObservation[]): void {
  const statuses = observations.map((o) => String(o.task.status));
  const illegal = firstIllegalStep(statuses);
  if (!illegal) return;
  const requirement = isTerminal(illegal.from) ? 'TASKS-LIFECYCLE-TERMINAL-FINAL' : 'TASKS-LIFECYCLE-VALID-TRANSITIONS';
  ctx.expect(
    requirement,
    false,
    `${what} went from "${illegal.from}" to "${illegal.to}"; expected one of ${illegal.allowed.map((s) => `"${s}"`).join(', ') || 'no change'}; sequence: ${statuses.join(' → ')}`,
  );
}
