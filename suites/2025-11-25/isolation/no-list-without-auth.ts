import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { tasksCapability } from '../../../harness/receivers/preconditions.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-isolation-and-access-control
export default defineCheck({
  id: 'isolation.no-list-without-auth',
  title: 'A receiver reached without credentials does not offer tasks/list',
  suite: 'isolation',
  requirements: ['TASKS-SEC-NO-LIST-WITHOUT-AUTH'],
  roles: ['server'],
  needs: [{ kind: 'transport', transport: 'http' }],
  async run(ctx: CheckContext) {
    if (ctx.facts.hasAuthorization) ctx.skip('the run sends credentials (an Authorization header), so the receiver can tell requestors apart');
    const declaresList = tasksCapability(ctx.facts)?.list !== undefined;
    ctx.expect(
      'TASKS-SEC-NO-LIST-WITHOUT-AUTH',
      !declaresList,
      'expected no tasks.list capability from a receiver accepting requests without credentials, since it cannot tell requestors apart; got tasks.list declared (if it identifies requestors some other way than the Authorization header, this warning does not apply)',
    );
  },
});
