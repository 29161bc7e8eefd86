// Explanations of the 2026-07-28 requestor checks: the client under test driven on an endpoint of the suite's
// extension server (docs/client-fixture-contract-2026-07-28.md).
import type { CheckExplanation } from '../../2025-11-25/explanations.js';

export const REQUESTOR_EXPLANATIONS: Readonly<Record<string, CheckExplanation>> = {
  'ext-requestor.request-envelope': {
    does: 'Starts the client on an endpoint offering conformance_plain, conformance_task and conformance_input, and requires every request it sends to carry io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities in `_meta`.',
    causes: [
      {
        cause: 'The envelope is added only where a request may become a task (tools/call), or only on the first request, as if the server remembered it like an initialize.',
        fix: 'Build `_meta` for every request in one place of the transport: protocol version, client info and the full client capabilities, each time.',
        faults: ['ext-req-polls-without-version'],
      },
    ],
  },
  'ext-requestor.declares-extension-on-task-requests': {
    does: 'Gives the client a task, one that asks for input and one to cancel, and requires the extension in the clientCapabilities of every tasks/get, tasks/update and tasks/cancel (and subscriptions/listen) it sends. The endpoint serves them anyway, so that nothing else is judged on a refusal; a conforming server refuses them with -32021.',
    causes: [
      {
        cause: 'The client declares the extension only on tools/call, where it may get a task, and sends the follow-up requests with its base capabilities.',
        fix: 'Declare `extensions["io.modelcontextprotocol/tasks"]` on every request of the extension too: servers refuse tasks/get, tasks/update and tasks/cancel without it.',
        faults: ['ext-req-polls-without-extension'],
      },
    ],
  },
  'ext-requestor.handles-plain-or-task': {
    does: 'Offers conformance_plain (always a plain CallToolResult) and conformance_task (a CreateTaskResult) and requires the client to ask after no task the server did not create, and to follow the task it did get with tasks/get or tasks/cancel.',
    causes: [
      {
        cause: 'The client assumes that a call declaring the extension always gets a task and reads `taskId` from whatever came back.',
        fix: 'Switch on `resultType`: "task" is a CreateTaskResult to poll, "complete" (or absent) is the tool result itself.',
        faults: ['ext-req-plain-taken-as-task'],
      },
      {
        cause: 'The client returns a CreateTaskResult to its caller as if it were the tool result and never polls.',
        fix: 'Treat `resultType: "task"` as a promise of the result: poll tasks/get until the task is terminal and hand back its inlined `result`.',
      },
    ],
  },
  'ext-requestor.rejects-unsupported-task': {
    does: 'Answers tools/list, which tasks do not cover, with a CreateTaskResult and requires the client to send no tasks/get, tasks/update or tasks/cancel naming that taskId.',
    causes: [
      {
        cause: 'The task handling sits in the client\'s generic request path, so any answer with `resultType: "task"` is polled, whatever request it answered.',
        fix: 'Accept a CreateTaskResult only for the request types the extension lists (tools/call today); for any other request report an invalid response.',
        faults: ['ext-req-follows-any-task-result'],
      },
    ],
  },
  'ext-requestor.respects-poll-interval': {
    does: 'Gives a task with a long pollIntervalMs (2.5 s) that needs two polls to complete, and requires the gaps between the tasks/get of one task to be at least half that interval.',
    causes: [
      {
        cause: 'The client polls on a fixed timer of its own instead of the interval the server gave.',
        fix: 'Wait the `pollIntervalMs` of the latest CreateTaskResult or tasks/get answer before each poll, and fall back to a default only when it is absent.',
        faults: ['ext-req-fast-polls'],
      },
    ],
  },
  'ext-requestor.polls-until-terminal': {
    does: 'Gives a task that stays working for three polls and requires the client to poll it until a tasks/get shows it completed (or to cancel it).',
    causes: [
      {
        cause: 'The client polls once and then waits for a notification that, without a subscription, never comes.',
        fix: 'Keep polling at pollIntervalMs until the status is completed, failed or cancelled; treat notifications as a way to learn sooner, not as a replacement.',
        faults: ['ext-req-stops-polling-at-working'],
      },
    ],
  },
  'ext-requestor.persists-task-ids': {
    does: 'Ends the client at its first tasks/get of a task that completes only when polled later, starts it again with the same URL, environment and MCP_CONFORMANCE_STATE_DIR, and warns unless the second start polls that task.',
    causes: [
      {
        cause: 'The client keeps the task IDs it follows in memory only.',
        fix: 'Write each task ID to durable storage when the CreateTaskResult arrives and remove it once the task is terminal; at start, resume polling what is stored.',
        faults: ['ext-req-forgets-tasks'],
      },
    ],
  },
  'ext-requestor.answers-input-requests': {
    does: 'Gives a task that turns input_required with one request of a kind the client declared (elicitation if it declared none) and requires a tasks/update answering that key.',
    causes: [
      {
        cause: 'The client treats input_required like working and keeps polling, so the task waits for an answer that never comes.',
        fix: 'On input_required, answer each entry of `inputRequests` as the standalone request would be answered and send the answers in `inputResponses` of tasks/update.',
        faults: ['ext-req-ignores-input-requests'],
      },
    ],
  },
  'ext-requestor.observes-after-update': {
    does: 'Gives a task that asks for input and completes once answered, and requires the client to poll it after its tasks/update until a tasks/get shows it terminal.',
    causes: [
      {
        cause: "The client takes the tasks/update acknowledgement for the task's end and stops following it.",
        fix: 'The acknowledgement only says the answers were received: go on polling until the task is terminal and read the result from tasks/get.',
        faults: ['ext-req-stops-after-update'],
      },
    ],
  },
  'ext-requestor.input-as-standalone': {
    does: 'Gives a task whose inputRequests hold one request of a capability the client declared on the call and, on purpose, one of a capability it did not; requires no answer to the second and an answer shaped as the standalone result (ElicitResult, CreateMessageResult) to the first.',
    causes: [
      {
        cause: 'The client answers every entry of inputRequests with some default, including requests it could not receive standalone because it lacks the capability.',
        fix: 'Route each entry through the same handler (and capability checks) as the standalone server-to-client request; leave unanswerable entries unanswered.',
        faults: ['ext-req-answers-undeclared-input'],
      },
    ],
  },
  'ext-requestor.deduplicates-input-keys': {
    does: 'Gives a task that asks two questions in turn and shows each answered key once more on the next poll, as a server still processing an answer may; requires every key answered in one tasks/update only.',
    causes: [
      {
        cause: 'The client answers whatever each poll shows, so a key still listed after its answer is answered (and shown to the user) again.',
        fix: 'Remember the keys answered per task and skip them when a later poll lists them again.',
        faults: ['ext-req-reanswers-shown-keys'],
      },
    ],
  },
  'ext-requestor.cancels-with-tasks-cancel': {
    does: 'Offers conformance_cancel, whose task the contract tells the client to cancel, and fails a notifications/cancelled naming the tools/call that created it.',
    causes: [
      {
        cause: 'The client cancels as it cancels an in-flight request, with notifications/cancelled, although the tools/call was already answered.',
        fix: 'Cancel a task with a tasks/cancel request naming its taskId.',
        faults: ['ext-req-cancels-by-notification'],
      },
    ],
  },
  'ext-requestor.routing-headers': {
    does: "Offers tools whose tasks the client polls, answers and cancels, and requires over Streamable HTTP the taskId in Mcp-Name of every tasks/get, tasks/update and tasks/cancel, the method in Mcp-Method and the body's protocol version in MCP-Protocol-Version of every POST.",
    causes: [
      {
        cause: 'The transport fills Mcp-Name from params.name only (as for tools/call), so task requests carry none or a wrong one.',
        fix: 'For tasks/get, tasks/update and tasks/cancel set Mcp-Name to params.taskId (Base64 sentinel form when it is not plain ASCII).',
        faults: ['ext-req-mcp-name-is-method'],
      },
    ],
  },
};
