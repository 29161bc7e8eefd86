import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { runInputScenario } from './scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#input-required-status
export default defineCheck({
  id: 'input-required.status-shown',
  title: 'A task waiting for input from the requestor shows input_required',
  suite: 'input-required',
  cohabits: true,
  requirements: ['TASKS-INPUT-STATUS'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'input' },
  ],
  cost: { awaitsWork: 1 },
  async run(ctx: CheckContext) {
    const run = await runInputScenario(ctx);
    ctx.expect(
      'TASKS-INPUT-STATUS',
      run.sawInputRequired,
      `expected the task to show input_required while its elicitation/create awaited an answer, got only ${run.statusesBefore.join(' → ')} from tasks/get and no status notification saying input_required`,
    );
  },
});
