import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { createConfirmedTasks, LISTING_COST, LISTING_TASK_COUNT, walkCompletely } from './own-tasks.js';

/** The spec sets no page size: only a single page holding more tasks than this is taken for no pagination. */
const ONE_PAGE_BOUND = 100;

export default defineCheck({
  id: 'listing.paginates',
  title: 'tasks/list splits many tasks into pages',
  suite: 'listing',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-listing',
  cohabits: true,
  requirements: ['TASKS-LIST-PAGINATE'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'list' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: LISTING_COST,
  provenBy: ['list-no-pagination'],
  explain: {
    does: 'Creates 25 tasks and walks tasks/list; when they all come on one page it creates more, up to 101, and walks again. ' + 'More than 100 tasks on a single page is warned as no pagination.',
    causes: [
      {
        cause: 'tasks/list returns every task in one page.',
        fix: 'Return pages of a bounded size (e.g. 50) with an opaque nextCursor.',
        faults: ['list-no-pagination'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    await createConfirmedTasks(ctx, receiver, LISTING_TASK_COUNT, false);
    let created = LISTING_TASK_COUNT;
    let walk = await walkCompletely(receiver);
    // All on one page may only mean a generous page size: add tasks until one page would have to exceed the bound.
    if (walk.pages.length === 1 && walk.pages[0].tasks.length <= ONE_PAGE_BOUND) {
      const more = ONE_PAGE_BOUND + 1 - walk.pages[0].tasks.length;
      await createConfirmedTasks(ctx, receiver, more, false);
      created += more;
      walk = await walkCompletely(receiver);
    }
    const sizes = walk.pages.map((page) => page.tasks.length);
    ctx.reportInfo(`tasks/list answered in ${walk.pages.length} page(s) of ${sizes.join(', ')} task(s)`);
    ctx.expect('TASKS-LIST-PAGINATE', walk.pages.length > 1 || sizes[0] < created, `expected the ${created} or more tasks to be split into pages, got all ${sizes[0]} on one page without nextCursor`);
  },
});
