import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { tasksCapability } from '../../../harness/receivers/preconditions.js';
import { hasRelatedTaskMeta } from '../../../harness/receivers/2025-11-25/receiver.js';
import { awaitTerminalStatus, type TaskObservation } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'related-task.not-on-operation-results',
  title: 'Results of tasks/get, tasks/cancel and tasks/list carry no related-task _meta',
  suite: 'related-task',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#associating-task-related-messages',
  cohabits: true,
  requirements: ['TASKS-META-RECEIVER-NO-META'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['related-meta-on-get'],
  explain: {
    does:
      'Inspects the results of tasks/get (while the task works and once it is done), tasks/cancel and tasks/list: none should ' +
      'carry the related-task `_meta`, since each names its task already. A tagged result is warned.',
    causes: [
      {
        cause: 'One helper adds the related-task `_meta` to every response about a task.',
        fix: "Add it only to tasks/result responses and to the messages sent on a task's behalf.",
        faults: ['related-meta-on-get'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    const receiver = await ctx.connect();
    const flag = (what: string, result: Record<string, unknown>) =>
      ctx.expect(
        'TASKS-META-RECEIVER-NO-META',
        !hasRelatedTaskMeta(result),
        `expected no _meta["io.modelcontextprotocol/related-task"] on the ${what} result (it names the task already), got _meta ${brief(result._meta)}`,
      );

    // Every tasks/get answer, while the task works and once it is done.
    const { task } = await receiver.startTask(binding, { text: uniqueText('no-meta'), delayMs: ctx.timing.scaled(200) }, { task: { ttl: 60_000 } });
    const polls: TaskObservation[] = [];
    await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, observations: polls });
    const flagged = polls.find((poll) => hasRelatedTaskMeta(poll.task));
    flag('tasks/get', flagged?.task ?? polls[0].task);

    const capability = tasksCapability(ctx.facts);
    if (capability?.cancel !== undefined) {
      const { task: running } = await receiver.startTask(binding, { text: uniqueText('no-meta-cancel'), delayMs: ctx.timing.span(3_000, 3) }, { task: { ttl: 60_000 } });
      const cancelled = await receiver.cancelTask(running.taskId);
      if (cancelled.ok) flag('tasks/cancel', cancelled.result);
      else ctx.reportInfo(`tasks/cancel of a working task was answered with ${describeReply(cancelled)}, so its result could not be inspected`);
    }
    if (capability?.list !== undefined) {
      const listed = await receiver.listTasks();
      if (listed.ok) flag('tasks/list', listed.result);
      else ctx.reportInfo(`tasks/list was answered with ${describeReply(listed)}, so its result could not be inspected`);
    }
  },
});
