// Explanations of the extension's flow checks: polling, lifecycle, tasks/update, cancellation, notifications.
import type { CheckExplanation } from '../2025-11-25/explanations.js';

export const FLOW_EXPLANATIONS: Readonly<Record<string, CheckExplanation>> = {
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
  'ext-update.acknowledged': {
    does: 'Starts confirm_delete, waits for its input_required state, answers every outstanding elicitation from its requestedSchema (accept, confirm: true) with tasks/update, and requires a success answer. Then it polls until the task ends: a task still waiting on the answered key long after the acknowledgement is a fail; the result is expected to name the file.',
    causes: [
      {
        cause: 'tasks/update is not implemented or rejects answers it should take (a schema mismatch on `inputResponses`, a lookup by the wrong key), answering with an error.',
        fix: 'Accept `{taskId, inputResponses}` where each key is an outstanding input key and each value the client’s result for that request (for an elicitation `{action, content}`), hand the answers to the waiting work, and reply `{"resultType": "complete"}`.',
        faults: ['ext-update-refused'],
      },
      {
        cause: 'The update is acknowledged but the answers never reach the waiting work, so the task stays input_required with the same request.',
        fix: 'Resolve the pending request the key names with the answer before acknowledging, and move the task back to working once nothing is outstanding.',
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
};
