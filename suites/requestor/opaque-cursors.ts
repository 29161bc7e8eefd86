import { defineCheck, type CheckContext } from '../../harness/check.js';
import { runServerRequestorScenario } from './server-scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-listing
export default defineCheck({
  id: 'requestor.opaque-cursors',
  title: "As a requestor, the server passes each nextCursor of the client's tasks/list back unchanged",
  suite: 'requestor',
  requirements: ['TASKS-LIST-OPAQUE-CURSOR'],
  roles: ['server'],
  needs: [{ kind: 'fixture', role: 'ask' }],
  cost: { waitMs: 1500, roundTrips: 12 },
  async run(ctx: CheckContext) {
    const { requests, cursorsIssued } = await runServerRequestorScenario(ctx, { listTasks: true });
    const lists = requests.filter((request) => request.method === 'tasks/list');
    const passed = lists.filter((request) => request.params.cursor !== undefined);
    if (passed.length === 0) ctx.skip(lists.length === 0 ? "the server never walked the client's tasks/list" : 'the server read only the first tasks/list page and passed no cursor back');
    const issued = [...cursorsIssued].map((cursor) => JSON.stringify(cursor)).join(', ');
    for (const request of passed.filter((r) => typeof r.params.cursor !== 'string' || !cursorsIssued.has(r.params.cursor))) {
      ctx.expect('TASKS-LIST-OPAQUE-CURSOR', false, `expected tasks/list cursors passed back exactly as given (${issued}), got ${JSON.stringify(request.params.cursor)}`);
    }
  },
});
