import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief } from '../../../harness/model/describe.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtSettled, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { inputRequestProblems } from '../../../harness/receivers/2026-07-28/inputs.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-polling.input-required-lists-requests',
  title: 'tasks/get of an input_required task lists its outstanding requests in `inputRequests`',
  suite: 'ext-polling',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#response',
  requirements: ['EXT-GET-INPUT-REQUIRED'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'confirm' }],
  provenBy: ['ext-input-required-without-requests'],
  explain: {
    does:
      'Starts confirm_delete as a task, polls tasks/get until it waits for input, and requires ' +
      '`inputRequests`: a non-empty object whose every entry is a server-to-client request with a `method` ' +
      "name and a `params` object (the fixture's one elicitation/create).",
    causes: [
      {
        cause:
          'The server flips the status to input_required but sends the elicitation some other way (a request on the stream, as 2025-11-25 did through tasks/result) and leaves `inputRequests` out.',
        fix: 'Keep the pending requests with the task and put them, keyed, in `inputRequests` of every tasks/get answer while the task is input_required.',
        faults: ['ext-input-required-without-requests'],
      },
      {
        cause: 'The entries are bare params (the elicitation message and schema) or a list, not requests.',
        fix: 'Make `inputRequests` an object whose values are `{"method": "elicitation/create", "params": {…}}`, the request as it would be sent on its own, without an id.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await startExtTask(ctx, receiver, 'confirm', { filename: `${uniqueText('lists-requests')}.txt` });
    const settled = await awaitExtSettled(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
    if (settled.status !== 'input_required') ctx.skip(`the confirm_delete task ended "${settled.status}" without asking for input; the fixture contract has it wait for a confirmation`);
    const requests = settled.inputRequests;
    ctx.require(
      'EXT-GET-INPUT-REQUIRED',
      typeof requests === 'object' && requests !== null && !Array.isArray(requests),
      () => `tasks/get of the input_required task has inputRequests ${requests === undefined ? 'missing' : brief(requests)}, not an object of requests by key`,
    );
    const entries = Object.entries(requests as Record<string, unknown>);
    ctx.require('EXT-GET-INPUT-REQUIRED', entries.length > 0, 'tasks/get of the input_required task has an empty inputRequests: the task waits for input it does not ask for');
    for (const [key, entry] of entries) {
      for (const problem of inputRequestProblems(key, entry)) ctx.expect('EXT-GET-INPUT-REQUIRED', false, `${problem}; each entry is a server-to-client request (method and params)`);
    }
    const methods = entries.map(([, entry]) => (entry as Record<string, unknown> | null)?.method);
    if (!methods.includes('elicitation/create')) ctx.reportInfo(`the confirm_delete task asks with ${brief(methods)}; the fixture contract has it send one elicitation/create`);
  },
});
