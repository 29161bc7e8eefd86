import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { brief } from '../../../harness/model/describe.js';
import { relatedTaskIdOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { runInputScenario } from './scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#input-required-status
export default defineCheck({
  id: 'input-required.elicitation-related-meta',
  title: 'The elicitation/create a task sends for input names the task in the related-task _meta',
  suite: 'input-required',
  cohabits: true,
  requirements: ['TASKS-INPUT-RELATED-META'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'input' },
  ],
  cost: { awaitsWork: 1 },
  async run(ctx: CheckContext) {
    const run = await runInputScenario(ctx);
    const related = relatedTaskIdOf(run.elicitation.params);
    ctx.expect(
      'TASKS-INPUT-RELATED-META',
      related === run.task.taskId,
      `expected params._meta["io.modelcontextprotocol/related-task"].taskId = ${run.task.taskId} on elicitation/create, got ${related === undefined ? 'no related-task _meta' : brief(related)}`,
    );
  },
});
