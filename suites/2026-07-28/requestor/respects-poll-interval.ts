import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { driveClient, requestsFor } from './drive.js';

/** Long enough that a client polling on a fixed timer of its own (a second is common) shows under half of it. */
const PACE_JUDGED_MS = 2500;

export default defineCheck({
  id: 'ext-requestor.respects-poll-interval',
  title: 'The client polls tasks/get no faster than the pollIntervalMs the server gave',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-polling',
  requirements: ['EXT-POLL-RESPECT-INTERVAL'],
  roles: ['client'],
  // The task asks for a long interval and ends after two polls at it.
  cost: { waitMs: 3 * PACE_JUDGED_MS, roundTrips: 8 },
  provenBy: ['ext-req-fast-polls'],
  explain: {
    does: 'Gives a task with a long pollIntervalMs (2.5 s) that needs two polls to complete, and requires the gaps between the tasks/get of one task to be at least half that interval.',
    causes: [
      {
        cause: 'The client polls on a fixed timer of its own instead of the interval the server gave.',
        fix: 'Wait the `pollIntervalMs` of the latest CreateTaskResult or tasks/get answer before each poll, and fall back to a default only when it is absent.',
        faults: ['ext-req-fast-polls'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const run = await driveClient(ctx, { tools: ['task'], pollIntervalMs: ctx.timing.scaled(PACE_JUDGED_MS) });
    const interval = run.record.pollIntervalMs;
    const gaps = run.record.tasks.flatMap((task) => {
      const times = requestsFor(run, task.taskId, new Set(['tasks/get'])).map((request) => request.at);
      return times.slice(1).map((time, index) => Math.round(time - times[index]));
    });
    if (gaps.length === 0) ctx.skip('the client never polled one task twice with tasks/get, so there is no polling pace to judge');
    // Half the interval as the bar: timers may shorten a gap a little, never by half.
    const tooFast = gaps.filter((gap) => gap < interval / 2);
    ctx.expect('EXT-POLL-RESPECT-INTERVAL', tooFast.length === 0, `expected tasks/get polls at least ${interval} ms apart (the pollIntervalMs given), got gaps of ${tooFast.join(', ')} ms`);
  },
});
