import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { createConfirmedTasks, describeMissing, LISTING_COST, LISTING_TASK_COUNT, missingFromWalk, walkCompletely, walkSummary } from './own-tasks.js';

export default defineCheck({
  id: 'listing.next-cursor',
  title: 'A tasks/list page is the last one only when no tasks remain to be listed',
  suite: 'listing',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-listing',
  cohabits: true,
  requirements: ['TASKS-LIST-NEXT-CURSOR'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'list' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: LISTING_COST,
  provenBy: ['list-missing-next-cursor'],
  explain: {
    does: 'Creates 25 tasks, runs them to their end and walks tasks/list, following nextCursor: the walk must show every one of them.',
    causes: [
      {
        cause: 'A page omits nextCursor although tasks remain after it (an off-by-one in deciding whether more follow).',
        fix: 'Set nextCursor whenever any task remains after the page, and only then.',
        faults: ['list-missing-next-cursor'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // Only completed tasks: a receiver that leaves out some kind of task is listing.get-implies-list's concern.
    const own = await createConfirmedTasks(ctx, receiver, LISTING_TASK_COUNT, false);
    const walk = await walkCompletely(receiver);
    const missing = missingFromWalk(own, walk);
    ctx.expect(
      'TASKS-LIST-NEXT-CURSOR',
      missing.length === 0,
      () =>
        `expected a nextCursor while tasks remain, got page ${walk.pages.length} without one although ` +
        `${describeMissing(missing, own.length)} tasks of this check were never listed (${walkSummary(walk)})`,
    );
  },
});
