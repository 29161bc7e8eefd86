import { defineCheck, type CheckContext, type CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import type { FixtureRole } from '../../../harness/model/model.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { MCP_FRAMEWORK } from '../explain-words.js';

/** The two checks differ in the fixture they call; each carries its own story. */
function refusesTask(role: FixtureRole, id: string, what: string, story: Pick<CheckDefinition, 'provenBy' | 'explain'>): CheckDefinition {
  return defineCheck({
    id,
    title: `A task-augmented call to a tool ${what} is refused with -32601`,
    suite: 'tool-negotiation',
    spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation',
    ...story,
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

export const forbiddenWithTask = refusesTask('forbidden', 'tool-negotiation.forbidden-with-task', 'whose taskSupport is "forbidden"', {
  provenBy: ['forbidden-with-task-runs'],
  explain: {
    does: 'Calls the `forbidden` fixture tool (taskSupport "forbidden") with `task`. It should be refused with -32601; anything else is warned.',
    causes: [
      {
        cause: 'A task is created for the forbidden tool.',
        fix: "Check the tool's taskSupport before creating a task, and refuse with -32601 when it is forbidden.",
        faults: ['forbidden-with-task-runs'],
      },
      {
        cause: 'The call is refused, but with -32603 (Internal error).',
        fix: 'Use -32601 (Method not found) for this refusal.',
        seenIn: MCP_FRAMEWORK,
      },
    ],
  },
});
export const noExecutionWithTask = refusesTask('plain', 'tool-negotiation.no-execution-with-task', 'that declares no execution', {
  provenBy: ['plain-with-task-runs'],
  explain: {
    does:
      'Calls the `plain` fixture tool, which has no `execution` field, with `task`. A tool without taskSupport counts as forbidden, ' +
      'so the call should be refused with -32601; anything else is warned.',
    causes: [
      {
        cause: 'A missing taskSupport is treated as "optional", and a task is created.',
        fix: 'Treat a tool without `execution.taskSupport` exactly like a "forbidden" one.',
        faults: ['plain-with-task-runs'],
      },
      {
        cause: 'The call is refused, but with -32603 (Internal error).',
        fix: 'Use -32601 (Method not found) for this refusal.',
        seenIn: MCP_FRAMEWORK,
      },
    ],
  },
});
