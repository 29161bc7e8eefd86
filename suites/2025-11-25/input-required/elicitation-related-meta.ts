import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { relatedTaskIdOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { runInputScenario } from './scenario.js';
import { MCP_FRAMEWORK, RELATED_TASK_FIX } from '../explain-words.js';

export default defineCheck({
  id: 'input-required.elicitation-related-meta',
  title: 'The elicitation/create a task sends for input names the task in the related-task _meta',
  suite: 'input-required',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#input-required-status',
  cohabits: true,
  requirements: ['TASKS-INPUT-RELATED-META'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'input' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['create-result-slow', 'elicitation-without-related-meta', 'input-result-unanswered'],
  explain: {
    does:
      'Starts the input fixture as a task and inspects the elicitation/create it sends: its `params._meta` must name the task in the related-task key. ' +
      'A task that ends without asking (not what the fixture contract says) leaves nothing to judge: the check skips.',
    causes: [
      {
        cause: 'The elicitation goes out through the ordinary server API, which knows nothing of the task.',
        fix: `On every request and notification sent for a task, ${RELATED_TASK_FIX}.`,
        seenIn: MCP_FRAMEWORK,
        faults: ['elicitation-without-related-meta'],
      },
    ],
  },
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
