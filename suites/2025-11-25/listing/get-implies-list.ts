import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { createConfirmedTasks, describeMissing, LISTING_COST, LISTING_TASK_COUNT, missingFromWalk, walkCompletely, walkSummary } from './own-tasks.js';

export default defineCheck({
  id: 'listing.get-implies-list',
  title: 'Every task tasks/get can retrieve also appears in tasks/list',
  suite: 'listing',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-listing',
  cohabits: true,
  requirements: ['TASKS-LIST-GET-IMPLIES-LIST'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'list' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: LISTING_COST,
  provenBy: ['list-missing-next-cursor', 'list-omits-failed'],
  explain: {
    does: 'Creates 25 tasks, every third one failing, confirms each one terminal with tasks/get, then walks the whole list: every ' + 'task tasks/get can see must appear in it.',
    causes: [
      {
        cause: 'The list is filtered by status: only active, or only completed, tasks appear.',
        fix: 'List every task the requestor can retrieve, whatever its status, until it is deleted.',
        faults: ['list-omits-failed'],
      },
      {
        cause: 'The walk ends early because a page lacks nextCursor.',
        fix: 'Set nextCursor whenever tasks remain (see listing.next-cursor).',
        faults: ['list-missing-next-cursor'],
      },
    ],
  },
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
