// Fault injection: each named fault breaks exactly one behaviour of the reference receiver,
// so that the conformance suite can be shown to catch it. Nothing here is active unless named.
import { MODERN_FAULT_DESCRIPTIONS } from './2026-07-28/faults.js';

/** The faults of the 2025-11-25 era. */
const LEGACY_FAULT_DESCRIPTIONS = {
  'undeclared-still-creates-task': 'with variant no-tasks: declares no tasks capability yet answers a task-augmented tools/call with a CreateTaskResult',
  'undeclared-type-rejects-task': 'a task-augmented request of a type without task support (ping, tools/list) answers -32602 instead of being processed normally',
  'capability-shape-invalid': 'declares tasks.list as the boolean true instead of an object (tasks.cancel when list is not declared)',
  'task-support-invalid-value': 'conformance_echo declares execution.taskSupport "sometimes" (still behaves as optional)',
  'required-without-task-iserror': 'a required tool called without task gives an isError CallToolResult instead of -32601',
  'required-without-task-invalid-request': 'a required tool called without task gives -32600 (a spec-allowed alternative to -32601)',
  'forbidden-with-task-runs': 'conformance_forbidden called with task creates a task instead of answering -32601',
  'plain-with-task-runs': 'conformance_plain (no execution field) called with task creates a task instead of answering -32601',
  'optional-plain-call-error': 'conformance_echo called without task answers -32603',
  'optional-task-call-ignored': 'conformance_echo called with task answers a plain CallToolResult although tasks are declared',
  'optional-plain-call-answers-task': 'conformance_echo called without task creates a task anyway and answers with a CreateTaskResult',
  'instant-task-created-completed': 'a task whose work takes no time is answered only once it has completed, and its CreateTaskResult says completed (a lenient reading allows it)',
  'input-task-created-input-required': 'the CreateTaskResult of a conformance_input task already says input_required (a lenient reading allows it)',
  'create-result-incomplete': 'the CreateTaskResult task lacks lastUpdatedAt (a required Task field)',
  'create-status-not-working': 'the CreateTaskResult reports status input_required (the stored task is working)',
  'create-result-slow': 'the CreateTaskResult is sent only after the work has finished (still saying working)',
  'create-includes-result': "the CreateTaskResult also carries the tool's content at top level",
  'task-id-from-arguments': 'task ids are a hash of tool name and arguments, so identical calls collide',
  'adopt-requestor-task-id': 'a string params.task.taskId from the requestor is used as the task id',
  'immediate-response-not-string': 'the model-immediate-response _meta value is an object instead of a string',
  'terminal-reverts-to-working': 'from the second tasks/get after completion, tasks/get reports working again',
  'completed-turns-failed': 'a completed task reads failed on tasks/get from a second after it completed',
  'status-unknown-while-working': 'the first tasks/get of a working task reports the status "running", which the spec does not have',
  'numeric-task-id-when-offered': "when the requestor suggests a taskId, the CreateTaskResult's taskId is a JSON number (the task is kept under its own string id)",
  'result-terminal-refused': 'tasks/result on a task already terminal when asked answers -32602 instead of its outcome (a blocked tasks/result still answers)',
  'created-at-drifts': 'tasks/get reports createdAt as the current time on every call',
  'created-at-reformatted': 'tasks/get writes createdAt with the offset +00:00 instead of Z (the same instant; a spec-allowed alternative)',
  'last-updated-goes-back': 'tasks/get reports lastUpdatedAt as the poll time while running, then createdAt + 1 ms once terminal',
  'result-does-not-block': 'tasks/result on a non-terminal task answers at once with -32602 instead of waiting',
  'result-differs': 'tasks/result appends " (from task)" to every text content',
  'result-error-not-replayed': 'tasks/result turns a JSON-RPC error of the work into an isError CallToolResult',
  'result-error-data-dropped': 'tasks/result replays a JSON-RPC error of the work without its data (code and message intact)',
  'result-missing-related-meta': 'tasks/result responses lack the related-task _meta',
  'iserror-task-completed': 'a tool result with isError true leaves the task completed instead of failed',
  'error-task-completed': 'a JSON-RPC error from the work leaves the task completed instead of failed',
  'failed-without-status-message': 'failed tasks carry no statusMessage',
  'unknown-task-get-wrong-code': 'tasks/get of an unknown task id answers -32603 instead of -32602',
  'unknown-task-result-wrong-code': 'tasks/result of an unknown task id answers -32603 instead of -32602',
  'unknown-task-cancel-wrong-code': 'tasks/cancel of an unknown task id answers -32603 instead of -32602',
  'malformed-task-id-wrong-code': 'tasks/get, tasks/result and tasks/cancel with a numeric, missing or empty taskId answer -32603 instead of -32602',
  'error-messages-empty': 'every JSON-RPC error produced by the task layer has an empty message',
  'ttl-missing': 'tasks/get results omit ttl',
  'ttl-missing-unrequested': 'a task created without a requested ttl (task: {}) is reported without ttl everywhere (CreateTaskResult, tasks/get, tasks/list, tasks/cancel, notifications)',
  'ttl-unstable': 'each tasks/get reports a ttl one lower than the previous tasks/get of that task (allowed: the ttl reported is the one in force, and the spec fixes none)',
  'ttl-not-capped': 'no maximum ttl: any requested ttl is accepted and echoed back',
  'expired-tasks-kept': 'expired tasks are kept and served for a minute past their ttl (their ttl still reported as granted)',
  'expired-task-wrong-error': 'after the ttl has elapsed, tasks/get answers -32603 instead of -32602',
  'timestamps-not-iso': 'tasks/get reports lastUpdatedAt as a millisecond epoch number in a string',
  'created-at-not-iso': 'tasks/get reports createdAt as a millisecond epoch number in a string',
  'last-updated-before-created': 'tasks/get of a terminal task reports lastUpdatedAt one second before createdAt',
  'poll-interval-not-integer': 'tasks/get reports pollInterval 50.5',
  'list-no-pagination': 'tasks/list returns every task in one page without nextCursor',
  'list-missing-next-cursor': 'tasks/list omits nextCursor on the second page even when more tasks remain',
  'list-omits-failed': 'tasks/list leaves out failed tasks',
  'list-duplicates': 'each tasks/list page after the first repeats the last task of the previous page',
  'list-bad-cursor-accepted': 'an invalid tasks/list cursor is treated as the start of the list',
  'list-entries-without-ttl': 'tasks/list entries omit ttl (tasks/get, tasks/cancel and the CreateTaskResult keep it)',
  'cancel-race-completes':
    'a tasks/cancel that arrives when at most 150 ms of the work remain is answered with the task cancelled, but the work is not stopped and its completion then overwrites cancelled',
  'list-shifts-on-create':
    'tasks/list pages newest-first two at a time and moves each next page on by the number of tasks the same connection created since the previous page (as if they had pushed the list down), so a task created during a walk makes the walk skip one',
  'expires-at-half-ttl': 'tasks are deleted (tasks/get answers -32602) once half their ttl has passed, while every answer reports the full ttl',
  'cancel-returns-working': 'tasks/cancel answers with the task still working and cancels it about 50 ms later',
  'cancel-not-final': 'cancelling does not stop the work, and its completion overwrites cancelled with completed',
  'cancel-terminal-accepted': 'cancelling a completed or failed task succeeds (the task becomes cancelled) instead of -32602',
  'cancel-status-misspelt': 'the tasks/cancel result says status "canceled" (the stored task is cancelled, and tasks/get says so)',
  'cancel-keeps-running': 'tasks/cancel marks the task cancelled but the work (and its progress) keeps running',
  'result-after-cancel-hangs': 'tasks/result of a cancelled task never answers',
  'input-status-missing': 'a conformance_input task stays working while it waits for the answer',
  'elicitation-without-related-meta': 'the elicitation sent for a task lacks the related-task _meta',
  'input-status-sticks': 'after the answer arrives the task stays input_required for 1500 ms of work instead of returning to working',
  'related-meta-on-get': 'tasks/get results carry the related-task _meta',
  'get-honours-meta-task': 'tasks/get looks up the task named in the related-task _meta instead of params.taskId',
  'result-honours-meta-task': 'tasks/result answers for the task named in the related-task _meta instead of params.taskId',
  'cancel-honours-meta-task': 'tasks/cancel cancels the task named in the related-task _meta instead of params.taskId',
  'related-meta-on-status-notification': 'status notifications carry the related-task _meta',
  'status-notification-incomplete': 'status notifications omit createdAt',
  'status-notification-terminal-reverts': 'after the completed status notification, one more status notification says working',
  'progress-token-dropped': 'progress notifications of a task use a different progressToken (the token + "-task")',
  'no-context-binding': 'HTTP: tasks are not bound to the bearer context (anyone can get, result, cancel and list any task)',
  'foreign-task-distinct-error': "HTTP: another context's task gets a -32602 whose message differs from an unknown task's",
  'list-leaks-foreign': 'HTTP: tasks/list shows the tasks of every context (get, result and cancel stay bound)',
  'foreign-cancel-allowed': 'HTTP: another context can cancel a task (get and result stay bound)',
  'sequential-task-ids': 'task ids are task-1, task-2, ...',
  'first-task-id-empty':
    'where tasks are bound to an authorization context (HTTP with tokens), the first task gets the empty string as its task id, and tasks/get, tasks/result and tasks/cancel find it (allowed: a string, and unique; unbound receivers need unguessable IDs)',
  'plain-calls-refused': 'every plain tools/call of a tool that takes tasks (optional or required) answers -32600, as a receiver requiring task augmentation may',
  'progress-after-completion': 'a conformance_progress task sends three more notifications/progress after it has completed',
  'short-task-ids': 'task ids are 8 random hex characters',
  'borderline-task-ids': 'task ids are 18 random base64url characters (about 108 bits)',
  'list-without-auth': 'HTTP without tokens still declares and serves tasks.list',
  'related-meta-missing-on-progress': 'progress notifications of a task lack the related-task _meta',
  'stdout-log-line': 'stdio: a log line goes to stdout before every message the server sends',
  'sse-on-get': 'HTTP: tasks/get is answered on an SSE stream (text/event-stream) instead of plain JSON',
  'ask-augments-undeclared': 'conformance_ask task-augments its sampling/createMessage even when the client declared no tasks capability for it',
  'ask-augments-any-type': 'conformance_ask task-augments its request whenever the client declared tasks for any request type (elicitation/create to a client that takes only sampling as tasks)',
  'ask-poll-interval-ignored': "conformance_ask polls the client's task with tasks/get every 10 ms, whatever pollInterval the client gave",
  'ask-poll-fixed-pace': "conformance_ask polls the client's task with tasks/get on a fixed timer of one second, whatever pollInterval the client gave",
  'ask-stops-polling-at-working': "conformance_ask stops polling after the first tasks/get says working and waits for a status notification of the client's task",
  'ask-polling-yields-to-notifications': "conformance_ask stops polling the client's task once a status notification of it arrives, and waits for the next one",
  'ask-related-meta-on-task-requests': 'the tasks/get and tasks/result requests conformance_ask sends the client carry the related-task _meta',
  'ask-input-required-not-fetched': "conformance_ask polls the client's task on through input_required and calls tasks/result only once it is terminal",
  'ask-alters-cursor': "conformance_ask lower-cases each nextCursor of the client's tasks/list before passing it back",
} as const satisfies Record<string, string>;

/** Every fault the reference receiver can inject, with a one-line description of what it breaks (modern ones in 2026-07-28/faults.ts). */
export const FAULT_DESCRIPTIONS = { ...LEGACY_FAULT_DESCRIPTIONS, ...MODERN_FAULT_DESCRIPTIONS } as const;

export type FaultName = keyof typeof FAULT_DESCRIPTIONS;

/** Every fault name, in a stable order. */
export const KNOWN_FAULTS: readonly string[] = Object.freeze(Object.keys(FAULT_DESCRIPTIONS));

/** The set of active faults; the receiver asks it before each deliberate deviation. */
export class Faults {
  private readonly active: ReadonlySet<string>;

  constructor(names: readonly string[] = []) {
    const unknown = names.filter((name) => !isFaultName(name));
    if (unknown.length > 0) throw new UnknownFaultError(unknown);
    this.active = new Set(names);
  }

  has(name: FaultName): boolean {
    return this.active.has(name);
  }

  list(): string[] {
    return [...this.active];
  }
}

export function isFaultName(name: string): name is FaultName {
  return Object.prototype.hasOwnProperty.call(FAULT_DESCRIPTIONS, name);
}

/** Thrown for a fault name the receiver does not know; the message says how to mend it. */
export class UnknownFaultError extends Error {
  constructor(readonly names: readonly string[]) {
    super(`unknown fault ${names.map((name) => JSON.stringify(name)).join(', ')}; valid faults are: ${KNOWN_FAULTS.join(', ')}`);
    this.name = 'UnknownFaultError';
  }
}
