import { defineCheck, type CheckContext } from '../../harness/check.js';
import type { FixtureRole } from '../../harness/model.js';
import { uniqueText } from '../../harness/waits.js';

/** Inputs that start each fixture as a task; every task the receiver creates must begin in working. */
const START_INPUTS: Partial<Record<FixtureRole, () => Record<string, unknown>>> = {
  echo: () => ({ text: uniqueText('working'), delayMs: 500 }),
  required: () => ({ text: uniqueText('working'), delayMs: 500 }),
  fail: () => ({ text: uniqueText('working'), delayMs: 500 }),
  error: () => ({ code: -32042, message: 'conformance: deliberate failure', delayMs: 500 }),
  input: () => ({ text: uniqueText('working') }),
  progress: () => ({ steps: 1, intervalMs: 0 }),
};

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-lifecycle
export default defineCheck({
  id: 'creation.status-working',
  title: 'Every new task begins in status "working"',
  suite: 'creation',
  requirements: ['TASKS-LIFECYCLE-START-WORKING'],
  roles: ['server', 'client'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }],
  async run(ctx: CheckContext) {
    const roles = (Object.keys(START_INPUTS) as FixtureRole[]).filter((role) => ctx.facts.fixtures.has(role) && ctx.facts.fixtures.get(role)?.declaredTaskSupport !== 'forbidden');
    if (roles.length === 0) ctx.skip('the receiver offers no fixture that can run as a task');
    const receiver = await ctx.connect();
    for (const role of roles) {
      const binding = ctx.fixture(role);
      const reply = await receiver.invoke(binding, START_INPUTS[role]!(), { task: { ttl: 60_000 } });
      const task = reply.ok ? (reply.result.task as Record<string, unknown> | undefined) : undefined;
      // A fixture that creates no task here is the concern of the creation and negotiation checks.
      if (!task) continue;
      ctx.expect('TASKS-LIFECYCLE-START-WORKING', task.status === 'working', `expected the ${binding.tool} task (${role} role) to begin "working" in its CreateTaskResult, got ${JSON.stringify(task.status)}`);
    }
  },
});
