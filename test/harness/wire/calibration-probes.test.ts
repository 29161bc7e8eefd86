// The run header's calibration line says how the round trip was measured: when the probe requests failed (went
// unanswered, or were answered only with errors), it says so, and what was measured instead.
import { describe, expect, it } from 'vitest';
import { measureRoundTrip } from '../../../harness/receivers/discovery.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import type { RpcSession } from '../../../harness/wire/session.js';
import { makeTiming } from '../../../harness/wire/timing.js';

/** A session whose every request of a method is answered as `answer` says, after `elapsedMs`. */
function fakeSession(answer: (method: string) => 'ok' | 'method-not-found'): RpcSession {
  let id = 0;
  const request = async (method: string): Promise<RpcReply> => {
    id += 1;
    const base = { id, elapsedMs: method === 'ping' ? 1 : 3, receivedAt: performance.now() };
    return answer(method) === 'ok' ? { ...base, ok: true, result: {} } : { ...base, ok: false, error: { code: -32601, message: `Method not found: ${method}` } };
  };
  return { request } as unknown as RpcSession;
}

describe('calibration probes', () => {
  const timing = makeTiming(1);

  it('answered pings: the median of the pings', async () => {
    const measured = await measureRoundTrip(
      fakeSession(() => 'ok'),
      timing,
      'tools/list',
    );
    expect(measured).toEqual({ method: 'median of 5 ping requests on the discovery connection', samplesMs: [1, 1, 1, 1, 1], roundTripMs: 1 });
  });

  it('pings answered only with errors: says so and measures tools/list instead', async () => {
    const measured = await measureRoundTrip(
      fakeSession((method) => (method === 'ping' ? 'method-not-found' : 'ok')),
      timing,
      'tools/list',
    );
    expect(measured.method).toBe('the ping probes were all answered with an error (error -32601 "Method not found: ping"); so median of 5 tools/list requests on the discovery connection');
    expect(measured.roundTripMs).toBe(3);
  });

  it('every probe answered only with errors: the error answers are timed, and the line says so', async () => {
    const measured = await measureRoundTrip(
      fakeSession(() => 'method-not-found'),
      timing,
    );
    expect(measured.method).toBe('median of 5 ping requests on the discovery connection, each answered with an error (error -32601 "Method not found: ping"): the error answers were timed');
    const withFallback = await measureRoundTrip(
      fakeSession(() => 'method-not-found'),
      timing,
      'tools/list',
    );
    expect(withFallback.method).toBe(
      'median of 5 ping requests on the discovery connection, each answered with an error (error -32601 "Method not found: ping"): the error answers were timed; ' +
        'the tools/list probes were all answered with an error (error -32601 "Method not found: tools/list")',
    );
    expect(withFallback.roundTripMs).toBe(1);
  });
});
