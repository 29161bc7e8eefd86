import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { declaresExtension } from '../../../harness/wire/2026-07-28/envelope.js';
import { capabilitiesOf, driveClient, TASK_METHODS } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.declares-extension-on-task-requests',
  title: 'The client declares the extension on every tasks/get, tasks/update and tasks/cancel (none is remembered)',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#protocol-errors',
  requirements: ['EXT-ERR-CLIENT-DECLARES-ON-TASK-METHODS'],
  roles: ['client'],
  cost: { waitMs: 2_000, roundTrips: 14 },
  provenBy: ['ext-req-polls-without-extension'],
  explain: {
    does:
      'Gives the client a task, one that asks for input and one to cancel, and requires the extension in ' +
      'the clientCapabilities of every tasks/get, tasks/update and tasks/cancel (and subscriptions/listen) ' +
      'it sends. The endpoint serves them anyway, so that nothing else is judged on a refusal; a ' +
      'conforming server refuses them with -32021.',
    causes: [
      {
        cause: 'The client declares the extension only on tools/call, where it may get a task, and sends the follow-up requests with its base capabilities.',
        fix: 'Declare `extensions["io.modelcontextprotocol/tasks"]` on every request of the extension too: servers refuse tasks/get, tasks/update and tasks/cancel without it.',
        faults: ['ext-req-polls-without-extension'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // The endpoint serves undeclared task requests all the same (a conforming server refuses them), so that only this check judges them.
    const run = await driveClient(ctx, { tools: ['task', 'input', 'cancel'], inputRounds: 1 });
    const followUps = run.record.requests.filter((request) => TASK_METHODS.has(request.method) || (request.method === 'subscriptions/listen' && request.params.notifications !== undefined));
    if (followUps.length === 0) ctx.skip('the client sent no tasks/get, tasks/update, tasks/cancel or subscriptions/listen, so there is no task request to judge');
    const undeclared = followUps.filter((request) => !declaresExtension(capabilitiesOf(request)));
    ctx.expect(
      'EXT-ERR-CLIENT-DECLARES-ON-TASK-METHODS',
      undeclared.length === 0,
      () =>
        `expected extensions["io.modelcontextprotocol/tasks"] in the clientCapabilities of every task request, got ${undeclared.length} of ${followUps.length} without it: ${undeclared
          .slice(0, 3)
          .map((request) => `${request.method} (clientCapabilities ${JSON.stringify(capabilitiesOf(request) ?? null).slice(0, 160)})`)
          .join('; ')}`,
    );
  },
});
