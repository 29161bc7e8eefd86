import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { UNKNOWN_TASK_ID_CASES } from './unknown-task-id.js';

export default defineCheck({
  id: 'protocol-errors.informative-messages',
  title: 'Protocol errors about tasks carry a message that says what went wrong',
  suite: 'protocol-errors',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#protocol-errors',
  cohabits: true,
  requirements: ['TASKS-ERROR-INFORMATIVE'],
  roles: ['server', 'client'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }],
  provenBy: ['error-messages-empty'],
  explain: {
    does:
      'Sends tasks/get, tasks/result and (where declared) tasks/cancel for task IDs that never existed and reads the error ' +
      "messages: each should say something. The error codes are the unknown-task checks' concern.",
    causes: [
      {
        cause: 'The task layer raises its errors with an empty message.',
        fix: 'Say what went wrong and with which value, e.g. `unknown task id "…"`.',
        faults: ['error-messages-empty'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const cancelDeclared = (ctx.facts.capabilities.tasks as Record<string, unknown> | undefined)?.cancel !== undefined;
    let errors = 0;
    for (const testCase of UNKNOWN_TASK_ID_CASES) {
      if (testCase.method === 'tasks/cancel' && !cancelDeclared) continue;
      const reply = await testCase.send(receiver, uniqueText('no-such-task'));
      if (reply.ok) continue;
      errors += 1;
      ctx.expect(
        'TASKS-ERROR-INFORMATIVE',
        typeof reply.error.message === 'string' && reply.error.message.trim().length > 0,
        `expected a non-empty error message from ${testCase.method} for an unknown task, got ${JSON.stringify(reply.error.message)}`,
      );
    }
    // No pass without an error seen (protocol-errors.unknown-task-* judge the missing ones).
    if (errors === 0) ctx.skip('no request naming an unknown task was answered with an error, so there was no error message to judge');
  },
});
