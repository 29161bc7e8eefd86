import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { tasksCapability } from '../../../harness/receivers/preconditions.js';
import { MCP_FRAMEWORK, SERVER_EVERYTHING } from '../explain-words.js';

export default defineCheck({
  id: 'isolation.no-list-without-auth',
  title: 'A receiver reached without credentials does not offer tasks/list',
  suite: 'isolation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-isolation-and-access-control',
  requirements: ['TASKS-SEC-NO-LIST-WITHOUT-AUTH'],
  roles: ['server'],
  needs: [{ kind: 'transport', transport: 'http' }],
  provenBy: ['list-without-auth'],
  explain: {
    does:
      'Over HTTP without an Authorization header, reads the declared capabilities: a receiver that cannot tell requestors ' +
      'apart should not offer tasks/list. Skips when the run sends credentials. Declaring it anyway is warned.',
    causes: [
      {
        cause: 'An HTTP server accepts requests without credentials yet declares `tasks.list`, so every client can list every task.',
        fix: 'Require authorization on the HTTP endpoint, or leave `list` out of the tasks capability when none is configured.',
        seenIn: `${SERVER_EVERYTHING}; ${MCP_FRAMEWORK}`,
        faults: ['list-without-auth'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    if (ctx.facts.hasAuthorization) ctx.skip('the run sends credentials (an Authorization header), so the receiver can tell requestors apart');
    const declaresList = tasksCapability(ctx.facts)?.list !== undefined;
    ctx.expect(
      'TASKS-SEC-NO-LIST-WITHOUT-AUTH',
      !declaresList,
      'expected no tasks.list capability from a receiver accepting requests without credentials, since it ' +
        'cannot tell requestors apart; got tasks.list declared (if it identifies requestors some other way ' +
        'than the Authorization header, this warning does not apply)',
    );
  },
});
