// What each check of the 2026-07-28 profile does and why implementations typically fail it, for
// `mcp-tasks-conformance explain`: data only, keyed by check ID, in our own words. The surface checks come first
// (negotiation, result types, creation, errors, headers, security, base rules), then the flow checks (polling,
// lifecycle, tasks/update, cancellation, notifications).
import type { CheckExplanation } from '../shared/explanation.js';

export const EXT_CHECK_EXPLANATIONS: Readonly<Record<string, CheckExplanation>> = {
  'ext-creation.mrtr-before-task': {
    does: 'Calls test_tool_with_task, which needs a name before its work, and expects the question on the call itself (resultType "input_required"). It answers each such round as a client would (the answers in `inputResponses`, `requestState` echoed) and follows the task the answered retry hands out: a task that asks again what the call already had answered warns, and so does a task handed out at once that then asks through its inputRequests. No task at all (an error, or a plain result) skips.',
    causes: [
      {
        cause: 'Every call of a task-capable tool becomes a task first, and questions the tool needs before starting are asked later through the task.',
        fix: 'Ask input the work cannot start without on the call (an InputRequiredResult), and create the task only on the retry that carries the answers.',
        faults: ['ext-mrtr-after-create'],
      },
      {
        cause: 'The retry carrying the answers creates the task, but the work is started from the original arguments alone and asks the same question again through the task.',
        fix: 'Hand the answers of `inputResponses` (or the state rebuilt from `requestState`) to the work the task runs.',
        faults: ['ext-mrtr-asks-again-in-task'],
      },
    ],
  },
  'ext-negotiation.no-task-without-extension': {
    does: 'Calls slow_compute without the Tasks extension in clientCapabilities four ways: from a requestor that never declared it, with the 2025-11-25 `task` parameter, declaring only the 2025-11-25 `tasks` capability, and (with a second of work) right after a call of the same requestor that declared it. None may get a CreateTaskResult; the plain result or a refusal is fine. The task the declaring call got is then asked for with tasks/get declaring only the old capability, which must be refused with -32021.',
    causes: [
      {
        cause: 'The server decides to make a task from the tool alone, without reading the capabilities of this request.',
        fix: 'Look for the Tasks extension under `extensions` in the client capabilities that each request carries in its `_meta`; where it is absent run the tool inline, or answer -32021 naming the extension.',
        faults: ['ext-task-without-extension'],
      },
      {
        cause: 'A 2025-11-25 code path survives: the `task` parameter of tools/call still opts in, or the old `tasks` client capability is read as the extension.',
        fix: 'Ignore params.task like any unknown field, and look only at `extensions["io.modelcontextprotocol/tasks"]` to decide whether a request may get a task.',
        faults: ['ext-task-param-opt-in', 'ext-legacy-capability-declares'],
      },
      {
        cause: 'The declaration is cached per client or session (as initialize capabilities were), so a later request that leaves the extension out still gets a task.',
        fix: 'Decide on each request from its own `_meta` clientCapabilities; keep nothing from earlier requests.',
        faults: ['ext-remembers-extension'],
      },
    ],
  },
  'ext-negotiation.legacy-era-not-enabled': {
    does: 'Over stdio, when server/discover also lists 2025-11-25: opens a 2025-11-25 session with an initialize that declares the Tasks extension, and calls a tool of task support optional without the task field. The answer must be no task (a plain result or an error).',
    causes: [
      {
        cause:
          'The code deciding on tasks reads the extension from the client capabilities whatever the protocol version, so a 2025-11-25 client declaring it gets tasks it did not ask for with the task field.',
        fix: 'Under 2025-11-25 decide by the task field of the call alone (and the 2025-11-25 capabilities); read the extension only on requests of versions that include it.',
        faults: ['ext-capability-enables-legacy-tasks'],
      },
    ],
  },
  'ext-negotiation.tasks-only-when-declared': {
    does: 'Only when server/discover does not declare the Tasks extension: calls slow_compute from a requestor that declares it and warns when the answer is a CreateTaskResult, which only a server that negotiated the extension may give.',
    causes: [
      {
        cause: 'The task support is wired into the tool handlers while the discovery answer is built from a separate, older list of capabilities that lacks the extension.',
        fix: 'Declare `extensions: {"io.modelcontextprotocol/tasks": {}}` in the server/discover capabilities wherever tools may answer with tasks, or stop making tasks.',
        faults: ['ext-undeclared-extension'],
      },
    ],
  },
  'ext-negotiation.required-capability-error': {
    does: 'Calls test_tool_with_task, confirm_delete and failing_job, the fixtures that only run as tasks, from a requestor that leaves the extension out of clientCapabilities (following any InputRequiredResult first). A refusal must be error -32021 whose data.requiredCapabilities.extensions names io.modelcontextprotocol/tasks, over HTTP with status 400; a CreateTaskResult fails, and a plain result is accepted as the server finding a way without a task.',
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
  'ext-negotiation.task-methods-need-extension': {
    does: 'Creates a slow_compute task with the extension declared, then sends tasks/get, tasks/update and tasks/cancel for that same task from the same requestor without the extension in clientCapabilities: each must be refused with -32021.',
    causes: [
      {
        cause: 'The task methods look only at the taskId (or at what an earlier request declared) and serve any caller that knows it.',
        fix: 'Read `_meta["io.modelcontextprotocol/clientCapabilities"]` on every tasks/* request and answer -32021 naming the extension before looking the task up.',
        faults: ['ext-task-methods-without-extension'],
      },
      {
        cause: 'The lookup runs first, so the request is refused with -32602 or -32603 instead of the capability error.',
        fix: 'Check the declared capabilities before anything else the method does.',
      },
    ],
  },
  'ext-negotiation.no-legacy-capability': {
    does: 'Sends server/discover and requires capabilities without a `tasks` member: in 2026-07-28 tasks are declared only as the extension, capabilities.extensions["io.modelcontextprotocol/tasks"].',
    causes: [
      {
        cause: 'A server that grew out of a 2025-11-25 implementation keeps its old `tasks: {list, cancel, requests}` declaration next to the new extension entry.',
        fix: 'Declare the old `tasks` capability only in the initialize result of a legacy session; the modern discover result lists the extension alone.',
        faults: ['ext-advertises-legacy-tasks'],
      },
    ],
  },
  'ext-results.create-task-result': {
    does: 'Calls slow_compute with the extension declared and, when the answer is a task, requires resultType "task" and a flat Task: taskId, a known status, ISO 8601 createdAt and lastUpdatedAt, ttlMs (integer or null), integer pollIntervalMs when present. Skips when the server answers plainly.',
    causes: [
      {
        cause: 'The CreateTaskResult goes out with resultType "complete" (or none), as if it were the tool result, so a client cannot tell it is a task.',
        fix: 'Set `resultType: "task"` on every answer that hands back a task instead of the result.',
        faults: ['ext-resulttype-not-task'],
      },
      {
        cause: 'The task is nested under `task`, the 2025-11-25 shape, or its timestamps and ttl use other names or types.',
        fix: 'Spread the Task fields into the result itself beside resultType; use `ttlMs` and `pollIntervalMs` in integer milliseconds.',
      },
    ],
  },
  'ext-results.complete-elsewhere': {
    does: 'Checks that greet, server/discover and tools/list answers never say resultType "task", then polls a slow_compute task to its end and requires every tasks/get answer to say resultType "complete".',
    causes: [
      {
        cause: 'tasks/get reuses the code that builds the CreateTaskResult, so its answers say resultType "task" too.',
        fix: 'Build tasks/get answers as `{resultType: "complete", ...task}`: only the answer that creates a task says "task".',
        faults: ['ext-get-resulttype-task'],
      },
    ],
  },
  'ext-results.acknowledgements': {
    does: 'Answers the confirmation a confirm_delete task asks for with tasks/update (or, without that fixture, updates a slow_compute task under a key never issued) and cancels a working slow_compute task: each acknowledgement must say resultType "complete" and carry nothing else but `_meta`. A refusal is left to the update and cancel checks.',
    causes: [
      {
        cause: 'The acknowledgement returns the task (taskId, status, timestamps), as the 2025-11-25 tasks/cancel did.',
        fix: 'Answer tasks/update and tasks/cancel with `{resultType: "complete"}` only; clients read the new state with tasks/get.',
        faults: ['ext-ack-not-empty'],
      },
      {
        cause: 'The acknowledgement is an empty object without resultType.',
        fix: 'Add `resultType: "complete"` to both acknowledgements.',
      },
    ],
  },
  'ext-creation.durable-before-reply': {
    does: 'Three times, starts a slow_compute task (the second with no work at all, so it may already have ended) and sends tasks/get for it the moment the CreateTaskResult arrives: the answer must be that task, never an unknown-task error.',
    causes: [
      {
        cause: 'The task is written to its store after the reply is sent (a background write, a queue, a replica read before it caught up).',
        fix: 'Await the write, and any replication the reads depend on, before answering tools/call with the CreateTaskResult.',
        faults: ['ext-lazy-create'],
      },
      {
        cause: 'The store drops a task as soon as its work ends, so a task whose work takes no time is gone before the first tasks/get.',
        fix: 'Keep a finished task, with its result or error, for the ttlMs it reports.',
        faults: ['ext-forgotten-at-end'],
      },
    ],
  },
  'ext-errors.unknown-task': {
    does: 'Sends tasks/get, tasks/update and tasks/cancel for a taskId that never existed, and tasks/get with a number, an empty string and no taskId at all: tasks/get must fail with -32602 each time (over HTTP a refusal by header validation, -32020, is accepted for the malformed ones); tasks/update and tasks/cancel should fail with -32602 too (acknowledging them, or another code, is warned).',
    causes: [
      {
        cause: 'The failed lookup throws a plain exception, which the SDK turns into -32603.',
        fix: 'Throw the protocol error of your SDK with code -32602 for an unknown, expired or foreign taskId.',
        faults: ['ext-unknown-task-wrong-code'],
      },
      {
        cause: 'A taskId of the wrong type reaches the store unchecked and fails there as an internal error (-32603).',
        fix: 'Validate params.taskId as a non-empty string first and answer -32602 when it is not one.',
        faults: ['ext-malformed-task-id-internal'],
      },
      {
        cause: 'tasks/update or tasks/cancel acknowledge any taskId without looking it up.',
        fix: 'Look the task up first and answer -32602 when there is none.',
      },
    ],
  },
  'ext-errors.removed-methods': {
    does: 'Sends tasks/result (for a real task) and tasks/list: both are gone in 2026-07-28 and must fail with -32601; over HTTP the status must be 404.',
    causes: [
      {
        cause: 'The 2025-11-25 handlers are still registered for modern requests, so tasks/list lists and tasks/result returns the outcome.',
        fix: 'Route modern requests to the extension methods only (tasks/get, tasks/update, tasks/cancel); anything else is method not found.',
        faults: ['ext-serves-removed-methods'],
      },
      {
        cause: 'Over HTTP the -32601 error travels with status 200 (or 400).',
        fix: 'Send method-not-found errors of the modern endpoint with HTTP status 404.',
      },
    ],
  },
  'ext-errors.informative-messages': {
    does: 'Provokes five task errors (unknown taskId for get, update and cancel; tasks/get without the extension; tasks/result) and warns for any error whose message is empty or blank.',
    causes: [
      {
        cause: 'Errors are built with a code only and an empty message.',
        fix: 'Say in the message what was wrong, e.g. which taskId was not found or which capability is missing.',
        faults: ['ext-empty-error-messages'],
      },
    ],
  },
  'ext-errors.tool-error-completed': {
    does: 'Runs failing_job as a task (its tool result has isError true) and polls it to its end: it must end completed, not failed, and its result must carry isError true.',
    causes: [
      {
        cause: 'Any unsuccessful outcome is mapped to "failed", including tool results that report an error, often with the tool text turned into a JSON-RPC error.',
        fix: 'Keep "failed" for JSON-RPC errors thrown by the request; a CallToolResult with isError true completes the task with that result as it is.',
        faults: ['ext-tool-error-failed'],
      },
    ],
  },
  'ext-http.routing-headers-validated': {
    does: 'Over Streamable HTTP, sends tasks/get for a working task with an Mcp-Name naming another task, and a tools/call whose Mcp-Name names another tool: each must be refused with status 400 and error -32020. A tasks/get without Mcp-Name is sent too and its answer noted, not judged (only clients are told to send it).',
    causes: [
      {
        cause:
          'The server routes and executes from the body alone and never compares Mcp-Name with params.taskId or params.name, so a load balancer routing on the header could send a request to the wrong place unnoticed.',
        fix: 'Before serving, require Mcp-Name for tools/call and the task methods, decode a `=?base64?...?=` value, compare it with the body field and answer 400 with -32020 on any difference.',
        faults: ['ext-ignores-routing-headers'],
      },
    ],
  },
  'ext-security.unguessable-ids': {
    does: 'Creates 32 slow_compute tasks, eight at a time, and studies their IDs: duplicates, length, counters, timestamps and the apparent entropy of each character position. Below 64 bits fails, below 128 warns; random version 4 UUIDs pass.',
    causes: [
      {
        cause: 'IDs come from a counter (task-1, task-2, …) or a timestamp, so anyone can enumerate them.',
        fix: 'Generate IDs from a cryptographically secure source: `crypto.randomUUID()` or 16 or more random bytes in base64url.',
        faults: ['ext-sequential-ids'],
      },
      {
        cause: 'IDs are random but short (e.g. 8 hex characters).',
        fix: 'Use at least 128 random bits.',
      },
    ],
  },
  'ext-security.per-context-access': {
    does: "Over HTTP with two identities, A starts a slow_compute task and B sends tasks/get, tasks/update and tasks/cancel for it. All served is accepted (task IDs as bearer tokens). Once one is refused, the server binds tasks to callers: every other must be refused too, A's task must not be cancelled by B, and a subscriptions/listen of B naming the task must carry none of the notifications A's own subscription gets when A cancels it.",
    causes: [
      {
        cause: 'The ownership check sits in the lookup of some handlers only (tasks/get, tasks/update), while tasks/cancel or the listen filter find tasks by ID alone.',
        fix: "Resolve every taskId through one lookup that takes the caller's authorization context, for every task method and for subscriptions/listen, and treat another context's task exactly like an unknown one (-32602).",
        faults: ['ext-cancel-unbound', 'ext-listen-unbound'],
      },
    ],
  },
  'ext-base.meta-required': {
    does: 'Sends tools/list whose `_meta` states the protocol version but no clientCapabilities, and (over HTTP, where the headers mark it modern) tools/list with no `_meta` at all: each must fail with -32602, over HTTP with status 400.',
    causes: [
      {
        cause: 'Missing envelope fields fall back to defaults (the newest version, no capabilities) and the request is served.',
        fix: 'Reject a modern request that lacks `io.modelcontextprotocol/protocolVersion` or `io.modelcontextprotocol/clientCapabilities` in `_meta` with -32602 and, over HTTP, status 400.',
        faults: ['ext-accepts-missing-meta'],
      },
    ],
  },
  'ext-base.initialize-names-versions': {
    does: 'When server/discover lists no version that opens with initialize, sends initialize for 2025-11-25 the way a legacy client does (no _meta, over HTTP no modern headers) and expects the error to name every version server/discover lists, in its message or data; otherwise it warns.',
    causes: [
      {
        cause: 'initialize falls through to the generic unknown-method path, so a legacy client sees only "Method not found" and cannot tell its user which version to move to.',
        fix: 'Answer initialize with -32022 whose data.supported (and message) list the versions you serve, on every transport.',
        faults: ['ext-initialize-error-unnamed'],
      },
    ],
  },
  'ext-base.unsupported-version': {
    does: 'Sends tools/list for protocol version 1900-01-01 (in `_meta` and, over HTTP, in MCP-Protocol-Version): it must fail with -32022 whose data.supported lists the versions the server serves, over HTTP with status 400.',
    causes: [
      {
        cause: 'The error says the version is unsupported but leaves out data.supported, so a client cannot pick a version to retry with.',
        fix: 'Answer `{code: -32022, data: {supported: [...], requested}}` listing every version the server serves.',
        faults: ['ext-unsupported-version-no-list'],
      },
      {
        cause: 'An unknown version is served as the newest one, or refused with -32602 or -32600.',
        fix: 'Compare the requested version with the supported list before dispatching and answer -32022 when it is not there.',
      },
    ],
  },
  // The flow checks.
  'ext-polling.working-status': {
    does: 'Starts slow_compute with work longer than a few round trips at the server\'s measured pace, asks tasks/get at once, and requires the status "working" while the work runs (staged again with longer work when the answer came too late).',
    causes: [
      {
        cause: 'The store reports an internal state name ("running", "pending", "queued") instead of one of the five statuses of the extension.',
        fix: 'Map internal states onto the extension\'s statuses when building the task: anything still being worked on is "working".',
        faults: ['ext-working-reads-running'],
      },
    ],
  },
  'ext-polling.same-as-plain': {
    does: "Calls slow_compute and protocol_error_job once from a requestor without the extension (answered inline) and once as tasks, and requires the completed task's inlined result to have the same content and isError as the plain answer, and the failed task's error the same code as the plain error.",
    causes: [
      {
        cause: "The task runner rewraps the tool result (adds a note, reformats the text) before storing it, so the task's result is not what the call itself returns.",
        fix: 'Store the CallToolResult the tool produced, untouched, and inline exactly that as `result`.',
        faults: ['ext-result-differs'],
      },
      {
        cause: 'A failure inside the task runner is recorded as a generic server error instead of the error the work raised.',
        fix: "Keep the JSON-RPC error the underlying request produced (code, message, data) and inline it as the failed task's `error`.",
        faults: ['ext-error-differs'],
      },
    ],
  },
  'ext-polling.completed-inlines-result': {
    does: 'Starts slow_compute as a task, polls tasks/get until it is terminal and, when it completed, requires the tool result inlined as `result` (an object with a content array).',
    causes: [
      {
        cause: 'The server still keeps results for a separate tasks/result call, as 2025-11-25 did, and answers tasks/get with the status alone.',
        fix: 'Store the CallToolResult with the task and put it in the `result` field of every tasks/get answer (and notifications/tasks) once the task is completed.',
        faults: ['ext-completed-without-result'],
      },
    ],
  },
  'ext-polling.failed-inlines-error': {
    does: 'Starts protocol_error_job as a task and polls tasks/get until it is terminal. The task must end `failed` with `error` holding the JSON-RPC error (an integer code and a message); a missing or empty `statusMessage` is a warning.',
    causes: [
      {
        cause: 'The failure is recorded as a status only: tasks/get says `failed` but the error that caused it is kept internally or dropped.',
        fix: 'Keep the JSON-RPC error object the work ended with and return it as `error` in every tasks/get answer (and notifications/tasks) of the failed task.',
        faults: ['ext-failed-without-error'],
      },
      {
        cause: 'The error is stored as a string or an Error instance, so `error` arrives as text or without its numeric code.',
        fix: 'Serialise the error the way a JSON-RPC error response carries it: `{"code": -32603, "message": "…", "data"?: …}`.',
      },
      {
        cause: 'Only `error` is set; `statusMessage` stays empty (a warning).',
        fix: 'When moving a task to failed, also set `statusMessage` to a short human-readable account of what went wrong.',
      },
    ],
  },
  'ext-polling.input-required-lists-requests': {
    does: "Starts confirm_delete as a task, polls tasks/get until it waits for input, and requires `inputRequests`: a non-empty object whose every entry is a server-to-client request with a `method` name and a `params` object (the fixture's one elicitation/create).",
    causes: [
      {
        cause:
          'The server flips the status to input_required but sends the elicitation some other way (a request on the stream, as 2025-11-25 did through tasks/result) and leaves `inputRequests` out.',
        fix: 'Keep the pending requests with the task and put them, keyed, in `inputRequests` of every tasks/get answer while the task is input_required.',
        faults: ['ext-input-required-without-requests'],
      },
      {
        cause: 'The entries are bare params (the elicitation message and schema) or a list, not requests.',
        fix: 'Make `inputRequests` an object whose values are `{"method": "elicitation/create", "params": {…}}`, the request as it would be sent on its own, without an id.',
      },
    ],
  },
  'ext-polling.all-outstanding': {
    does: 'Starts multi_input, whose fixture contract has it ask two questions at once, and polls tasks/get until it waits for input. Two keys listed together pass. When only one is listed, the check answers it: if the task then stays input_required and lists a new key, that request was outstanding all along and had been left out (a fail). A task that goes back to working before asking again asked afresh and is not judged.',
    causes: [
      {
        cause: 'The server models input as a single pending request and queues the others behind it, showing each only once the one before is answered.',
        fix: 'List every request the task is waiting on in `inputRequests` at the same time; the client may answer them together or one by one.',
        faults: ['ext-one-request-at-a-time'],
      },
      {
        cause: 'The multi_input fixture asks its two questions one after the other, contrary to the fixture contract, and answers straight from one to the next without working in between.',
        fix: 'Implement multi_input as the fixture contract describes: both questions issued together, the task completing once both are answered.',
      },
    ],
  },
  'ext-lifecycle.terminal-final': {
    does: 'Runs slow_compute (and protocol_error_job when offered) to its end, polls tasks/get three more times at the task’s poll interval, and requires every observed change of status to follow the status graph: once completed, failed or cancelled, a task never changes status again.',
    causes: [
      {
        cause: 'A task record is reused or reset after its work ends (a retry, a status recomputed from a job queue that forgot the job), so later reads show working again.',
        fix: 'Treat the terminal status as final in the store: refuse any transition out of completed, failed or cancelled, and answer tasks/get from that stored state.',
        faults: ['ext-terminal-reverts'],
      },
    ],
  },
  'ext-lifecycle.retained-until-ttl': {
    does: 'Runs slow_compute for a second to its end, then reads it with tasks/get three more times at its poll interval. A task that was readable and then answers "not found" while the ttlMs it last reported has not run out (counted from when the call was sent) is a fail.',
    causes: [
      {
        cause: 'The store drops a task when its work ends (a job queue that forgets finished jobs, a map entry deleted on completion), while the task still advertises a ttlMs of minutes.',
        fix: 'Keep each task, with its result or error, until createdAt + ttlMs, and expire it from a timer or on lookup; or report the ttlMs the store really keeps it for.',
        faults: ['ext-forgotten-at-end'],
      },
    ],
  },
  'ext-update.acknowledged': {
    does: 'Starts confirm_delete, waits for its input_required state, answers every outstanding elicitation from its requestedSchema (accept, confirm: true) with tasks/update, and requires a success answer. Then it polls at the task’s pace until the task ends, for as long as two work bounds: the answer may show after the acknowledgement. A task that outlives its ttl (createdAt + ttlMs, the one bound the extension gives) still waiting on the answered key is a fail; one still waiting when the wait ends is not judged (a skip saying what was seen). The result is expected to name the file.',
    causes: [
      {
        cause: 'tasks/update is not implemented or rejects answers it should take (a schema mismatch on `inputResponses`, a lookup by the wrong key), answering with an error.',
        fix: 'Accept `{taskId, inputResponses}` where each key is an outstanding input key and each value the client’s result for that request (for an elicitation `{action, content}`), hand the answers to the waiting work, and reply `{"resultType": "complete"}`.',
        faults: ['ext-update-refused'],
      },
      {
        cause: 'The update is acknowledged but the answers never reach the waiting work, so the task stays input_required with the same request.',
        fix: 'Resolve the pending request the key names with the answer before acknowledging, and move the task back to working once nothing is outstanding.',
        faults: ['ext-update-dropped'],
      },
    ],
  },
  'ext-update.unknown-keys-ignored': {
    does: 'Starts confirm_delete, waits for its input_required state, and sends tasks/update answering only a key the server never issued. The update should be acknowledged and the task left as it was (still input_required, the same request under the same key); otherwise a warning.',
    causes: [
      {
        cause: 'Every key of `inputResponses` is validated against the outstanding ones and an unknown key fails the whole request with -32602.',
        fix: 'Skip answers whose key is not outstanding (never issued, already answered, superseded) and acknowledge the request; apply the answers whose keys are outstanding.',
        faults: ['ext-update-unknown-key-rejected'],
      },
    ],
  },
  'ext-update.keys-unique': {
    does: 'Starts multi_input, waits for its input_required state, and answers one key per tasks/update, polling in between. Every key seen is remembered with its request: a key answered and later shown for another request, or one key shown for two different requests, fails. Answering all keys should let the task complete (reported, not judged).',
    causes: [
      {
        cause: 'Input keys are positions or fixed names ("input-0", "question") recomputed from what is pending, so after an answer the next request takes over the answered key.',
        fix: 'Give each issued request a key no other request of the task ever gets, for example a prefix plus a counter kept per task, and never recycle it.',
        faults: ['ext-reuses-input-key'],
      },
    ],
  },
  'ext-cancel.acknowledged': {
    does: 'Starts slow_compute with one second of work (two when staged again), sends tasks/cancel while it still works, and requires a success answer. What the task shows afterwards is only reported: cancellation is cooperative and may take effect late or not at all. A cancel that arrives after the work ended is staged again.',
    causes: [
      {
        cause: 'tasks/cancel is missing or fails when the work cannot be interrupted at once, answering with an error.',
        fix: 'Record the cancellation request, signal the work to stop if it can, and reply `{"resultType": "complete"}` straight away; whether the task ends cancelled is up to the work.',
        faults: ['ext-cancel-refused'],
      },
    ],
  },
  'ext-cancel.stays-cancelled': {
    does: 'Starts slow_compute with two round trips of work or more, sends tasks/cancel while it still works, polls until the task is terminal (cancelled, or completed or failed where the work won), then waits until the work would have finished and polls tasks/get twice: the task must still read the status it ended with.',
    causes: [
      {
        cause: 'tasks/cancel marks the task cancelled but does not stop its work, and the work settles its outcome without looking at the status, overwriting cancelled with completed.',
        fix: 'Stop the work through its abort signal when the task is cancelled, and have the work settle its outcome only if the task is not already terminal.',
        faults: ['ext-cancel-not-final'],
      },
    ],
  },
  'ext-cancel.terminal-untouched': {
    does: 'Runs slow_compute to completion and protocol_error_job to failure, sends tasks/cancel for each (an acknowledgement or an error are both accepted), then polls tasks/get twice: each task must still read as it ended, completed or failed.',
    causes: [
      {
        cause: 'The cancel handler sets the status to cancelled without looking at the current one, overwriting a finished task and its result.',
        fix: 'Leave a task that is already completed, failed or cancelled as it is when tasks/cancel arrives; only an unfinished task moves to cancelled.',
        faults: ['ext-cancel-overrides-terminal'],
      },
      {
        cause: 'Only completion is treated as final: the cancel handler guards against a completed task but lets a failed one be relabelled cancelled.',
        fix: 'Test for every terminal status (completed, failed, cancelled) before cancelling.',
        faults: ['ext-cancel-overrides-failed'],
      },
      {
        cause: 'The task reads as another status after the cancel because finished tasks are not kept final in general.',
        fix: 'Refuse every transition out of a terminal status in the task store.',
        faults: ['ext-terminal-reverts'],
      },
    ],
  },
  'ext-notify.listen-needs-extension': {
    does: 'Creates a slow_compute task with the extension declared, then sends subscriptions/listen naming it from a request whose clientCapabilities lack the extension. The listen must be refused with -32021 whose data names `requiredCapabilities.extensions["io.modelcontextprotocol/tasks"]`, and never acknowledged.',
    causes: [
      {
        cause: 'subscriptions/listen is served by a generic subscription layer that does not look at the per-request capabilities before accepting `taskIds`.',
        fix: 'When `notifications.taskIds` is present and the request does not declare the extension, answer -32021 with `data: {"requiredCapabilities": {"extensions": {"io.modelcontextprotocol/tasks": {}}}}` and open no stream.',
        faults: ['ext-listen-without-extension'],
      },
    ],
  },
  'ext-notify.only-when-subscribed': {
    does: 'Runs slow_compute to its end from a requestor that never sends subscriptions/listen and requires that no notifications/tasks reach it (on stdio they would share its channel). Over HTTP it also opens a listen stream naming no task and runs another task: nothing may arrive on that stream either.',
    causes: [
      {
        cause: 'Status changes are broadcast to every connection or stream (a 2025-11-25 style notifications/tasks/status push) instead of to the subscriptions that name the task.',
        fix: 'Send notifications/tasks for a task only on the listen streams whose acknowledged `taskIds` include it, with that stream’s subscription id in `_meta`.',
        faults: ['ext-notifies-unasked'],
      },
    ],
  },
  'ext-notify.acknowledged-first': {
    does: 'Starts slow_compute with a second of work, sends subscriptions/listen naming it, and requires the first message carrying the listen request’s id in `_meta["io.modelcontextprotocol/subscriptionId"]` to be notifications/subscriptions/acknowledged. A listen that gets no message at all (neither refused nor acknowledged) also fails.',
    causes: [
      {
        cause: 'The server starts pushing the task’s current state as soon as the listen arrives and sends no acknowledgement, or sends it after the first notification.',
        fix: 'Send notifications/subscriptions/acknowledged (with the agreed `notifications.taskIds` and the subscription id) before anything else for that subscription, then the status notifications.',
        faults: ['ext-listen-no-ack'],
      },
      {
        cause: 'The acknowledgement carries another subscription id (a counter of the server’s own, or the id as a number where the request used a string).',
        fix: 'Use the JSON-RPC id of the subscriptions/listen request, exactly as sent, as the subscription id of the acknowledgement and of every notification on the stream.',
      },
    ],
  },
  'ext-update.reask-new-key': {
    does: 'Answers the confirm_delete elicitation with an acceptance that fills in nothing, then follows the task: when it asks again, the new request must not come under the key just answered. A server that refuses the answer, ignores it or goes on without asking is not judged.',
    causes: [
      {
        cause: 'Keys are derived from the question (its name or field), so the same question asked a second time gets the same key as the answer already given.',
        fix: 'Issue a fresh key for every request, for instance the question name plus a counter kept per task.',
        faults: ['ext-reasks-under-answered-key'],
      },
    ],
  },
  'ext-update.declared-capabilities-only': {
    does: 'Calls confirm_delete from a requestor whose every request declares the Tasks extension and no elicitation, and follows the task until it settles: no elicitation/create may appear among its inputRequests (or in an InputRequiredResult on the call). Refusing with -32021 naming elicitation, or going on without asking, passes.',
    causes: [
      {
        cause: 'The tool asks its questions whatever the request declared, as if every client could answer an elicitation.',
        fix: 'Read elicitation in the clientCapabilities of the request before asking through inputRequests; without it, refuse with -32021 whose data.requiredCapabilities names elicitation, or go on without asking.',
        faults: ['ext-elicits-undeclared'],
      },
    ],
  },
  'ext-notify.full-task': {
    does: 'Listens to a working slow_compute task, polls it to completion, and judges every notifications/tasks of the subscription: each must be a whole task (the Task fields plus `inputRequests`, `result` or `error` for its status), and the one announcing the end must carry every field tasks/get returns, equal to it in the fields a finished task cannot change. Over HTTP every notifications/tasks of the task on the stream must also name the subscription in `_meta`.',
    causes: [
      {
        cause: 'The notification is built from the bare status record (id, status, timestamps) and leaves the inlined result or error out.',
        fix: 'Build notifications/tasks from the same function that builds the tasks/get answer (minus `resultType`), so a completed task’s notification carries `result`.',
        faults: ['ext-notify-partial-task'],
      },
      {
        cause: 'The subscription id is put on the acknowledgement only; later notifications are sent by a task listener that does not know which listen request it serves.',
        fix: 'Give each listener the listen request id and put it under `io.modelcontextprotocol/subscriptionId` in the `_meta` of every notification it sends.',
        faults: ['ext-notify-no-subscription-id'],
      },
    ],
  },
  'ext-notify.no-progress-on-stream': {
    does: 'Listens to a working slow_compute task until it completes and requires that no notifications/progress or notifications/message arrive on the subscription (over HTTP: on the listen stream at all).',
    causes: [
      {
        cause: 'Progress or log output of the task’s work is forwarded to the task’s listen stream, as 2025-11-25 sent progress tied to the task.',
        fix: 'Send only notifications/tasks (after the acknowledgement) on a task subscription; report progress through `statusMessage` instead.',
        faults: ['ext-progress-on-listen'],
      },
    ],
  },
  // The requestor checks: the client under test driven on an endpoint of the suite's extension server
  // (docs/client-fixture-contract-2026-07-28.md).
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
      {
        cause: 'The routing headers are set only where a server routes on a name (tools/call), so the task methods go without Mcp-Method.',
        fix: 'Set Mcp-Method to the JSON-RPC method and MCP-Protocol-Version to the protocol version on every POST, whatever the method.',
        faults: ['ext-req-no-mcp-method'],
      },
    ],
  },
};
