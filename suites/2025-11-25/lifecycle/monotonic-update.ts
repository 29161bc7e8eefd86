import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { followTask } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { brief } from '../../../harness/model/describe.js';

export default defineCheck({
  id: 'lifecycle.monotonic-update',
  title: 'lastUpdatedAt never moves backwards',
  suite: 'lifecycle',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-lifecycle',
  cohabits: true,
  requirements: ['TASKS-LIFECYCLE-MONOTONIC-UPDATE'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 300, roundTrips: 8, awaitsWork: 1 },
  provenBy: ['last-updated-before-created', 'last-updated-goes-back'],
  explain: {
    does:
      'Follows an echo task through its polls and compares each lastUpdatedAt with the one before: none may be earlier. ' +
      'When no two of them are date-times it has compared nothing, and is inconclusive on TASKS-TTL-LAST-UPDATED-AT (ttl.timestamps judges it).',
    causes: [
      {
        cause: 'lastUpdatedAt is the time of the poll while the task runs, and a stored, older value once it is terminal.',
        fix: 'Store lastUpdatedAt in the record and change it only when the status or statusMessage changes.',
        faults: ['last-updated-goes-back'],
      },
      {
        cause: 'A terminal task reports a lastUpdatedAt before its createdAt (a clock or time-zone mix-up).',
        fix: 'Take both timestamps from the same clock, as UTC.',
        faults: ['last-updated-before-created'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('monotonic'), delayMs: ctx.timing.scaled(300) }, { task: { ttl: 60_000 } });
    const observations = await followTask(receiver, task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 2 });
    let previous: { at: number; text: string; status: string } | undefined;
    let compared = 0;
    const unparsable: string[] = [];
    for (const { task: seen } of observations) {
      const at = Date.parse(String(seen.lastUpdatedAt));
      // Unparsable timestamps break TASKS-TTL-LAST-UPDATED-AT (ttl.timestamps judges it); only comparable ones count here.
      if (Number.isNaN(at)) {
        unparsable.push(brief(seen.lastUpdatedAt));
        continue;
      }
      if (previous) {
        compared += 1;
        const ok = ctx.expect(
          'TASKS-LIFECYCLE-MONOTONIC-UPDATE',
          at >= previous.at,
          `expected lastUpdatedAt at or after ${previous.text} (status ${previous.status}), got ${String(seen.lastUpdatedAt)} (status ${seen.status})`,
        );
        if (!ok) return;
      }
      previous = { at, text: String(seen.lastUpdatedAt), status: String(seen.status) };
    }
    // Nothing compared is nothing verified: an unreadable timestamp is the root cause, judged where it is required.
    if (compared === 0 && unparsable.length > 0)
      ctx.unmet(
        'TASKS-TTL-LAST-UPDATED-AT',
        `no two lastUpdatedAt of task ${task.taskId} could be compared: ${unparsable.length} of ${observations.length} are no date-time (${unparsable.slice(0, 3).join(', ')})`,
      );
    if (compared === 0) ctx.skip(`the task was seen ${observations.length} time(s), too few to compare two lastUpdatedAt`);
    ctx.reportInfo(`${compared} successive lastUpdatedAt compared${unparsable.length > 0 ? `; ${unparsable.length} not a date-time left out` : ''}`);
  },
});
