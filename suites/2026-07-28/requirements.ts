// The requirement catalogue of the 2026-07-28 profile: one entry per normative statement of the Tasks extension page
// (io.modelcontextprotocol/tasks, SEP-2663), plus the few base-protocol rules of 2026-07-28 its checks rely on.
// IDs are stable and never reused; summaries are our own one-line paraphrases, never spec sentences.
//
// Locating an entry, as in suites/2025-11-25/requirements.ts:
// - `sites` name the bold keywords of the extension page that state it ("<anchor>/<n>", the n-th keyword of that
//   section, page order). Every bold keyword of the page is the site of exactly one entry, and a site always holds the
//   entry's own keyword: where one sentence pairs a MUST with a MUST NOT (key uniqueness, tool errors, durable
//   creation), the two halves are two entries. An entry has several sites only where the page says the same thing
//   again (the listen error, the unknown-task SHOULD, the TTL backstop).
// - Anchors are the page's headings as the docs site renders them: lowercased and hyphenated, and a repeated heading
//   gets a numeric suffix in page order, so the three "Response" sections are `response` (tasks/get), `response-1`
//   (tasks/update) and `response-2` (tasks/cancel); the second "Tasks" heading (`tasks-1`) holds no keyword.
// - `basis` replaces sites where no bold keyword of the extension page states the rule: the state diagram, a
//   descriptive sentence, or the SEP's backward-compatibility table (each says so in its leniency note).
// - EXT-BASE-* entries come from the 2026-07-28 base pages (versioning, base protocol, Streamable HTTP,
//   subscriptions). They never use sites, because sites and the keyword walk of the tests cover the extension page
//   only: each has `basis: {kind: 'prose'}` and a `url` to its base-page section, whose title the section field
//   carries after the page name ("Subscriptions: Acknowledgment"); the tests check that heading exists on that page.

import type { Requirement } from '../../harness/model/model.js';

/** IDs taken out of the catalogue; never given to another statement. */
export const EXT_RETIRED_REQUIREMENT_IDS: readonly string[] = [];

// Section title and heading anchor on the extension page; spread into each entry of that section.
const CAPABILITY_NEGOTIATION = { section: 'Capability Negotiation', anchor: 'capability-negotiation' } as const;
const SUPPORTED_METHODS = { section: 'Supported Methods', anchor: 'supported-methods' } as const;
const POLYMORPHIC_RESULTS = { section: 'Polymorphic Results', anchor: 'polymorphic-results' } as const;
const TASK_STATUS = { section: 'Task Status', anchor: 'task-status' } as const;
const TASK_CREATION = { section: 'Task Creation', anchor: 'task-creation' } as const;
const TASK_POLLING = { section: 'Task Polling', anchor: 'task-polling' } as const;
/** The "Response" heading under Task Polling: the tasks/get result. */
const GET_RESPONSE = { section: 'Response', anchor: 'response' } as const;
const TASK_UPDATE_REQUESTS = { section: 'Task Update Requests', anchor: 'task-update-requests' } as const;
/** The second "Response" heading, under Task Update Requests: the tasks/update result. */
const UPDATE_RESPONSE = { section: 'Response', anchor: 'response-1' } as const;
const TASK_CANCELLATION = { section: 'Task Cancellation', anchor: 'task-cancellation' } as const;
/** The third "Response" heading, under Task Cancellation: the tasks/cancel result. */
const CANCEL_RESPONSE = { section: 'Response', anchor: 'response-2' } as const;
const STATUS_NOTIFICATIONS = { section: 'Task Status Notifications', anchor: 'task-status-notifications' } as const;
const ROUTING_HEADERS = { section: 'Streamable HTTP: Routing Headers', anchor: 'streamable-http-routing-headers' } as const;
const PROTOCOL_ERRORS = { section: 'Protocol Errors', anchor: 'protocol-errors' } as const;
const EXECUTION_ERRORS = { section: 'Task Execution Errors', anchor: 'task-execution-errors' } as const;
const SECURITY = { section: 'Security Considerations', anchor: 'security-considerations' } as const;

// Sections of the 2026-07-28 base pages, each with its full link.
const BASE = 'https://modelcontextprotocol.io/specification/2026-07-28';
const VERSION_NEGOTIATION = {
  section: 'Versioning: Protocol Version Negotiation',
  anchor: 'protocol-version-negotiation',
  url: `${BASE}/basic/versioning#protocol-version-negotiation`,
} as const;
const LEGACY_COMPATIBILITY = {
  section: 'Versioning: Backward Compatibility with Initialization-Based Versions',
  anchor: 'backward-compatibility-with-initialization-based-versions',
  url: `${BASE}/basic/versioning#backward-compatibility-with-initialization-based-versions`,
} as const;
const META_FIELDS = { section: 'Base Protocol: _meta', anchor: 'meta', url: `${BASE}/basic/index#meta` } as const;
const VERSION_HEADER = {
  section: 'Streamable HTTP: Protocol Version Header',
  anchor: 'protocol-version-header',
  url: `${BASE}/basic/transports/streamable-http#protocol-version-header`,
} as const;
const SERVER_VALIDATION = { section: 'Streamable HTTP: Server Validation', anchor: 'server-validation', url: `${BASE}/basic/transports/streamable-http#server-validation` } as const;
const OPENING_A_STREAM = { section: 'Subscriptions: Opening a Stream', anchor: 'opening-a-stream', url: `${BASE}/basic/patterns/subscriptions#opening-a-stream` } as const;
const RECEIVING_NOTIFICATIONS = {
  section: 'Subscriptions: Receiving Notifications',
  anchor: 'receiving-notifications',
  url: `${BASE}/basic/patterns/subscriptions#receiving-notifications`,
} as const;
const STANDARD_HEADERS = {
  section: 'Streamable HTTP: Standard Request Headers',
  anchor: 'standard-request-headers',
  url: `${BASE}/basic/transports/streamable-http#standard-request-headers`,
} as const;
const ACKNOWLEDGMENT = { section: 'Subscriptions: Acknowledgment', anchor: 'acknowledgment', url: `${BASE}/basic/patterns/subscriptions#acknowledgment` } as const;

const EMPTY_ACK = 'Read as: nothing but `resultType` (which the page demands on it) and, optionally, `_meta`; any other member is a task field the ack was meant to leave out.';

/** How long an acknowledged tasks/update may take to show (ext-update.acknowledged), read from response-1/2 and task-polling's ttl backstop. */
const UPDATE_EFFECT_BOUND =
  'An acknowledgement is read as saying the answers were accepted; their effect may show later ' +
  '(EXT-UPDATE-EVENTUAL) and the only bound the extension gives it is the ttl backstop (createdAt + ' +
  'ttlMs, after which a client may give the task up). So a task still waiting on the acknowledged ' +
  "answers fails only once it has outlived that backstop; when the suite's wait ends first, it is not " +
  'judged.';

export const EXT_REQUIREMENTS: readonly Requirement[] = Object.freeze<Requirement[]>([
  // Capability Negotiation: the extension declared per request, and what each side may and must do with it.
  {
    id: 'EXT-CAP-MAY-CREATE-TASK',
    sites: ['capability-negotiation/1'],
    keyword: 'MAY',
    binds: 'receiver',
    ...CAPABILITY_NEGOTIATION,
    summary: 'When a request declares the extension, the server alone decides, call by call, whether to answer with a task or a plain result.',
  },
  {
    id: 'EXT-CAP-TASKS-ONLY-NEGOTIATED',
    basis: { kind: 'derived', from: 'capability-negotiation/1' },
    keyword: 'SHOULD NOT',
    binds: 'receiver',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A server whose server/discover leaves the extension out does not answer with CreateTaskResult, even to a request that declares it.',
    leniency:
      'The page grants tasks (a MAY) to a server that negotiated the extension, and a server that does not ' +
      'declare it has not; no keyword forbids the rest outright, so the suite warns rather than fails.',
  },
  {
    id: 'EXT-CAP-NO-TASK-WITHOUT-EXTENSION',
    sites: ['capability-negotiation/2'],
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A request whose own clientCapabilities lack the extension never gets a CreateTaskResult, whatever the client declared on earlier requests.',
  },
  {
    id: 'EXT-CAP-CLIENT-HANDLES-BOTH',
    sites: ['capability-negotiation/3'],
    keyword: 'MUST',
    binds: 'requestor',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A client that declared the extension copes with a plain result and with a CreateTaskResult for every task-capable request.',
  },
  {
    id: 'EXT-CAP-CLIENT-REJECTS-UNSUPPORTED',
    sites: ['capability-negotiation/4'],
    keyword: 'MUST',
    binds: 'requestor',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A client treats a CreateTaskResult answering a request type that tasks do not cover as a malformed answer.',
  },
  {
    id: 'EXT-CAP-REQUIRED-CAPABILITY-ERROR',
    sites: ['capability-negotiation/5'],
    keyword: 'MUST',
    binds: 'receiver',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A request the server can only serve as a task, sent without the extension, fails with -32021 naming the extension in data.requiredCapabilities.',
    leniency:
      "Whether a request can be served without a task is the server's own judgement; the suite applies the " +
      'rule only to the fixture tools its contract marks as needing one, and a plain result from them is ' +
      'accepted.',
  },
  {
    id: 'EXT-CAP-NO-LEGACY-CAPABILITY',
    basis: { kind: 'prose' },
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A server speaking this version advertises the extension only, never the 2025-11-25 `tasks` capability object, in server/discover.',
    leniency: "Not on the extension page: the SEP's backward-compatibility table forbids keeping the old capability declarations next to the extension, and the suite reads that as binding here.",
  },
  {
    id: 'EXT-CAP-TASK-PARAM-IGNORED',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A tools/call carrying the 2025-11-25 `task` parameter is no opt-in: without the extension declared it never gets a CreateTaskResult.',
    leniency:
      "From the SEP's backward-compatibility table, not the extension page. With the extension declared " +
      'the server may make a task or not (its own choice), so a declaring request shows the parameter being ' +
      'used only where the same call gets a task with it and a plain answer without it, both before and ' +
      'after (ext-negotiation.task-param-not-opt-in); a choice that changes once is not judged.',
  },
  {
    id: 'EXT-CAP-LEGACY-CLIENT-NON-DECLARING',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A request whose clientCapabilities hold only the 2025-11-25 `tasks` object counts as not declaring the extension.',
    leniency:
      "From the SEP's backward-compatibility table. Judged by what a non-declaring request may not get: a CreateTaskResult from tools/call, or tasks/get served instead of refused with -32021.",
  },
  {
    id: 'EXT-CAP-LEGACY-ERA-NOT-ENABLED',
    basis: { kind: 'prose' },
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...CAPABILITY_NEGOTIATION,
    summary: 'Under protocol version 2025-11-25 a client declaring the extension gets no tasks on that account: the request is served as one without task support.',
    leniency:
      "From the SEP's backward-compatibility table; it concerns dual-era servers only. Judged on stdio, " +
      'for servers whose server/discover lists 2025-11-25: a tool of task support optional called without ' +
      'the task field.',
  },
  {
    id: 'EXT-CAP-DUAL-ERA-LEGACY-TASKS',
    basis: { kind: 'prose' },
    keyword: 'SHOULD',
    binds: 'receiver',
    ...CAPABILITY_NEGOTIATION,
    summary: 'A server serving both eras keeps answering tasks/get and tasks/cancel for tasks a 2025-11-25 client created that way.',
    leniency: "From the SEP's backward-compatibility table; it concerns dual-era servers only.",
    untestable:
      'It needs a task made in a 2025-11-25 session and then addressed by a per-request call of the same ' +
      'caller: on stdio an initialize gives the process to the older era, and over HTTP this profile opens ' +
      'no 2025-11-25 session beside its own requests.',
  },

  // Supported Methods: tools/call today, more request types later.
  {
    id: 'EXT-SUPPORTED-FUTURE-TYPES',
    sites: ['supported-methods/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...SUPPORTED_METHODS,
    summary: 'Implementations are built so that later revisions can add task support for request types other than tools/call.',
    untestable: 'How an implementation is designed for future revisions shows nowhere in its traffic today.',
  },

  // Polymorphic Results: the resultType discriminator.
  {
    id: 'EXT-RESULTTYPE-TASK',
    sites: ['polymorphic-results/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...POLYMORPHIC_RESULTS,
    summary: 'Every CreateTaskResult says `resultType: "task"`.',
  },
  {
    id: 'EXT-RESULTTYPE-NOT-TASK-ELSEWHERE',
    sites: ['polymorphic-results/2'],
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...POLYMORPHIC_RESULTS,
    summary: 'No result other than a CreateTaskResult (a tool result, a tasks/get answer, an ack) carries `resultType: "task"`.',
  },

  // Task Status: the state machine.
  {
    id: 'EXT-LIFECYCLE-TERMINAL-FINAL',
    basis: { kind: 'prose' },
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...TASK_STATUS,
    summary: 'A task that reached completed, failed or cancelled keeps that status from then on.',
    leniency: 'Stated by the state diagram alone, where the terminal states have no outgoing edge; the suite reads the diagram as binding.',
  },

  // Task Creation: the CreateTaskResult and the durability behind it.
  {
    id: 'EXT-CREATE-DURABLE',
    sites: ['task-creation/1'],
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...TASK_CREATION,
    summary: 'A CreateTaskResult is sent only once the task exists: a tasks/get for its taskId made right after the reply finds it.',
  },
  {
    id: 'EXT-CREATE-WAIT-CONSISTENCY',
    sites: ['task-creation/2'],
    keyword: 'MUST',
    binds: 'receiver',
    ...TASK_CREATION,
    summary: 'A server backed by an eventually consistent store waits until the new task is visible everywhere before replying.',
    untestable: 'Whether the store is eventually consistent is internal; its only outside effect is the one EXT-CREATE-DURABLE checks.',
  },
  {
    id: 'EXT-CREATE-MRTR-FIRST',
    sites: ['task-creation/3'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...TASK_CREATION,
    summary: 'A tool that gathers input through multi round-trip exchanges finishes them on the original call before it hands out a task.',
    leniency:
      'Read as: the task handed out after the answered rounds does not ask again what the call asked and ' +
      'had answered. A task that asks something new once it runs may need it for its work, which the ' +
      'extension allows, so that is not counted.',
  },

  // Task Polling: how clients poll.
  {
    id: 'EXT-POLL-RESPECT-INTERVAL',
    sites: ['task-polling/1'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...TASK_POLLING,
    summary: 'A client paces its tasks/get calls by the `pollIntervalMs` the server last gave.',
    leniency:
      'Judged on the gaps between two polls of a task, each against the interval the answer to the earlier poll ' +
      'asked for (the first poll after the CreateTaskResult is not judged). Arrival times carry noise a correct ' +
      'client cannot help: a gap may fall short by one round trip of the client, measured between the requests ' +
      'it sends without pause (with the load head-room of every time bound, never under the floor), plus the ' +
      'lateness of the gap before it, which a poll delayed on its way gives back on the next.',
  },
  {
    id: 'EXT-POLL-INTERVAL-MAY-CHANGE',
    sites: ['task-polling/2'],
    keyword: 'MAY',
    binds: 'receiver',
    ...TASK_POLLING,
    summary: "A task's `pollIntervalMs` may differ from one answer to the next.",
  },
  {
    id: 'EXT-POLL-MAY-RATE-LIMIT',
    sites: ['task-polling/3'],
    keyword: 'MAY',
    binds: 'receiver',
    ...TASK_POLLING,
    summary: 'A server may throttle a client that polls faster than the interval it suggested.',
  },
  {
    id: 'EXT-POLL-UNTIL-TERMINAL',
    sites: ['task-polling/4'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...TASK_POLLING,
    summary: 'A client keeps polling a task until it is terminal, unless it cancels it.',
  },
  {
    id: 'EXT-POLL-PERSIST-IDS',
    sites: ['task-polling/5'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...TASK_POLLING,
    summary: 'A client stores its task IDs durably so that it can resume polling after it restarts.',
    leniency:
      'Observable only across a restart: the suite ends the client at its first poll and starts it again ' +
      'with the same URL, environment and state directory (MCP_CONFORMANCE_STATE_DIR), and looks for a ' +
      'tasks/get of the unfinished task.',
  },

  // Response (tasks/get): the DetailedTask for each status.
  {
    id: 'EXT-GET-CURRENT-STATUS',
    sites: ['response/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: "tasks/get answers with the task's status as it stands now, shaped as that status's variant of the task.",
    verifiedThroughout:
      'the checks of the per-status entries (EXT-GET-WORKING, EXT-GET-INPUT-REQUIRED, ' +
      'EXT-GET-COMPLETED-RESULT, EXT-GET-FAILED-ERROR), each reading what tasks/get reports for one status ' +
      '(a cancelled status cannot be told from outside: EXT-GET-CANCELLED)',
  },
  {
    id: 'EXT-GET-WORKING',
    sites: ['response/2'],
    keyword: 'MUST',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: 'While a task is working, tasks/get returns it with status "working".',
  },
  {
    id: 'EXT-GET-INPUT-REQUIRED',
    sites: ['response/3'],
    keyword: 'MUST',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: 'While a task waits for the client, tasks/get returns status "input_required" with an `inputRequests` map.',
  },
  {
    id: 'EXT-GET-ALL-OUTSTANDING',
    sites: ['response/4'],
    keyword: 'MUST',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: 'The `inputRequests` of an input_required task lists every request still waiting for an answer, not just one of them.',
    leniency: 'Which requests are outstanding is known only to the server; the suite judges it only for the fixture whose contract says it asks for two inputs at the same time.',
  },
  {
    id: 'EXT-GET-COMPLETED-RESULT',
    sites: ['response/5'],
    keyword: 'MUST',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: 'tasks/get of a completed task carries the final result of the request inline, in `result`.',
  },
  {
    id: 'EXT-GET-CANCELLED',
    sites: ['response/6'],
    keyword: 'MUST',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: 'Once a task is cancelled, tasks/get returns it with status "cancelled".',
    untestable:
      'Whether a task was really cancelled is known only inside the server: the extension lets a cancelled ' +
      'request still end completed or failed, so what tasks/get reports after a cancel cannot be held ' +
      'against it. The checks of tasks/cancel record the status that follows, as information.',
  },
  {
    id: 'EXT-GET-FAILED-ERROR',
    sites: ['response/7'],
    keyword: 'MUST',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: 'tasks/get of a failed task returns status "failed" together with the error that ended it.',
  },
  {
    id: 'EXT-GET-RESULTTYPE-COMPLETE',
    sites: ['response/8'],
    keyword: 'MUST',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: 'Every tasks/get answer says `resultType: "complete"`, whatever the status of the task it describes.',
  },
  {
    id: 'EXT-GET-TTL-BACKSTOP',
    sites: ['response/9', 'response/10'],
    keyword: 'MAY',
    binds: 'requestor',
    ...GET_RESPONSE,
    summary: 'A client may give up on a task whose status has not moved once its ttlMs, counted from createdAt, is over.',
  },
  {
    id: 'EXT-GET-TTL-EXPIRY',
    sites: ['response/11'],
    keyword: 'MAY',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: 'After its TTL has run out a server may turn a task failed and later remove it.',
  },
  {
    id: 'EXT-TASK-RETAINED',
    basis: { kind: 'schema' },
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: 'A task that tasks/get could read stays readable until its ttlMs, counted from its creation, has run out: it is not discarded before.',
    leniency:
      'No bold keyword says it: the Task schema describes ttlMs as the time to live from creation after ' +
      'which the server may discard the task, and the page lets a server remove a task only after its TTL ' +
      "(response/11). The suite reads that permission's condition as binding, and judges only a task it " +
      'read before that then reads as not found while the last ttlMs it reported, counted from when the ' +
      'call that created it was sent, has not run out.',
  },
  {
    id: 'EXT-GET-TTL-MAY-CHANGE',
    sites: ['response/12'],
    keyword: 'MAY',
    binds: 'receiver',
    ...GET_RESPONSE,
    summary: "A task's `ttlMs` may differ from one answer to the next.",
  },

  // Task Update Requests: the client answering inputRequests.
  {
    id: 'EXT-UPDATE-CLIENT-ANSWERS',
    sites: ['task-update-requests/1'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...TASK_UPDATE_REQUESTS,
    summary: 'A client that sees input_required answers the listed requests through tasks/update, in one call or several.',
  },
  {
    id: 'EXT-UPDATE-CLIENT-KEEPS-OBSERVING',
    sites: ['task-update-requests/2'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...TASK_UPDATE_REQUESTS,
    summary: 'After a tasks/update the client goes on following the task, by polling or notifications, until it is terminal.',
  },
  {
    id: 'EXT-UPDATE-TREAT-AS-STANDALONE',
    sites: ['task-update-requests/3'],
    keyword: 'MUST',
    binds: 'requestor',
    ...TASK_UPDATE_REQUESTS,
    summary: 'A client handles each entry of `inputRequests` exactly as it would the same request sent to it directly.',
  },
  {
    id: 'EXT-UPDATE-CLIENT-DEDUPLICATES',
    sites: ['task-update-requests/4'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...TASK_UPDATE_REQUESTS,
    summary: 'A client recognises a key it saw in an earlier poll and does not show that request to the user or model again.',
  },
  {
    id: 'EXT-UPDATE-KEY-UNIQUE',
    sites: ['task-update-requests/5'],
    keyword: 'MUST',
    binds: 'receiver',
    ...TASK_UPDATE_REQUESTS,
    summary: 'Within one task, each `inputRequests` key names one request only, for the whole life of the task.',
  },
  {
    id: 'EXT-UPDATE-KEY-NO-REUSE',
    sites: ['task-update-requests/6', 'task-update-requests/7'],
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...TASK_UPDATE_REQUESTS,
    summary: 'A key once answered is never given to a later request, and no key ever stands for two different requests of a task.',
    leniency:
      'Read as covering an answered key that stays listed too: listed after its answer was taken, it names a request ' +
      'after its response was delivered. Since an acknowledged update may show its effect later with no bound short ' +
      'of the ttl (EXT-UPDATE-EVENTUAL), a key still listed is judged only once the task has shown the answer taken: a ' +
      'look after the acknowledgement showing the task working or ended (which waits on no answer) that still lists ' +
      'it, or any later look listing it again after one that showed the task working, ended, or asking without it; ' +
      'and, for confirm_delete, whose fixture contract asks again only once it has an unusable answer, the key ' +
      'listed beside the request asked again (ext-update.reask-new-key).',
  },

  // Response (tasks/update): the acknowledgement.
  {
    id: 'EXT-UPDATE-ACK',
    sites: ['response-1/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...UPDATE_RESPONSE,
    summary: 'A successful tasks/update is answered with an empty acknowledgement, not with the task.',
    leniency: `${EMPTY_ACK} ${UPDATE_EFFECT_BOUND}`,
  },
  {
    id: 'EXT-UPDATE-EVENTUAL',
    sites: ['response-1/2'],
    keyword: 'MAY',
    binds: 'receiver',
    ...UPDATE_RESPONSE,
    summary: 'A server may acknowledge a tasks/update before tasks/get or notifications show its effect.',
  },
  {
    id: 'EXT-UPDATE-CLIENT-TRACKS-KEYS',
    sites: ['response-1/4'],
    keyword: 'SHOULD',
    binds: 'requestor',
    ...UPDATE_RESPONSE,
    summary: 'A client remembers which keys it has answered so that it answers none of them twice.',
  },
  {
    id: 'EXT-UPDATE-IGNORE-UNKNOWN-KEYS',
    sites: ['response-1/5'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...UPDATE_RESPONSE,
    summary: 'Answers under keys that are not outstanding (never issued, already answered, superseded) are dropped, not refused.',
  },
  {
    id: 'EXT-UPDATE-PARTIAL',
    sites: ['response-1/6'],
    keyword: 'MAY',
    binds: 'receiver',
    ...UPDATE_RESPONSE,
    summary: 'A server may take answers to only some outstanding keys, keeping the task input_required until the rest arrive.',
  },
  {
    id: 'EXT-UPDATE-RESULTTYPE-COMPLETE',
    sites: ['response-1/7'],
    keyword: 'MUST',
    binds: 'receiver',
    ...UPDATE_RESPONSE,
    summary: 'The tasks/update acknowledgement says `resultType: "complete"`.',
  },

  // Task Cancellation: how a client asks.
  {
    id: 'EXT-CANCEL-NOT-BY-NOTIFICATION',
    sites: ['task-cancellation/1'],
    keyword: 'MUST NOT',
    binds: 'requestor',
    ...TASK_CANCELLATION,
    summary: 'A client cancels a task with tasks/cancel, never with notifications/cancelled.',
  },

  // Response (tasks/cancel): the acknowledgement and what may follow it.
  {
    id: 'EXT-CANCEL-ACK',
    sites: ['response-2/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...CANCEL_RESPONSE,
    summary: 'A successful tasks/cancel is answered with an empty acknowledgement, whether or not the work stops.',
    leniency:
      `${EMPTY_ACK} Judged on tasks still working (ext-cancel.acknowledged). The page binds the ` +
      'acknowledgement to a successful cancel, and the words that a server is only obligated to acknowledge ' +
      'speak of work it need not stop; neither says whether cancelling a task that already ended is a success. ' +
      'So a task already completed, failed or cancelled may be acknowledged or refused with an error (the ' +
      '2025-11-25 utility refused it with -32602, and servers carried over may still do so): either answer ' +
      'passes, and only the task staying as it ended is judged (EXT-LIFECYCLE-TERMINAL-FINAL, ' +
      'ext-cancel.terminal-untouched).',
  },
  {
    id: 'EXT-CANCEL-EVENTUAL',
    sites: ['response-2/3'],
    keyword: 'MAY',
    binds: 'receiver',
    ...CANCEL_RESPONSE,
    summary: 'After acknowledging tasks/cancel a server may go on reporting the task as not yet terminal for a while.',
  },
  {
    id: 'EXT-CANCEL-MAY-END-OTHERWISE',
    sites: ['response-2/4'],
    keyword: 'MAY',
    binds: 'receiver',
    ...CANCEL_RESPONSE,
    summary: 'A task whose work finished before the cancellation took hold may end completed or failed instead of cancelled.',
  },
  {
    id: 'EXT-CANCEL-CLIENT-MAY-FORGET',
    sites: ['response-2/5'],
    keyword: 'MAY',
    binds: 'requestor',
    ...CANCEL_RESPONSE,
    summary: 'Having sent tasks/cancel, a client may discard everything it kept about the task without polling further.',
  },
  {
    id: 'EXT-CANCEL-RESULTTYPE-COMPLETE',
    sites: ['response-2/6'],
    keyword: 'MUST',
    binds: 'receiver',
    ...CANCEL_RESPONSE,
    summary: 'The tasks/cancel acknowledgement says `resultType: "complete"`.',
  },

  // Task Status Notifications: notifications/tasks over subscriptions/listen.
  {
    id: 'EXT-NOTIFY-MAY-PUSH',
    sites: ['task-status-notifications/1'],
    keyword: 'MAY',
    binds: 'receiver',
    ...STATUS_NOTIFICATIONS,
    summary: 'Besides answering polls, a server may push notifications/tasks to clients that subscribed to a task.',
  },
  {
    id: 'EXT-NOTIFY-LISTEN-REQUIRES-EXTENSION',
    sites: ['task-status-notifications/2', 'protocol-errors/4'],
    keyword: 'MUST',
    binds: 'receiver',
    ...STATUS_NOTIFICATIONS,
    summary: 'subscriptions/listen asking for taskIds without the extension declared fails with -32021 naming the missing capability.',
  },
  {
    id: 'EXT-NOTIFY-FULL-TASK',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...STATUS_NOTIFICATIONS,
    summary: 'Each notifications/tasks holds the whole DetailedTask (result, error or inputRequests included), as tasks/get would give it then.',
    leniency:
      'A descriptive sentence without a keyword; read as binding, since a client may rely on the notification instead ' +
      'of polling. "Then" is read as the lastUpdatedAt it carries: one saying a non-terminal status at (or after) the ' +
      'moment tasks/get shows the task ended misreports it (the rule book), the equal case excused when a ' +
      'notification of the end follows it (working and ended within one millisecond), the end is a cancel, the clock ' +
      'is coarser than a millisecond, or the time is the creation’s; judged only for a notification that arrived ' +
      'before the terminal answer.',
  },
  {
    id: 'EXT-NOTIFY-CLIENT-MAY-POLL',
    sites: ['task-status-notifications/3'],
    keyword: 'MAY',
    binds: 'requestor',
    ...STATUS_NOTIFICATIONS,
    summary: 'A subscribed client may still poll tasks/get, though it does not have to.',
  },
  {
    id: 'EXT-NOTIFY-NO-PROGRESS-ON-STREAM',
    sites: ['task-status-notifications/4'],
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...STATUS_NOTIFICATIONS,
    summary: "A task's listen stream carries no notifications/progress and no notifications/message.",
  },

  // Streamable HTTP: Routing Headers.
  {
    id: 'EXT-HTTP-MCP-NAME',
    sites: ['streamable-http-routing-headers/1'],
    keyword: 'MUST',
    binds: 'requestor',
    ...ROUTING_HEADERS,
    summary: 'Over Streamable HTTP a client puts the taskId in the `Mcp-Name` header of tasks/get, tasks/update and tasks/cancel.',
  },

  // Protocol Errors: JSON-RPC errors for the task methods.
  {
    id: 'EXT-ERR-INTERNAL',
    sites: ['protocol-errors/1'],
    keyword: 'MUST',
    binds: 'receiver',
    ...PROTOCOL_ERRORS,
    summary: 'Protocol-level failures of the task methods are JSON-RPC errors with the listed codes; one inside the server is -32603.',
    untestable: 'The suite cannot make an arbitrary server fail inside; the other listed cases have entries of their own.',
  },
  {
    id: 'EXT-ERR-UNKNOWN-TASK-GET',
    sites: ['protocol-errors/2'],
    keyword: 'MUST',
    binds: 'receiver',
    ...PROTOCOL_ERRORS,
    summary: 'tasks/get naming a taskId the caller has no such task for (malformed, unknown, expired) fails with -32602.',
  },
  {
    id: 'EXT-ERR-UNKNOWN-TASK-UPDATE-CANCEL',
    sites: ['protocol-errors/3', 'response-1/3', 'response-2/2'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...PROTOCOL_ERRORS,
    summary: 'tasks/update and tasks/cancel naming an unknown taskId fail with -32602 rather than being acknowledged.',
  },
  {
    id: 'EXT-ERR-TASK-METHODS-REQUIRE-EXTENSION',
    sites: ['protocol-errors/5'],
    keyword: 'MUST',
    binds: 'receiver',
    ...PROTOCOL_ERRORS,
    summary: 'tasks/get, tasks/update and tasks/cancel sent without the extension in clientCapabilities fail with -32021.',
  },
  {
    id: 'EXT-ERR-CLIENT-DECLARES-ON-TASK-METHODS',
    basis: { kind: 'derived', from: 'protocol-errors/5' },
    keyword: 'MUST',
    binds: 'requestor',
    ...PROTOCOL_ERRORS,
    summary: 'A client declares the extension in the clientCapabilities of each tasks/get, tasks/update, tasks/cancel and task subscriptions/listen.',
    leniency:
      "No keyword binds the client here: derived from the server's MUST to refuse these requests without " +
      'the declaration, and from the base rule that each request carries the capabilities relevant to it ' +
      '(no earlier declaration is remembered). Read as binding, since without it a client cannot follow ' +
      'its tasks on a conforming server.',
  },
  {
    id: 'EXT-ERR-INFORMATIVE-MESSAGES',
    sites: ['protocol-errors/6'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...PROTOCOL_ERRORS,
    summary: 'Error responses carry a message that tells what went wrong.',
  },
  {
    id: 'EXT-REMOVED-METHODS',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...PROTOCOL_ERRORS,
    summary: 'tasks/result and tasks/list, gone from the extension, are answered with -32601 like any method the server lacks.',
    leniency: "The SEP's compatibility table gives -32601 for tasks/result; tasks/list has no rule of its own and falls under the base rule for unknown methods.",
  },

  // Task Execution Errors: failed versus completed-with-isError.
  {
    id: 'EXT-EXEC-FAILED-STATUS-MESSAGE',
    sites: ['task-execution-errors/1'],
    keyword: 'SHOULD',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: 'tasks/get of a failed task includes a `statusMessage` that helps diagnose the failure.',
  },
  {
    id: 'EXT-EXEC-FAILED-ERROR',
    sites: ['task-execution-errors/2'],
    keyword: 'MUST',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: 'tasks/get of a task that failed on a JSON-RPC error carries that error in `error`.',
  },
  {
    id: 'EXT-EXEC-TOOL-ERROR-NOT-FAILED',
    sites: ['task-execution-errors/3', 'task-status/1'],
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: 'The failed status is kept for JSON-RPC errors: a tool result with isError: true never makes a task failed.',
  },
  {
    id: 'EXT-EXEC-TOOL-ERROR-COMPLETED',
    sites: ['task-execution-errors/4'],
    keyword: 'MUST',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: 'A request whose result reports an error (a tool result with isError: true) ends completed, that result in `result`.',
  },
  {
    id: 'EXT-EXEC-SAME-ERROR',
    sites: ['task-execution-errors/5'],
    keyword: 'MUST',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: "A failed task's `error` is the very JSON-RPC error the underlying request produced.",
  },
  {
    id: 'EXT-EXEC-SAME-RESULT',
    sites: ['task-execution-errors/6'],
    keyword: 'MUST',
    binds: 'receiver',
    ...EXECUTION_ERRORS,
    summary: "A completed task's `result` is the very result the underlying request produced, isError included.",
  },

  // Security Considerations.
  {
    id: 'EXT-SEC-IDS-AS-BEARER',
    sites: ['security-considerations/1'],
    keyword: 'MAY',
    binds: 'receiver',
    ...SECURITY,
    summary: 'A server may let possession of a taskId alone grant access to the task.',
    leniency:
      'Read with the auth-binding rule (EXT-SEC-AUTH-EACH-REQUEST): a server treating IDs as bearer tokens ' +
      'authorises by possession, so another identity that knows a taskId reaching the task is no finding; ' +
      'such a server then depends on the entropy rule alone.',
  },
  {
    id: 'EXT-SEC-UNGUESSABLE-IDS',
    sites: ['security-considerations/2'],
    keyword: 'MUST',
    binds: 'receiver',
    ...SECURITY,
    summary: 'Task IDs carry enough randomness that nobody else can guess or enumerate them.',
    leniency: 'No amount of entropy is named: IDs with a visible pattern (counters, timestamps) fail; IDs merely shorter than usual advice are warned.',
  },
  {
    id: 'EXT-SEC-AUTH-EACH-REQUEST',
    sites: ['security-considerations/3'],
    keyword: 'MUST',
    binds: 'receiver',
    ...SECURITY,
    summary: 'Each task request is authorised on its own: a caller reaches only the tasks its own credentials allow.',
    leniency:
      'Task IDs may be bearer tokens (EXT-SEC-IDS-AS-BEARER), so a second identity served is allowed. A ' +
      'server that refuses that identity one request on a task binds its tasks to callers, and must then ' +
      'refuse every other (get, update, cancel, listen) too. Any JSON-RPC error counts as a refusal.',
  },
  {
    id: 'EXT-SEC-INPUT-TRUST-MODEL',
    sites: ['security-considerations/4'],
    keyword: 'MUST',
    binds: 'requestor',
    ...SECURITY,
    summary: 'A host trusts elicitation or sampling payloads that arrive in `inputRequests` no more than the same requests sent directly.',
    untestable:
      'How much a host trusts a payload and what it shows its user stay inside the host; what crosses the ' +
      'wire (no answer without the capability, answers shaped as the standalone result) is ' +
      'EXT-UPDATE-TREAT-AS-STANDALONE.',
  },

  // Base pages of 2026-07-28 the extension's checks rely on (basis: prose, own url; see the header).
  {
    id: 'EXT-BASE-DISCOVER',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...VERSION_NEGOTIATION,
    summary: 'A server answers server/discover with the versions it supports and its capabilities.',
    verifiedThroughout:
      'every run of this profile: it begins with server/discover, and a server that does not answer it ' +
      'with its supported versions cannot be run under the profile (the run ends with exit 2, saying so, ' +
      'and suggests the 2025-11-25 profile)',
  },
  {
    id: 'EXT-BASE-UNSUPPORTED-VERSION',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...VERSION_NEGOTIATION,
    summary: 'A request in a protocol version the server does not serve fails with -32022, data.supported listing the versions it does.',
  },
  {
    id: 'EXT-BASE-INITIALIZE-NAMES-VERSIONS',
    basis: { kind: 'prose' },
    keyword: 'SHOULD',
    binds: 'receiver',
    ...LEGACY_COMPATIBILITY,
    summary: 'A server without any initialize-based version names the versions it serves in the error it gives to an initialize request.',
    leniency: 'Any place in the error counts (its message or its data), in any form, as long as each version server/discover lists appears.',
  },
  {
    id: 'EXT-BASE-META-REQUIRED',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...META_FIELDS,
    summary: 'A request lacking the protocol version or client capabilities in `_meta` fails with -32602 (HTTP 400).',
  },
  {
    id: 'EXT-BASE-CLIENT-REQUEST-META',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'requestor',
    ...META_FIELDS,
    summary: "A client's every request carries its protocol version and client capabilities in `_meta`, relying on no earlier request.",
  },
  {
    id: 'EXT-BASE-MISSING-CAPABILITY-STATUS',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...META_FIELDS,
    summary: 'Over Streamable HTTP the -32021 refusing a request for a capability it did not declare travels with status 400.',
  },
  {
    id: 'EXT-BASE-UNDECLARED-CAPABILITY',
    basis: { kind: 'prose' },
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...META_FIELDS,
    summary: 'A server never counts on a client capability the request left out: no elicitation asked of a requestor that did not declare it.',
    leniency: "Judged where the extension makes it visible: the inputRequests of the task (or of the call's InputRequiredResult), for requests that declare the extension but not elicitation.",
  },
  {
    id: 'EXT-BASE-UNKNOWN-METHOD-HTTP',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...VERSION_HEADER,
    summary: 'Over Streamable HTTP a method the server does not implement is answered with status 404 and error -32601.',
  },
  {
    id: 'EXT-BASE-HEADER-VALIDATION',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...SERVER_VALIDATION,
    summary: 'Over Streamable HTTP a missing standard header, or one disagreeing with the body, is refused with status 400 and error -32020.',
    leniency:
      "The base page's header table requires Mcp-Name only for tools, resources and prompts; the extension " +
      "puts the taskId in it for the task methods as a rule for clients. A task method's Mcp-Name that " +
      'disagrees with the body is refused like any mismatched header (fail); one left out is only noted, ' +
      'since no text requires a server to demand it. A POST without MCP-Protocol-Version may be taken for ' +
      '2025-03-26 by a server that still serves clients older than the header: judged only where the server ' +
      'shows no legacy version (none before 2026-07-28 in server/discover, and a legacy initialize refused); ' +
      'a 400 with -32022 (the missing header read as a version it does not serve) passes like -32020.',
  },
  {
    id: 'EXT-BASE-CLIENT-HTTP-HEADERS',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'requestor',
    ...STANDARD_HEADERS,
    summary: 'Over Streamable HTTP every POST of a client carries `MCP-Protocol-Version` (as in `_meta`) and `Mcp-Method`, and a tools/call its `Mcp-Name`.',
    leniency:
      'The base page requires Mcp-Name for tools/call, resources/read and prompts/get; the requestor scenarios ' +
      "call tools only, so only tools/call's is judged here (the task methods' Mcp-Name is EXT-HTTP-MCP-NAME).",
  },
  {
    id: 'EXT-BASE-NOTIFY-ONLY-REQUESTED',
    basis: { kind: 'prose' },
    keyword: 'MUST NOT',
    binds: 'receiver',
    ...OPENING_A_STREAM,
    summary: 'A server sends only the notification types a client subscribed to: no notifications/tasks for tasks nobody listens to.',
    leniency: 'The page speaks of a listen stream; notifications/tasks sent outside any subscription are read as unrequested too, since listening is the only way to ask for them.',
  },
  {
    id: 'EXT-BASE-SUBSCRIPTION-ACK-FIRST',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...ACKNOWLEDGMENT,
    summary: 'A subscription starts with notifications/subscriptions/acknowledged carrying its subscriptionId, before any notification of it.',
  },
  {
    id: 'EXT-BASE-SUBSCRIPTION-ID-EACH',
    basis: { kind: 'prose' },
    keyword: 'MUST',
    binds: 'receiver',
    ...RECEIVING_NOTIFICATIONS,
    summary: 'Every notification a listen stream carries, not only its acknowledgement, names the subscription in `_meta`.',
    leniency:
      'The page describes this without a keyword of its own; it is read as binding the server because ' +
      'clients must sort notifications by that id. Judged on the notifications/tasks of a task only one ' +
      'subscription listens to: none may name another subscription, or none (over HTTP, where the ' +
      "connection's stream is the subscription's). On stdio, where unasked news of the task would travel the " +
      'same pipe, one naming none is taken for a missing id only when none of them names the subscription.',
  },
]);

function indexById(requirements: readonly Requirement[]): ReadonlyMap<string, Requirement> {
  const byId = new Map<string, Requirement>();
  for (const entry of requirements) {
    // A duplicate would make a check's verdict ambiguous; fail at load rather than report the wrong entry.
    if (byId.has(entry.id)) throw new Error(`Duplicate requirement id ${entry.id} in suites/2026-07-28/requirements.ts`);
    byId.set(entry.id, entry);
  }
  return byId;
}

export const EXT_REQUIREMENTS_BY_ID: ReadonlyMap<string, Requirement> = indexById(EXT_REQUIREMENTS);
