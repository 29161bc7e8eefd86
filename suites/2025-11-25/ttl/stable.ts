import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { followTask } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

const REQUESTED_TTL_MS = 60_000;

export default defineCheck({
  id: 'ttl.stable',
  title: 'Every answer about a task, from the CreateTaskResult through the polls after its end, reports the ttl in force (a change is allowed)',
  suite: 'ttl',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#ttl-and-resource-management',
  cohabits: true,
  requirements: ['TASKS-TTL-INCLUDE-ACTUAL'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 300, roundTrips: 8, awaitsWork: 1 },
  provenBy: ['ttl-missing'],
  explain: {
    does:
      'Asks for a ttl of one minute and follows the task from its CreateTaskResult through two polls after its end: every ' +
      'tasks/get must report the ttl in force (the harness judges each as it arrives). The spec fixes no ttl, so one that changes ' +
      'is only reported, as is a ttl other than the one asked for.',
    causes: [
      {
        cause: 'ttl is left out of tasks/get results, so no ttl is reported at all (the harness records it here as in ttl.present-in-get).',
        fix: 'Report the granted ttl in every tasks/get result.',
        faults: ['ttl-missing'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('ttl-stable'), delayMs: ctx.timing.scaled(300) }, { task: { ttl: REQUESTED_TTL_MS } });
    const observations = await followTask(receiver, task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 2 });
    // Overriding the requested ttl is allowed (TASKS-TTL-MAY-OVERRIDE); it is reported, never judged.
    const granted = observations.find((o) => 'ttl' in o.task)?.task.ttl;
    ctx.reportInfo(
      granted === REQUESTED_TTL_MS ? `the receiver granted the requested ttl of ${REQUESTED_TTL_MS} ms` : `the receiver overrode the requested ttl of ${REQUESTED_TTL_MS} ms with ${brief(granted)}`,
    );
    // The spec asks for the ttl in force and fixes none, so a ttl that changes is reported, never judged; each
    // answer's ttl (present, an integer or null) is judged by the harness as it arrives (harness/model/schemas/task-shape.ts).
    const reported = observations.filter((o) => 'ttl' in o.task).map((o) => `${o.source} ${brief(o.task.ttl)}`);
    const distinct = new Set(observations.filter((o) => 'ttl' in o.task).map((o) => JSON.stringify(o.task.ttl)));
    if (distinct.size > 1) ctx.reportInfo(`the ttl in force changed while the task lived (allowed): ${reported.join(', ')}`);
  },
});
