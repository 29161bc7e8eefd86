import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { requestorTraffic } from './traffic.js';

/**
 * The interval the harness's tasks ask for here: long enough that a requestor polling on its own fixed timer (one a
 * second is common) shows under half of it, where a brisk interval would let that timer pass for obedience.
 */
const PACE_JUDGED_MS = 2500;

export default defineCheck({
  id: 'requestor.respects-poll-interval',
  title: 'As a requestor, the client (or server) polls tasks/get no faster than the pollInterval it was given',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#getting-tasks',
  requirements: ['TASKS-GET-RESPECT-POLL-INTERVAL'],
  roles: ['client', 'server'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  // The harness's tasks ask for a long interval and end after two polls at it, so an obedient requestor takes two intervals.
  cost: { waitMs: 2 * PACE_JUDGED_MS, roundTrips: 8 },
  provenBy: ['ask-poll-fixed-pace', 'ask-poll-interval-ignored', 'poll-fixed-pace', 'poll-interval-ignored'],
  explain: {
    does:
      "Through the call-tools directive, has the client under test call the suite's tools and follow the tasks it creates " +
      "(a server under test: calls its ask tool, whose sampling request the suite's client takes as a task), " +
      'whose pollInterval the suite sets to 2.5 s (times --timeout-multiplier; long enough that a fixed one-second timer shows), ' +
      'and measures the gaps between its tasks/get polls of one task. A gap under half the interval is warned; slower polling is fine.',
    causes: [
      {
        cause: 'The client polls on a fixed, short timer and ignores the pollInterval of the task.',
        fix: "Wait at least the task's pollInterval between two tasks/get of the same task.",
        faults: ['poll-interval-ignored'],
      },
      {
        cause: 'The requestor polls on a fixed timer (one a second is common) whatever pollInterval the task gave: it looks obedient only while intervals are short.',
        fix: "Take the wait from the task's latest pollInterval, not from a constant.",
        faults: ['poll-fixed-pace', 'ask-poll-fixed-pace'],
      },
      {
        cause: "A server polls the client's task in a tight loop, or at a fixed pace shorter than the pollInterval the client gave.",
        fix: 'Read pollInterval from the CreateTaskResult and from every tasks/get answer, and wait at least that long before the next poll.',
        faults: ['ask-poll-interval-ignored'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { who, requests, pollIntervalMs } = await requestorTraffic(ctx, { pollIntervalMs: ctx.timing.scaled(PACE_JUDGED_MS) });
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
