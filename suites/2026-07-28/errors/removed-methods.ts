import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import { createdTask } from '../../../harness/receivers/2026-07-28/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

const METHOD_NOT_FOUND = -32601;

export default defineCheck({
  id: 'ext-errors.removed-methods',
  title: 'tasks/result and tasks/list, removed by the extension, are answered with -32601 (HTTP 404)',
  suite: 'ext-errors',
  // SEP-2663 removes tasks/result and tasks/list.
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#protocol-errors',
  requirements: ['EXT-REMOVED-METHODS', 'EXT-BASE-UNKNOWN-METHOD-HTTP'],
  // Every modern server: with the extension these methods are gone, and without it they never existed.
  needs: [],
  cost: { roundTrips: 3 },
  provenBy: ['ext-serves-removed-methods'],
  explain: {
    does: 'Sends tasks/result (for a real task) and tasks/list: both are gone in 2026-07-28 and must fail with -32601; over HTTP the status must be 404.',
    causes: [
      {
        cause: 'The 2025-11-25 handlers are still registered for modern requests, so tasks/list lists and tasks/result returns the outcome.',
        fix: 'Route modern requests to the extension methods only (tasks/get, tasks/update, tasks/cancel); anything else is method not found.',
        faults: ['ext-serves-removed-methods'],
      },
      {
        cause: 'Over HTTP the -32601 error travels with status 200 (or 400).',
        fix: 'Send method-not-found errors of the modern endpoint with HTTP status 404.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // A real task, so that a server still serving tasks/result has something to answer with.
    const slow = ctx.facts.fixtures.get('slow');
    const created = slow ? createdTask(await receiver.callFixture(slow, { seconds: 0, label: uniqueText('removed') })) : undefined;
    const taskId = created?.taskId ?? uniqueText('no-such-task');
    const calls: { method: string; reply: RpcReply }[] = [
      { method: 'tasks/result', reply: await receiver.request('tasks/result', { taskId }) },
      { method: 'tasks/list', reply: await receiver.request('tasks/list', {}) },
    ];
    for (const { method, reply } of calls) {
      const removed = !reply.ok && reply.error.code === METHOD_NOT_FOUND;
      ctx.expect(
        'EXT-REMOVED-METHODS',
        removed,
        () => `${method}${method === 'tasks/result' ? ` (task ${taskId})` : ''} was answered with ${errorCodeOf(reply)}; it does not exist in 2026-07-28, expected error ${METHOD_NOT_FOUND}`,
      );
      const status = receiver.exchange(reply)?.status;
      if (status !== undefined)
        ctx.expect(
          'EXT-BASE-UNKNOWN-METHOD-HTTP',
          status === 404,
          `${method}, a method the 2026-07-28 server does not implement, came back with HTTP status ${status}; expected 404 with error ${METHOD_NOT_FOUND}`,
        );
    }
  },
});
