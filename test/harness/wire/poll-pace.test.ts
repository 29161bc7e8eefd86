import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpTransport } from '../../../harness/wire/connections/http-transport.js';
import { ModernHttpTransport } from '../../../harness/wire/2026-07-28/http-transport.js';
import { paceRefusal, parseRetryAfter, PollSchedule } from '../../../harness/wire/poll-pace.js';
import { RpcSession } from '../../../harness/wire/session.js';
import { Transcript } from '../../../harness/wire/transcript.js';

/**
 * An endpoint that refuses the first tasks/get with HTTP 429 and `Retry-After: 1` (a plain-text body, as rate
 * limiters in front of servers send), then answers; it records when each tasks/get arrived.
 */
async function rateLimitedEndpoint(): Promise<{ server: Server; url: string; arrivals: number[] }> {
  const arrivals: number[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string; params?: { taskId?: string } };
      if (message.id === undefined) return void res.writeHead(202).end();
      arrivals.push(performance.now());
      if (arrivals.length === 1) return void res.writeHead(429, { 'Retry-After': '1', 'Content-Type': 'text/plain' }).end('Too Many Requests');
      const text = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { taskId: message.params?.taskId, status: 'completed', pollInterval: 50 } });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, arrivals };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('the pace the receiver asks for', () => {
  for (const era of ['2026-07-28 transport', 'SDK transport (2025-11-25)'] as const) {
    it(`a 429 with Retry-After is waited out and the tasks/get asked again, over the ${era}`, async () => {
      const { server, url, arrivals } = await rateLimitedEndpoint();
      servers.push(server);
      const transport = era === '2026-07-28 transport' ? new ModernHttpTransport(url, {}, new Map()) : createHttpTransport(url, {}, new Map());
      const transcript = new Transcript();
      const session = new RpcSession(transport, transcript, 'A1', 5_000);
      await session.start();
      const reply = await session.request('tasks/get', { taskId: 'task-1' });
      await session.close();
      expect(reply.ok).toBe(true);
      expect(arrivals).toHaveLength(2);
      // Asked again no sooner than Retry-After said (a timer may fire a hair early, never a tenth of a second).
      expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(900);
      expect(transcript.entries().some((entry) => entry.dir === 'note' && /refused for its pace \(HTTP 429/.test(entry.text ?? ''))).toBe(true);
    });
  }

  it('reads pace refusals, and only them', () => {
    const error = (message: string, data?: unknown) => ({ ok: false as const, id: 1, elapsedMs: 1, receivedAt: 0, error: { code: -32000, message, data } });
    expect(paceRefusal(error('Rate limited: poll at most every 2000 ms', { retryAfterMs: 1500 }), undefined)).toMatchObject({ retryAfterMs: 1500 });
    expect(paceRefusal(error('Too Many Requests'), undefined)).toBeDefined();
    expect(paceRefusal(error('Task not found'), undefined)).toBeUndefined();
    expect(paceRefusal(error('Task not found'), { status: 429 })).toBeDefined();
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it('the next poll of a task waits the interval its last answer gave, and a refusal backs off doubling', () => {
    const schedule = new PollSchedule();
    const now = performance.now();
    schedule.answered('t', 2000, now);
    expect(schedule.waitFor('t')).toBeGreaterThan(1900);
    expect(schedule.waitFor('other')).toBe(0);
    expect(schedule.refused('t', undefined, now)).toBe(2000);
    expect(schedule.refused('t', undefined, now)).toBe(4000);
    expect(schedule.refused('t', 9000, now)).toBe(9000);
    // A served poll starts the pace again from its answer; a changed interval counts from then on.
    schedule.answered('t', 500, now);
    expect(schedule.refused('t', undefined, now)).toBe(500);
  });
});
