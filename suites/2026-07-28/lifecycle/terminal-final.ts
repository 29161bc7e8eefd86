import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import type { ModernFixtureRole } from '../../../harness/model/model.js';
import { extTaskOf, type ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import { awaitReadable, startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, nextExtPollDelay, workBoundMs, type ExtObservation } from '../../../harness/receivers/2026-07-28/waits.js';
import { pause } from '../../../harness/wire/timing.js';
import { firstIllegalStep, isKnownStatus } from '../../shared/status-graph.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Polls after the terminal status, to see it stay. */
const EXTRA_POLLS = 3;

export default defineCheck({
  id: 'ext-lifecycle.terminal-final',
  title: 'A task moves only along the status graph, and a terminal status never changes',
  suite: 'ext-lifecycle',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-status',
  requirements: ['EXT-LIFECYCLE-TERMINAL-FINAL'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: 16, awaitsWork: 2 },
  provenBy: ['ext-terminal-reverts'],
  explain: {
    does:
      'Runs slow_compute (and protocol_error_job when offered) to its end, polls tasks/get three more ' +
      'times at the task’s poll interval, and requires every observed change of status to follow the ' +
      'status graph: once completed, failed or cancelled, a task never changes status again.',
    causes: [
      {
        cause: 'A task record is reused or reset after its work ends (a retry, a status recomputed from a job queue that forgot the job), so later reads show working again.',
        fix: 'Treat the terminal status as final in the store: refuse any transition out of completed, failed or cancelled, and answer tasks/get from that stored state.',
        faults: ['ext-terminal-reverts'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // A completed task, and a failed one when the receiver offers the fixture for it.
    const runs: Array<{ role: ModernFixtureRole; input: Record<string, unknown> }> = [{ role: 'slow', input: { seconds: 0, label: uniqueText('terminal-final') } }];
    if (ctx.facts.fixtures.has('protocolError')) runs.push({ role: 'protocolError', input: {} });
    for (const [index, { role, input }] of runs.entries()) {
      // The first task decides whether there is anything to judge; the failed one only adds to it.
      const started = index === 0 ? await startExtTask(ctx, receiver, role, input) : await startOptionalTask(ctx, receiver, role, input);
      const task = started.task;
      if (!task) {
        ctx.reportInfo(`${ctx.fixture(role).tool} was answered without a task (${describeReply(started.reply)}), so only the completed task was followed`);
        continue;
      }
      const observations: ExtObservation[] = [{ source: 'create', task, at: performance.now() }];
      const terminal = await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0), observations });
      for (let poll = 0; poll < EXTRA_POLLS; poll++) {
        await pause(nextExtPollDelay(terminal, ctx.timing), ctx.signal);
        const reply = await receiver.getTask(task.taskId);
        const seen = extTaskOf(reply);
        // A receiver may drop a finished task (its ttl, its own rules): that ends the follow-up, not the check.
        if (!seen) {
          ctx.reportInfo(`tasks/get of the ${ctx.fixture(role).tool} task after it was "${terminal.status}" answered ${describeReply(reply)}; no more polls`);
          break;
        }
        observations.push({ source: 'get', task: seen, at: reply.receivedAt });
      }
      const statuses = observations.map((observation) => observation.task.status);
      // A status outside the five is left to the shape checks: no step to judge.
      const forbidden = firstIllegalStep(statuses.filter(isKnownStatus));
      ctx.expect(
        'EXT-LIFECYCLE-TERMINAL-FINAL',
        forbidden === undefined,
        () =>
          `the ${ctx.fixture(role).tool} task went from "${forbidden?.from}" to "${forbidden?.to}" (allowed: ` +
          `${forbidden?.allowed.map((s) => `"${s}"`).join(', ') || 'no change, it is terminal'}); statuses ` +
          `seen: ${statuses.join(' → ')}`,
      );
    }
  },
});

/** A further task the check can do without: started and made readable when the receiver makes one, else only the answer. */
async function startOptionalTask(ctx: CheckContext, receiver: ExtReceiver, role: ModernFixtureRole, input: Record<string, unknown>) {
  const started = await receiver.startTask(ctx.fixture(role), input);
  if (started.task) await awaitReadable(ctx, receiver, started.task);
  return started;
}
