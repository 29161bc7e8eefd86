import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { followTask } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Two timestamps name the same instant: "…00Z" and "…00.000+00:00" are one createdAt written two ways. */
function sameInstant(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const [x, y] = [Date.parse(String(a)), Date.parse(String(b))];
  return typeof a === 'string' && typeof b === 'string' && !Number.isNaN(x) && x === y;
}

export default defineCheck({
  id: 'lifecycle.stable-identity',
  title: 'A task keeps its taskId and createdAt from creation to the end',
  suite: 'lifecycle',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-lifecycle',
  cohabits: true,
  requirements: ['TASKS-LIFECYCLE-STABLE-IDENTITY'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 300, roundTrips: 8, awaitsWork: 1 },
  provenBy: ['created-at-drifts', 'created-at-not-iso'],
  explain: {
    does:
      'Follows an echo task from its CreateTaskResult through every poll and compares taskId and createdAt with those at ' +
      'creation. A createdAt written differently passes when it names the same instant.',
    causes: [
      {
        cause: 'createdAt is computed for each answer (the current time) instead of stored when the task was created.',
        fix: 'Store createdAt once, at creation, and always send the stored value.',
        faults: ['created-at-drifts'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('identity'), delayMs: ctx.timing.scaled(300) }, { task: { ttl: 60_000 } });
    const observations = await followTask(receiver, task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 1 });
    for (const { source, task: seen } of observations) {
      if (!ctx.expect('TASKS-LIFECYCLE-STABLE-IDENTITY', seen.taskId === task.taskId, `expected taskId ${task.taskId} in ${source}, got ${brief(seen.taskId)}`)) return;
      if (
        !ctx.expect(
          'TASKS-LIFECYCLE-STABLE-IDENTITY',
          sameInstant(seen.createdAt, task.createdAt),
          `expected createdAt ${brief(task.createdAt)} as at creation, got ${brief(seen.createdAt)} in a later ${source}`,
        )
      )
        return;
    }
  },
});
