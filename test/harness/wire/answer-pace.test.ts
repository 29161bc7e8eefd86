// The bound of a prompt request (a lookup): a floor until the peer shows its pace, then 5× its slowest prompt
// answer, asked again when the bound passes; waits on events (answers), with bounds in tens of milliseconds.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { AnswerPace, SLOWEST_ANSWER_FACTOR } from '../../../harness/wire/answer-pace.js';
import { IutError, RpcSession } from '../../../harness/wire/session.js';
import { Transcript } from '../../../harness/wire/transcript.js';

/** A peer that answers each method after the delay the test gives it, or never (undefined). */
class DelayedPeer implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  constructor(private readonly delayOf: (method: string) => number | undefined) {}
  async start() {}
  async send(message: JSONRPCMessage) {
    const request = message as { id?: number; method?: string };
    const delay = request.method === undefined ? undefined : this.delayOf(request.method);
    if (request.id === undefined || delay === undefined) return;
    setTimeout(() => this.onmessage?.({ jsonrpc: '2.0', id: request.id!, result: {} } as JSONRPCMessage), delay);
  }
  async close() {
    this.onclose?.();
  }
}

describe('AnswerPace', () => {
  it('holds a lookup to its floor until answers show the pace, then to 5× the slowest of them', () => {
    const pace = new AnswerPace(400);
    expect(pace.boundMs()).toBe(400);
    pace.record(20);
    expect(pace.boundMs()).toBe(400);
    pace.record(200);
    expect(pace.boundMs()).toBe(SLOWEST_ANSWER_FACTOR * 200);
    expect(pace.describe()).toMatch(/slowest of its 2 prompt answers .* took 200 ms/);
  });

  it('bounds lookups only, but learns from task creations too, whose CreateTaskResult precedes the work', () => {
    const pace = new AnswerPace(400);
    expect(pace.isPrompt('tasks/get')).toBe(true);
    expect(pace.isPrompt('tasks/result')).toBe(false);
    expect(pace.isPrompt('tools/call')).toBe(false);
    expect(pace.teaches('tools/call', { name: 'x', task: { ttl: 1000 } })).toBe(true);
    expect(pace.teaches('tools/call', { name: 'x' })).toBe(false);
    expect(pace.teaches('tasks/result', { taskId: 't' })).toBe(false);
  });
});

describe('a session with an answer pace', () => {
  it('tells a lookup the peer never answers at the floor, saying what the bound came from', async () => {
    const session = new RpcSession(new DelayedPeer((method) => (method === 'ping' ? 1 : undefined)), new Transcript(), 'A', 60_000, new AnswerPace(60));
    await session.request('ping');
    const started = performance.now();
    const error = await session.request('tasks/get', { taskId: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IutError);
    expect((error as Error).message).toMatch(/did not answer tasks\/get within \d+ ms; the slowest of its 1 prompt answers/);
    // Far below the 60 s default the session would otherwise wait.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('gives a lookup queued behind slow task creations the time their pace shows, past its floor', async () => {
    // Task creations answer in 120 ms; the lookup in 150 ms, beyond its 60 ms floor but within 5× 120 ms.
    const pace = new AnswerPace(60);
    const session = new RpcSession(new DelayedPeer((method) => (method === 'tools/call' ? 120 : method === 'tasks/get' ? 150 : undefined)), new Transcript(), 'A', 60_000, pace);
    const created = session.request('tools/call', { name: 'slow', task: { ttl: 1000 } });
    const looked = session.request('tasks/get', { taskId: 't' });
    await expect(created).resolves.toMatchObject({ ok: true });
    await expect(looked).resolves.toMatchObject({ ok: true });
  });

  it('gives up on a lookup behind an unanswered one once that one is given up too', async () => {
    const session = new RpcSession(new DelayedPeer(() => undefined), new Transcript(), 'A', 60_000, new AnswerPace(40));
    const first = session.request('tasks/get', { taskId: 'a' }).catch((e: unknown) => e);
    const second = session.request('tasks/get', { taskId: 'b' }).catch((e: unknown) => e);
    expect(await first).toBeInstanceOf(IutError);
    expect(await second).toBeInstanceOf(IutError);
  });

  it('leaves requests with their own bound, and requests that are no lookup, to that bound', async () => {
    const session = new RpcSession(new DelayedPeer((method) => (method === 'tasks/result' ? 120 : undefined)), new Transcript(), 'A', 60_000, new AnswerPace(20));
    await expect(session.request('tasks/result', { taskId: 't' })).resolves.toMatchObject({ ok: true });
  });
});
