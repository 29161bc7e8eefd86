import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { followTask } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-lifecycle
export default defineCheck({
  id: 'lifecycle.monotonic-update',
  title: 'lastUpdatedAt never moves backwards',
  suite: 'lifecycle',
  cohabits: true,
  requirements: ['TASKS-LIFECYCLE-MONOTONIC-UPDATE'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 300, roundTrips: 8, awaitsWork: 1 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('monotonic'), delayMs: ctx.timing.scaled(300) }, { task: { ttl: 60_000 } });
    const observations = await followTask(receiver, task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 2 });
    let previous: { at: number; text: string; status: string } | undefined;
    for (const { task: seen } of observations) {
      const at = Date.parse(String(seen.lastUpdatedAt));
      // Unparsable timestamps are the timestamp checks' concern; here only comparable ones count.
      if (Number.isNaN(at)) continue;
      if (
        previous &&
        !ctx.expect(
          'TASKS-LIFECYCLE-MONOTONIC-UPDATE',
          at >= previous.at,
          `expected lastUpdatedAt at or after ${previous.text} (status ${previous.status}), got ${String(seen.lastUpdatedAt)} (status ${seen.status})`,
        )
      )
        return;
      previous = { at, text: String(seen.lastUpdatedAt), status: String(seen.status) };
    }
  },
});
