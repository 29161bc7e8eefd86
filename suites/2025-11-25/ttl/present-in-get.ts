import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { followTask } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'ttl.present-in-get',
  title: 'Every tasks/get result carries the actual ttl, an integer or null, whether or not the request asked for one',
  suite: 'ttl',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#ttl-and-resource-management',
  cohabits: true,
  requirements: ['TASKS-TTL-INCLUDE-ACTUAL'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['ttl-missing', 'ttl-missing-unrequested'],
  explain: {
    does:
      'Polls two echo tasks with tasks/get until they end, one created with a requested ttl and one with `task: {}`: every ' +
      'tasks/get result must carry `ttl`, an integer number of milliseconds, or null for no limit (the harness validates each ' +
      'as it arrives).',
    causes: [
      {
        cause: '`ttl` is left out of tasks/get results (or sent as a string).',
        fix: 'Always send the ttl in force: an integer, or null when the task has no limit.',
        faults: ['ttl-missing'],
      },
      {
        cause: 'The ttl is stored only when the requestor asked for one, so a task created with `task: {}` has none to report.',
        fix: 'Grant a default ttl (or null for no limit) at creation and report it like a requested one.',
        faults: ['ttl-missing-unrequested'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const binding = ctx.fixture('echo');
    const delayMs = ctx.timing.scaled(200);
    // One task asks for a ttl; the other sends `task: {}`, so the ttl in force is wholly the receiver's choice.
    const [requested, unrequested] = await Promise.all([
      receiver.startTask(binding, { text: uniqueText('ttl-present'), delayMs }, { task: { ttl: 60_000 } }),
      receiver.startTask(binding, { text: uniqueText('ttl-present-unrequested'), delayMs }, { task: {} }),
    ]);
    // The harness validates every tasks/get result as it arrives: one without ttl, or with a ttl that is neither an
    // integer nor null, is recorded against TASKS-TTL-INCLUDE-ACTUAL (harness/model/schemas/task-shape.ts).
    const [, polls] = await Promise.all([
      followTask(receiver, requested.task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 1 }),
      followTask(receiver, unrequested.task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 1 }),
    ]);
    const granted = polls.find((o) => o.source === 'get' && 'ttl' in o.task)?.task.ttl;
    if (granted !== undefined) ctx.reportInfo(`without a requested ttl the receiver grants ${granted === null ? 'an unlimited ttl (null)' : `ttl ${brief(granted)}`}`);
  },
});
