import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import type { ClientRun } from '../../../harness/wire/2026-07-28/client-record.js';
import { allowanceFor } from '../../../harness/wire/timing.js';
import { driveClient } from './drive.js';

/** Long enough that a client polling on a fixed timer of its own (a second is common) shows it. */
const PACE_JUDGED_MS = 2500;
/** What the CreateTaskResult asks for: the first tasks/get answer then asks for PACE_JUDGED_MS, and the client must follow. */
const FIRST_PACE_MS = 500;
/** Requests the contract has a client send as soon as the answer before them came: their spacing is the client's round trip. */
const UNPACED_AFTER = new Set(['server/discover', 'tools/list']);

export default defineCheck({
  id: 'ext-requestor.respects-poll-interval',
  title: 'The client polls tasks/get no faster than the pollIntervalMs the server last gave, following a change mid-task',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-polling',
  requirements: ['EXT-POLL-RESPECT-INTERVAL'],
  roles: ['client'],
  // A short first interval, then a long one for the two polls the task ends after.
  cost: { waitMs: 2 * PACE_JUDGED_MS + FIRST_PACE_MS, roundTrips: 8 },
  provenBy: ['ext-req-fast-polls', 'ext-req-keeps-first-poll-interval', 'ext-req-polls-early'],
  explain: {
    does:
      'Gives a task whose CreateTaskResult asks for a short pollIntervalMs (0.5 s) and whose tasks/get answers ask ' +
      'for a long one (2.5 s), and needs two polls to complete it. Each gap between two tasks/get of the task must be ' +
      'at least the interval the earlier answer asked for, less what timing noise explains: one round trip of this ' +
      'client (measured between its unpaced requests) and the lateness of the gap before.',
    causes: [
      {
        cause: 'The client polls on a fixed timer of its own, or a share of the interval, instead of the interval the server gave.',
        fix: 'Wait the `pollIntervalMs` of the latest CreateTaskResult or tasks/get answer before each poll, and fall back to a default only when it is absent.',
        faults: ['ext-req-fast-polls', 'ext-req-polls-early'],
      },
      {
        cause: 'The interval is read once, from the CreateTaskResult, and kept for the whole task although the server may change it.',
        fix: 'Take `pollIntervalMs` again from every tasks/get answer that carries one.',
        faults: ['ext-req-keeps-first-poll-interval'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const laterMs = ctx.timing.scaled(PACE_JUDGED_MS);
    const run = await driveClient(ctx, { tools: ['task'], pollIntervalMs: ctx.timing.scaled(FIRST_PACE_MS), laterPollIntervalMs: laterMs });
    const roundTripMs = clientRoundTripMs(run);
    // One round trip of this client, with the harness's head-room for load, and never under the harness's floor.
    const toleranceMs = allowanceFor(roundTripMs, ctx.timing.multiplier);
    const short: string[] = [];
    let judged = 0;
    for (const task of run.record.tasks) {
      const polls = task.reported.filter((report) => report.run === 1);
      // The first poll only sets the lateness the next gap may give back; the pace before it is not judged.
      let previous = { at: task.createdAt, pollIntervalMs: run.record.pollIntervalMs };
      let latenessMs = 0;
      polls.forEach((poll, index) => {
        const gap = poll.at - previous.at;
        const asked = previous.pollIntervalMs;
        if (index > 0) {
          judged += 1;
          if (gap < asked - toleranceMs - latenessMs) short.push(`${Math.round(gap)} ms where ${asked} ms was asked`);
        }
        // A poll delayed on its way arrives late, and the next one early by as much: that much the next gap may give back.
        latenessMs = Math.max(0, gap - asked);
        previous = poll;
      });
    }
    if (judged === 0) ctx.skip('the client never polled one task twice with tasks/get, so there is no polling pace to judge');
    ctx.reportInfo(
      `${judged} gap(s) between polls judged; the round trip of the client measured ${Math.round(roundTripMs)} ms, so a gap may fall ` +
        `${toleranceMs} ms short of the interval (more after a late poll)`,
    );
    ctx.expect(
      'EXT-POLL-RESPECT-INTERVAL',
      short.length === 0,
      () => `expected each tasks/get to wait the pollIntervalMs the answer before it asked (${laterMs} ms from the first ` + `tasks/get answer on), got gaps of ${short.join('; ')}`,
    );
  },
});

/** The longest the client took from an answer to its next request where the contract asks it to go on at once (0 when none shows it). */
function clientRoundTripMs(run: ClientRun): number {
  const { requests } = run.record;
  let longest = 0;
  for (let index = 1; index < requests.length; index++) {
    const before = requests[index - 1];
    // The endpoint answers as a request arrives, so the arrival of the next one closes the client's round trip.
    if (UNPACED_AFTER.has(before.method) && before.run === requests[index].run) longest = Math.max(longest, requests[index].at - before.at);
  }
  return longest;
}
