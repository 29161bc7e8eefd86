import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { MISSING_REQUIRED_CLIENT_CAPABILITY, TASKS_EXTENSION } from '../../../harness/wire/2026-07-28/envelope.js';
import type { FixtureBinding } from '../../../harness/model/fixtures.js';
import type { ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import type { ModernFixtureRole } from '../../../harness/model/model.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { answersFor } from '../../../harness/receivers/2026-07-28/inputs.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** The fixtures that cannot be served without a task, and their inputs. */
const TASK_ONLY: readonly { role: ModernFixtureRole; input: () => Record<string, unknown> }[] = [
  { role: 'taskRequired', input: () => ({}) },
  { role: 'confirm', input: () => ({ filename: `${uniqueText('keep')}.txt` }) },
  // Registered with task support "required" by the official suite's fixtures (tasks-required-task-error).
  { role: 'failing', input: () => ({}) },
];

/** Rounds of MRTR followed before the call is judged: a server may ask first and refuse once it knows it needs a task. */
const MRTR_ROUNDS = 3;

export default defineCheck({
  id: 'ext-negotiation.required-capability-error',
  title: 'A tool that only runs as a task, called without the extension, is refused with -32021 naming the extension',
  suite: 'ext-negotiation',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation',
  requirements: ['EXT-CAP-REQUIRED-CAPABILITY-ERROR', 'EXT-BASE-MISSING-CAPABILITY-STATUS'],
  needs: [{ kind: 'tasks-extension' }],
  provenBy: ['ext-missing-capability-status-200', 'ext-required-error-no-data'],
  explain: {
    does:
      'Calls test_tool_with_task, confirm_delete and failing_job, the fixtures that only run as tasks, ' +
      'from a requestor that leaves the extension out of clientCapabilities (following any ' +
      'InputRequiredResult first). A refusal must be error -32021 whose ' +
      'data.requiredCapabilities.extensions names io.modelcontextprotocol/tasks, over HTTP with status ' +
      '400; a CreateTaskResult fails, and a plain result is accepted as the server finding a way without a ' +
      'task.',
    causes: [
      {
        cause: 'The refusal is a generic error (-32603, -32602 "task required") or -32021 with no data, so a client cannot tell which capability to add.',
        fix: 'Answer -32021 with `data: {"requiredCapabilities": {"extensions": {"io.modelcontextprotocol/tasks": {}}}}` when the call cannot be served inline.',
        faults: ['ext-required-error-no-data'],
      },
      {
        cause: 'The tool makes a task anyway, ignoring what this request declared.',
        fix: 'Check the extension in the capabilities of each request before creating a task, and refuse with -32021 when it is missing.',
      },
      {
        cause: 'Over HTTP the -32021 goes out with status 200, as a JSON-RPC error inside a successful response.',
        fix: 'Send -32021 (like -32020 and -32022) with HTTP status 400 Bad Request.',
        faults: ['ext-missing-capability-status-200'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const roles = TASK_ONLY.filter(({ role }) => ctx.facts.fixtures.has(role));
    if (roles.length === 0) ctx.skip('the receiver offers none of test_tool_with_task, confirm_delete and failing_job (fixture contract), the tools that need a task');
    const receiver = await ctx.connect({ extension: false });
    let judged = 0;
    for (const { role, input } of roles) {
      const binding = ctx.fixture(role);
      const reply = await callThroughMrtr(receiver, binding, input());
      if (reply.ok && reply.result.resultType === 'task') {
        judged += 1;
        ctx.expect('EXT-CAP-REQUIRED-CAPABILITY-ERROR', false, `${binding.tool} without the extension was answered with a CreateTaskResult instead of error -32021: ${describeReply(reply)}`);
        continue;
      }
      if (reply.ok) {
        // The server found a way to serve the tool without a task: allowed, and nothing to judge here.
        ctx.reportInfo(`${binding.tool} without the extension was served without a task (resultType ${JSON.stringify(reply.result.resultType)}); no refusal to judge`);
        continue;
      }
      judged += 1;
      const { code, data } = reply.error;
      if (
        !ctx.expect(
          'EXT-CAP-REQUIRED-CAPABILITY-ERROR',
          code === MISSING_REQUIRED_CLIENT_CAPABILITY,
          `${binding.tool} without the extension was refused with ${describeReply(reply)}; expected error ${MISSING_REQUIRED_CLIENT_CAPABILITY} (missing required client capability)`,
        )
      )
        continue;
      const named = requiredExtension(data);
      ctx.expect(
        'EXT-CAP-REQUIRED-CAPABILITY-ERROR',
        named,
        `${binding.tool}'s error ${MISSING_REQUIRED_CLIENT_CAPABILITY} does not name the extension: expected ` +
          `data.requiredCapabilities.extensions["${TASKS_EXTENSION}"] to be an object, got data ${brief(data)}`,
      );
      const status = receiver.exchange(reply)?.status;
      if (status !== undefined)
        ctx.expect(
          'EXT-BASE-MISSING-CAPABILITY-STATUS',
          status === 400,
          `${binding.tool}'s error ${MISSING_REQUIRED_CLIENT_CAPABILITY} came with HTTP status ${status}; over HTTP it travels with 400 Bad Request`,
        );
    }
    if (judged === 0) ctx.skip('every tool that needs a task per the fixture contract was served without one, so no refusal could be judged');
  },
});

/** Calls the fixture, answering InputRequiredResult rounds (MRTR) until the server gives something else. */
async function callThroughMrtr(receiver: ExtReceiver, binding: FixtureBinding, input: Record<string, unknown>): Promise<RpcReply> {
  let reply = await receiver.callFixture(binding, input);
  for (let round = 1; round < MRTR_ROUNDS && reply.ok && reply.result.resultType === 'input_required'; round++) {
    const keys = Object.keys(isObject(reply.result.inputRequests) ? reply.result.inputRequests : {});
    const inputResponses = answersFor(reply.result, keys, () => uniqueText('answer'));
    if (Object.keys(inputResponses).length === 0) break;
    reply = await receiver.callFixture(binding, input, { inputResponses });
  }
  return reply;
}

function requiredExtension(data: unknown): boolean {
  const required = isObject(data) ? data.requiredCapabilities : undefined;
  const extensions = isObject(required) ? required.extensions : undefined;
  return isObject(extensions) && isObject(extensions[TASKS_EXTENSION]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
