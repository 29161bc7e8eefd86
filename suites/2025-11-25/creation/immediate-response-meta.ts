import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief } from '../../../harness/model/describe.js';
import { IMMEDIATE_RESPONSE_META } from '../../../harness/receivers/2025-11-25/receiver.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'creation.immediate-response-meta',
  title: 'The optional model-immediate-response _meta of a CreateTaskResult is a string',
  suite: 'creation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#creating-tasks',
  cohabits: true,
  requirements: ['TASKS-CREATE-IMMEDIATE-RESPONSE-STRING'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  provenBy: ['immediate-response-not-string'],
  explain: {
    does:
      'Starts an instant echo task and looks for the model-immediate-response key in the `_meta` of the CreateTaskResult. ' +
      'Leaving it out is fine; when it is there its value should be a string, and anything else is warned.',
    causes: [
      {
        cause: 'The value is an object or a content block rather than plain text.',
        fix: 'Put a string there: the text a host may hand the model while the task runs.',
        faults: ['immediate-response-not-string'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { reply } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('immediate'), delayMs: 0 }, { task: { ttl: 60_000 } });
    const meta = reply.result._meta as Record<string, unknown> | undefined;
    // No pass without the value seen: it is optional, so a CreateTaskResult without it leaves nothing to judge.
    if (meta === undefined || !(IMMEDIATE_RESPONSE_META in meta)) ctx.skip('the CreateTaskResult carries no model-immediate-response _meta (it is optional), so there is no value to judge');
    ctx.expect('TASKS-CREATE-IMMEDIATE-RESPONSE-STRING', typeof meta[IMMEDIATE_RESPONSE_META] === 'string', `expected a string, got ${brief(meta[IMMEDIATE_RESPONSE_META])}`);
  },
});
