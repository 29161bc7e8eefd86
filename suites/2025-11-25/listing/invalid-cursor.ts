import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply, errorCodeOf } from '../../../harness/model/describe.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { createConfirmedTasks, LISTING_COST, LISTING_TASK_COUNT } from './own-tasks.js';
import { MCP_FRAMEWORK, EXT_TASKS } from '../explain-words.js';

export default defineCheck({
  id: 'listing.invalid-cursor',
  title: 'tasks/list with a made-up or an altered cursor is answered with -32602',
  suite: 'listing',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#protocol-errors',
  cohabits: true,
  requirements: ['TASKS-ERROR-INVALID-CURSOR'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'tasks-capability', path: 'list' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: LISTING_COST,
  provenBy: ['list-bad-cursor-accepted'],
  explain: {
    does: 'Sends tasks/list with a cursor the receiver never issued, and with an issued cursor altered: both must be refused with -32602.',
    causes: [
      {
        cause: 'The cursor is parsed leniently (e.g. `parseInt` gives NaN, which selects nothing or the start), and a page is answered.',
        fix: 'Validate the cursor (look it up, or sign it) and refuse one that does not check out with -32602.',
        seenIn: MCP_FRAMEWORK,
        faults: ['list-bad-cursor-accepted'],
      },
      {
        cause: 'The bad cursor is detected, but a plain error is thrown, which becomes -32603.',
        fix: 'Throw the protocol error class of your SDK with code -32602 instead; a plain Error becomes -32603.',
        seenIn: EXT_TASKS,
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    let first = await receiver.listTasks();
    if (first.ok && typeof first.result.nextCursor !== 'string') {
      await createConfirmedTasks(ctx, receiver, LISTING_TASK_COUNT, false);
      first = await receiver.listTasks();
    }
    const issued = first.ok ? first.result.nextCursor : undefined;
    // TASKS-LIST-OPAQUE-CURSOR binds the requestor (this suite); these cursors are invalid on purpose, to test the receiver.
    const cases: { label: string; cursor: string }[] = [{ label: 'a made-up cursor', cursor: uniqueText('no-such-cursor') }];
    if (typeof issued === 'string') cases.push({ label: `the issued cursor ${JSON.stringify(issued.slice(0, 40))} with "~tampered" appended`, cursor: `${issued}~tampered` });
    else
      ctx.reportInfo(
        `only a made-up cursor was tried: the first tasks/list page offered no nextCursor to alter, even ` +
          `with ${LISTING_TASK_COUNT} more tasks (${first.ok ? 'nextCursor absent' : describeReply(first)})`,
      );
    for (const { label, cursor } of cases) {
      const reply = await receiver.listTasks(cursor);
      ctx.expect('TASKS-ERROR-INVALID-CURSOR', !reply.ok && reply.error.code === -32602, `expected tasks/list with ${label} to be answered with error -32602, got ${errorCodeOf(reply)}`);
    }
  },
});
