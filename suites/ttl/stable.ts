import { defineCheck, type CheckContext } from '../../harness/check.js';
import { brief } from '../../harness/describe.js';
import { followTask, uniqueText } from '../../harness/waits.js';

const REQUESTED_TTL_MS = 60_000;

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#ttl-and-resource-management
export default defineCheck({
  id: 'ttl.stable',
  title: 'The ttl a task reports stays the same from creation through every poll (a change is warned)',
  suite: 'ttl',
  cohabits: true,
  requirements: ['TASKS-TTL-INCLUDE-ACTUAL'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 300, roundTrips: 8, awaitsWork: 1 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('ttl-stable'), delayMs: ctx.timing.scaled(300) }, { task: { ttl: REQUESTED_TTL_MS } });
    const observations = await followTask(receiver, task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 2 });
    // Overriding the requested ttl is allowed (TASKS-TTL-MAY-OVERRIDE); it is reported, never judged.
    const granted = observations.find((o) => 'ttl' in o.task)?.task.ttl;
    ctx.info(
      granted === REQUESTED_TTL_MS ? `the receiver granted the requested ttl of ${REQUESTED_TTL_MS} ms` : `the receiver overrode the requested ttl of ${REQUESTED_TTL_MS} ms with ${brief(granted)}`,
    );
    let first: { ttl: unknown; source: string } | undefined;
    for (const { source, task: seen } of observations) {
      // A missing ttl is recorded by the harness as it arrives (TASKS-TTL-INCLUDE-ACTUAL); only reported values are compared.
      if (!('ttl' in seen)) continue;
      if (!first) {
        first = { ttl: seen.ttl, source };
        continue;
      }
      // The spec asks for the ttl in force, not that it never changes: a change is warned, not failed.
      if (seen.ttl !== first.ttl)
        return ctx.lenient(
          'TASKS-TTL-INCLUDE-ACTUAL',
          `expected ttl ${brief(first.ttl)} (as in the ${first.source} answer) in every later ${source} answer, got ${brief(seen.ttl)} (status ${String(seen.status)}); the spec does not say a ttl is fixed, so this is a warning`,
        );
    }
  },
});
