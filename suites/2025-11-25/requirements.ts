// The requirement catalogue: one entry per normative statement of the Tasks page (MCP 2025-11-25).
// IDs are stable and never reused; summaries are our own one-line paraphrases, never spec sentences.
// Each entry locates its statement: `sites` name the bold keywords of the page that state it ("<anchor>/<n>", the
// n-th keyword of that section), so a new spec revision can be re-diffed mechanically; `basis` explains an entry
// that no bold keyword states (read from the schema, from prose, or derived from a site).

import type { Requirement } from '../../harness/model/model.js';

/** IDs taken out of the catalogue; never given to another statement. TASKS-TTL-RESPECT-POLL-INTERVAL was the
 * second site of TASKS-GET-RESPECT-POLL-INTERVAL (the page states the pollInterval duty twice). */
export const RETIRED_REQUIREMENT_IDS: readonly string[] = ['TASKS-TTL-RESPECT-POLL-INTERVAL'];

// Section title and heading anchor on the spec page; spread into each entry of that section.
const CAPABILITIES = { section: 'Capabilities', anchor: 'capabilities' } as const;
const CAPABILITY_NEGOTIATION = { section: 'Capability Negotiation', anchor: 'capability-negotiation' } as const;
const TOOL_LEVEL = { section: 'Tool-Level Negotiation', anchor: 'tool-level-negotiation' } as const;
const CREATING = { section: 'Creating Tasks', anchor: 'creating-tasks' } as const;
const GETTING = { section: 'Getting Tasks', anchor: 'getting-tasks' } as const;
const RETRIEVING = { section: 'Retrieving Task Results', anchor: 'retrieving-task-results' } as const;
const STATUS_NOTIFICATION = { section: 'Task Status Notification', anchor: 'task-status-notification' } as const;
const TASK_NOTIFICATIONS = { section: 'Task Notifications', anchor: 'task-notifications' } as const;
const SUPPORT = { section: 'Task Support and Handling', anchor: 'task-support-and-handling' } as const;
const TASK_ID = { section: 'Task ID Requirements', anchor: 'task-id-requirements' } as const;
const LIFECYCLE = { section: 'Task Status Lifecycle', anchor: 'task-status-lifecycle' } as const;
const INPUT = { section: 'Input Required Status', anchor: 'input-required-status' } as const;
const TTL = { section: 'TTL and Resource Management', anchor: 'ttl-and-resource-management' } as const;
const RESULT = { section: 'Result Retrieval', anchor: 'result-retrieval' } as const;
const ASSOCIATING = { section: 'Associating Task-Related Messages', anchor: 'associating-task-related-messages' } as const;
const RELATED_META = { section: 'Related Task Metadata', anchor: 'related-task-metadata' } as const;
const TASK_TYPE = { section: 'Task', anchor: 'task' } as const;
const PROGRESS = { section: 'Task Progress Notifications', anchor: 'task-progress-notifications' } as const;
const LISTING = { section: 'Task Listing', anchor: 'task-listing' } as const;
const CANCELLATION = { section: 'Task Cancellation', anchor: 'task-cancellation' } as const;
const PROTOCOL_ERRORS = { section: 'Protocol Errors', anchor: 'protocol-errors' } as const;
const EXECUTION_ERRORS = { section: 'Task Execution Errors', anchor: 'task-execution-errors' } as const;
const ISOLATION = { section: 'Task Isolation and Access Control', anchor: 'task-isolation-and-access-control' } as const;
const RESOURCES = { section: 'Resource Management', anchor: 'resource-management' } as const;
const AUDIT = { section: 'Audit and Logging', anchor: 'audit-and-logging' } as const;

const LOGS_INTERNAL = 'Logs and monitoring live inside the implementation; nothing about them crosses the protocol.';
const DOCS_INTERNAL = 'Documentation is not observable through the protocol.';

export const REQUIREMENTS: readonly Requirement[] = Object.freeze<Requirement[]>([
  // Capabilities: who declares `tasks`, and its shape.
  {
    id: 'TASKS-CAP-DECLARE',
    sites: ['capabilities/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...CAPABILITIES,
    summary: 'A party able to receive task-augmented requests advertises a `tasks` capability in its initialize exchange.',
  },
  {
    id: 'TASKS-CAP-SHAPE',
    basis: { kind: 'schema' },
    keyword: 'MUST',
    binds: 'receiver',
    ...CAPABILITIES,
    summary: 'The `tasks` capability follows the schema: `list`, `cancel` and every `requests.*` leaf are objects.',
    leniency: "Derived from the schema's types for the capability rather than from a keyword sentence.",
  },

  // Capability Negotiation: requestors only use what the receiver declared.
  {
    id: 'TASKS-CAP-REQUESTOR-ONLY-DECLARED',
    sites: ['capability-negotiation/1'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A requestor adds `task` to a request only if the receiver advertised task support for that request type.',
  },
  {
    id: 'TASKS-CAP-NO-TASKS-NO-CREATE',
    sites: ['capability-negotiation/2'],
    keyword: 'SHOULD NOT',
    binds: 'requestor',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A requestor sends no task-augmented requests to a peer whose capabilities lack `tasks` altogether.',
  },

  // Tool-Level Negotiation: execution.taskSupport refines the tools.call capability per tool.
  {
    id: 'TASKS-TOOL-TASKSUPPORT-VALUES',
    basis: { kind: 'schema' },
    keyword: 'MUST',
    binds: 'receiver',
    ...TOOL_LEVEL,
    summary: 'A tool\'s `execution.taskSupport`, when given, is one of "required", "optional" or "forbidden".',
    leniency: "Read from the schema's enum; the prose lists the values without a keyword.",
  },
  {
    id: 'TASKS-TOOL-NO-CAP-NO-TASK',
    sites: ['tool-level-negotiation/1'],
    keyword: 'MUST NOT',
    binds: 'requestor',
    ...TOOL_LEVEL,
    summary: "Without `tasks.requests.tools.call` among the server's capabilities, a client never calls any tool as a task.",
  },
  {
    id: 'TASKS-TOOL-FORBIDDEN-NO-TASK',
    sites: ['tool-level-negotiation/2'],
    keyword: 'MUST NOT',
    binds: 'requestor',
    ...TOOL_LEVEL,
    summary: 'A client never task-augments a call to a tool whose taskSupport is "forbidden" or missing.',
  },
  {
    id: 'TASKS-TOOL-FORBIDDEN-METHOD-NOT-FOUND',
    sites: ['tool-level-negotiation/3'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...TOOL_LEVEL,
    summary: 'A task-augmented call to a "forbidden" tool, or to one without taskSupport, is answered with error -32601.',
  },
  {
    id: 'TASKS-TOOL-OPTIONAL-EITHER',
    sites: ['tool-level-negotiation/4'],
    keyword: 'MAY',
    binds: 'requestor',
    ...TOOL_LEVEL,
    summary: 'For an "optional" tool the requestor picks a plain or a task call; the receiver side is TASKS-TOOL-OPTIONAL-SERVED.',
  },
  {
    id: 'TASKS-TOOL-OPTIONAL-SERVED',
    basis: { kind: 'derived', from: 'tool-level-negotiation/4' },
    keyword: 'MUST',
    binds: 'receiver',
    ...TOOL_LEVEL,
    summary: 'An "optional" tool gives a plain call its normal result and a task-augmented call a created task.',
    leniency:
      'Read from tool-level-negotiation/4: the requestor may pick either form only if the receiver serves ' +
      'both. -32600 to the plain form passes (protocol-errors/2 lets a receiver demand tasks); any other ' +
      'refusal is warned.',
  },
  {
    id: 'TASKS-TOOL-REQUIRED-TASK',
    sites: ['tool-level-negotiation/5'],
    keyword: 'MUST',
    binds: 'requestor',
    ...TOOL_LEVEL,
    summary: 'A client always sends its calls to a "required" tool as task-augmented requests.',
  },
  {
    id: 'TASKS-TOOL-REQUIRED-METHOD-NOT-FOUND',
    sites: ['tool-level-negotiation/6'],
    keyword: 'MUST',
    binds: 'receiver',
    ...TOOL_LEVEL,
    summary: 'A plain, non-task call to a "required" tool is answered with error -32601.',
    leniency: '-32600 is warned, not failed: Protocol Errors allows -32600 where a receiver demands task augmentation.',
  },

  // Creating Tasks: the task field and the CreateTaskResult.
  {
    id: 'TASKS-CREATE-TTL-REQUEST',
    sites: ['creating-tasks/1'],
    keyword: 'MAY',
    binds: 'requestor',
    ...CREATING,
    summary: 'A requestor can ask for a lifetime by putting `ttl` (milliseconds counted from creation) in `params.task`.',
  },
  {
    id: 'TASKS-CREATE-NO-RESULT',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...CREATING,
    summary: "A CreateTaskResult holds the task's data only; the operation's own result never appears in it.",
    leniency: "No keyword: the sentence defines CreateTaskResult's contents and is read as binding.",
  },
  {
    id: 'TASKS-CREATE-IMMEDIATE-RESPONSE-STRING',
    basis: { kind: 'prose' },
    keyword: 'SHOULD',
    binds: 'receiver',
    ...CREATING,
    summary: 'When CreateTaskResult `_meta` carries the model-immediate-response key, its value is a string.',
    leniency: 'Lowercase "should" inside a note the spec calls non-binding; at most a warning.',
  },

  // Getting Tasks: polling with tasks/get.
  {
    id: 'TASKS-GET-SSE-DISCONNECT',
    sites: ['getting-tasks/1'],
    keyword: 'MAY',
    binds: 'requestor',
    ...GETTING,
    summary: 'Over Streamable HTTP a client is free to drop, whenever it likes, an SSE stream the server opened for tasks/get.',
  },
  {
    id: 'TASKS-GET-RESPECT-POLL-INTERVAL',
    sites: ['getting-tasks/3', 'ttl-and-resource-management/7'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...GETTING,
    summary: 'A requestor paces its tasks/get polling by the `pollInterval` the receiver returned.',
  },
  {
    id: 'TASKS-GET-POLL-UNTIL-TERMINAL',
    sites: ['getting-tasks/4'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...GETTING,
    summary: 'A requestor goes on polling a task until it turns terminal or reports input_required (stopping there is allowed).',
  },
  {
    id: 'TASKS-GET-KEEP-POLLING',
    sites: ['getting-tasks/5'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...GETTING,
    summary: 'Calling tasks/result does not end polling: a requestor not blocked on it keeps calling tasks/get.',
  },
  {
    id: 'TASKS-TRANSPORT-COMPLIANCE',
    sites: ['getting-tasks/2', 'retrieving-task-results/2', 'input-required-status/3'],
    keyword: 'MUST',
    binds: 'receiver',
    ...GETTING,
    summary: 'Task traffic still obeys the Streamable HTTP transport rules (restated in three sections of the page).',
    untestable:
      "Its task-specific parts have entries of their own (TASKS-INPUT-NO-SSE-ON-GET, TASKS-INPUT-ANY-STREAM, both checked); what is left is the transport's own rules, which this suite does not test.",
  },

  // Retrieving Task Results: the tasks/result call.
  {
    id: 'TASKS-RESULT-SSE-DISCONNECT',
    sites: ['retrieving-task-results/1'],
    keyword: 'MAY',
    binds: 'requestor',
    ...RETRIEVING,
    summary: 'Over Streamable HTTP a client is free to drop, whenever it likes, an SSE stream the server opened for tasks/result.',
  },

  // Task Status Notification: the optional push of status changes (MAY and MUST NOT restated under Task Notifications).
  {
    id: 'TASKS-NOTIFY-MAY-SEND',
    sites: ['task-status-notification/1', 'task-notifications/1'],
    keyword: 'MAY',
    binds: 'receiver',
    ...STATUS_NOTIFICATION,
    summary: 'A receiver is free to push notifications/tasks/status as a task moves from one status to another.',
  },
  {
    id: 'TASKS-NOTIFY-NOT-RELIED',
    sites: ['task-status-notification/2', 'task-notifications/2'],
    keyword: 'MUST NOT',
    binds: 'requestor',
    ...STATUS_NOTIFICATION,
    summary: 'A requestor never depends on status notifications arriving, since sending them is optional.',
  },
  {
    id: 'TASKS-NOTIFY-KEEP-POLLING',
    sites: ['task-status-notification/3'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...STATUS_NOTIFICATION,
    summary: 'A requestor keeps polling tasks/get for status updates even while it receives status notifications.',
  },
  {
    id: 'TASKS-NOTIFY-FULL-TASK',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...STATUS_NOTIFICATION,
    summary: "A status notification's params are a complete Task object, not a partial delta.",
    leniency:
      "Descriptive sentence backed by the schema, where the notification's params is a Task. Read as the task's state " +
      'as of its lastUpdatedAt: a notification saying a non-terminal status at (or after) the moment another answer ' +
      'shows the task ended misreports it (the rule book). Working and ended within one millisecond share a ' +
      'timestamp, so the equal case is excused when a notification of the end follows it or the end is a cancel (which ' +
      'may land in the millisecond of a working update), on a clock coarser than a millisecond (no fraction of a second), ' +
      'and at the moment of creation (work that ends in its first millisecond); it is judged only for a notification ' +
      'that arrived before the terminal answer (one after it is the lifecycle order rules’).',
  },

  // Task Notifications: metadata on status notifications.
  {
    id: 'TASKS-NOTIFY-NO-RELATED-META',
    sites: ['task-notifications/3'],
    keyword: 'SHOULD NOT',
    binds: 'receiver',
    ...TASK_NOTIFICATIONS,
    summary: 'A notifications/tasks/status message omits the related-task `_meta`; its params already name the task.',
  },

  // Task Support and Handling: receivers with and without declared task support.
  {
    id: 'TASKS-SUPPORT-UNDECLARED-NORMAL',
    sites: ['task-support-and-handling/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...SUPPORT,
    summary: 'For a request type without declared task support, a receiver ignores any `task` field and answers normally.',
  },
  {
    id: 'TASKS-SUPPORT-MAY-REQUIRE',
    sites: ['task-support-and-handling/2'],
    keyword: 'MAY',
    binds: 'receiver',
    ...SUPPORT,
    summary: 'For a request type with declared task support, a receiver may refuse plain requests and demand a task.',
  },

  // Task ID Requirements: what a taskId is and who mints it.
  { id: 'TASKS-ID-STRING', sites: ['task-id-requirements/1'], keyword: 'MUST', binds: 'receiver', ...TASK_ID, summary: 'Every taskId is a JSON string.' },
  {
    id: 'TASKS-ID-RECEIVER-GENERATED',
    sites: ['task-id-requirements/2'],
    keyword: 'MUST',
    binds: 'receiver',
    ...TASK_ID,
    summary: 'The receiver, never the requestor, mints the taskId when a task comes into being.',
  },
  { id: 'TASKS-ID-UNIQUE', sites: ['task-id-requirements/3'], keyword: 'MUST', binds: 'receiver', ...TASK_ID, summary: 'No two tasks held by one receiver share a taskId.' },

  // Task Status Lifecycle: the status state machine and the fields that must stay consistent.
  {
    id: 'TASKS-LIFECYCLE-START-WORKING',
    sites: ['task-status-lifecycle/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...LIFECYCLE,
    summary: "A new task's first status is working.",
    leniency:
      'A CreateTaskResult showing a later status its work could already have reached (completed at once, ' +
      'input_required) is warned: the task may have begun working and moved on before the answer left.',
  },
  {
    id: 'TASKS-LIFECYCLE-VALID-TRANSITIONS',
    sites: ['task-status-lifecycle/2'],
    keyword: 'MUST',
    binds: 'receiver',
    ...LIFECYCLE,
    summary: 'Status moves only along allowed edges: working and input_required go to each other or to a terminal status.',
  },
  {
    id: 'TASKS-LIFECYCLE-TERMINAL-FINAL',
    sites: ['task-status-lifecycle/3'],
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...LIFECYCLE,
    summary: 'Once completed, failed or cancelled, a task never changes status again.',
  },
  {
    id: 'TASKS-LIFECYCLE-STABLE-IDENTITY',
    basis: { kind: 'derived', from: 'ttl-and-resource-management/1' },
    keyword: 'MUST',
    binds: 'receiver',
    ...LIFECYCLE,
    summary: "A task's taskId and createdAt are identical in every response that describes it.",
    leniency:
      'Read from ttl-and-resource-management/1 (createdAt is the moment of creation, which cannot move) ' +
      'and task-id-requirements/3 (one ID per task, so an answer about it under another ID names another ' +
      'task).',
  },
  {
    id: 'TASKS-LIFECYCLE-MONOTONIC-UPDATE',
    basis: { kind: 'derived', from: 'ttl-and-resource-management/2' },
    keyword: 'MUST',
    binds: 'receiver',
    ...LIFECYCLE,
    summary: "A task's lastUpdatedAt never goes back in time from one response to the next.",
    leniency: 'Read from ttl-and-resource-management/2: lastUpdatedAt is the time of the latest change, and a later answer cannot show an earlier latest change.',
  },

  // Input Required Status: receivers asking the requestor for input mid-task.
  {
    id: 'TASKS-INPUT-ANY-STREAM',
    sites: ['input-required-status/1'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...INPUT,
    summary: 'A client accepts task messages on whichever SSE stream they arrive, the standalone HTTP GET stream included.',
  },
  {
    id: 'TASKS-INPUT-NO-SSE-ON-GET',
    sites: ['input-required-status/2'],
    keyword: 'SHOULD NOT',
    binds: 'receiver',
    ...INPUT,
    summary: 'When it can avoid it, a server answers tasks/get with plain JSON instead of opening an SSE stream.',
  },
  {
    id: 'TASKS-INPUT-STATUS',
    sites: ['input-required-status/4'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...INPUT,
    summary: 'A receiver that needs something from the requestor to finish puts the task into input_required.',
  },
  {
    id: 'TASKS-INPUT-RELATED-META',
    sites: ['input-required-status/5'],
    keyword: 'MUST',
    binds: 'receiver',
    ...INPUT,
    summary: 'A request the receiver sends to gather input for a task carries related-task `_meta` with that taskId.',
  },
  {
    id: 'TASKS-INPUT-PREEMPTIVE-RESULT',
    sites: ['input-required-status/6'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...INPUT,
    summary: 'On seeing input_required a requestor calls tasks/result at once so it can receive the pending requests.',
  },
  {
    id: 'TASKS-INPUT-LEAVE-STATUS',
    sites: ['input-required-status/7'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...INPUT,
    summary: 'Once the needed input has arrived the task leaves input_required, usually back to working.',
  },

  // TTL and Resource Management: timestamps, ttl and pollInterval in task responses.
  {
    id: 'TASKS-TTL-CREATED-AT',
    sites: ['ttl-and-resource-management/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...TTL,
    summary: 'Every task response has `createdAt`, an ISO 8601 / RFC 3339 timestamp of creation.',
  },
  {
    id: 'TASKS-TTL-LAST-UPDATED-AT',
    sites: ['ttl-and-resource-management/2'],
    keyword: 'MUST',
    binds: 'receiver',
    ...TTL,
    summary: 'Every task response has `lastUpdatedAt`, an ISO 8601 / RFC 3339 timestamp of the latest change.',
    leniency: 'No keyword orders lastUpdatedAt after createdAt; one before the other is implausible and warned, not failed.',
  },
  {
    id: 'TASKS-TTL-MAY-OVERRIDE',
    sites: ['ttl-and-resource-management/3'],
    keyword: 'MAY',
    binds: 'receiver',
    ...TTL,
    summary: 'A receiver may grant a ttl other than the one the requestor asked for.',
  },
  {
    id: 'TASKS-TTL-INCLUDE-ACTUAL',
    sites: ['ttl-and-resource-management/4'],
    keyword: 'MUST',
    binds: 'receiver',
    ...TTL,
    summary: 'A tasks/get response reports the ttl actually in force: an integer, or null meaning no limit.',
    leniency: 'The spec fixes no ttl: one that differs between responses is the one in force each time and passes; its presence and type are judged, and a task gone before it ran out (explore).',
  },
  {
    id: 'TASKS-TTL-MAY-DELETE',
    sites: ['ttl-and-resource-management/5'],
    keyword: 'MAY',
    binds: 'receiver',
    ...TTL,
    summary: 'Once its ttl has run out, a task and its result may be discarded whatever its status.',
  },
  {
    id: 'TASKS-TTL-POLL-INTERVAL',
    sites: ['ttl-and-resource-management/6'],
    keyword: 'MAY',
    binds: 'receiver',
    ...TTL,
    summary: 'A receiver may suggest a polling pace through `pollInterval` (milliseconds) in tasks/get responses.',
  },

  // Result Retrieval: CreateTaskResult and the behaviour of tasks/result.
  {
    id: 'TASKS-RESULT-CREATE-TASK-RESULT',
    sites: ['result-retrieval/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...RESULT,
    summary: 'Accepting a task-augmented request means answering it with a CreateTaskResult.',
  },
  {
    id: 'TASKS-RESULT-PROMPT',
    sites: ['result-retrieval/2'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...RESULT,
    summary: 'The CreateTaskResult comes back promptly after acceptance, not once the work is done.',
  },
  {
    id: 'TASKS-RESULT-TERMINAL-RETURNS',
    sites: ['result-retrieval/3'],
    keyword: 'MUST',
    binds: 'receiver',
    ...RESULT,
    summary: "tasks/result on a terminal task answers with the underlying request's final outcome, success or JSON-RPC error.",
  },
  {
    id: 'TASKS-RESULT-BLOCK',
    sites: ['result-retrieval/4'],
    keyword: 'MUST',
    binds: 'receiver',
    ...RESULT,
    summary: 'tasks/result on a working or input_required task withholds its answer until the task turns terminal.',
  },
  {
    id: 'TASKS-RESULT-EXACT',
    sites: ['result-retrieval/5'],
    keyword: 'MUST',
    binds: 'receiver',
    ...RESULT,
    summary: 'For a terminal task, tasks/result gives back exactly what the original request would have answered.',
  },

  // Associating Task-Related Messages: the related-task `_meta` key. The requestor duty is the union of this
  // section (get/result/cancel) and Related Task Metadata (get/list/cancel).
  {
    id: 'TASKS-META-RELATED-ALL',
    sites: ['associating-task-related-messages/1', 'associating-task-related-messages/2', 'related-task-metadata/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...ASSOCIATING,
    summary: "Each request, notification and response tied to a task (e.g. its tool call's elicitation) carries related-task `_meta` with its taskId.",
    leniency:
      "Judged on a server's messages of its tasks (progress, the input request); a client receiver sends " +
      'none but the tasks/result answer (TASKS-META-RESULT-INCLUDES) and status notifications (exempt). ' +
      "The requestor's answer to an input request is not judged yet.",
  },
  {
    id: 'TASKS-META-PARAM-SOURCE-OF-TRUTH',
    sites: ['associating-task-related-messages/3', 'associating-task-related-messages/5'],
    keyword: 'MUST',
    binds: 'receiver',
    ...ASSOCIATING,
    summary: 'In tasks/get, tasks/result and tasks/cancel, params.taskId picks the task; related-task `_meta` in the request is ignored.',
  },
  {
    id: 'TASKS-META-REQUESTOR-NO-META',
    sites: ['associating-task-related-messages/4', 'related-task-metadata/2'],
    keyword: 'SHOULD NOT',
    binds: 'requestor',
    ...ASSOCIATING,
    summary: 'Requestors leave related-task `_meta` out of tasks/get, tasks/list, tasks/result and tasks/cancel requests.',
  },
  {
    id: 'TASKS-META-RECEIVER-NO-META',
    sites: ['associating-task-related-messages/6', 'related-task-metadata/2'],
    keyword: 'SHOULD NOT',
    binds: 'receiver',
    ...ASSOCIATING,
    summary: 'Results of tasks/get, tasks/list and tasks/cancel omit related-task `_meta`, since they already carry the taskId.',
  },

  // Task (data type): the fields every reported task carries.
  {
    id: 'TASKS-TASK-SHAPE',
    basis: { kind: 'schema' },
    keyword: 'MUST',
    binds: 'receiver',
    ...TASK_TYPE,
    summary: 'Every task the receiver reports, in any answer, is a well-formed Task: required fields present, a known status, integer ttl and pollInterval.',
    leniency: "Derived from the schema's Task type; the prose lists the fields without a keyword sentence.",
  },

  // Related Task Metadata: the one response that must carry it.
  {
    id: 'TASKS-META-RESULT-INCLUDES',
    sites: ['related-task-metadata/3'],
    keyword: 'MUST',
    binds: 'receiver',
    ...RELATED_META,
    summary: 'A tasks/result response carries related-task `_meta` naming its task, as the result body holds no taskId.',
  },

  // Task Progress Notifications: progress across the task's lifetime.
  {
    id: 'TASKS-PROGRESS-TOKEN-LIFETIME',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...PROGRESS,
    summary: 'The progressToken of the task-creating request stays in use for progress notifications until the task ends.',
    leniency: "No keyword here; binding through the progress page's rule that notifications name the request's token.",
  },
  {
    id: 'TASKS-PROGRESS-STOP-AT-TERMINAL',
    basis: { kind: 'prose' },
    url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress#behavior-requirements',
    keyword: 'MUST',
    binds: 'receiver',
    ...PROGRESS,
    summary: 'No progress notification for a task follows its terminal status (completed, failed or cancelled).',
    leniency:
      'A bold MUST of the progress page (Behavior Requirements, item 3, its second point); what arrives ' +
      'before the end is seen (the later of the terminal answer and the terminal status notification, ' +
      'which shares the progress stream) is taken as sent before the end, and over HTTP (where the answer ' +
      'travels on another stream) so is one burst right after it; one notification in flight past that is ' +
      'tolerated. On stdio the order of the one stream decides.',
  },

  // Task Listing: tasks/list and its cursors.
  {
    id: 'TASKS-LIST-PAGINATE',
    sites: ['task-listing/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...LISTING,
    summary: 'A receiver splits tasks/list output into cursor-based pages instead of returning everything in one answer.',
  },
  { id: 'TASKS-LIST-NEXT-CURSOR', sites: ['task-listing/2'], keyword: 'MUST', binds: 'receiver', ...LISTING, summary: 'A tasks/list page that is not the last one carries a `nextCursor`.' },
  { id: 'TASKS-LIST-OPAQUE-CURSOR', sites: ['task-listing/3'], keyword: 'MUST', binds: 'requestor', ...LISTING, summary: 'A requestor hands cursors back unchanged and never decodes or edits them.' },
  {
    id: 'TASKS-LIST-GET-IMPLIES-LIST',
    sites: ['task-listing/4'],
    keyword: 'MUST',
    binds: 'receiver',
    ...LISTING,
    summary: "Any task a requestor can fetch with tasks/get also shows up in that requestor's tasks/list.",
  },
  {
    id: 'TASKS-LIST-NO-DUPLICATES',
    basis: { kind: 'derived', from: 'task-listing/1' },
    keyword: 'SHOULD',
    binds: 'receiver',
    ...LISTING,
    summary: 'Walking every tasks/list page yields each task exactly once.',
    leniency: 'Not stated by the spec; a duplicate defeats pagination, so it is only warned.',
  },

  // Task Cancellation: tasks/cancel.
  {
    id: 'TASKS-CANCEL-TERMINAL-REJECTED',
    sites: ['task-cancellation/1', 'protocol-errors/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...CANCELLATION,
    summary: 'tasks/cancel on a completed, failed or cancelled task fails with -32602 (stated here and in Protocol Errors).',
  },
  {
    id: 'TASKS-CANCEL-STOP-WORK',
    sites: ['task-cancellation/2'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...CANCELLATION,
    summary: "On a valid tasks/cancel the receiver tries to halt the task's work.",
  },
  {
    id: 'TASKS-CANCEL-BEFORE-RESPONSE',
    sites: ['task-cancellation/3'],
    keyword: 'MUST',
    binds: 'receiver',
    ...CANCELLATION,
    summary: 'A task is already cancelled by the time the receiver answers the tasks/cancel that ended it.',
  },
  {
    id: 'TASKS-CANCEL-STAYS-CANCELLED',
    sites: ['task-cancellation/4'],
    keyword: 'MUST',
    binds: 'receiver',
    ...CANCELLATION,
    summary: 'A cancelled task stays cancelled even if its work later finishes or fails.',
  },
  {
    id: 'TASKS-CANCEL-MAY-DELETE',
    sites: ['task-cancellation/5'],
    keyword: 'MAY',
    binds: 'receiver',
    ...CANCELLATION,
    summary: 'A receiver may drop a cancelled task whenever it chooses, right away or once its ttl is over.',
  },
  {
    id: 'TASKS-CANCEL-REQUESTOR-NO-RELY',
    sites: ['task-cancellation/6'],
    keyword: 'SHOULD NOT',
    binds: 'requestor',
    ...CANCELLATION,
    summary: 'A requestor does not count on a cancelled task being kept, and fetches what it needs before cancelling.',
  },
  {
    id: 'TASKS-CANCEL-NOT-BY-NOTIFICATION',
    basis: { kind: 'schema' },
    keyword: 'MUST NOT',
    binds: 'requestor',
    ...CANCELLATION,
    summary: 'A requestor cancels a task with tasks/cancel, never with notifications/cancelled naming the request that created it.',
    leniency: "Stated by the schema's description of notifications/cancelled (CancelledNotificationParams), in capitals but outside the Tasks page.",
  },
  {
    id: 'TASKS-CANCEL-RESULT-ANSWERS',
    basis: { kind: 'derived', from: 'result-retrieval/3' },
    keyword: 'MUST',
    binds: 'receiver',
    ...CANCELLATION,
    summary: 'tasks/result on a cancelled task answers, with a result or an error, instead of hanging.',
    leniency: 'Read from result-retrieval/3: cancelled is a terminal status, for which tasks/result answers; any answer is accepted, since the spec names no outcome for it.',
  },

  // Protocol Errors: JSON-RPC error codes for task operations.
  {
    id: 'TASKS-ERROR-INVALID-TASK-ID',
    sites: ['protocol-errors/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...PROTOCOL_ERRORS,
    summary: 'tasks/get, tasks/result and tasks/cancel naming an unknown or malformed taskId (a number, none, an unused empty string) fail with -32602.',
  },
  {
    id: 'TASKS-ERROR-INVALID-CURSOR',
    sites: ['protocol-errors/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...PROTOCOL_ERRORS,
    summary: 'tasks/list given an unknown or malformed cursor fails with -32602.',
  },
  {
    id: 'TASKS-ERROR-INTERNAL',
    sites: ['protocol-errors/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...PROTOCOL_ERRORS,
    summary: 'A failure inside the receiver itself is reported as JSON-RPC error -32603.',
    untestable: 'The suite cannot provoke an internal error in an arbitrary receiver.',
  },
  {
    id: 'TASKS-ERROR-MAY-REQUIRE-TASK',
    sites: ['protocol-errors/2'],
    keyword: 'MAY',
    binds: 'receiver',
    ...PROTOCOL_ERRORS,
    summary: 'A receiver that demands task augmentation may answer a plain request with -32600.',
  },
  { id: 'TASKS-ERROR-INFORMATIVE', sites: ['protocol-errors/3'], keyword: 'SHOULD', binds: 'receiver', ...PROTOCOL_ERRORS, summary: 'Error responses carry a message that explains their cause.' },

  // Task Execution Errors: failures of the underlying work.
  {
    id: 'TASKS-EXEC-FAILED-STATUS-MESSAGE',
    sites: ['task-execution-errors/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: 'tasks/get on a failed task includes a `statusMessage` that helps diagnose the failure.',
  },
  {
    id: 'TASKS-EXEC-ISERROR-FAILED',
    basis: { kind: 'prose' },
    keyword: 'SHOULD',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: 'A tool call whose result has isError: true ends its task in failed.',
    leniency: 'Lowercase "should" in the prose; treated as SHOULD.',
  },
  {
    id: 'TASKS-EXEC-RPC-ERROR-FAILED',
    basis: { kind: 'prose' },
    keyword: 'SHOULD',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: 'Work that ends in a JSON-RPC error leaves its task in failed.',
    leniency: 'Descriptive sentence without a keyword; treated as SHOULD.',
  },
  {
    id: 'TASKS-EXEC-SAME-ERROR',
    sites: ['task-execution-errors/2'],
    keyword: 'MUST',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: 'If the underlying request produced a JSON-RPC error, tasks/result returns that very error: code, message and data.',
    leniency:
      'The data is compared only where the plain call shows it predictably (the data asked for, or none): ' +
      'data a receiver makes up itself may differ per request. A plain call refused with -32600 (a ' +
      'receiver demanding tasks) is no error of the work: the error the fixture contract asks for stands ' +
      'in.',
  },
  {
    id: 'TASKS-EXEC-SAME-RESULT',
    sites: ['task-execution-errors/3'],
    keyword: 'MUST',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: 'If the underlying request succeeded, tasks/result is a success response holding its result.',
  },

  // Task Isolation and Access Control: binding tasks to who created them.
  {
    id: 'TASKS-SEC-BIND-CONTEXT',
    sites: ['task-isolation-and-access-control/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...ISOLATION,
    summary: 'Where an authorization context exists, the receiver ties each task to it.',
  },
  {
    id: 'TASKS-SEC-DOCUMENT-NO-AUTH',
    sites: ['task-isolation-and-access-control/2'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...ISOLATION,
    summary: 'A receiver lacking context binding documents that whoever guesses a taskId can reach the task.',
    untestable: DOCS_INTERNAL,
  },
  {
    id: 'TASKS-SEC-SECURE-IDS',
    sites: ['task-isolation-and-access-control/3'],
    keyword: 'MUST',
    binds: 'receiver',
    ...ISOLATION,
    summary: 'Without context binding, taskIds come from a cryptographically secure source with entropy enough to be unguessable.',
    leniency: 'Binds only receivers without context binding; where the requests carry credentials and no second identity shows the binding, weak IDs are warned.',
  },
  {
    id: 'TASKS-SEC-SHORT-TTL-NO-AUTH',
    basis: { kind: 'prose' },
    keyword: 'SHOULD',
    binds: 'receiver',
    ...ISOLATION,
    summary: 'Without context binding, a receiver weighs shorter ttls to narrow the exposure window.',
    leniency: 'Lowercase "should consider": advice, treated as SHOULD.',
    untestable: 'What counts as "shorter" is a judgement the suite cannot make.',
  },
  {
    id: 'TASKS-SEC-NO-LIST-WITHOUT-AUTH',
    sites: ['task-isolation-and-access-control/4'],
    keyword: 'SHOULD NOT',
    binds: 'receiver',
    ...ISOLATION,
    summary: 'A receiver that cannot tell requestors apart does not declare `tasks.list`.',
  },
  {
    id: 'TASKS-SEC-REJECT-FOREIGN',
    sites: ['task-isolation-and-access-control/5'],
    keyword: 'MUST',
    binds: 'receiver',
    ...ISOLATION,
    summary: "With context binding, tasks/get, tasks/result and tasks/cancel on another context's task are refused.",
    leniency: 'A refusal that differs from the answer for an unknown ID leaks that the task exists; the spec asks for refusal, not for identical refusals, so the difference is warned.',
  },
  {
    id: 'TASKS-SEC-LIST-OWN-ONLY',
    sites: ['task-isolation-and-access-control/6'],
    keyword: 'MUST',
    binds: 'receiver',
    ...ISOLATION,
    summary: "With context binding, tasks/list returns only the requestor's own tasks.",
  },
  {
    id: 'TASKS-SEC-RATE-LIMIT',
    sites: ['task-isolation-and-access-control/7'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...ISOLATION,
    summary: 'A receiver rate-limits task operations to blunt denial of service and enumeration.',
    untestable: 'Limits and thresholds are not announced, and probing them would be a load test.',
  },

  // Resource Management: limits a receiver sets on tasks.
  {
    id: 'TASKS-RES-CONCURRENT-LIMIT',
    sites: ['resource-management/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...RESOURCES,
    summary: 'A receiver caps how many tasks one requestor may have at once.',
    untestable: 'The limit is not announced, and exhausting it would be a load test.',
  },
  { id: 'TASKS-RES-MAX-TTL', sites: ['resource-management/1'], keyword: 'SHOULD', binds: 'receiver', ...RESOURCES, summary: 'A receiver caps ttl so that no task is retained without end.' },
  {
    id: 'TASKS-RES-CLEANUP',
    sites: ['resource-management/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...RESOURCES,
    summary: 'A receiver removes expired tasks without delay.',
    leniency: 'No bound is given, so cleanup may lag: only a task still served twice its ttl (2 s at least) after it ran out is warned.',
  },
  {
    id: 'TASKS-RES-DOC-MAX-TTL',
    sites: ['resource-management/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...RESOURCES,
    summary: 'A receiver documents the largest ttl it will grant.',
    untestable: DOCS_INTERNAL,
  },
  {
    id: 'TASKS-RES-DOC-CONCURRENT',
    sites: ['resource-management/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...RESOURCES,
    summary: 'A receiver documents its per-requestor limit on concurrent tasks.',
    untestable: DOCS_INTERNAL,
  },
  {
    id: 'TASKS-RES-MONITORING',
    sites: ['resource-management/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...RESOURCES,
    summary: 'A receiver watches its resource usage and raises alerts.',
    untestable: 'Monitoring and alerting are internal to the implementation.',
  },

  // Audit and Logging: records kept by both parties.
  {
    id: 'TASKS-AUDIT-LOG-EVENTS',
    sites: ['audit-and-logging/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...AUDIT,
    summary: 'A receiver records task creation, completion and retrieval in an audit log.',
    untestable: LOGS_INTERNAL,
  },
  {
    id: 'TASKS-AUDIT-AUTH-CONTEXT',
    sites: ['audit-and-logging/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...AUDIT,
    summary: "A receiver's log entries name the auth context whenever there is one.",
    untestable: LOGS_INTERNAL,
  },
  {
    id: 'TASKS-AUDIT-MONITOR',
    sites: ['audit-and-logging/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...AUDIT,
    summary: 'A receiver looks out for suspicious patterns such as many failed lookups or heavy polling.',
    untestable: LOGS_INTERNAL,
  },
  {
    id: 'TASKS-AUDIT-REQUESTOR-LOG',
    sites: ['audit-and-logging/2'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...AUDIT,
    summary: 'A requestor logs task lifecycle events for debugging and audit.',
    untestable: LOGS_INTERNAL,
  },
  {
    id: 'TASKS-AUDIT-REQUESTOR-TRACK',
    sites: ['audit-and-logging/2'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...AUDIT,
    summary: 'A requestor keeps track of its taskIds and the operations they stand for.',
    untestable: 'Bookkeeping inside the requestor is not observable through the protocol.',
  },
]);

function indexById(requirements: readonly Requirement[]): ReadonlyMap<string, Requirement> {
  const byId = new Map<string, Requirement>();
  for (const entry of requirements) {
    // A duplicate would make a check's verdict ambiguous; fail at load rather than report the wrong entry.
    if (byId.has(entry.id)) throw new Error(`Duplicate requirement id ${entry.id} in suites/2025-11-25/requirements.ts`);
    byId.set(entry.id, entry);
  }
  return byId;
}

export const REQUIREMENTS_BY_ID: ReadonlyMap<string, Requirement> = indexById(REQUIREMENTS);

/** The catalogue entry for an ID; throws when the ID is not catalogued (a typo in a check). */
export function requirement(id: string): Requirement {
  const found = REQUIREMENTS_BY_ID.get(id);
  if (!found) {
    throw new Error(`Unknown requirement id "${id}": it is not in the catalogue (suites/2025-11-25/requirements.ts).`);
  }
  return found;
}
