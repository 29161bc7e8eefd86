import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief, canonicalJson, describeReply } from '../../../harness/model/describe.js';
import type { FixtureBinding } from '../../../harness/model/fixtures.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { SDK_CLIENT } from '../explain-words.js';

/** An application error code from JSON-RPC's implementation-defined range, unlikely to be produced by accident. */
const DELIBERATE_ERROR = { code: -32042, message: 'conformance: deliberate failure' };
/** Error data nested enough that a replay which rebuilds the error field by field shows the difference. */
const DELIBERATE_DATA = { reason: 'conformance', detail: { attempt: 1, tags: ['deliberate', 'replayed'] } };

/** The contract's error tool takes `data` as an optional argument; it is sent only to a tool that declares it (a mapped tool gets its template). */
function takesData(ctx: CheckContext, binding: FixtureBinding): boolean {
  if (binding.template) return false;
  // A client's fixture is the directive of the client contract, which carries data (a client that ignores it sends none).
  if (binding.method !== 'tools/call') return true;
  const schema = ctx.facts.tools.find((tool) => tool.name === binding.tool)?.raw.inputSchema as { properties?: Record<string, unknown> } | undefined;
  return typeof schema?.properties === 'object' && schema.properties !== null && 'data' in schema.properties;
}

export default defineCheck({
  id: 'result-retrieval.same-error',
  title: 'tasks/result replays the very JSON-RPC error the plain call returns: code, message and data',
  suite: 'result-retrieval',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-execution-errors',
  cohabits: true,
  requirements: ['TASKS-EXEC-SAME-ERROR'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'error' },
  ],
  cost: { awaitsWork: 1 },
  provenBy: ['result-error-data-dropped', 'result-error-not-replayed', 'result-terminal-refused'],
  explain: {
    does:
      'Calls the error fixture plainly (it fails with the JSON-RPC error -32042, with nested `data` where the tool declares a ' +
      '`data` argument), then as a task; once the task is terminal, tasks/result must answer with the very same error: code, ' +
      'message, and data where the plain call shows it predictably (the data asked for, or none). A receiver that refuses plain ' +
      'calls with -32600 (it may demand tasks) is compared with the error the fixture contract asks of the work instead.',
    causes: [
      {
        cause: 'The task store holds only results, so the error is lost ("no result stored", -32603) or turned into an isError result.',
        fix: "Store the work's outcome as either a result or an error, and replay a stored error object verbatim from tasks/result.",
        seenIn: SDK_CLIENT,
        faults: ['result-error-not-replayed'],
      },
      {
        cause: 'The replayed message is decorated, e.g. prefixed with "MCP error -32042: ".',
        fix: 'Keep the original code and message as the work produced them.',
      },
      {
        cause: 'The stored error keeps code and message but loses (or gains) `data`, e.g. when it is rebuilt from an exception.',
        fix: 'Store the whole JSON-RPC error object of the work, `data` included, and replay it unchanged.',
        faults: ['result-error-data-dropped'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('error');
    const input = { ...DELIBERATE_ERROR, ...(takesData(ctx, binding) ? { data: DELIBERATE_DATA } : {}), delayMs: 0 };
    const receiver = await ctx.connect();
    let plain = await receiver.invoke(binding, input);
    // The fixture contract says the plain call fails; a receiver whose fixture does not cannot be compared.
    if (plain.ok) ctx.skip(`the plain ${binding.tool} request did not fail as the fixture contract asks (it answered ${describeReply(plain)}), so there is no error to compare with`);
    // A receiver may refuse plain requests and demand a task (-32600, TASKS-ERROR-MAY-REQUIRE-TASK): its refusal is not
    // the work's error, so the comparison is with the error the contract has the work produce.
    if (plain.error.code === -32600 && plain.error.code !== input.code) {
      ctx.reportInfo(
        `the plain call was refused with -32600 (${plain.error.message}), as a receiver demanding tasks may; tasks/result is compared with the error the fixture contract asks the work for`,
      );
      plain = { ...plain, error: { code: input.code, message: input.message, ...('data' in input ? { data: input.data } : {}) } };
    }
    const { task } = await receiver.startTask(binding, input, { task: { ttl: 60_000 } });
    await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
    const fromTask = await receiver.taskResult(task.taskId);
    const same = !fromTask.ok && fromTask.error.code === plain.error.code && fromTask.error.message === plain.error.message;
    ctx.expect('TASKS-EXEC-SAME-ERROR', same, `expected tasks/result to return the plain call's error ${plain.error.code} "${plain.error.message}", got ${describeReply(fromTask)}`);
    if (fromTask.ok) return;
    // data is compared where the plain call's is predictable: exactly the data asked for, or none at all. Data the
    // receiver makes up itself (a trace id, a timestamp) may rightly differ between two requests.
    const plainData = plain.error.data;
    const predictable = plainData === undefined || ('data' in input && canonicalJson(plainData) === canonicalJson(input.data));
    if (!predictable) {
      ctx.reportInfo(`the plain call's error carries data of the receiver's own (${brief(plainData)}), which may differ from request to request, so data was not compared`);
      return;
    }
    ctx.expect(
      'TASKS-EXEC-SAME-ERROR',
      canonicalJson(fromTask.error.data) === canonicalJson(plainData),
      `expected tasks/result's error to carry the plain call's error data ` +
        `${plainData === undefined ? '(none)' : brief(plainData)}, got ` +
        `${fromTask.error.data === undefined ? 'no data' : brief(fromTask.error.data)}`,
    );
  },
});
