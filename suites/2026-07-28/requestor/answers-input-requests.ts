import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { clientWasDone, driveClient, STILL_FOLLOWING, tasksOf } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.answers-input-requests',
  title: 'On input_required the client answers the inputRequests it was shown through tasks/update',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-update-requests',
  requirements: ['EXT-UPDATE-CLIENT-ANSWERS'],
  roles: ['client'],
  cost: { waitMs: 2_000, roundTrips: 12 },
  provenBy: ['ext-req-ignores-input-requests'],
  explain: {
    does: 'Gives a task that turns input_required with one request of a kind the client declared (elicitation if it declared none) and requires a tasks/update answering that key.',
    causes: [
      {
        cause: 'The client treats input_required like working and keeps polling, so the task waits for an answer that never comes.',
        fix: 'On input_required, answer each entry of `inputRequests` as the standalone request would be answered and send the answers in `inputResponses` of tasks/update.',
        faults: ['ext-req-ignores-input-requests'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const run = await driveClient(ctx, { tools: ['input'], inputRounds: 1 });
    const shown = tasksOf(run, 'input').filter((task) => task.inputs.size > 0);
    if (shown.length === 0) ctx.skip('no input task of the client was polled while input_required, so it was never shown inputRequests');
    const answeredKeys = (task: (typeof shown)[number]) => new Set(task.updates.flatMap((update) => Object.keys(update.responses)));
    const judged = shown.filter((task) => [...task.inputs.keys()].every((key) => answeredKeys(task).has(key)) || clientWasDone(run, task));
    if (judged.length === 0) ctx.skip(STILL_FOLLOWING);
    for (const task of judged) {
      const answered = answeredKeys(task);
      const open = [...task.inputs.keys()].filter((key) => !answered.has(key));
      ctx.expect(
        'EXT-UPDATE-CLIENT-ANSWERS',
        open.length === 0,
        `expected the client to answer the inputRequests of task ${task.taskId} through tasks/update, got ` +
          `${task.updates.length} tasks/update and no answer for ` +
          `${open.map((key) => `"${key}" (${task.inputs.get(key)?.method})`).join(', ')}`,
      );
    }
  },
});
