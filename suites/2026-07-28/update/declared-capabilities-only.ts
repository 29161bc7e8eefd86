import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { TASKS_EXTENSION } from '../../../harness/wire/2026-07-28/envelope.js';
import { createdTask, isExtTerminal } from '../../../harness/receivers/2026-07-28/receiver.js';
import { awaitExtSettled, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { inputRequestsOf } from '../../../harness/receivers/2026-07-28/inputs.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** The error a server answers when a request lacks a client capability it needs. */
const MISSING_CAPABILITY = -32021;
/** The extension and nothing else: no elicitation, no sampling. */
const WITHOUT_ELICITATION = { extensions: { [TASKS_EXTENSION]: {} } };

export default defineCheck({
  id: 'ext-update.declared-capabilities-only',
  title: 'A requestor that does not declare elicitation is never asked for it, on the call or among a task inputRequests',
  suite: 'ext-update',
  spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta',
  requirements: ['EXT-BASE-UNDECLARED-CAPABILITY'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'confirm' }],
  cost: { roundTrips: 6, awaitsWork: 1 },
  provenBy: ['ext-elicits-undeclared'],
  explain: {
    does:
      'Calls confirm_delete from a requestor whose every request declares the Tasks extension and no ' +
      'elicitation, and follows the task until it settles: no elicitation/create may appear among its ' +
      'inputRequests (or in an InputRequiredResult on the call). Refusing with -32021 naming elicitation, ' +
      'or going on without asking, passes.',
    causes: [
      {
        cause: 'The tool asks its questions whatever the request declared, as if every client could answer an elicitation.',
        fix:
          'Read elicitation in the clientCapabilities of the request before asking through inputRequests; ' +
          'without it, refuse with -32021 whose data.requiredCapabilities names elicitation, or go on without ' +
          'asking.',
        faults: ['ext-elicits-undeclared'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // Every request of this requestor, its polls included, declares the extension alone.
    const receiver = (await ctx.connect()).declaring(WITHOUT_ELICITATION);
    const reply = await receiver.callFixture(ctx.fixture('confirm'), { filename: `${uniqueText('undeclared')}.txt` });
    const task = createdTask(reply);
    if (!task) {
      // An error other than the missing capability's (-32021) shows nothing of whether the tool would ask: no evidence.
      if (!reply.ok && reply.error.code !== MISSING_CAPABILITY)
        ctx.skip(`confirm_delete from a requestor without elicitation was answered with ${describeReply(reply)}: the tool did not run, so nothing shows whether it would ask`);
      // Refusing (-32021 naming elicitation) or finding a way without asking are both fine; asking on the call is not.
      const asked = reply.ok && reply.result.resultType === 'input_required' ? elicitations(reply.result) : [];
      ctx.expect('EXT-BASE-UNDECLARED-CAPABILITY', asked.length === 0, () => `confirm_delete from a requestor without elicitation answered an InputRequiredResult asking ${asked.join(', ')}`);
      return ctx.reportInfo(`confirm_delete without elicitation declared was answered with ${describeReply(reply)}`);
    }
    const settled = await awaitExtSettled(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 0) });
    if (!isExtTerminal(settled.status)) await receiver.cancelTask(task.taskId);
    const asked = settled.status === 'input_required' ? elicitations(settled) : [];
    ctx.expect(
      'EXT-BASE-UNDECLARED-CAPABILITY',
      asked.length === 0,
      () => `the confirm_delete task of a requestor that declared no elicitation lists ${asked.join(', ')} among its inputRequests: ${brief(settled.inputRequests)}`,
    );
    if (asked.length === 0) ctx.reportInfo(`the confirm_delete task of a requestor without elicitation went "${settled.status}" without asking for it`);
  },
});

/** The keys of elicitation/create requests among a result's or task's inputRequests. */
function elicitations(holder: Record<string, unknown>): string[] {
  return Object.entries(inputRequestsOf(holder) ?? {})
    .filter(([, request]) => typeof request === 'object' && request !== null && (request as Record<string, unknown>).method === 'elicitation/create')
    .map(([key]) => `elicitation/create under "${key}"`);
}
