import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Admission } from '../../../harness/engine/admission.js';
import { createHttpTransport } from '../../../harness/wire/connections/http-transport.js';
import { ModernHttpTransport } from '../../../harness/wire/2026-07-28/http-transport.js';
import { HoldClock, pacedFetch, RequestPacer } from '../../../harness/wire/connections/load-pacer.js';
import { RpcSession } from '../../../harness/wire/session.js';
import { Transcript } from '../../../harness/wire/transcript.js';

/**
 * An endpoint that refuses the first `refusals` requests of any method with HTTP 429 (Retry-After: 0, the JSON-RPC
 * error as the body), then answers every request with a result naming its method.
 */
async function refusingEndpoint(refusals: number): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string };
      seen.push(message.method);
      if (seen.length <= refusals) {
        const refusal = { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Too Many Requests', data: { retryAfterMs: 0 } } };
        return void res.writeHead(429, { 'Retry-After': '0', 'Content-Type': 'application/json' }).end(JSON.stringify(refusal));
      }
      if (message.id === undefined) return void res.writeHead(202).end();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { method: message.method } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("the server's capacity", () => {
  for (const era of ['2026-07-28 transport', 'SDK transport (2025-11-25)'] as const) {
    it(`a 429 to any request (tools/call) is waited out and the request sent again, never the answer, over the ${era}`, async () => {
      const { server, url, seen } = await refusingEndpoint(2);
      servers.push(server);
      const transport = era === '2026-07-28 transport' ? new ModernHttpTransport(url, {}, new Map()) : createHttpTransport(url, {}, new Map());
      const transcript = new Transcript();
      const session = new RpcSession(transport, transcript, 'A1', 5_000);
      await session.start();
      const reply = await session.request('tools/call', { name: 'conformance_echo', arguments: { text: 'x' } });
      await session.close();
      expect(reply.ok && reply.result.method).toBe('tools/call');
      expect(seen).toEqual(['tools/call', 'tools/call', 'tools/call']);
      expect(transcript.entries().filter((entry) => entry.dir === 'note' && /refused for its pace \(HTTP 429/.test(entry.text ?? ''))).toHaveLength(2);
    });
  }

  it('a JSON-RPC refusal that says rate limit, on any request, is asked again', async () => {
    let asked = 0;
    const transport = {
      onmessage: undefined as ((message: unknown) => void) | undefined,
      async start() {},
      async close() {},
      async send(message: { id?: number }) {
        if (message.id === undefined) return;
        asked += 1;
        const answer =
          asked === 1
            ? { jsonrpc: '2.0', id: message.id, error: { code: -32000, message: 'Rate limit exceeded', data: { retryAfterMs: 0 } } }
            : { jsonrpc: '2.0', id: message.id, result: { ok: true } };
        queueMicrotask(() => transport.onmessage?.(answer));
      },
    };
    const session = new RpcSession(transport as never, new Transcript(), 'A1', 5_000);
    await session.start();
    const reply = await session.request('server/discover', {});
    expect(reply.ok).toBe(true);
    expect(asked).toBe(2);
  });

  it('the pacer holds every request of the identity after a refusal and learns a spacing', async () => {
    const pacer = new RequestPacer('http://example.test/mcp');
    let calls = 0;
    const held = new HoldClock();
    const response = await pacedFetch(
      pacer,
      async () => (++calls === 1 ? new Response('{}', { status: 429, headers: { 'retry-after': '0' } }) : new Response('{}', { status: 200 })),
      'POST initialize',
      undefined,
      held,
    );
    expect(response.status).toBe(200);
    expect(calls).toBe(2);
    expect(pacer.refusals).toBe(1);
    expect(pacer.gapMs).toBeGreaterThan(0);
  });

  it('the checks in flight halve once per episode when a wait runs out beside others, and widen again while the server keeps up', async () => {
    const admission = new Admission(8, 8, 1_000);
    const slots = await Promise.all(Array.from({ length: 8 }, () => admission.acquire()));
    expect(slots.every((slot) => slot.overlapped)).toBe(true);
    admission.release(slots[0], 'load');
    // Seven still in flight: the window halves from them.
    expect(admission.limit).toBe(3);
    // Admitted before that narrowing, the others' ends are the same episode.
    admission.release(slots[1], 'load');
    expect(admission.limit).toBe(3);
    for (const slot of slots.slice(2)) admission.release(slot, 'clean');
    expect(admission.limit).toBeGreaterThan(3);
    expect(admission.showedLoad).toBe(true);
    expect(admission.describe(10_000, 2)).toMatch(/narrowed to 3 checks in flight.*2 checks were run again alone/);
  });

  it('a run that is refused from discovery on starts with one check and widens by one per clean check', async () => {
    const admission = new Admission(32, 1, 1_000);
    expect(admission.limit).toBe(1);
    const first = await admission.acquire();
    admission.release(first, 'clean');
    expect(admission.limit).toBe(2);
    expect(admission.describe(1_000, 0)).toMatch(/narrowed to 1 check in flight/);
  });
});
