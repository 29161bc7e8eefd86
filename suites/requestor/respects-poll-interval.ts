import { defineCheck, type CheckContext } from '../../harness/check.js';
import { requestorTraffic } from './traffic.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#getting-tasks
export default defineCheck({
  id: 'requestor.respects-poll-interval',
  title: 'As a requestor, the client (or server) polls tasks/get no faster than the pollInterval it was given',
  suite: 'requestor',
  requirements: ['TASKS-GET-RESPECT-POLL-INTERVAL'],
  roles: ['client', 'server'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  // The requestor scenario: the harness's tasks take their polls to finish, as in requestor.polls-until-terminal.
  cost: { waitMs: 1000, roundTrips: 8 },
  async run(ctx: CheckContext) {
    const { who, requests, pollIntervalMs } = await requestorTraffic(ctx);
    const polls = new Map<string, number[]>();
    for (const request of requests.filter((r) => r.method === 'tasks/get')) {
      const taskId = String(request.params.taskId);
      polls.set(taskId, [...(polls.get(taskId) ?? []), request.receivedAt]);
    }
    const gaps = [...polls.values()].flatMap((times) => times.slice(1).map((time, index) => Math.round(time - times[index])));
    if (gaps.length === 0) ctx.skip(`the ${who} never polled one task twice with tasks/get, so there is no polling pace to judge`);
    // Half the interval as the bar: timers and the network may shorten a gap a little, never by half.
    const tooFast = gaps.filter((gap) => gap < pollIntervalMs / 2);
    ctx.expect('TASKS-GET-RESPECT-POLL-INTERVAL', tooFast.length === 0, `expected tasks/get polls at least ${pollIntervalMs} ms apart (the pollInterval given), got gaps of ${tooFast.join(', ')} ms`);
  },
});
