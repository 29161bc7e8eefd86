import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { followTask } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ttl.poll-interval-integer',
  title: 'pollInterval, when a task carries one, is an integer number of milliseconds',
  suite: 'ttl',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task',
  cohabits: true,
  requirements: ['TASKS-TASK-SHAPE'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['poll-interval-not-integer'],
  explain: {
    does:
      'Follows an echo task; the harness validates its CreateTaskResult and every poll as they arrive: wherever `pollInterval` ' +
      'appears it must be an integer number of milliseconds, and the rest of the Task must be well-formed too.',
    causes: [
      {
        cause: 'A computed interval (a back-off factor, a division) is sent with a fraction.',
        fix: 'Round it: `Math.ceil(interval)`.',
        faults: ['poll-interval-not-integer'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('poll-interval'), delayMs: ctx.timing.scaled(200) }, { task: { ttl: 60_000 } });
    // The harness validates the CreateTaskResult and every tasks/get result as they arrive: a pollInterval that is not
    // an integer (like any other broken rule of the Task's shape) is recorded against TASKS-TASK-SHAPE.
    const observations = await followTask(receiver, task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 1 });
    const withInterval = observations.filter((o) => 'pollInterval' in o.task);
    ctx.reportInfo(withInterval.length > 0 ? `the receiver suggests pollInterval ${brief(withInterval[0].task.pollInterval)}` : 'the receiver suggests no pollInterval');
  },
});
