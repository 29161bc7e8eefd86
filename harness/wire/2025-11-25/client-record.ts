// What the client endpoint (harness/wire/connections/client-endpoint.ts) can be asked to be for one check, and what it saw a client
// under test do as a requestor on that check's endpoint: the requestor checks judge the client from this record.
import type { HeldTask } from './task-store.js';

/** The endpoint's tool whose task turns input_required (docs/client-fixture-contract.md). */
export const ENDPOINT_INPUT_TOOL = 'conformance_input';

/** How the endpoint presents itself to one check's client. */
export interface EndpointOptions {
  /** Whether the endpoint declares `tasks.requests.tools.call` (default true); without it no tool may be called as a task. */
  toolTasks?: boolean;
  /** The pollInterval the endpoint's tasks ask for (REQUESTOR_POLL_INTERVAL_MS unless given): long for the check that judges the pace. */
  pollIntervalMs?: number;
  /** The endpoint deletes a task as soon as it has acknowledged its tasks/cancel (a receiver may), so later lookups find nothing. */
  deleteCancelled?: boolean;
  /** The endpoint sends a notifications/tasks/status (still working) for a task at its first tasks/get. */
  notifyStatus?: boolean;
  /** When the input tool's task turns input_required, the endpoint sends the client its elicitation/create on the GET stream. */
  askInput?: boolean;
  /** The first tasks/result of a task not yet terminal is cut off: the endpoint drops its HTTP response without answering. */
  cutResult?: boolean;
}

/** One task the client created on the endpoint (a tools/call), and how the client followed it. */
export interface EndpointTask extends HeldTask {
  /** The tool it was created for. */
  tool: string;
  /** Whether a notifications/cancelled named the tools/call request that created the task. */
  cancelledByNotification: boolean;
  /** The input tool's elicitation sent on the GET stream (option askInput): settles true once the client answered it, false when it never did. */
  inputAnswered?: Promise<boolean>;
}

/** What the endpoint saw of one check's client. */
export interface EndpointRecord {
  readonly tasks: readonly EndpointTask[];
  /** Every tasks/list cursor the endpoint handed out. */
  readonly cursorsIssued: ReadonlySet<string>;
  /** The ids of the tasks/result requests to cut off (option cutResult): the endpoint drops their HTTP responses. */
  readonly resultsToCut?: ReadonlySet<string | number>;
}
