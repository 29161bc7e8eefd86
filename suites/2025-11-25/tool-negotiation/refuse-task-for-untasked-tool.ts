import { defineCheck, type CheckContext, type CheckDefinition } from '../../../harness/receivers/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import type { FixtureRole } from '../../../harness/model/model.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation
function refusesTask(role: FixtureRole, id: string, what: string): CheckDefinition {
  return defineCheck({
    id,
    title: `A task-augmented call to a tool ${what} is refused with -32601`,
    suite: 'tool-negotiation',
    cohabits: true,
    requirements: ['TASKS-TOOL-FORBIDDEN-METHOD-NOT-FOUND'],
    needs: [
      { kind: 'tasks-capability', path: 'requests' },
      { kind: 'fixture', role, taskSupport: true },
    ],
    async run(ctx: CheckContext) {
      const receiver = await ctx.connect();
      const reply = await receiver.invoke(ctx.fixture(role), { text: uniqueText(role) }, { task: { ttl: 60_000 } });
      ctx.expect('TASKS-TOOL-FORBIDDEN-METHOD-NOT-FOUND', !reply.ok && reply.error.code === -32601, `expected error -32601, got ${errorCodeOf(reply)}`);
    },
  });
}

export const forbiddenWithTask = refusesTask('forbidden', 'tool-negotiation.forbidden-with-task', 'whose taskSupport is "forbidden"');
export const noExecutionWithTask = refusesTask('plain', 'tool-negotiation.no-execution-with-task', 'that declares no execution');
