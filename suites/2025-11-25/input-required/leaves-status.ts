import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { runInputScenario } from './scenario.js';

export default defineCheck({
  id: 'input-required.leaves-status',
  title: 'Once the requested input has been given, the task leaves input_required',
  suite: 'input-required',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#input-required-status',
  cohabits: true,
  requirements: ['TASKS-INPUT-LEAVE-STATUS'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'input' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['create-result-slow', 'input-result-unanswered', 'input-status-sticks'],
  explain: {
    does: 'After the suite answers the elicitation of an input task, polls the task until it ends: after a short grace period no poll may still say input_required.',
    causes: [
      {
        cause: 'The status goes back only when the work finishes, so input_required lingers while the answer is processed.',
        fix: 'Switch back to "working" as soon as the answer arrives.',
        faults: ['input-status-sticks'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const run = await runInputScenario(ctx);
    // A receiver may take a moment to take in the answer; only polls after that grace period are judged.
    const graceMs = ctx.timing.span(250, 1);
    const stuck = run.afterAnswer.filter((poll) => poll.status === 'input_required' && poll.msAfterAnswer >= graceMs);
    const sequence = run.afterAnswer.map((poll) => `${poll.status} (+${poll.msAfterAnswer} ms)`).join(' → ');
    ctx.expect(
      'TASKS-INPUT-LEAVE-STATUS',
      stuck.length === 0,
      `expected the task to leave input_required once the elicitation was answered (working or a terminal ` +
        `status), got input_required ${stuck[stuck.length - 1]?.msAfterAnswer} ms after the answer was sent ` +
        `(grace ${graceMs} ms); polls after the answer: ${sequence}`,
    );
  },
});
