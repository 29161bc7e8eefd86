// What each check of the 2025-11-25 profile does and why implementations typically fail it, for
// `mcp-tasks-conformance explain`. Data only, keyed by check ID, in our own words (never the spec's sentences);
// "seen in" names the real implementations of docs/compatibility.md, "faults" the reference faults that break a
// check the same way (reference-server/2025-11-25/faults.ts, proven in test/fault-cases/).
import type { CheckExplanation } from '../shared/explanation.js';

const MCP_FRAMEWORK = 'mcp-framework 0.2.22';
const SERVER_EVERYTHING = '@modelcontextprotocol/server-everything 2026.8.31 (on @modelcontextprotocol/sdk 1.32.2)';
const SIMPLE_TASK_INTERACTIVE = 'the @modelcontextprotocol/sdk 1.32.2 example server simpleTaskInteractive';
const SDK_SERVER = "@modelcontextprotocol/sdk 1.32.2's McpServer without task support";
const SDK_CLIENT = "@modelcontextprotocol/sdk 1.32.2's Client with its InMemoryTaskStore";
const EXT_TASKS = '@modelcontextprotocol/ext-tasks 0.2.2 on the v2 SDK Client';

const RELATED_TASK_FIX = 'add `_meta: {"io.modelcontextprotocol/related-task": {"taskId": …}}`, merged with any `_meta` already there';
const INVALID_PARAMS_FIX = 'throw the protocol error class of your SDK (McpError, ProtocolError) with code -32602, so the transport sends that code; a plain Error becomes -32603';

/** The usual way the three unknown-task-ID checks fail. */
const UNKNOWN_ID_AS_INTERNAL_ERROR = {
  cause: 'The failed lookup throws a plain error, which the SDK sends as -32603.',
  fix: `For an unknown, expired or foreign task ID, ${INVALID_PARAMS_FIX}.`,
};

export const CHECK_EXPLANATIONS: Readonly<Record<string, CheckExplanation>> = {
  'capabilities.tasks-shape': {
    does:
      'Opens a connection and validates the `tasks` object of the capabilities in the initialize result against the schema for ' +
      "the receiver's role. Skips when the receiver declares no `tasks` capability at all.",
    causes: [
      {
        cause: '`list` or `cancel` is declared as `true` (or another non-object) instead of an empty object.',
        fix: 'Declare every leaf as an object: `"tasks": {"list": {}, "cancel": {}, "requests": {"tools": {"call": {}}}}`.',
        faults: ['capability-shape-invalid'],
      },
      {
        cause: 'The request types are nested wrongly, e.g. `requests: {"tools/call": {}}`, or a client declares `tools.call`.',
        fix: 'Nest by method segments: a server declares `requests.tools.call`, a client `requests.sampling.createMessage` and `requests.elicitation.create`.',
      },
    ],
  },
  'capabilities.undeclared-ignores-task': {
    does:
      'For a receiver that declares no task support for the request type, sends the echo request twice, once plain and once ' +
      'carrying `task`. The second must be handled as if `task` were not there: the ordinary result, equal to the plain one ' +
      '(`_meta` aside), and no task created.',
    causes: [
      {
        cause: 'A task layer that is present but not advertised creates a task anyway and answers with a CreateTaskResult.',
        fix: 'Either declare `tasks.requests` for that request type, or drop `params.task` when it is not declared.',
        faults: ['undeclared-still-creates-task'],
      },
      {
        cause: 'The request is refused (-32603, "does not support task creation") instead of being handled normally.',
        fix: 'Without declared task support, ignore the `task` field and process the request as a plain one.',
        seenIn: SDK_SERVER,
      },
    ],
  },
  'capabilities.undeclared-type-ignores-task': {
    does:
      'For a receiver that declares task support (for tools/call), sends ping and tools/list twice each, once plain and once ' +
      'carrying `task`: no receiver can declare task support for them, so the second must be answered like the first ' +
      '(the same tool names; no CreateTaskResult, no error). A type the receiver cannot answer even plainly is left out.',
    causes: [
      {
        cause: 'The request schemas reject the unknown `task` field (-32602) on every method but tools/call.',
        fix: 'Accept and ignore `params.task` on request types without declared task support; only the declared ones read it.',
        faults: ['undeclared-type-rejects-task'],
      },
      {
        cause: 'A generic middleware turns every request carrying `task` into a task, whatever its type.',
        fix: 'Create tasks only for the request types declared in `capabilities.tasks.requests`.',
      },
    ],
  },
  'tool-negotiation.task-support-values': {
    does:
      'Lists every tool (following the pages of tools/list) and validates the `execution` object of each tool that has one: ' +
      '`taskSupport`, when present, must be one of "required", "optional" and "forbidden". When no tool declares ' +
      '`execution` there is no value to judge, and the check skips.',
    causes: [
      {
        cause: 'A misspelt or invented value ("sometimes", "Required") or a boolean in `execution.taskSupport`.',
        fix: 'Use one of the three strings exactly; leave `execution` out for a tool that never runs as a task.',
        faults: ['task-support-invalid-value'],
      },
    ],
  },
  'tool-negotiation.required-without-task': {
    does:
      'Calls the `required` fixture tool (taskSupport "required") without `task`. The call must be refused with the JSON-RPC ' +
      'error -32601; -32600 only warns, because the protocol-errors section lets a receiver that insists on tasks use it.',
    causes: [
      {
        cause: 'The tool simply runs as a plain call.',
        fix: "Before dispatching tools/call, read the tool's taskSupport and refuse a plain call to a required tool with -32601.",
        seenIn: MCP_FRAMEWORK,
      },
      {
        cause: 'The refusal is wrapped into a successful CallToolResult with `isError: true`.',
        fix: 'Answer with a JSON-RPC error object, not a tool result: raise the protocol error outside the tool handler.',
        seenIn: SERVER_EVERYTHING,
        faults: ['required-without-task-iserror'],
      },
      {
        cause: 'The refusal comes as -32603 (Internal error): the handler throws a plain Error.',
        fix: 'Throw the protocol error class of your SDK with code -32601.',
        seenIn: SIMPLE_TASK_INTERACTIVE,
      },
    ],
  },
  'tool-negotiation.forbidden-with-task': {
    does: 'Calls the `forbidden` fixture tool (taskSupport "forbidden") with `task`. It should be refused with -32601; anything else is warned.',
    causes: [
      {
        cause: 'A task is created for the forbidden tool.',
        fix: "Check the tool's taskSupport before creating a task, and refuse with -32601 when it is forbidden.",
        faults: ['forbidden-with-task-runs'],
      },
      {
        cause: 'The call is refused, but with -32603 (Internal error).',
        fix: 'Use -32601 (Method not found) for this refusal.',
        seenIn: MCP_FRAMEWORK,
      },
    ],
  },
  'tool-negotiation.no-execution-with-task': {
    does:
      'Calls the `plain` fixture tool, which has no `execution` field, with `task`. A tool without taskSupport counts as forbidden, ' +
      'so the call should be refused with -32601; anything else is warned.',
    causes: [
      {
        cause: 'A missing taskSupport is treated as "optional", and a task is created.',
        fix: 'Treat a tool without `execution.taskSupport` exactly like a "forbidden" one.',
        faults: ['plain-with-task-runs'],
      },
      {
        cause: 'The call is refused, but with -32603 (Internal error).',
        fix: 'Use -32601 (Method not found) for this refusal.',
        seenIn: MCP_FRAMEWORK,
      },
    ],
  },
  'tool-negotiation.optional-both-ways': {
    does:
      'Calls the echo fixture (taskSupport "optional") once plainly and once with `task`: the first must give an ordinary ' +
      'CallToolResult, the second a CreateTaskResult. A plain call refused with -32600 passes (a receiver that declares tasks ' +
      'for tools/call may demand them, and -32600 is how it says so); one refused otherwise is only warned.',
    causes: [
      {
        cause: 'The task-augmented call is answered with the plain result: `task` is ignored.',
        fix: 'When an optional tool is called with `task`, create the task and answer with the CreateTaskResult.',
      },
      {
        cause: 'The plain call creates a task anyway.',
        fix: 'Create a task only when the request carries `task`.',
        faults: ['optional-plain-call-answers-task'],
      },
      {
        cause: '(a warning) The plain call is refused.',
        fix: 'Serve plain calls to optional tools, or declare the tool "required" if it must run as a task.',
        faults: ['optional-plain-call-error'],
      },
    ],
  },
  'creation.create-task-result-shape': {
    does:
      'Makes one task-augmented call to the echo fixture and validates the answer against the CreateTaskResult schema: a `task` ' +
      'object with taskId, status, createdAt, lastUpdatedAt and ttl, and pollInterval and statusMessage when present.',
    causes: [
      {
        cause: 'A required Task field is missing, often lastUpdatedAt, or ttl left out where it should be null.',
        fix: 'Build the `task` of the CreateTaskResult from the same stored record tasks/get returns.',
        faults: ['create-result-incomplete'],
      },
      {
        cause: 'The task fields are sent at the top level of the result instead of under `task`.',
        fix: 'Answer `{"task": {…}}`, with `_meta` beside it when needed.',
      },
    ],
  },
  'creation.status-working': {
    does:
      'Starts a task with every fixture that can run as one (echo, required, fail, error, input, progress), with work long ' +
      'enough to outlast the answer, and reads the status in each CreateTaskResult: it must be "working". A later status is ' +
      'only warned when the work could really have got there before the answer left, as instant work can.',
    causes: [
      {
        cause: 'The task begins in input_required, because its work asks the requestor a question before the CreateTaskResult is sent.',
        fix: 'Create the task "working", send the CreateTaskResult, and switch to input_required only once the work waits for an answer.',
        seenIn: `${SIMPLE_TASK_INTERACTIVE}; ${EXT_TASKS} (every task)`,
        faults: ['create-status-not-working'],
      },
      {
        cause: 'The CreateTaskResult is held until the work has finished, yet still says "working" or already a terminal status.',
        fix: 'Answer as soon as the task is stored and run the work detached from the request (see creation.prompt).',
        faults: ['create-result-slow'],
      },
    ],
  },
  'creation.prompt': {
    does:
      'Starts an echo task with several seconds of work and times the CreateTaskResult: it should arrive well before the work ' +
      'ends (within half of it), and a tasks/get right after should show the task still running. Skips when the tool standing ' +
      'in for echo takes no `delayMs`.',
    causes: [
      {
        cause: 'The request handler awaits the work before it answers, so the CreateTaskResult comes only when the task is done.',
        fix: 'Store the task, answer at once, and run the work as a detached promise whose end updates the stored task.',
        faults: ['create-result-slow'],
      },
    ],
  },
  'creation.no-result-in-create': {
    does:
      'Starts an instant echo task and inspects the CreateTaskResult: neither it nor its `task` may hold fields of the operation ' +
      'result (content, structuredContent, isError, or the fields of a sampling or elicitation result).',
    causes: [
      {
        cause: "The work's result is merged into the CreateTaskResult, typically because the work finished first and both went out together.",
        fix: 'Send only `{task}` (and `_meta`) on creation; the result travels through tasks/result alone.',
        faults: ['create-includes-result'],
      },
    ],
  },
  'creation.task-ids': {
    does:
      'Creates six tasks with identical arguments, each time offering a taskId of its own in `params.task` (and trying again ' +
      'without it if that is refused). Every ID must be a string (the empty string is one), none may be the one offered, and all ' +
      'six must differ.',
    causes: [
      {
        cause: 'IDs are derived from the request (a hash of the tool name and arguments), so identical calls collide.',
        fix: 'Generate every ID from a cryptographic random source, e.g. `crypto.randomUUID()`.',
        faults: ['task-id-from-arguments'],
      },
      {
        cause: 'A taskId the requestor put in `params.task` is adopted as the task ID.',
        fix: 'Ignore any ID the requestor suggests; the receiver alone names its tasks.',
        faults: ['adopt-requestor-task-id'],
      },
      {
        cause: 'IDs are numbers from a database sequence.',
        fix: 'Send IDs as strings, and make them unguessable (see isolation.task-id-entropy).',
      },
    ],
  },
  'creation.immediate-response-meta': {
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
  'lifecycle.transitions': {
    does:
      'Runs an echo task (and a fail task where offered) to its end, polls a few more times after the terminal status, and ' +
      'collects the status notifications. Each sequence may move only along the allowed transitions (working and ' +
      'input_required back and forth, then one terminal status), and a terminal status never changes. On stdio the ' +
      'notifications are judged in their order; over HTTP, where they may travel on several streams, only that they agree on ' +
      'one terminal status.',
    causes: [
      {
        cause: 'A terminal status is reported, then "working" again: the status is derived from the state of the work or a stale cache, not the stored record.',
        fix: 'Keep the status in the task record, and make a terminal record immutable: later updates from the work are dropped.',
        faults: ['terminal-reverts-to-working'],
      },
      {
        cause: 'A status notification after the terminal one says "working" (a late update from the work sent as a status).',
        fix: 'Send status notifications from the same guarded update of the record, and none once it is terminal.',
        faults: ['status-notification-terminal-reverts'],
      },
    ],
  },
  'lifecycle.stable-identity': {
    does:
      'Follows an echo task from its CreateTaskResult through every poll and compares taskId and createdAt with those at ' +
      'creation. A createdAt written differently passes when it names the same instant.',
    causes: [
      {
        cause: 'createdAt is computed for each answer (the current time) instead of stored when the task was created.',
        fix: 'Store createdAt once, at creation, and always send the stored value.',
        faults: ['created-at-drifts'],
      },
    ],
  },
  'lifecycle.monotonic-update': {
    does:
      'Follows an echo task through its polls and compares each lastUpdatedAt with the one before: none may be earlier. ' +
      'When no two of them are date-times it has compared nothing, and is inconclusive on TASKS-TTL-LAST-UPDATED-AT (ttl.timestamps judges it).',
    causes: [
      {
        cause: 'lastUpdatedAt is the time of the poll while the task runs, and a stored, older value once it is terminal.',
        fix: 'Store lastUpdatedAt in the record and change it only when the status or statusMessage changes.',
        faults: ['last-updated-goes-back'],
      },
      {
        cause: 'A terminal task reports a lastUpdatedAt before its createdAt (a clock or time-zone mix-up).',
        fix: 'Take both timestamps from the same clock, as UTC.',
        faults: ['last-updated-before-created'],
      },
    ],
  },
  'result-retrieval.blocks-until-terminal': {
    does:
      'Starts an echo task whose work outlasts the CreateTaskResult and sends tasks/result at once: the answer must wait until ' +
      'the work is over and be its result, and tasks/get afterwards must show a terminal status. When the work ended before ' +
      'the request could be sent, the scenario is tried again with longer work.',
    causes: [
      {
        cause: 'tasks/result on a running task fails at once ("not completed, poll tasks/get first").',
        fix: 'Keep the request open: await a promise that settles when the task reaches a terminal status, then answer with its outcome.',
        seenIn: MCP_FRAMEWORK,
        faults: ['result-does-not-block'],
      },
    ],
  },
  'result-retrieval.same-as-plain-call': {
    does:
      'Calls the echo fixture (and the fail fixture, where offered) plainly, then with the same arguments as a task; once the ' +
      'task is terminal, its tasks/result must equal the plain result exactly, `_meta` aside.',
    causes: [
      {
        cause: 'The result is changed on its way through the task store: text added, fields dropped, content re-encoded.',
        fix: "Store the work's result object as it is and return it unchanged, adding only the related-task `_meta`.",
        faults: ['result-differs'],
      },
      {
        cause: 'The plain call to the optional tool creates a task too, so there is no plain result to compare with.',
        fix: 'Create a task only when the request carries `task`.',
        faults: ['optional-plain-call-answers-task'],
      },
      {
        cause: 'tasks/result answers an error for a completed task, because the status was set before the result was stored.',
        fix: 'Store the result first, then mark the task terminal.',
      },
    ],
  },
  'result-retrieval.same-error': {
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
  'result-retrieval.related-task-meta': {
    does: 'Runs an instant echo task to its end and fetches tasks/result: the response must name the task in ' + '`_meta["io.modelcontextprotocol/related-task"].taskId`.',
    causes: [
      {
        cause: 'The stored result is returned as it is, without the related-task `_meta`.',
        fix: `In the tasks/result handler, ${RELATED_TASK_FIX}.`,
        seenIn: `${MCP_FRAMEWORK}; ${EXT_TASKS}`,
        faults: ['result-missing-related-meta'],
      },
    ],
  },
  'execution-errors.iserror-failed': {
    does: 'Starts a task on the fail fixture, whose tool result has `isError: true`, and waits for its end: the task should be "failed". Anything else is warned.',
    causes: [
      {
        cause: 'The task is marked "completed" because the tool returned without throwing.',
        fix: 'When the CallToolResult has `isError: true`, end the task "failed" (and keep the result for tasks/result).',
        seenIn: MCP_FRAMEWORK,
        faults: ['iserror-task-completed'],
      },
    ],
  },
  'execution-errors.rpc-error-failed': {
    does: 'Starts a task on the error fixture, whose work ends in a JSON-RPC error, and waits for its end: the task should be "failed". Anything else is warned.',
    causes: [
      {
        cause: 'The error is caught and the task marked "completed" (or left working).',
        fix: 'End the task "failed" when its work throws, and store the error for tasks/result.',
        faults: ['error-task-completed'],
      },
    ],
  },
  'execution-errors.failed-status-message': {
    does:
      'Makes a task fail (the fail fixture, or the error fixture where there is none) and reads its final record: a failed ' +
      'task should explain itself in a non-empty statusMessage. Skips when the task does not end "failed"; the two checks ' +
      'above report that.',
    causes: [
      {
        cause: 'statusMessage is never set when a task fails.',
        fix: "Set statusMessage to the error's message, or to the text of the isError result.",
        faults: ['failed-without-status-message'],
      },
    ],
  },
  'protocol-errors.unknown-task-get': {
    does: 'Sends tasks/get for a task ID that never existed, then with a malformed taskId (a number, none at all, an empty string): each answer must be the JSON-RPC error -32602 (Invalid params).',
    causes: [
      {
        ...UNKNOWN_ID_AS_INTERNAL_ERROR,
        seenIn: `${MCP_FRAMEWORK}; ${SIMPLE_TASK_INTERACTIVE}; ${EXT_TASKS}`,
        faults: ['unknown-task-get-wrong-code'],
      },
      {
        cause: 'A taskId that is no string, or missing, fails the request schema, and the SDK sends the validation error as -32603.',
        fix: `Check params.taskId first: for a non-string, missing or empty one, ${INVALID_PARAMS_FIX}.`,
        seenIn: `${SERVER_EVERYTHING}; ${MCP_FRAMEWORK}; ${SIMPLE_TASK_INTERACTIVE}; ${SDK_CLIENT}; ${EXT_TASKS}`,
        faults: ['malformed-task-id-wrong-code'],
      },
    ],
  },
  'protocol-errors.unknown-task-result': {
    does:
      'Sends tasks/result for a task ID that never existed, then with a malformed taskId (a number, none at all, an empty string): ' +
      'each answer must be the JSON-RPC error -32602 (Invalid params).',
    causes: [
      {
        ...UNKNOWN_ID_AS_INTERNAL_ERROR,
        seenIn: `${MCP_FRAMEWORK}; ${SIMPLE_TASK_INTERACTIVE}; ${EXT_TASKS}`,
        faults: ['unknown-task-result-wrong-code'],
      },
      {
        cause: 'A taskId that is no string, or missing, fails the request schema, and the SDK sends the validation error as -32603.',
        fix: `Check params.taskId first: for a non-string, missing or empty one, ${INVALID_PARAMS_FIX}.`,
        seenIn: `${SERVER_EVERYTHING}; ${MCP_FRAMEWORK}; ${SIMPLE_TASK_INTERACTIVE}; ${SDK_CLIENT}; ${EXT_TASKS}`,
        faults: ['malformed-task-id-wrong-code'],
      },
      {
        cause: 'tasks/result waits for a task that does not exist, and never answers.',
        fix: 'Look the task up before waiting for its end.',
      },
    ],
  },
  'protocol-errors.unknown-task-cancel': {
    does:
      'Sends tasks/cancel for a task ID that never existed, then with a malformed taskId (a number, none at all, an empty string): ' +
      'each answer must be the JSON-RPC error -32602 (Invalid params).',
    causes: [
      {
        ...UNKNOWN_ID_AS_INTERNAL_ERROR,
        seenIn: `${MCP_FRAMEWORK}; ${EXT_TASKS}`,
        faults: ['unknown-task-cancel-wrong-code'],
      },
      {
        cause: 'A taskId that is no string, or missing, fails the request schema, and the SDK sends the validation error as -32603.',
        fix: `Check params.taskId first: for a non-string, missing or empty one, ${INVALID_PARAMS_FIX}.`,
        seenIn: `${SERVER_EVERYTHING}; ${MCP_FRAMEWORK}; ${SDK_CLIENT}; ${EXT_TASKS}`,
        faults: ['malformed-task-id-wrong-code'],
      },
      {
        cause: 'The cancel of an unknown ID succeeds silently.',
        fix: 'Look the task up first and refuse an unknown ID with -32602.',
      },
    ],
  },
  'protocol-errors.informative-messages': {
    does:
      'Sends tasks/get, tasks/result and (where declared) tasks/cancel for task IDs that never existed and reads the error ' +
      "messages: each should say something. The error codes are the unknown-task checks' concern.",
    causes: [
      {
        cause: 'The task layer raises its errors with an empty message.',
        fix: 'Say what went wrong and with which value, e.g. `unknown task id "…"`.',
        faults: ['error-messages-empty'],
      },
    ],
  },
  'ttl.timestamps': {
    does:
      'Follows an echo task through its CreateTaskResult and its polls, walks tasks/list (when list is declared) and cancels ' +
      'a second task (when cancel is declared). The harness validates every task in these answers as it arrives: createdAt ' +
      'and lastUpdatedAt must be RFC 3339 date-times in each. A lastUpdatedAt before createdAt is warned.',
    causes: [
      {
        cause: 'Timestamps are epoch milliseconds, as numbers or in strings.',
        fix: 'Write `new Date(ms).toISOString()`.',
        faults: ['timestamps-not-iso'],
      },
      {
        cause: 'A timestamp is missing from one kind of answer, often the CreateTaskResult.',
        fix: 'Serialise every kind of answer from the one stored task record.',
        faults: ['create-result-incomplete'],
      },
      {
        cause: 'lastUpdatedAt is set earlier than createdAt.',
        fix: 'Take both timestamps from the same clock; lastUpdatedAt starts equal to createdAt.',
        faults: ['last-updated-before-created'],
      },
    ],
  },
  'ttl.present-in-get': {
    does:
      'Polls two echo tasks with tasks/get until they end, one created with a requested ttl and one with `task: {}`: every ' +
      'tasks/get result must carry `ttl`, an integer number of milliseconds, or null for no limit (the harness validates each ' +
      'as it arrives).',
    causes: [
      {
        cause: '`ttl` is left out of tasks/get results (or sent as a string).',
        fix: 'Always send the ttl in force: an integer, or null when the task has no limit.',
        faults: ['ttl-missing'],
      },
      {
        cause: 'The ttl is stored only when the requestor asked for one, so a task created with `task: {}` has none to report.',
        fix: 'Grant a default ttl (or null for no limit) at creation and report it like a requested one.',
        faults: ['ttl-missing-unrequested'],
      },
    ],
  },
  'ttl.stable': {
    does:
      'Asks for a ttl of one minute and follows the task from its CreateTaskResult through two polls after its end: every ' +
      'tasks/get must report the ttl in force (the harness judges each as it arrives). The spec fixes no ttl, so one that changes ' +
      'is only reported, as is a ttl other than the one asked for.',
    causes: [
      {
        cause: 'ttl is left out of tasks/get results, so no ttl is reported at all (the harness records it here as in ttl.present-in-get).',
        fix: 'Report the granted ttl in every tasks/get result.',
        faults: ['ttl-missing'],
      },
    ],
  },
  'ttl.poll-interval-integer': {
    does:
      'Follows an echo task; the harness validates its CreateTaskResult and every poll as they arrive: wherever `pollInterval` ' +
      'appears it must be an integer number of milliseconds, and the rest of the Task must be well-formed too.',
    causes: [
      {
        cause: 'A computed interval (a back-off factor, a division) is sent with a fraction.',
        fix: 'Round it: `Math.ceil(interval)`.',
        faults: ['poll-interval-not-integer'],
      },
    ],
  },
  'ttl.expiry': {
    does:
      "Asks for a short ttl (about a second, stretched to the receiver's pace), waits until it has run out and sends tasks/get: " +
      'the task may still be there or be gone, but a deleted task must be answered with -32602. A task still there is looked up ' +
      'once more after a grace of twice its ttl (2 s at least): still served then, it is warned, as expired tasks should be ' +
      'cleaned up. Skips when the ttl granted is null or too long to wait for.',
    causes: [
      {
        cause: 'Expired tasks are only hidden from tasks/list, or never removed at all, so the store grows without end.',
        fix: 'Remove a task (and its result) once its ttl has run out: a timer per task, or a periodic sweep.',
        faults: ['expired-tasks-kept'],
      },
      {
        cause: 'After deletion, tasks/get answers -32603 ("Task not found").',
        fix: `Answer an expired ID like an unknown one: ${INVALID_PARAMS_FIX}.`,
        seenIn: MCP_FRAMEWORK,
        faults: ['expired-task-wrong-error'],
      },
    ],
  },
  'ttl.max-ttl': {
    does: 'Asks for a ttl of ten years: the receiver should refuse it or grant (and report in tasks/get) a shorter one. Granting it as asked is warned.',
    causes: [
      {
        cause: 'There is no maximum: any requested ttl is granted, or every task gets null (no limit).',
        fix: 'Clamp the requested ttl to a configured maximum, e.g. `Math.min(requested, 24 * 3600_000)`.',
        seenIn: `${MCP_FRAMEWORK}; ${EXT_TASKS}`,
        faults: ['ttl-not-capped'],
      },
      {
        cause: "The task's deletion is scheduled with `setTimeout(ttl)`, which Node.js fires after 1 ms for anything above 2^31−1 ms, so the task vanishes at once.",
        fix: 'Cap the ttl below that, or expire tasks by comparing timestamps instead of one long timer.',
        seenIn: SDK_CLIENT,
      },
    ],
  },
  'listing.paginates': {
    does: 'Creates 25 tasks and walks tasks/list; when they all come on one page it creates more, up to 101, and walks again. ' + 'More than 100 tasks on a single page is warned as no pagination.',
    causes: [
      {
        cause: 'tasks/list returns every task in one page.',
        fix: 'Return pages of a bounded size (e.g. 50) with an opaque nextCursor.',
        faults: ['list-no-pagination'],
      },
    ],
  },
  'listing.next-cursor': {
    does: 'Creates 25 tasks, runs them to their end and walks tasks/list, following nextCursor: the walk must show every one of them.',
    causes: [
      {
        cause: 'A page omits nextCursor although tasks remain after it (an off-by-one in deciding whether more follow).',
        fix: 'Set nextCursor whenever any task remains after the page, and only then.',
        faults: ['list-missing-next-cursor'],
      },
    ],
  },
  'listing.get-implies-list': {
    does: 'Creates 25 tasks, every third one failing, confirms each one terminal with tasks/get, then walks the whole list: every ' + 'task tasks/get can see must appear in it.',
    causes: [
      {
        cause: 'The list is filtered by status: only active, or only completed, tasks appear.',
        fix: 'List every task the requestor can retrieve, whatever its status, until it is deleted.',
        faults: ['list-omits-failed'],
      },
      {
        cause: 'The walk ends early because a page lacks nextCursor.',
        fix: 'Set nextCursor whenever tasks remain (see listing.next-cursor).',
        faults: ['list-missing-next-cursor'],
      },
    ],
  },
  'listing.no-duplicates': {
    does: 'Creates 25 tasks (some failing) and walks every page of tasks/list: a task that shows up on more than one page is warned.',
    causes: [
      {
        cause: 'The cursor names the last task of a page inclusively, so each page repeats it.',
        fix: 'Make the cursor point past the last task returned, over a stable order (e.g. createdAt, then taskId).',
        faults: ['list-duplicates'],
      },
    ],
  },
  'listing.invalid-cursor': {
    does: 'Sends tasks/list with a cursor the receiver never issued, and with an issued cursor altered: both must be refused with -32602.',
    causes: [
      {
        cause: 'The cursor is parsed leniently (e.g. `parseInt` gives NaN, which selects nothing or the start), and a page is answered.',
        fix: 'Validate the cursor (look it up, or sign it) and refuse one that does not check out with -32602.',
        seenIn: MCP_FRAMEWORK,
        faults: ['list-bad-cursor-accepted'],
      },
      {
        cause: 'The bad cursor is detected, but a plain error is thrown, which becomes -32603.',
        fix: 'Throw the protocol error class of your SDK with code -32602 instead; a plain Error becomes -32603.',
        seenIn: EXT_TASKS,
      },
    ],
  },
  'cancellation.terminal-rejected': {
    does: 'Brings tasks to each terminal status, completed, failed (where a fail or error fixture exists) and cancelled, then sends ' + 'tasks/cancel for each: every one must be refused with -32602.',
    causes: [
      {
        cause: 'Cancelling a finished task succeeds and overwrites its status with "cancelled".',
        fix: 'Look at the status first and refuse a terminal task with -32602.',
        faults: ['cancel-terminal-accepted'],
      },
      {
        cause: 'The task is answered unchanged, as if the cancel had worked.',
        fix: 'Refuse instead: the requestor must learn that nothing was cancelled.',
        seenIn: EXT_TASKS,
      },
      {
        cause: 'The refusal comes as -32603, from a plain Error.',
        fix: 'Throw the protocol error class of your SDK with code -32602 instead; a plain Error becomes -32603.',
        seenIn: MCP_FRAMEWORK,
      },
    ],
  },
  'cancellation.cancel-working': {
    does:
      'Starts an echo task with long work, cancels it while it works, and reads the tasks/cancel result: the same taskId, and ' +
      'status "cancelled" already in this answer. (The rest of its shape is task-data.valid-everywhere\'s concern.)',
    causes: [
      {
        cause: 'The cancel is applied asynchronously, so its answer still shows "working".',
        fix: 'Set the status to "cancelled" before answering, answer with the updated record, then stop the work.',
        faults: ['cancel-returns-working'],
      },
      {
        cause: 'The status is spelt "canceled" (one l), a value the Task status does not have.',
        fix: 'Use the spec\'s spelling, "cancelled", everywhere a status is written.',
        faults: ['cancel-status-misspelt'],
      },
    ],
  },
  'cancellation.stays-cancelled': {
    does: 'Cancels a task while its short work still runs, then polls until well past the moment the work would have ended: once "cancelled", it must stay so.',
    causes: [
      {
        cause: 'The work is not stopped, and its completion overwrites "cancelled" with "completed".',
        fix: 'Refuse every status change of a terminal task in the store, and abort the work on cancel.',
        faults: ['cancel-not-final'],
      },
    ],
  },
  'cancellation.stops-work': {
    does:
      'Starts a progress task of 40 steps, waits for two progress notifications, cancels it and counts the progress ' +
      "notifications after the task's end (the cancel answer, or the cancelled status notification when it comes later; a burst within half an interval of it is the backlog sent before): more than the one that may have been in flight is warned, as the work went on.",
    causes: [
      {
        cause: 'The work listens to the abort signal of the tools/call request, which was answered long ago; tasks/cancel marks the task but stops nothing.',
        fix: 'Give every task an AbortController of its own, pass its signal to the work, and abort it on tasks/cancel.',
        seenIn: MCP_FRAMEWORK,
        faults: ['cancel-keeps-running', 'cancel-not-final'],
      },
    ],
  },
  'cancellation.result-after-cancel': {
    does: 'Cancels a working task, waits until tasks/get shows it cancelled (or gone), then sends tasks/result: it must answer ' + 'within a bound, with a result or an error, instead of hanging.',
    causes: [
      {
        cause: 'tasks/result waits for a completion that never comes, because the aborted work never stores an outcome.',
        fix: 'Settle every waiting tasks/result on each terminal transition, cancelled included (e.g. with an error saying the task was cancelled).',
        faults: ['result-after-cancel-hangs'],
      },
    ],
  },
  'input-required.no-sse-on-get': {
    does:
      'Over Streamable HTTP, polls tasks/get while an echo task works and again once it is done, and looks at how each ' +
      'answer came: it should be `application/json`, not an SSE stream. An SSE answer is warned.',
    causes: [
      {
        cause: 'The HTTP transport answers every POST with a `text/event-stream`.',
        fix: 'Answer plain requests with JSON: in the TypeScript SDK, `enableJsonResponse: true` on StreamableHTTPServerTransport; in mcp-framework, its JSON response mode.',
        seenIn: `${SERVER_EVERYTHING}; ${MCP_FRAMEWORK}`,
        faults: ['sse-on-get'],
      },
    ],
  },
  'input-required.status-shown': {
    does:
      'Starts the input fixture as a task; it asks for input with elicitation/create, and the suite holds back its answer ' +
      'while it polls. The task should show input_required, in a poll or a status notification, while the question waits.',
    causes: [
      {
        cause: 'The task stays "working" while its elicitation waits for the answer.',
        fix: "Set input_required when a request goes to the requestor on the task's behalf, and back to working when the answer arrives.",
        seenIn: MCP_FRAMEWORK,
        faults: ['input-status-missing'],
      },
    ],
  },
  'input-required.elicitation-related-meta': {
    does:
      'Starts the input fixture as a task and inspects the elicitation/create it sends: its `params._meta` must name the task in the related-task key. ' +
      'A task that ends without asking (not what the fixture contract says) leaves nothing to judge: the check skips.',
    causes: [
      {
        cause: 'The elicitation goes out through the ordinary server API, which knows nothing of the task.',
        fix: `On every request and notification sent for a task, ${RELATED_TASK_FIX}.`,
        seenIn: MCP_FRAMEWORK,
        faults: ['elicitation-without-related-meta'],
      },
    ],
  },
  'input-required.leaves-status': {
    does: 'After the suite answers the elicitation of an input task, polls the task until it ends: after a short grace period no poll may still say input_required.',
    causes: [
      {
        cause: 'The status goes back only when the work finishes, so input_required lingers while the answer is processed.',
        fix: 'Switch back to "working" as soon as the answer arrives.',
        faults: ['input-status-sticks'],
      },
    ],
  },
  'input-required.completes-with-answer': {
    does:
      'Runs the input scenario as a requestor would: it opens tasks/result as soon as it sees the task wait, answers the ' +
      'elicitation, and expects the task to end "completed" and that tasks/result to return a result holding the answer, ' +
      'tagged with the related-task `_meta`. A task that ends without asking (not what the fixture contract says) skips.',
    causes: [
      {
        cause: 'The tasks/result opened while the task waits fails at once instead of waiting for the task to end.',
        fix: 'Keep tasks/result open until the task is terminal (see result-retrieval.blocks-until-terminal).',
        seenIn: MCP_FRAMEWORK,
        faults: ['result-does-not-block'],
      },
      {
        cause: 'The result is altered on its way through the store, or lacks the related-task `_meta`.',
        fix: `Return the stored result unchanged and ${RELATED_TASK_FIX}.`,
        faults: ['result-differs', 'result-missing-related-meta'],
      },
      {
        cause: 'The CreateTaskResult is held until the work ends, but the work waits for an answer the requestor cannot give without the task ID: a deadlock.',
        fix: 'Answer with the CreateTaskResult before the work starts asking.',
        faults: ['create-result-slow'],
      },
    ],
  },
  'related-task.progress-notifications': {
    does:
      'Runs a three-step progress task with a progressToken and collects the progress notifications on its connection: each ' +
      'must name the task in the related-task `_meta`. Skips when no progress notification arrives.',
    causes: [
      {
        cause: "Progress goes out through the request's ordinary progress callback, which knows nothing of the task.",
        fix: `On every notification sent for a task, ${RELATED_TASK_FIX}.`,
        seenIn: MCP_FRAMEWORK,
        faults: ['related-meta-missing-on-progress'],
      },
    ],
  },
  'related-task.param-is-source-of-truth': {
    does:
      'Creates tasks A and B, then sends tasks/get, tasks/result and tasks/cancel for A with a related-task `_meta` naming B: ' + 'each must act on A, the task in `params.taskId`, and leave B alone.',
    causes: [
      {
        cause: 'Requests are routed by their related-task `_meta` (e.g. into a message queue for that task), so they act on B, or are never answered.',
        fix: 'Take the task from `params.taskId` alone; `_meta` on a request never chooses the task it acts on.',
        seenIn: `${SERVER_EVERYTHING}, with a task message queue: never answered`,
        faults: ['get-honours-meta-task', 'result-honours-meta-task', 'cancel-honours-meta-task'],
      },
    ],
  },
  'related-task.not-on-operation-results': {
    does:
      'Inspects the results of tasks/get (while the task works and once it is done), tasks/cancel and tasks/list: none should ' +
      'carry the related-task `_meta`, since each names its task already. A tagged result is warned.',
    causes: [
      {
        cause: 'One helper adds the related-task `_meta` to every response about a task.',
        fix: "Add it only to tasks/result responses and to the messages sent on a task's behalf.",
        faults: ['related-meta-on-get'],
      },
    ],
  },
  'related-task.not-on-status-notifications': {
    does:
      'Runs an echo task to its end and collects its notifications/tasks/status: none should carry the related-task `_meta`, ' +
      'as `params.taskId` names the task. A receiver that sends no status notifications has nothing to judge.',
    causes: [
      {
        cause: 'Every notification about a task is tagged by the same helper, status notifications included.',
        fix: 'Leave the related-task `_meta` out of notifications/tasks/status.',
        faults: ['related-meta-on-status-notification'],
      },
    ],
  },
  'notifications.full-task': {
    does:
      'Runs an echo task (and a fail task where offered) to its end; the harness validates every notifications/tasks/status ' +
      'against the schema as it arrives: each must carry the whole Task, not only the fields that changed.',
    causes: [
      {
        cause: 'Status notifications carry only taskId and status (or leave out createdAt or ttl).',
        fix: 'Send the full stored task record in every status notification.',
        faults: ['status-notification-incomplete'],
      },
    ],
  },
  'progress.token-after-create': {
    does:
      'Starts a progress task with a progressToken, its steps spaced to outlast the CreateTaskResult: every progress ' +
      'notification must use the token of the request, and some must arrive after the CreateTaskResult. A task that sends no ' +
      'progress at all is warned.',
    causes: [
      {
        cause: 'The task reports progress under a token of its own.',
        fix: "Keep the original request's progressToken for the whole life of the task.",
        faults: ['progress-token-dropped'],
      },
      {
        cause: 'Progress stops once the CreateTaskResult is sent, because the progress callback belonged to the answered request.',
        fix: "Send the task's progress notifications yourself, with the stored token, until the task is terminal.",
      },
    ],
  },
  'progress.stops-at-terminal': {
    does:
      'Starts two progress tasks with progressTokens: one of three steps, whose end tasks/result awaits, and one of forty, ' +
      'cancelled once the first has ended (where tasks.cancel is declared). After the tasks/result answer, and after the ' +
      'tasks/cancel answer (or the terminal status notification, when it comes later on the stream progress travels on), past a burst of backlog within half an interval, at most one progress notification (one in flight) may arrive for each task.',
    causes: [
      {
        cause: 'The work reports progress after the task has completed (a final "100%" step sent after the result was stored).',
        fix: 'Send every progress notification before the task turns terminal, and none after.',
        faults: ['progress-after-completion'],
      },
      {
        cause: 'Cancelling marks the task cancelled but the work, and its progress notifications, go on.',
        fix: 'Stop the work on tasks/cancel (abort its signal) and drop the progress callback of a terminal task.',
        faults: ['cancel-keeps-running', 'cancel-not-final'],
      },
    ],
  },
  'task-data.valid-everywhere': {
    does:
      'Creates echo tasks with and without a requested ttl (and fail and error tasks where offered), polls them to their end, ' +
      'walks tasks/list (when list is declared) and cancels a working task (when cancel is declared). The harness validates ' +
      'every task in these answers as it arrives: each must be a well-formed Task, with every required field, a status of the ' +
      'five, and integer ttl (or null) and pollInterval. Timestamps, a string taskId and the ttl of tasks/get are judged by ' +
      'their own checks.',
    causes: [
      {
        cause: 'One kind of answer is serialised by other code than the rest and leaves a field out, often ttl in tasks/list entries.',
        fix: 'Render every answer (CreateTaskResult, tasks/get, tasks/list, tasks/cancel) from the one stored task record.',
        faults: ['list-entries-without-ttl', 'ttl-missing-unrequested'],
      },
      {
        cause: 'A status outside the five ("canceled", "running", "done").',
        fix: 'Use exactly working, input_required, completed, failed and cancelled.',
        faults: ['cancel-status-misspelt'],
      },
      {
        cause: 'pollInterval (or ttl) is computed with a fraction.',
        fix: 'Round it to whole milliseconds.',
        faults: ['poll-interval-not-integer'],
      },
    ],
  },
  'isolation.foreign-task-rejected': {
    does:
      'With two identities (`--header` and `--peer-header`), identity A starts a long task and identity B tries tasks/get, ' +
      'tasks/result and tasks/cancel on it: each must be refused. A refusal that differs from the one for an ID that never ' +
      'existed is warned, because it tells B that the task exists.',
    causes: [
      {
        cause: 'All tasks live in one map without an owner, so any requestor reaches any task.',
        fix: "Store the authorization context (e.g. the token's subject) with each task, and treat another context's task as unknown.",
        faults: ['no-context-binding'],
      },
      {
        cause: 'tasks/get and tasks/result check the owner, but tasks/cancel does not.',
        fix: 'Run the same ownership check in every task operation.',
        faults: ['foreign-cancel-allowed'],
      },
      {
        cause: 'A foreign task is refused with its own message ("access denied") rather than as an unknown one.',
        fix: 'Answer exactly as for a task ID that never existed.',
        faults: ['foreign-task-distinct-error'],
      },
    ],
  },
  'isolation.untouched-by-peer': {
    does: "Identity A starts a task; identity B tries tasks/get, tasks/cancel and tasks/result on it at once while it works. A's task must still complete and return A's own result.",
    causes: [
      {
        cause: "Another requestor's tasks/cancel goes through, because cancel does not check the owner.",
        fix: 'Check ownership in tasks/cancel like in tasks/get and tasks/result.',
        faults: ['foreign-cancel-allowed', 'no-context-binding'],
      },
    ],
  },
  'isolation.list-own-only': {
    does: "Identity A creates a finished and a running task; identity B walks tasks/list: none of A's tasks may appear.",
    causes: [
      {
        cause: 'tasks/list is not filtered by authorization context, although the other operations are.',
        fix: 'Filter the list by the requesting context before paginating.',
        faults: ['list-leaks-foreign', 'no-context-binding'],
      },
    ],
  },
  'isolation.task-id-entropy': {
    does:
      'Without a second identity to test binding with, creates 32 tasks, eight at a time, and studies their IDs: duplicates, ' +
      'length, counters and timestamps, and the apparent entropy of each character position. Below 64 bits fails, below 128 ' +
      'warns, random version 4 UUIDs pass. When the requests carry credentials, a fail is only warned, as the rule binds ' +
      'receivers that do not tie tasks to them.',
    causes: [
      {
        cause: 'Sequential IDs (task-1, task-2, …) or IDs built from a timestamp.',
        fix: 'Use `crypto.randomUUID()`, or 16 or more random bytes in base64url.',
        faults: ['sequential-task-ids'],
      },
      {
        cause: 'Random, but too short (e.g. 8 hex characters, 32 bits).',
        fix: 'Use at least 128 random bits.',
        faults: ['short-task-ids', 'borderline-task-ids'],
      },
    ],
  },
  'isolation.no-list-without-auth': {
    does:
      'Over HTTP without an Authorization header, reads the declared capabilities: a receiver that cannot tell requestors ' +
      'apart should not offer tasks/list. Skips when the run sends credentials. Declaring it anyway is warned.',
    causes: [
      {
        cause: 'An HTTP server accepts requests without credentials yet declares `tasks.list`, so every client can list every task.',
        fix: 'Require authorization on the HTTP endpoint, or leave `list` out of the tasks capability when none is configured.',
        seenIn: `${SERVER_EVERYTHING}; ${MCP_FRAMEWORK}`,
        faults: ['list-without-auth'],
      },
    ],
  },
  'requestor.honours-task-support': {
    does:
      "Through the call-tools directive, has the client under test call the suite's tools, then looks at each tools/call it " +
      'sent: "required" tools (conformance_required, conformance_input) must be called as tasks, "forbidden" tools and ' +
      'tools without `execution` never. A client that called only "optional" tools gave nothing to judge: the check skips.',
    causes: [
      {
        cause: 'The client task-augments every call (or none), whatever `execution.taskSupport` tools/list gave.',
        fix: 'Read each tool\'s taskSupport: "required", always with `task`; "optional", either way; "forbidden" or absent, never.',
        faults: ['task-support-ignored'],
      },
      {
        cause: 'The client treats "required" like "optional" and, by its own policy, calls the tool plainly; the server then refuses the call.',
        fix: 'Always send `task` for a tool whose taskSupport is "required" (on a server that declares tasks.requests.tools.call).',
        faults: ['required-called-plainly'],
      },
    ],
  },
  'requestor.no-related-meta-on-task-operations': {
    does:
      "Through the call-tools directive, has the client under test call the suite's tools and follow the tasks it creates " +
      "(a server under test: calls its ask tool, whose sampling request the suite's client takes as a task), " +
      'then looks at the tasks/get, tasks/result, tasks/cancel and tasks/list requests it sent: none should carry the ' +
      'related-task `_meta`, since `params.taskId` names the task. A tagged request is warned.',
    causes: [
      {
        cause: 'A client helper tags every request about a task with the related-task `_meta`.',
        fix: 'Leave `_meta` out of the task operations; it belongs on messages sent on behalf of a task.',
        faults: ['related-meta-on-task-requests'],
      },
      {
        cause: "A server following a client's task reuses the helper that tags its task-related messages for the task operations too.",
        fix: 'Send tasks/get and tasks/result with `params.taskId` alone; keep the related-task `_meta` for messages sent on behalf of a task.',
        faults: ['ask-related-meta-on-task-requests'],
      },
    ],
  },
  'requestor.respects-poll-interval': {
    does:
      "Through the call-tools directive, has the client under test call the suite's tools and follow the tasks it creates " +
      "(a server under test: calls its ask tool, whose sampling request the suite's client takes as a task), " +
      'whose pollInterval the suite sets to 2.5 s (times --timeout-multiplier; long enough that a fixed one-second timer shows), ' +
      'and measures the gaps between its tasks/get polls of one task. A gap under half the interval is warned; slower polling is fine.',
    causes: [
      {
        cause: 'The client polls on a fixed, short timer and ignores the pollInterval of the task.',
        fix: "Wait at least the task's pollInterval between two tasks/get of the same task.",
        faults: ['poll-interval-ignored'],
      },
      {
        cause: 'The requestor polls on a fixed timer (one a second is common) whatever pollInterval the task gave: it looks obedient only while intervals are short.',
        fix: "Take the wait from the task's latest pollInterval, not from a constant.",
        faults: ['poll-fixed-pace', 'ask-poll-fixed-pace'],
      },
      {
        cause: "A server polls the client's task in a tight loop, or at a fixed pace shorter than the pollInterval the client gave.",
        fix: 'Read pollInterval from the CreateTaskResult and from every tasks/get answer, and wait at least that long before the next poll.',
        faults: ['ask-poll-interval-ignored'],
      },
    ],
  },
  'requestor.augments-only-declared': {
    does:
      "Connects as a client that declares sampling and elicitation but no tasks capability, calls the server's ask tool, and " +
      'looks at the sampling or elicitation requests the server sent back: none may carry `task`. Each augmented request is ' +
      'warned under both capability rules. A server that offers its ask tool only to task-capable clients is skipped.',
    causes: [
      {
        cause: "The server always sends `task` on sampling/createMessage or elicitation/create, without reading the client's capabilities.",
        fix: 'Add `task` only when the client declared tasks.requests.sampling.createMessage (or elicitation.create); otherwise send a plain request.',
        faults: ['ask-augments-undeclared'],
      },
    ],
  },
  'requestor.polls-until-terminal': {
    does:
      "Connects as a task-capable client, calls the server's ask tool and takes its sampling request as a task that stays " +
      'working for three polls, then completes; the suite sends no status notifications. The server must then learn the end ' +
      'itself: by a tasks/get that reports it, or by waiting on tasks/result. A requestor may stop polling at input_required. ' +
      'A server silent for 5 s (or three times its slowest pace) after the task ended without either fails: it still owes ' +
      'the ask call its answer, so it can only be waiting for a status notification, on which a requestor must not rely. A ' +
      "client under test gets the call-tools directive instead: the suite's tasks stay working for three polls (or until a " +
      'tasks/result waits), and a task the client stopped following before it learned the end is warned.',
    causes: [
      {
        cause: 'The server polls once, sees working, and then waits for a notifications/tasks/status that the client never sends.',
        fix: 'Keep polling tasks/get (or block on tasks/result) until the task is terminal; treat status notifications only as a hint to poll sooner.',
        faults: ['ask-stops-polling-at-working'],
      },
      {
        cause: "A client's tool-call helper polls once after the CreateTaskResult and then waits for notifications/tasks/status, which the server need not send.",
        fix: 'Go on polling tasks/get at the pollInterval (or block on tasks/result) until the task is completed, failed or cancelled.',
        faults: ['stops-polling-at-working'],
      },
    ],
  },
  'requestor.opaque-cursors': {
    does:
      "Connects as a task-capable client whose tasks/list pages hold one task each, calls the server's ask tool twice, the " +
      'second time asking it to walk tasks/list, and compares every cursor the server passed back with the nextCursor values ' +
      'handed out: any other string fails. Skipped when the ask tool does not walk the list. A client under test gets the ' +
      "call-tools directive with `listTasks`: after following its tasks it walks the suite's tasks/list, one task a page, " +
      'and its cursors are judged the same way; a client that lists nothing or reads only the first page is skipped.',
    causes: [
      {
        cause: 'The server decodes, trims, re-encodes or changes the case of a cursor before passing it back.',
        fix: 'Store nextCursor as the exact string received and send it back untouched in the next tasks/list.',
        faults: ['ask-alters-cursor'],
      },
      {
        cause: "The client normalizes the server's nextCursor (case, URL-encoding, whitespace) before the next tasks/list.",
        fix: 'Keep the cursor as the exact string of nextCursor and pass it back unchanged.',
        faults: ['alters-cursor'],
      },
    ],
  },
  'requestor.no-task-without-capability': {
    does:
      'Gives the client under test an endpoint whose initialize result declares tasks.list and tasks.cancel but no ' +
      'tasks.requests.tools.call, while tools/list still shows "required" and "optional" tools, and has it call the tools ' +
      'through the call-tools directive: any tools/call with `task` fails. Leaving a "required" tool uncalled is fine.',
    causes: [
      {
        cause: "The client decides from a tool's `execution.taskSupport` alone and never reads the server's tasks capability.",
        fix: 'Task-augment a tools/call only when the initialize result has `capabilities.tasks.requests.tools.call`; otherwise call plainly (or not at all for a "required" tool).',
        faults: ['augments-without-server-capability'],
      },
    ],
  },
  'requestor.result-on-input-required': {
    does:
      'Through the call-tools directive, has the client under test call the suite\'s conformance_input tool ("required"), ' +
      'whose task turns input_required after a short while and stays so until a tasks/result arrives or three more polls ' +
      'pass. Once a tasks/get has reported input_required, the client should call tasks/result before the task ends; one ' +
      'that only polls on is warned. A client that never saw the status is skipped. A server under test is asked through ' +
      'the ask fixture instead: the task the suite makes of its request turns input_required at the first poll and stays ' +
      'so until a tasks/result waits (or three more polls pass).',
    causes: [
      {
        cause: 'The client treats input_required like working and goes on polling, so the input the server needs is never asked for.',
        fix: 'On input_required, call tasks/result at once: the server delivers its requests for input through it (and it returns the result at the end).',
        seenIn: EXT_TASKS,
        faults: ['input-required-not-fetched'],
      },
      {
        cause: "The server's helper that follows a client task polls until a terminal status and only then fetches the result, so the client's request for input waits for nothing.",
        fix: 'Stop polling at input_required and call tasks/result, which carries the input requests and then the result.',
        faults: ['ask-input-required-not-fetched'],
      },
    ],
  },
  'requestor.keeps-polling-with-notifications': {
    does:
      'Gives the client the call-tools directive on an endpoint that, at the first tasks/get of each task, sends a ' +
      'notifications/tasks/status saying the task still works. The client must go on polling each such task until it is ' +
      'terminal (or input_required), or wait on tasks/result; one that stops after the notification is warned. A server ' +
      'is asked through the ask fixture, and the task the suite makes of its request is notified the same way.',
    causes: [
      {
        cause: 'On the first status notification the client switches from polling to listening, and waits for a notification of the end that never comes.',
        fix: 'Keep polling tasks/get at the pollInterval while notifications arrive; use them only to poll sooner.',
        faults: ['polling-yields-to-notifications'],
      },
      {
        cause: "The server's helper that follows a client task stops polling once a status notification arrives, and waits for the next one.",
        fix: 'Go on polling at the pollInterval; a notification may only make the next poll come sooner.',
        faults: ['ask-polling-yields-to-notifications', 'ask-stops-polling-at-working'],
      },
    ],
  },
  'requestor.input-on-any-stream': {
    does:
      'Gives the client the call-tools directive on an endpoint that, when the task of conformance_input turns ' +
      'input_required, sends the client an elicitation/create naming the task (related-task `_meta`) on its HTTP GET stream, ' +
      'not inside an answer. The client must answer it (any answer); one that leaves it unanswered for 5 s is warned.',
    causes: [
      {
        cause: "The client handles a task's input requests only when they arrive on the SSE stream of its tasks/result request.",
        fix: 'Route every incoming request alike, whichever stream carried it; the GET stream included.',
        faults: ['input-only-on-result-stream'],
      },
    ],
  },
  'requestor.polls-after-result-cut': {
    does:
      'Gives the client the call-tools directive on an endpoint that cuts off (drops the HTTP response of) the first ' +
      'tasks/result of each task sent before the task ends, never answering it. The client is then no longer waiting on ' +
      'tasks/result, so it should poll the task again until its end (or send a new tasks/result); one that gives the task ' +
      'up is warned. A client that never calls tasks/result before the end (conformance_input makes it) skips.',
    causes: [
      {
        cause: 'A tasks/result that fails below JSON-RPC (a dropped connection) ends the following of the task, as if it had answered.',
        fix: 'Treat a tasks/result cut off without an answer as "not waiting any more": poll tasks/get again, or ask for the result anew.',
        faults: ['no-polling-after-result-cut'],
      },
    ],
  },
  'requestor.augments-only-declared-type': {
    does:
      "Connects as a client whose tasks capability covers sampling/createMessage only and asks the server's ask fixture " +
      'for elicitation: the server must send elicitation/create without `task`. A server that sends no elicitation skips.',
    causes: [
      {
        cause: 'The server checks that the client has a tasks capability, not that it lists the request type it is about to send.',
        fix: 'Augment a request only when `capabilities.tasks.requests` names its type (`elicitation.create` for elicitation/create).',
        faults: ['ask-augments-any-type'],
      },
    ],
  },
  'requestor.cancels-with-tasks-cancel': {
    does:
      'Gives the client under test the call-tools directive with `cancelTasks`: it calls the tools as their taskSupport ' +
      'permits and cancels each task it creates instead of following it. Each cancel must be a tasks/cancel naming the task; ' +
      'a notifications/cancelled naming the tools/call that created a task fails. A client that cancels nothing skips.',
    causes: [
      {
        cause: "The client's abort path sends notifications/cancelled for the request that created the task, as it would for a plain request.",
        fix: 'Once a request has been answered with a CreateTaskResult, cancel it with tasks/cancel and the taskId; keep notifications/cancelled for requests still in flight.',
        faults: ['cancels-by-notification'],
      },
    ],
  },
  'requestor.no-reliance-on-cancelled-task': {
    does:
      'Gives the client the call-tools directive with `cancelTasks`; the suite acknowledges each tasks/cancel and deletes the ' +
      'task at once, as a receiver may. The client must still answer the directive like echo: one that answers with an error ' +
      '(or never) because the cancelled task was gone is warned. A client that sends no tasks/cancel skips.',
    causes: [
      {
        cause: 'After cancelling, the client looks the task up (tasks/get or tasks/result) and treats the -32602 for a deleted task as a failure.',
        fix: 'Fetch what you need before cancelling; after tasks/cancel, treat an unknown task as the end of it.',
        faults: ['relies-on-cancelled-task'],
      },
    ],
  },
  'transport.stdout-only-mcp': {
    does:
      'Over stdio, lists the tools and, where the server runs tasks, takes one echo task from creation to its result, then ' +
      "reads what the connection recorded: every line on the server's stdout that was not JSON, or JSON that was no " +
      'JSON-RPC message, fails the check.',
    causes: [
      {
        cause: 'Logging, a banner or debug output goes to stdout (console.log in a Node server, print in Python).',
        fix: 'Send logs to stderr (console.error, sys.stderr) or as notifications/message; keep stdout for MCP messages alone.',
        faults: ['stdout-log-line'],
      },
    ],
  },
};
