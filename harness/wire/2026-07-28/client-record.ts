// What the suite, playing a 2026-07-28 extension server (client-endpoint.ts), can be asked to be for one check, and
// what it saw a client under test do there as the requestor: the 2026-07-28 requestor checks judge the client from it.

/** How a tool of the endpoint answers a tools/call that declares the extension (one without it always gets a plain result). */
export type EndpointToolKind =
  /** A plain CallToolResult, though the request declared the extension (the server may always answer so). */
  | 'plain'
  /** A task that stays working for a few polls, then completes with its result inlined. */
  | 'task'
  /** A task that turns input_required, with one inputRequests key at a time, then completes once they are answered. */
  | 'input'
  /** A task whose inputRequests hold one request of a kind the client declared and one of a kind it did not. */
  | 'mixed-input'
  /** A task the contract tells the client to cancel; it stays working until cancelled. */
  | 'cancel';

/** The tool of each kind, as the client fixture contract names it. */
export const ENDPOINT_TOOL_NAMES: Readonly<Record<EndpointToolKind, string>> = {
  plain: 'conformance_plain',
  task: 'conformance_task',
  input: 'conformance_input',
  'mixed-input': 'conformance_mixed_input',
  cancel: 'conformance_cancel',
};

export interface EndpointOptions {
  /** The tools the endpoint lists, by kind. */
  tools: readonly EndpointToolKind[];
  /** The pollIntervalMs its tasks ask for (a brisk one unless given). */
  pollIntervalMs?: number;
  /** From the first tasks/get answer on, a task asks for this pollIntervalMs instead: the server changes its pace mid-task. */
  laterPollIntervalMs?: number;
  /** tools/list, a request tasks do not cover, is answered with a CreateTaskResult (which the client must take as invalid). */
  taskOnToolsList?: boolean;
  /** The input tool asks this many questions, one after another, each under a fresh key (default 2). */
  inputRounds?: number;
  /** A plain task completes only once a client started a second time polls it (the check of persisted task IDs). */
  completeAfterRestart?: boolean;
}

/** One request the client sent the endpoint. */
export interface SeenRequest {
  method: string;
  id: string | number | null;
  params: Record<string, unknown>;
  /** The routing headers of its POST (lowercase names), as sent. */
  headers: { mcpMethod?: string; mcpName?: string; protocolVersion?: string };
  /** performance.now() at its arrival. */
  at: number;
  /** Which start of the client process sent it (1 for the first, 2 after a restart). */
  run: number;
  /** How it came: its own POST, or a line on the stdio of the server command the client launched (no HTTP headers). */
  via: 'http' | 'stdio';
}

export interface SeenNotification {
  method: string;
  params: Record<string, unknown>;
  at: number;
  run: number;
}

/** One task the endpoint created for the client, and how the client followed it. */
export interface EndpointTask {
  taskId: string;
  kind: EndpointToolKind;
  status: string;
  /** The id of the tools/call that created it, which a notifications/cancelled would name. */
  createdByRequest: string | number | null;
  createdAt: number;
  /** Each tasks/get answer: when, the status it reported, the inputRequests keys it showed and the pollIntervalMs it asked for. */
  reported: { at: number; status: string; keys: string[]; run: number; pollIntervalMs: number }[];
  /** Every inputRequests entry the task ever showed, by key. */
  inputs: Map<string, { method: string; params: Record<string, unknown> }>;
  /** Each tasks/update naming the task: when, and its inputResponses. */
  updates: { at: number; responses: Record<string, unknown> }[];
  /** tasks/cancel requests naming the task. */
  cancelRequests: number;
}

/** What the endpoint saw on one check's path. */
export interface EndpointRecord {
  readonly requests: readonly SeenRequest[];
  readonly notifications: readonly SeenNotification[];
  readonly tasks: readonly EndpointTask[];
  /** Task IDs handed out in answer to requests tasks do not cover (option taskOnToolsList). */
  readonly unsupportedTaskIds: readonly string[];
  /** The pollIntervalMs every task of this endpoint asked for when created (its tasks/get answers say theirs, in `reported`). */
  readonly pollIntervalMs: number;
  /** Bodies that were not a JSON-RPC message (the endpoint answered 400). */
  readonly malformedBodies: number;
}

/** How a client's run on its endpoint ended, as the harness drove it. */
export interface ClientRun {
  record: EndpointRecord;
  /** How the wait for the client ended: it exited, went quiet, or the scenario's bound passed. */
  ended: 'exited' | 'quiet' | 'bound';
  /** Set when the harness restarted the client (option restartAfterFirstPoll): when the second start began. */
  restartedAt?: number;
}
