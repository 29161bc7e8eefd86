// What a requestor under test sent, whichever its role: a client through the call-tools directive, a server through
// the ask fixture. The checks of rules shared by both roles judge it alike.
import type { CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { REQUESTOR_POLL_INTERVAL_MS } from '../../../harness/model/fixtures.js';
import type { IncomingRequest } from '../../../harness/model/rpc.js';
import { runRequestorScenario } from './scenario.js';
import { runServerRequestorScenario } from './server-scenario.js';

/** A task the harness ran for the requestor, and how the requestor followed it. */
export interface FollowedTask {
  taskId: string;
  /** The request it was made of (tools/call for a client, sampling/createMessage or elicitation/create for a server). */
  method: string;
  status: string;
  /** Each tasks/get answer: when, and the status it reported. */
  reported: readonly { at: number; status: string }[];
  resultAsked: boolean;
}

export interface RequestorTraffic {
  who: 'client' | 'server';
  /** Every request the requestor sent the harness, with its arrival time. */
  requests: IncomingRequest[];
  /** The pollInterval the harness gave every task it made for the requestor. */
  pollIntervalMs: number;
  tasks: readonly FollowedTask[];
  /** Every tasks/list cursor the harness handed out. */
  cursorsIssued: ReadonlySet<string>;
  /** The requestor never finished what it was asked (the ask call went unanswered) although its tasks had all ended. */
  stalled: boolean;
}

export interface TrafficOptions {
  /** The requestor is also asked to walk the harness's tasks/list, whose pages of one task need cursors. */
  listTasks?: boolean;
  /** The pollInterval the harness's tasks ask for, instead of a brisk one. */
  pollIntervalMs?: number;
}

export async function requestorTraffic(ctx: CheckContext, options: TrafficOptions = {}): Promise<RequestorTraffic> {
  if (ctx.facts.role === 'server') {
    const { requests, pollIntervalMs, tasks, cursorsIssued, replies } = await runServerRequestorScenario(ctx, { listTasks: options.listTasks, pollIntervalMs: options.pollIntervalMs });
    return { who: 'server', requests, pollIntervalMs, tasks, cursorsIssued, stalled: replies.includes(undefined) };
  }
  const endpoint = options.pollIntervalMs === undefined ? undefined : { pollIntervalMs: options.pollIntervalMs };
  const { requests, record } = await runRequestorScenario(ctx, { listTasks: options.listTasks, endpoint });
  // A client that makes no tool calls skips in the scenario; one that made them never stalled the harness.
  return { who: 'client', requests, pollIntervalMs: options.pollIntervalMs ?? REQUESTOR_POLL_INTERVAL_MS, tasks: record.tasks, cursorsIssued: record.cursorsIssued, stalled: false };
}
