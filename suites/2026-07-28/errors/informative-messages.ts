import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import type { ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Task requests every server must refuse, each for its own reason. */
const REFUSALS: readonly { what: string; send: (receiver: ExtReceiver, taskId: string) => Promise<RpcReply> }[] = [
  { what: 'tasks/get for a task that never existed', send: (receiver, taskId) => receiver.getTask(taskId) },
  { what: 'tasks/update for a task that never existed', send: (receiver, taskId) => receiver.updateTask(taskId, {}) },
  { what: 'tasks/cancel for a task that never existed', send: (receiver, taskId) => receiver.cancelTask(taskId) },
  { what: 'tasks/get without the extension in clientCapabilities', send: (receiver, taskId) => receiver.getTask(taskId, { extension: false }) },
  { what: 'tasks/result (a method the extension removed)', send: (receiver, taskId) => receiver.request('tasks/result', { taskId }) },
];

export default defineCheck({
  id: 'ext-errors.informative-messages',
  title: 'Errors about tasks carry a message that says what went wrong',
  suite: 'ext-errors',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#protocol-errors',
  requirements: ['EXT-ERR-INFORMATIVE-MESSAGES'],
  needs: [{ kind: 'tasks-extension' }],
  cost: { roundTrips: REFUSALS.length },
  provenBy: ['ext-empty-error-messages'],
  explain: {
    does: 'Provokes five task errors (unknown taskId for get, update and cancel; tasks/get without the extension; tasks/result) and warns for any error whose message is empty or blank.',
    causes: [
      {
        cause: 'Errors are built with a code only and an empty message.',
        fix: 'Say in the message what was wrong, e.g. which taskId was not found or which capability is missing.',
        faults: ['ext-empty-error-messages'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const taskId = uniqueText('no-such-task');
    let errors = 0;
    for (const { what, send } of REFUSALS) {
      const reply = await send(receiver, taskId);
      // Whether it should have been refused, and how, is judged elsewhere.
      if (reply.ok) continue;
      errors += 1;
      const message = reply.error.message;
      ctx.expect(
        'EXT-ERR-INFORMATIVE-MESSAGES',
        typeof message === 'string' && message.trim() !== '',
        `${what} was refused with error ${reply.error.code} whose message is ${JSON.stringify(message)}; expected words saying why`,
      );
    }
    if (errors === 0) ctx.skip('none of the requests that call for an error was refused, so there is no error message to judge');
  },
});
