import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { walkTaskList } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'isolation.list-own-only',
  title: "tasks/list never shows another authorization context's tasks",
  suite: 'isolation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-isolation-and-access-control',
  requirements: ['TASKS-SEC-LIST-OWN-ONLY'],
  roles: ['server'],
  needs: [{ kind: 'peer-identity' }, { kind: 'tasks-capability', path: 'list' }, { kind: 'tasks-capability', path: 'requests' }, { kind: 'fixture', role: 'echo' }],
  provenBy: ['list-leaks-foreign', 'no-context-binding'],
  explain: {
    does: "Identity A creates a finished and a running task; identity B walks tasks/list: none of A's tasks may appear.",
    causes: [
      {
        cause: 'tasks/list is not filtered by authorization context, although the other operations are.',
        fix: 'Filter the list by the requesting context before paginating.',
        faults: ['list-leaks-foreign', 'no-context-binding'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    const a = await ctx.connect();
    const b = await ctx.connect({ identity: 'peer' });
    // One of A's tasks finished, one still working: neither may appear in B's list.
    const created = await Promise.all([0, ctx.timing.scaled(2_000)].map((delayMs) => a.startTask(binding, { text: uniqueText('own-only'), delayMs }, { task: { ttl: 60_000 } })));
    const ownedByA = new Set(created.map(({ task }) => task.taskId));
    const walk = await walkTaskList(b);
    // No pass without a list seen: a walk that got no page at all shows nothing of what B can list.
    if (walk.pages.length === 0) ctx.skip(`identity B's tasks/list returned no page (${walk.stoppedBecause ?? 'no answer'}), so there is no list to look for A's tasks in`);
    if (walk.stoppedBecause) ctx.reportInfo(`B's walk through tasks/list ended early: ${walk.stoppedBecause}; judged the ${walk.pages.length} page(s) received`);
    const leaked = walk.pages.flatMap((page) => page.tasks).filter((task) => ownedByA.has(task?.taskId));
    ctx.expect(
      'TASKS-SEC-LIST-OWN-ONLY',
      leaked.length === 0,
      () =>
        `expected identity B's tasks/list to hold none of identity A's tasks, got ${leaked.length} of them ` +
        `(${leaked.map((task) => `${task.taskId}, ${task.status}`).join('; ')}) across ${walk.pages.length} ` +
        `page(s)`,
    );
  },
});
