import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import type { LegacyFixtureRole } from '../../../harness/model/model.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Every fixture a task-augmented call may go to, with an input its contract accepts and that ends at once. */
const TASK_CAPABLE: Partial<Record<LegacyFixtureRole, () => Record<string, unknown>>> = {
  echo: () => ({ text: uniqueText('shape'), delayMs: 0 }),
  required: () => ({ text: uniqueText('shape-required'), delayMs: 0 }),
  fail: () => ({ text: uniqueText('shape-fail'), delayMs: 0 }),
  error: () => ({ code: -32000, message: uniqueText('shape-error'), delayMs: 0 }),
  input: () => ({ text: uniqueText('shape-input') }),
  progress: () => ({ steps: 1, intervalMs: 0 }),
};

export default defineCheck({
  id: 'creation.create-task-result-shape',
  title: 'A task-augmented call is answered with a well-formed CreateTaskResult, whichever task-capable tool it goes to',
  suite: 'creation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#result-retrieval',
  cohabits: true,
  requirements: ['TASKS-RESULT-CREATE-TASK-RESULT'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  provenBy: ['create-result-incomplete', 'create-result-slow', 'fail-task-call-ignored'],
  explain: {
    does:
      'Makes one task-augmented call to the echo fixture and validates the answer against the CreateTaskResult schema: a `task` ' +
      'object with taskId, status, createdAt, lastUpdatedAt and ttl, and pollInterval and statusMessage when present.',
    causes: [
      {
        cause: 'A required Task field is missing, often lastUpdatedAt, or ttl left out where it should be null.',
        fix: 'Build the `task` of the CreateTaskResult from the same stored record tasks/get returns.',
        faults: ['create-result-incomplete'],
      },
      {
        cause: 'The task fields are sent at the top level of the result instead of under `task`.',
        fix: 'Answer `{"task": {…}}`, with `_meta` beside it when needed.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // Every other check's task starts from one of these calls: each tool is tried, so none is a prerequisite judged nowhere.
    for (const [role, input] of Object.entries(TASK_CAPABLE) as [LegacyFixtureRole, () => Record<string, unknown>][]) {
      const binding = ctx.facts.fixtures.get(role);
      if (!binding) continue;
      const observation = { method: 'tools/call', fixture: binding.tool };
      const reply = await receiver.invoke(binding, input(), { task: { ttl: 60_000 } });
      if (!reply.ok) {
        ctx.expect('TASKS-RESULT-CREATE-TASK-RESULT', false, `a task-augmented call to ${binding.tool}: expected a CreateTaskResult, got ${describeReply(reply)}`, observation);
        continue;
      }
      ctx.validate('TASKS-RESULT-CREATE-TASK-RESULT', 'CreateTaskResult', reply.result, `the answer to the task-augmented call to ${binding.tool}`, observation);
    }
  },
});
