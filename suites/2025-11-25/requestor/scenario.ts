// The requestor scenario shared by the requestor checks: the client under test, told by a call-tools directive,
// calls the endpoint's tools as their taskSupport permits and follows the tasks it creates; the checks judge how.
import type { CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import type { EndpointOptions, EndpointRecord } from '../../../harness/wire/2025-11-25/client-record.js';
import type { IncomingRequest, RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export interface RequestorScenario {
  /** Every request the client sent the endpoint while it carried out the directive. */
  requests: IncomingRequest[];
  toolCalls: IncomingRequest[];
  /** The tasks the client created on the endpoint and how it followed them, and the tasks/list cursors handed out. */
  record: EndpointRecord;
  /** The client's answer to the directive (an error only where the options accept one). */
  reply: RpcReply;
}

export interface RequestorScenarioOptions {
  /** The directive also asks the client to walk the endpoint's tasks/list (pages of one task) once it has followed its tasks. */
  listTasks?: boolean;
  /** How the endpoint presents itself to this client (e.g. without tasks.requests.tools.call). */
  endpoint?: EndpointOptions;
  /** The directive also asks the client to cancel each task it creates (with tasks/cancel) instead of following it. */
  cancelTasks?: boolean;
}

/** The client calls tools and follows tasks before answering, so its answer may take a while. */
const SCENARIO_BOUND_MS = 20_000;

export async function runRequestorScenario(ctx: CheckContext, options: RequestorScenarioOptions = {}): Promise<RequestorScenario> {
  const receiver = await ctx.connect({ endpoint: options.endpoint });
  const text = uniqueText('call-tools');
  const input = { text, callTools: true, ...(options.listTasks ? { listTasks: true } : {}), ...(options.cancelTasks ? { cancelTasks: true } : {}) };
  const reply = await receiver.invoke(ctx.fixture('echo'), input, { timeoutMs: ctx.timing.scaled(SCENARIO_BOUND_MS) });
  const requests = receiver.requestsReceived();
  const toolCalls = requests.filter((request) => request.method === 'tools/call');
  // A client that ignores the directive skips the requestor checks (docs/client-fixture-contract.md), however it answers.
  if (toolCalls.length === 0)
    ctx.skip(`the client made no tool calls: it does not follow the call-tools directive of the client fixture contract${reply.ok ? '' : ` (it answered the directive with ${describeReply(reply)})`}`);
  // The tool calls it made are what the requestor checks judge; the answer to the directive is not.
  if (!reply.ok) ctx.noteInTranscript(`the client answered the call-tools directive with ${describeReply(reply)} after calling the tools; its tool calls are judged`);
  return { requests, toolCalls, record: receiver.endpointRecord() ?? { tasks: [], cursorsIssued: new Set() }, reply };
}
