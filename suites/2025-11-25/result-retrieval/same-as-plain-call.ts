import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief, canonicalJson, describeReply } from '../../../harness/model/describe.js';
import type { FixtureRole } from '../../../harness/model/model.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** The result without _meta, which legitimately differs (related-task metadata). */
function comparable(result: Record<string, unknown>): string {
  const { _meta: _ignored, ...rest } = result;
  return canonicalJson(rest);
}

export default defineCheck({
  id: 'result-retrieval.same-as-plain-call',
  title: 'tasks/result of a finished task returns exactly the result the plain call returns',
  suite: 'result-retrieval',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-execution-errors',
  cohabits: true,
  requirements: ['TASKS-EXEC-SAME-RESULT', 'TASKS-RESULT-TERMINAL-RETURNS', 'TASKS-RESULT-EXACT'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['optional-plain-call-answers-task', 'result-differs', 'result-terminal-refused'],
  explain: {
    does:
      'Calls the echo fixture (and the fail fixture, where offered) plainly, then with the same arguments as a task; once the ' +
      'task is terminal, its tasks/result must equal the plain result exactly, `_meta` aside.',
    causes: [
      {
        cause: 'The result is changed on its way through the task store: text added, fields dropped, content re-encoded.',
        fix: "Store the work's result object as it is and return it unchanged, adding only the related-task `_meta`.",
        faults: ['result-differs'],
      },
      {
        cause: 'The plain call to the optional tool creates a task too, so there is no plain result to compare with.',
        fix: 'Create a task only when the request carries `task`.',
        faults: ['optional-plain-call-answers-task'],
      },
      {
        cause: 'tasks/result answers an error for a completed task, because the status was set before the result was stored.',
        fix: 'Store the result first, then mark the task terminal.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const roles: FixtureRole[] = (['echo', 'fail'] as const).filter((role) => ctx.facts.fixtures.has(role));
    for (const role of roles) {
      const binding = ctx.fixture(role);
      if (!binding.echoesInput) ctx.skip(`the tool standing in for ${role} (${binding.tool}) is mapped without \${text}, so its results need not be equal`);
      const input = { text: uniqueText(`same-${role}`), delayMs: 0 };
      const plain = await receiver.invoke(binding, input);
      // The fixture contract says the plain call succeeds; without a result there is nothing to compare with.
      if (!plain.ok) ctx.skip(`the plain ${binding.tool} request failed (${describeReply(plain)}) where the fixture contract expects a result, so there is nothing to compare with`);
      const { task } = await receiver.startTask(binding, input, { task: { ttl: 60_000 } });
      await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
      const fromTask = await receiver.taskResult(task.taskId);
      ctx.require('TASKS-RESULT-TERMINAL-RETURNS', fromTask.ok, `expected the ${role} task's result, as the plain call gave one; got ${describeReply(fromTask)}`);
      const same = comparable(fromTask.result) === comparable(plain.result);
      const differs = `expected tasks/result to equal the plain call's result ${brief(comparable(plain.result))}, got ${brief(comparable(fromTask.result))}`;
      // One deviation, two statements: the success result is the request's (Task Execution Errors), exactly (Result Retrieval).
      ctx.expect('TASKS-EXEC-SAME-RESULT', same, differs);
      ctx.expect('TASKS-RESULT-EXACT', same, differs);
    }
  },
});
