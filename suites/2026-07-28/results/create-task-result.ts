import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { extTaskShapeProblems } from '../../../harness/receivers/2026-07-28/tasks.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-results.create-task-result',
  title: 'A CreateTaskResult says resultType "task" and carries the Task fields flat',
  suite: 'ext-results',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#polymorphic-results',
  requirements: ['EXT-RESULTTYPE-TASK'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  provenBy: ['ext-resulttype-not-task'],
  explain: {
    does:
      'Calls slow_compute with the extension declared and, when the answer is a task, requires resultType ' +
      '"task" and a flat Task: taskId, a known status, ISO 8601 createdAt and lastUpdatedAt, ttlMs ' +
      '(integer or null), integer pollIntervalMs when present. Skips when the server answers plainly.',
    causes: [
      {
        cause: 'The CreateTaskResult goes out with resultType "complete" (or none), as if it were the tool result, so a client cannot tell it is a task.',
        fix: 'Set `resultType: "task"` on every answer that hands back a task instead of the result.',
        faults: ['ext-resulttype-not-task'],
      },
      {
        cause: 'The task is nested under `task`, the 2025-11-25 shape, or its timestamps and ttl use other names or types.',
        fix: 'Spread the Task fields into the result itself beside resultType; use `ttlMs` and `pollIntervalMs` in integer milliseconds.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const binding = ctx.fixture('slow');
    const reply = await receiver.callFixture(binding, { seconds: 1, label: uniqueText('create') });
    if (!reply.ok) ctx.skip(`${binding.tool} could not be started: ${describeReply(reply)}`);
    const result = reply.result;
    // A task told apart only by its fields: the server made one but labelled it as something else.
    const looksLikeTask = typeof result.taskId === 'string' && typeof result.status === 'string';
    const nested = typeof result.task === 'object' && result.task !== null;
    if (result.resultType !== 'task' && !looksLikeTask && !nested) {
      ctx.skip(
        `${binding.tool} was answered without a task (resultType ${JSON.stringify(result.resultType)}); the extension lets the server decide per request, so there is no CreateTaskResult to judge`,
      );
    }
    ctx.expect(
      'EXT-RESULTTYPE-TASK',
      result.resultType === 'task',
      () =>
        `the answer to ${binding.tool} is a task (taskId ` +
        `${brief(result.taskId ?? (result.task as Record<string, unknown> | undefined)?.taskId)}) but says ` +
        `resultType ${JSON.stringify(result.resultType)}; expected "task"`,
    );
    const problems = nested && !looksLikeTask ? ['the task is nested under `task` (the 2025-11-25 shape) instead of its fields sitting flat in the result'] : extTaskShapeProblems(result);
    ctx.expect('EXT-RESULTTYPE-TASK', problems.length === 0, () => `the CreateTaskResult is not a flat Task: ${problems.join('; ')}; got ${brief(result)}`);
    if (looksLikeTask) await receiver.cancelTask(result.taskId);
  },
});
