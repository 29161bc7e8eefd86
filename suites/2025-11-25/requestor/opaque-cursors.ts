import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { requestorTraffic } from './traffic.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-listing
export default defineCheck({
  id: 'requestor.opaque-cursors',
  title: "As a requestor, the client (or server) passes each nextCursor of the suite's tasks/list back unchanged",
  suite: 'requestor',
  requirements: ['TASKS-LIST-OPAQUE-CURSOR'],
  roles: ['client', 'server'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 1500, roundTrips: 12 },
  async run(ctx: CheckContext) {
    const { who, requests, cursorsIssued } = await requestorTraffic(ctx, { listTasks: true });
    const lists = requests.filter((request) => request.method === 'tasks/list');
    const passed = lists.filter((request) => request.params.cursor !== undefined);
    const listOwner = who === 'server' ? "the client's" : "the server's";
    if (passed.length === 0) ctx.skip(lists.length === 0 ? `the ${who} never walked ${listOwner} tasks/list` : `the ${who} read only the first tasks/list page and passed no cursor back`);
    const issued = [...cursorsIssued].map((cursor) => JSON.stringify(cursor)).join(', ');
    for (const request of passed.filter((r) => typeof r.params.cursor !== 'string' || !cursorsIssued.has(r.params.cursor))) {
      ctx.expect('TASKS-LIST-OPAQUE-CURSOR', false, `expected tasks/list cursors passed back exactly as given (${issued}), got ${JSON.stringify(request.params.cursor)}`);
    }
  },
});
