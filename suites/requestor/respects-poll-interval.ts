import { defineCheck, type CheckContext } from '../../harness/check.js';
import { REQUESTOR_POLL_INTERVAL_MS } from '../../harness/fixtures.js';
import { runRequestorScenario } from './scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#getting-tasks
export default defineCheck({
  id: 'requestor.respects-poll-interval',
  title: 'As a requestor, the client polls tasks/get no faster than the pollInterval it was given',
  suite: 'requestor',
  requirements: ['TASKS-GET-RESPECT-POLL-INTERVAL'],
  roles: ['client'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  async run(ctx: CheckContext) {
    const { requests } = await runRequestorScenario(ctx);
    const polls = new Map<string, number[]>();
    for (const request of requests.filter((r) => r.method === 'tasks/get')) {
      const taskId = String(request.params.taskId);
      polls.set(taskId, [...(polls.get(taskId) ?? []), request.receivedAt]);
    }
    const gaps = [...polls.values()].flatMap((times) => times.slice(1).map((time, index) => Math.round(time - times[index])));
    if (gaps.length === 0) ctx.skip('the client never polled one task twice with tasks/get, so there is no polling pace to judge');
    // Half the interval as the bar: timers and the network may shorten a gap a little, never by half.
    const tooFast = gaps.filter((gap) => gap < REQUESTOR_POLL_INTERVAL_MS / 2);
    ctx.expect(
      'TASKS-GET-RESPECT-POLL-INTERVAL',
      tooFast.length === 0,
      `expected tasks/get polls at least ${REQUESTOR_POLL_INTERVAL_MS} ms apart (the pollInterval given), got gaps of ${tooFast.join(', ')} ms`,
    );
  },
});
