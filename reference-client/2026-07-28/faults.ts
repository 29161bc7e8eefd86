// The faults of the reference client's 2026-07-28 requestor: each breaks one rule the extension (or the modern base
// protocol) gives a client, so that the requestor checks of the 2026-07-28 profile are each shown to catch theirs.

export const MODERN_REQUESTOR_FAULT_DESCRIPTIONS = {
  'ext-req-polls-without-version': '2026-07-28: tasks/get requests carry clientCapabilities in _meta but no protocol version',
  'ext-req-cancel-without-version': '2026-07-28: tasks/cancel requests carry clientCapabilities in _meta but no protocol version',
  'ext-req-polls-without-extension': '2026-07-28: tasks/get requests declare client capabilities without the extension',
  'ext-req-plain-taken-as-task': '2026-07-28: a plain CallToolResult to a call that declared the extension is taken for a task, and its (absent) taskId polled with tasks/get',
  'ext-req-follows-any-task-result': '2026-07-28: a CreateTaskResult is followed as a task whatever request it answered (tools/list included)',
  'ext-req-fast-polls': '2026-07-28: tasks/get is polled every 100 ms, whatever pollIntervalMs the server gave',
  'ext-req-polls-early': '2026-07-28: tasks/get is polled after 0.6 of the pollIntervalMs the server gave',
  'ext-req-keeps-first-poll-interval': "2026-07-28: tasks/get is polled at the CreateTaskResult's pollIntervalMs throughout, whatever later tasks/get answers ask",
  'ext-req-stops-polling-at-working': '2026-07-28: after the first tasks/get of a task says working, stops following it',
  'ext-req-forgets-tasks': '2026-07-28: keeps task IDs in memory only, so a restarted client does not resume the tasks it had',
  'ext-req-resumes-without-extension': '2026-07-28: started again, polls the tasks it resumes from its state directory with client capabilities that leave the extension out',
  'ext-req-ignores-input-requests': '2026-07-28: never answers inputRequests; keeps polling an input_required task like a working one',
  'ext-req-stops-after-update': '2026-07-28: after sending a tasks/update, stops following the task',
  'ext-req-answers-undeclared-input': '2026-07-28: answers every inputRequests entry, also a roots/list though it declares no roots capability (with an empty roots list)',
  'ext-req-reanswers-shown-keys': '2026-07-28: answers every inputRequests key each poll shows, also keys it has already answered',
  'ext-req-cancels-by-notification': '2026-07-28: cancels a task with a notifications/cancelled naming the tools/call that created it, instead of tasks/cancel',
  'ext-req-mcp-name-is-method': '2026-07-28: over HTTP the Mcp-Name header of tasks/get, tasks/update and tasks/cancel carries the method name instead of the taskId',
  'ext-req-no-mcp-method': '2026-07-28: over HTTP tasks/get, tasks/update and tasks/cancel are sent without the Mcp-Method header',
  'ext-req-no-tool-name-header': '2026-07-28: over HTTP tools/call is sent without the Mcp-Name header (the task methods still carry theirs)',
} as const satisfies Record<string, string>;

export type ModernRequestorFaultName = keyof typeof MODERN_REQUESTOR_FAULT_DESCRIPTIONS;
