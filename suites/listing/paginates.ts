import { UnexpectedReply, defineCheck, type CheckContext } from '../../harness/check.js';
import { walkTaskList } from '../../harness/waits.js';
import { LISTING_TASK_COUNT, createConfirmedTasks } from './own-tasks.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-listing
export default defineCheck({
  id: 'listing.paginates',
  title: 'tasks/list splits many tasks into pages',
  suite: 'listing',
  requirements: ['TASKS-LIST-PAGINATE'],
  roles: ['server', 'client'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }, { kind: 'tasks-capability', path: 'list' }, { kind: 'fixture', role: 'echo' }],
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    await createConfirmedTasks(ctx, receiver, LISTING_TASK_COUNT, false);
    const walk = await walkTaskList(receiver);
    if (walk.stoppedBecause) throw new UnexpectedReply(`the walk through tasks/list could not finish: ${walk.stoppedBecause}`);
    const sizes = walk.pages.map((page) => page.tasks.length);
    ctx.info(`tasks/list answered in ${walk.pages.length} page(s) of ${sizes.join(', ')} task(s)`);
    ctx.expect('TASKS-LIST-PAGINATE', walk.pages.length > 1 || sizes[0] < LISTING_TASK_COUNT, `expected the ${LISTING_TASK_COUNT} or more tasks to be split into pages, got all ${sizes[0]} on one page without nextCursor`);
  },
});
