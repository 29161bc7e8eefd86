import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { isExtTerminal } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, workBoundMs, type ExtObservation } from '../../../harness/receivers/2026-07-28/waits.js';
import { awaitReadable } from '../../../harness/receivers/2026-07-28/tasks.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ext-results.complete-elsewhere',
  title: 'Results other than a CreateTaskResult never say resultType "task"; tasks/get answers say "complete"',
  suite: 'ext-results',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#polymorphic-results',
  requirements: ['EXT-RESULTTYPE-NOT-TASK-ELSEWHERE', 'EXT-GET-RESULTTYPE-COMPLETE'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { awaitsWork: 1 },
  provenBy: ['ext-get-resulttype-task'],
  explain: {
    does:
      'Checks that greet, server/discover and tools/list answers never say resultType "task", then polls a ' +
      'slow_compute task to its end and requires every tasks/get answer to say resultType "complete".',
    causes: [
      {
        cause: 'tasks/get reuses the code that builds the CreateTaskResult, so its answers say resultType "task" too.',
        fix: 'Build tasks/get answers as `{resultType: "complete", ...task}`: only the answer that creates a task says "task".',
        faults: ['ext-get-resulttype-task'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // Plain answers, to a request that declares the extension: a tool that never makes a task, and the listings.
    const plain: { what: string; reply: Awaited<ReturnType<typeof receiver.discover>> }[] = [];
    const greet = ctx.facts.fixtures.get('greet');
    if (greet) plain.push({ what: `${greet.tool} (a tool that answers at once)`, reply: await receiver.callFixture(greet, { name: uniqueText('name') }) });
    plain.push({ what: 'server/discover', reply: await receiver.discover() });
    plain.push({ what: 'tools/list', reply: await receiver.request('tools/list') });
    for (const { what, reply } of plain) {
      if (!reply.ok) {
        ctx.reportInfo(`${what} was answered with ${describeReply(reply)}; no result to judge`);
        continue;
      }
      ctx.expect(
        'EXT-RESULTTYPE-NOT-TASK-ELSEWHERE',
        reply.result.resultType !== 'task' || typeof reply.result.taskId === 'string',
        `the result of ${what} is no CreateTaskResult (it has no taskId) but says resultType "task"`,
      );
    }

    const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 0, label: uniqueText('complete') });
    const first = await awaitReadable(ctx, receiver, task);
    const observations: ExtObservation[] = [{ source: 'get', task: first, at: performance.now() }];
    if (!isExtTerminal(first.status)) await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0), observations });
    const answers = observations.map(({ task: answer }) => answer);
    const labelled = answers.find((answer) => answer.resultType === 'task');
    ctx.expect('EXT-RESULTTYPE-NOT-TASK-ELSEWHERE', labelled === undefined, () => `a tasks/get answer (status "${labelled?.status}") says resultType "task"; only a CreateTaskResult may`);
    const other = answers.find((answer) => answer.resultType !== 'complete');
    ctx.expect(
      'EXT-GET-RESULTTYPE-COMPLETE',
      other === undefined,
      () =>
        `${answers.filter((answer) => answer.resultType !== 'complete').length} of ${answers.length} ` +
        `tasks/get answers do not say resultType "complete", e.g. status "${other?.status}" with resultType ` +
        `${JSON.stringify(other?.resultType)}`,
    );
  },
});
