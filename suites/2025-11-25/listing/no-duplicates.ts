import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { createConfirmedTasks, LISTING_COST, LISTING_TASK_COUNT, pagesById, walkCompletely } from './own-tasks.js';

export default defineCheck({
  id: 'listing.no-duplicates',
  title: 'Walking every tasks/list page shows each task once',
  suite: 'listing',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-listing',
  cohabits: true,
  requirements: ['TASKS-LIST-NO-DUPLICATES'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'list' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: LISTING_COST,
  provenBy: ['list-duplicates'],
  explain: {
    does: 'Creates 25 tasks (some failing) and walks every page of tasks/list: a task that shows up on more than one page is warned.',
    causes: [
      {
        cause: 'The cursor names the last task of a page inclusively, so each page repeats it.',
        fix: 'Make the cursor point past the last task returned, over a stable order (e.g. createdAt, then taskId).',
        faults: ['list-duplicates'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    await createConfirmedTasks(ctx, receiver, LISTING_TASK_COUNT, true);
    const walk = await walkCompletely(receiver);
    // Every ID counts, not only this check's: a repeat is a repeat whoever created the task, and page
    // boundaries need not fall among this check's own tasks when other checks create tasks alongside.
    const repeated = [...pagesById(walk)].filter(([, pages]) => pages.length > 1);
    ctx.expect(
      'TASKS-LIST-NO-DUPLICATES',
      repeated.length === 0,
      () =>
        `expected each task once across the ${walk.pages.length} page(s), got ${repeated.length} repeated, e.g. ${repeated
          .slice(0, 3)
          .map(([id, pages]) => `${id} on pages ${pages.join(' and ')}`)
          .join('; ')}`,
    );
  },
});
