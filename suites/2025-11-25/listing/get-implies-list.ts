import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { createConfirmedTasks, describeMissing, LISTING_COST, LISTING_TASK_COUNT, missingFromWalk, walkCompletely, walkSummary } from './own-tasks.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-listing
export default defineCheck({
  id: 'listing.get-implies-list',
  title: 'Every task tasks/get can retrieve also appears in tasks/list',
  suite: 'listing',
  cohabits: true,
  requirements: ['TASKS-LIST-GET-IMPLIES-LIST'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'list' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: LISTING_COST,
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const own = await createConfirmedTasks(ctx, receiver, LISTING_TASK_COUNT, true);
    const walk = await walkCompletely(receiver);
    // The list may hold other tasks of the same requestor (other checks); only this check's own tasks are judged.
    const missing = missingFromWalk(own, walk);
    ctx.expect(
      'TASKS-LIST-GET-IMPLIES-LIST',
      missing.length === 0,
      () => `expected all ${own.length} tasks confirmed with tasks/get to be listed, got ${describeMissing(missing, own.length)} missing from the walk (${walkSummary(walk)})`,
    );
  },
});
