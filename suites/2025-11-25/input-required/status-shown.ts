import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { runInputScenario } from './scenario.js';
import { MCP_FRAMEWORK } from '../explain-words.js';

export default defineCheck({
  id: 'input-required.status-shown',
  title: 'A task waiting for input from the requestor shows input_required',
  suite: 'input-required',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#input-required-status',
  cohabits: true,
  requirements: ['TASKS-INPUT-STATUS'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'input' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['create-result-slow', 'input-result-unanswered', 'input-status-missing'],
  explain: {
    does:
      'Starts the input fixture as a task; it asks for input with elicitation/create, and the suite holds back its answer ' +
      'while it polls. The task should show input_required, in a poll or a status notification, while the question waits.',
    causes: [
      {
        cause: 'The task stays "working" while its elicitation waits for the answer.',
        fix: "Set input_required when a request goes to the requestor on the task's behalf, and back to working when the answer arrives.",
        seenIn: MCP_FRAMEWORK,
        faults: ['input-status-missing'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const run = await runInputScenario(ctx);
    ctx.expect(
      'TASKS-INPUT-STATUS',
      run.sawInputRequired,
      `expected the task to show input_required while its elicitation/create awaited an answer, got only ` +
        `${run.statusesBefore.join(' → ')} from tasks/get and no status notification saying input_required`,
    );
  },
});
