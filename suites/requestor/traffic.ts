// What a requestor under test sent, whichever its role: a client through the call-tools directive, a server through
// the ask fixture. The checks of rules shared by both roles judge it alike.
import type { CheckContext } from '../../harness/check.js';
import { REQUESTOR_POLL_INTERVAL_MS } from '../../harness/fixtures.js';
import type { IncomingRequest } from '../../harness/rpc.js';
import { runRequestorScenario } from './scenario.js';
import { runServerRequestorScenario } from './server-scenario.js';

export interface RequestorTraffic {
  who: 'client' | 'server';
  /** Every request the requestor sent the harness, with its arrival time. */
  requests: IncomingRequest[];
  /** The pollInterval the harness gave every task it made for the requestor. */
  pollIntervalMs: number;
}

export async function requestorTraffic(ctx: CheckContext): Promise<RequestorTraffic> {
  if (ctx.facts.role === 'server') {
    const { requests, pollIntervalMs } = await runServerRequestorScenario(ctx);
    return { who: 'server', requests, pollIntervalMs };
  }
  const { requests } = await runRequestorScenario(ctx);
  return { who: 'client', requests, pollIntervalMs: REQUESTOR_POLL_INTERVAL_MS };
}
