import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { requestorTraffic } from './traffic.js';

export default defineCheck({
  id: 'requestor.opaque-cursors',
  title: "As a requestor, the client (or server) passes each nextCursor of the suite's tasks/list back unchanged",
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-listing',
  requirements: ['TASKS-LIST-OPAQUE-CURSOR'],
  roles: ['client', 'server'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  cost: { waitMs: 1500, roundTrips: 12 },
  provenBy: ['alters-cursor', 'ask-alters-cursor'],
  explain: {
    does:
      "Connects as a task-capable client whose tasks/list pages hold one task each, calls the server's ask tool twice, the " +
      'second time asking it to walk tasks/list, and compares every cursor the server passed back with the nextCursor values ' +
      'handed out: any other string fails. Skipped when the ask tool does not walk the list. A client under test gets the ' +
      "call-tools directive with `listTasks`: after following its tasks it walks the suite's tasks/list, one task a page, " +
      'and its cursors are judged the same way; a client that lists nothing or reads only the first page is skipped.',
    causes: [
      {
        cause: 'The server decodes, trims, re-encodes or changes the case of a cursor before passing it back.',
        fix: 'Store nextCursor as the exact string received and send it back untouched in the next tasks/list.',
        faults: ['ask-alters-cursor'],
      },
      {
        cause: "The client normalizes the server's nextCursor (case, URL-encoding, whitespace) before the next tasks/list.",
        fix: 'Keep the cursor as the exact string of nextCursor and pass it back unchanged.',
        faults: ['alters-cursor'],
      },
    ],
  },
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
