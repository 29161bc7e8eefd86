import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { driveClient, tasksOf } from './drive.js';
import { CAPABILITY_OF_INPUT, inputAnswerProblem } from './input-answers.js';

export default defineCheck({
  id: 'ext-requestor.input-as-standalone',
  title: 'The client treats each inputRequests entry as the standalone request: no answer without its capability, answers shaped as its result',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-update-requests',
  requirements: ['EXT-UPDATE-TREAT-AS-STANDALONE'],
  roles: ['client'],
  cost: { waitMs: 2_000, roundTrips: 12 },
  provenBy: ['ext-req-answers-undeclared-input'],
  explain: {
    does:
      'Gives a task whose inputRequests hold one request of a capability the client declared on the call ' +
      'and, on purpose, one of a capability it did not; requires no answer to the second and an answer ' +
      'shaped as the standalone result (ElicitResult, CreateMessageResult) to the first.',
    causes: [
      {
        cause: 'The client answers every entry of inputRequests with some default, including requests it could not receive standalone because it lacks the capability.',
        fix: 'Route each entry through the same handler (and capability checks) as the standalone server-to-client request; leave unanswerable entries unanswered.',
        faults: ['ext-req-answers-undeclared-input'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // One request of a capability the client declared on the call and, on purpose, one of a capability it did not.
    const run = await driveClient(ctx, { tools: ['mixed-input'] });
    const answered = tasksOf(run, 'mixed-input').flatMap((task) => task.updates.flatMap((update) => Object.entries(update.responses).map(([key, answer]) => ({ task, key, answer }))));
    if (answered.length === 0) ctx.skip('the client answered none of the inputRequests it was shown, so how it treats them cannot be seen (ext-requestor.answers-input-requests judges that)');
    let judged = 0;
    for (const { task, key, answer } of answered) {
      const request = task.inputs.get(key);
      if (!request) continue;
      judged += 1;
      const capability = CAPABILITY_OF_INPUT[request.method];
      if (key.endsWith('-undeclared')) {
        // Only an answer shaped as the request's result is taken as answering it; anything else may be the client's way of refusing.
        if (inputAnswerProblem(request.method, answer) !== undefined) {
          ctx.noteInTranscript(`inputRequests["${key}"] (${request.method}, undeclared) got ${JSON.stringify(answer).slice(0, 200)}, not a ${request.method} result: read as a refusal`);
          continue;
        }
        ctx.expect(
          'EXT-UPDATE-TREAT-AS-STANDALONE',
          false,
          `expected no answer to inputRequests["${key}"] (${request.method}), as the client declared no ` +
            `${capability} capability on the call and could not take that request standalone, got ` +
            `${JSON.stringify(answer).slice(0, 200)}`,
        );
        continue;
      }
      const problem = inputAnswerProblem(request.method, answer);
      ctx.expect(
        'EXT-UPDATE-TREAT-AS-STANDALONE',
        problem === undefined,
        `expected the answer to inputRequests["${key}"] to be a ${request.method} result, got ${JSON.stringify(answer).slice(0, 200)}: ${problem}`,
      );
    }
    if (judged === 0) ctx.skip('the client answered only keys the server never issued');
  },
});
