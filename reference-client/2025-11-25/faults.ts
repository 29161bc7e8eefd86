// The 2025-11-25 faults of the reference client: the task-layer faults of the reference server that mean something
// for a client receiver, under the same names, injected by the same shared code (task store, wire rendering, tasks/*
// handlers), so a name breaks exactly the same behaviour on either side; plus a few faults of the client as a
// requestor (the call-tools directive).
import { FAULT_DESCRIPTIONS, type FaultName } from '../../reference-server/faults.js';

/**
 * Where the server's description speaks of tools/call, the client's says what the same fault does to a
 * task-augmented sampling/createMessage or elicitation/create. Every other description is the server's.
 */
const CLIENT_WORDING: Partial<Record<FaultName, string>> = {
  'undeclared-still-creates-task': 'with variant no-tasks: declares no tasks capability yet answers a task-augmented sampling/createMessage or elicitation/create with a CreateTaskResult',
  'capability-shape-invalid': 'declares tasks.list as the boolean true instead of an object',
  'undeclared-type-rejects-task': 'a ping carrying task answers -32602 instead of the plain empty result',
  'create-includes-result': 'the CreateTaskResult also carries the fields of the eventual result (role, content, model… or action, content) at top level',
  'task-id-from-arguments': 'task ids are a hash of the method and its params, so identical requests collide',
  'result-differs': 'tasks/result appends " (from task)" to the result\'s text (the sampled text, or each string of the elicitation content)',
  'result-error-not-replayed': 'tasks/result turns a JSON-RPC error of the work into a successful result (an assistant message with the error text, or the elicitation action cancel)',
  'error-task-completed': 'a JSON-RPC error from the work (the error directive) leaves the task completed instead of failed',
  'failed-without-status-message': 'failed tasks (the error directive) carry no statusMessage',
};

/** The reference server's faults this client implements (through the shared code), in the server's order. */
export const SHARED_FAULT_NAMES = [
  'undeclared-still-creates-task',
  'undeclared-type-rejects-task',
  'result-error-data-dropped',
  'capability-shape-invalid',
  'create-result-incomplete',
  'create-status-not-working',
  'create-result-slow',
  'create-includes-result',
  'task-id-from-arguments',
  'adopt-requestor-task-id',
  'terminal-reverts-to-working',
  'created-at-drifts',
  'created-at-reformatted',
  'last-updated-goes-back',
  'result-does-not-block',
  'result-differs',
  'result-error-not-replayed',
  'result-missing-related-meta',
  'error-task-completed',
  'failed-without-status-message',
  'unknown-task-get-wrong-code',
  'unknown-task-result-wrong-code',
  'unknown-task-cancel-wrong-code',
  'error-messages-empty',
  'ttl-missing',
  'ttl-unstable',
  'ttl-not-capped',
  'expired-task-wrong-error',
  'timestamps-not-iso',
  'last-updated-before-created',
  'poll-interval-not-integer',
  'list-no-pagination',
  'list-missing-next-cursor',
  'list-omits-failed',
  'list-duplicates',
  'list-bad-cursor-accepted',
  'cancel-race-completes',
  'list-shifts-on-create',
  'expires-at-half-ttl',
  'cancel-returns-working',
  'cancel-not-final',
  'cancel-terminal-accepted',
  'result-after-cancel-hangs',
  'related-meta-on-get',
  'get-honours-meta-task',
  'result-honours-meta-task',
  'cancel-honours-meta-task',
  'related-meta-on-status-notification',
  'status-notification-incomplete',
  'status-notification-terminal-reverts',
  'sequential-task-ids',
  'short-task-ids',
  'borderline-task-ids',
] as const satisfies readonly FaultName[];

/** Faults of the client as a requestor (the call-tools directive), which the server has no counterpart of. */
const REQUESTOR_FAULT_DESCRIPTIONS = {
  'task-support-ignored': 'call-tools: on a server that takes tool tasks, every conformance_ tool is called as a task, whatever its execution.taskSupport',
  'required-called-plainly': 'call-tools: tools whose execution.taskSupport is "required" are called without task (optional ones still as tasks)',
  'related-meta-on-task-requests': 'call-tools: the tasks/get and tasks/result requests the client sends carry the related-task _meta',
  'task-on-task-requests': 'call-tools: the tasks/get and tasks/result requests the client sends carry task: {} (no scripted check aims at it: the rule book judges every request)',
  'poll-interval-ignored': 'call-tools: tasks/get is polled every 10 ms, whatever pollInterval the server gave',
  'poll-fixed-pace': 'call-tools: tasks/get is polled on a fixed timer of one second, whatever pollInterval the server gave',
  'augments-without-server-capability': 'call-tools: tools are called as their taskSupport permits even when the server declares no tasks.requests.tools.call',
  'alters-cursor': "call-tools with listTasks: lower-cases each nextCursor of the server's tasks/list before passing it back",
  'stops-polling-at-working': 'call-tools: after the first tasks/get of a task says working, stops following it (no more polls, no tasks/result), as if waiting for a status notification',
  'stops-polling-at-input-required':
    'call-tools: once a tasks/get says input_required, stops following the task (no more polls, no tasks/result); polling may stop there, fetching the input is only advised',
  'cancels-by-notification': 'call-tools with cancelTasks: cancels each task by a notifications/cancelled naming the tools/call that created it, instead of tasks/cancel',
  'relies-on-cancelled-task': 'call-tools with cancelTasks: after tasks/cancel, looks the task up with tasks/get and fails the directive (an error answer) when the task is gone',
  'polling-yields-to-notifications':
    'call-tools: once a notifications/tasks/status of a task it follows arrives, stops polling it (no more tasks/get, no tasks/result), counting on further notifications',
  'input-only-on-result-stream':
    "call-tools: never answers an elicitation/create for one of its tasks (related-task _meta) that the server sends on the GET stream, expecting input only inside tasks/result's answer",
  'no-polling-after-result-cut': 'call-tools: when a pending tasks/result is cut off before its answer (the connection dropped), gives the task up instead of going back to polling it',
  'input-required-not-fetched': 'call-tools: a task that reports input_required is polled on like a working one, and tasks/result is called only once it is terminal',
  'calls-echo-only':
    'call-tools: calls conformance_echo alone (as a task), leaving the other tools uncalled: no rule ' +
    'broken, only the fixture contract not followed, so the checks of the tools left out have nothing to ' +
    'judge',
} as const satisfies Record<string, string>;

export type SharedFaultName = (typeof SHARED_FAULT_NAMES)[number];
export type RequestorFaultName = keyof typeof REQUESTOR_FAULT_DESCRIPTIONS;

/** The 2025-11-25 faults of the reference client, with a one-line description of what each breaks. */
export const LEGACY_CLIENT_FAULT_DESCRIPTIONS: Readonly<Record<SharedFaultName | RequestorFaultName, string>> = {
  ...(Object.fromEntries(SHARED_FAULT_NAMES.map((name) => [name, CLIENT_WORDING[name] ?? FAULT_DESCRIPTIONS[name]])) as Record<SharedFaultName, string>),
  ...REQUESTOR_FAULT_DESCRIPTIONS,
};

/** Whether a fault lives in the task layer shared with the reference server (else it is a requestor fault). */
export function isSharedFault(name: string): name is SharedFaultName {
  return (SHARED_FAULT_NAMES as readonly string[]).includes(name);
}
