import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { tasksCapability } from '../../../harness/receivers/preconditions.js';
import { taskOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { isRfc3339DateTime } from '../../../harness/model/schemas/validate.js';
import { followTask, walkTaskList } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

interface Seen {
  where: string;
  task: Record<string, unknown>;
}

function isDateTime(value: unknown): boolean {
  return typeof value === 'string' && isRfc3339DateTime(value);
}

export default defineCheck({
  id: 'ttl.timestamps',
  title: 'createdAt and lastUpdatedAt are RFC 3339 date-times in every task response, and lastUpdatedAt is never before createdAt',
  suite: 'ttl',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#ttl-and-resource-management',
  cohabits: true,
  requirements: ['TASKS-TTL-CREATED-AT', 'TASKS-TTL-LAST-UPDATED-AT'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 200, roundTrips: 12, awaitsWork: 1 },
  provenBy: ['create-result-incomplete', 'created-at-drifts', 'created-at-not-iso', 'last-updated-before-created', 'timestamps-not-iso'],
  explain: {
    does:
      'Follows an echo task through its CreateTaskResult and its polls, walks tasks/list (when list is declared) and cancels ' +
      'a second task (when cancel is declared). The harness validates every task in these answers as it arrives: createdAt ' +
      'and lastUpdatedAt must be RFC 3339 date-times in each. A lastUpdatedAt before createdAt is warned.',
    causes: [
      {
        cause: 'Timestamps are epoch milliseconds, as numbers or in strings.',
        fix: 'Write `new Date(ms).toISOString()`.',
        faults: ['timestamps-not-iso'],
      },
      {
        cause: 'A timestamp is missing from one kind of answer, often the CreateTaskResult.',
        fix: 'Serialise every kind of answer from the one stored task record.',
        faults: ['create-result-incomplete'],
      },
      {
        cause: 'lastUpdatedAt is set earlier than createdAt.',
        fix: 'Take both timestamps from the same clock; lastUpdatedAt starts equal to createdAt.',
        faults: ['last-updated-before-created'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(binding, { text: uniqueText('timestamps'), delayMs: ctx.timing.scaled(200) }, { task: { ttl: 60_000 } });
    const seen: Seen[] = (await followTask(receiver, task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 1 })).map((o) => ({
      where: o.source === 'create' ? 'the CreateTaskResult' : `a tasks/get result (status ${String(o.task.status)})`,
      task: o.task,
    }));
    if (tasksCapability(ctx.facts)?.list !== undefined) {
      const walk = await walkTaskList(receiver);
      for (const page of walk.pages) for (const entry of page.tasks) if (entry?.taskId === task.taskId) seen.push({ where: 'its tasks/list entry', task: entry });
    }
    if (tasksCapability(ctx.facts)?.cancel !== undefined) {
      const running = await receiver.startTask(binding, { text: uniqueText('timestamps-cancel'), delayMs: ctx.timing.scaled(5000) }, { task: { ttl: 60_000 } });
      seen.push({ where: 'the CreateTaskResult of a task to cancel', task: running.task });
      const cancelled = taskOf(await receiver.cancelTask(running.task.taskId));
      if (cancelled) seen.push({ where: 'a tasks/cancel result', task: cancelled });
    }
    // The harness validates every task the receiver reports as it arrives: a createdAt or lastUpdatedAt that is
    // missing or no RFC 3339 date-time is recorded against its requirement (harness/model/schemas/task-shape.ts).
    const early = seen.filter((s) => isDateTime(s.task.createdAt) && isDateTime(s.task.lastUpdatedAt) && Date.parse(String(s.task.lastUpdatedAt)) < Date.parse(String(s.task.createdAt)));
    // No keyword orders the two timestamps; an update before the creation is implausible, so it is warned, not failed.
    if (early.length > 0)
      ctx.lenient(
        'TASKS-TTL-LAST-UPDATED-AT',
        `expected lastUpdatedAt no earlier than createdAt, got lastUpdatedAt ` +
          `${String(early[0].task.lastUpdatedAt)} before createdAt ${String(early[0].task.createdAt)} in ` +
          `${early[0].where}; the spec does not order them, so this is a warning`,
      );
  },
});
