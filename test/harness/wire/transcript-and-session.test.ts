import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { IutError, RpcSession } from '../../../harness/wire/session.js';
import { Transcript } from '../../../harness/wire/transcript.js';

/** An in-memory transport whose far end is a function the test writes. */
class ScriptedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  sent: Record<string, unknown>[] = [];
  constructor(private readonly peer: (message: Record<string, unknown>, reply: (m: unknown) => void) => void) {}
  async start() {}
  async send(message: JSONRPCMessage) {
    this.sent.push(message as Record<string, unknown>);
    this.peer(message as Record<string, unknown>, (m) => queueMicrotask(() => this.onmessage?.(m as JSONRPCMessage)));
  }
  async close() {
    this.onclose?.();
  }
}

describe('Transcript', () => {
  it('keeps entries in order with relative timestamps and counts what exceeds its limit', () => {
    const transcript = new Transcript(3);
    transcript.outgoing('A', { id: 1 });
    transcript.incoming('A', { id: 1, result: {} });
    transcript.stderr('A', 'warming up');
    transcript.note('dropped');
    const entries = transcript.entries();
    expect(entries.map((e) => e.dir)).toEqual(['out', 'in', 'stderr', 'note']);
    expect(entries[3].text).toBe('1 further entries were not kept (limit 3)');
    expect(entries[0].t).toBeLessThanOrEqual(entries[1].t);
  });
});

describe('RpcSession', () => {
  it('records both directions and resolves results and errors as sent', async () => {
    const transport = new ScriptedTransport((message, reply) => {
      if (message.method === 'ok') reply({ jsonrpc: '2.0', id: message.id, result: { value: 1 } });
      if (message.method === 'bad') reply({ jsonrpc: '2.0', id: message.id, error: { code: -32602, message: 'nope' } });
    });
    const transcript = new Transcript();
    const session = new RpcSession(transport, transcript, 'A', 1000);
    await session.start();
    const ok = await session.request('ok', {});
    const bad = await session.request('bad', {});
    expect(ok).toMatchObject({ ok: true, result: { value: 1 } });
    expect(bad).toMatchObject({ ok: false, error: { code: -32602, message: 'nope' } });
    expect(transcript.entries().filter((e) => e.dir !== 'note')).toHaveLength(4);
  });

  it('raises IutError when the peer never answers, and notes it in the transcript', async () => {
    const transcript = new Transcript();
    const session = new RpcSession(new ScriptedTransport(() => undefined), transcript, 'A', 50);
    await expect(session.request('silent', {})).rejects.toBeInstanceOf(IutError);
    expect(transcript.entries().some((e) => e.text?.includes('no answer to silent'))).toBe(true);
  });

  it('rejects pending requests when the connection closes', async () => {
    const transport = new ScriptedTransport(() => undefined);
    const session = new RpcSession(transport, new Transcript(), 'A', 5000);
    const pending = session.request('slow', {});
    await transport.close();
    await expect(pending).rejects.toMatchObject({ kind: 'closed' });
  });

  it('notes responses to unknown ids instead of failing', async () => {
    const transcript = new Transcript();
    const transport = new ScriptedTransport((message, reply) => {
      reply({ jsonrpc: '2.0', id: 'not-ours', result: {} });
      reply({ jsonrpc: '2.0', id: message.id, result: {} });
    });
    const session = new RpcSession(transport, transcript, 'A', 1000);
    await session.request('x', {});
    expect(transcript.entries().some((e) => e.text?.includes('unknown request id "not-ours"'))).toBe(true);
  });

  it('answers ping and requests it has handlers for, and -32601 to the rest', async () => {
    const answers: Record<string, unknown>[] = [];
    const transport = new ScriptedTransport((message) => {
      if (!('method' in message)) answers.push(message);
    });
    const session = new RpcSession(transport, new Transcript(), 'A', 1000);
    session.onRequest('elicitation/create', () => ({ result: { action: 'accept', content: { answer: 'yes' } } }));
    for (const [id, method] of [
      [1, 'ping'],
      [2, 'elicitation/create'],
      [3, 'sampling/createMessage'],
    ] as const) {
      transport.onmessage?.({ jsonrpc: '2.0', id, method, params: {} } as JSONRPCMessage);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers.sort((a, b) => Number(a.id) - Number(b.id))).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: { action: 'accept', content: { answer: 'yes' } } },
      expect.objectContaining({ id: 3, error: expect.objectContaining({ code: -32601 }) }),
    ]);
  });

  it('waits for notifications by event, including ones already received', async () => {
    const transport = new ScriptedTransport(() => undefined);
    const session = new RpcSession(transport, new Transcript(), 'A', 1000);
    transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/early', params: {} } as JSONRPCMessage);
    await expect(session.waitForNotification((n) => n.method === 'notifications/early', 10)).resolves.toMatchObject({ method: 'notifications/early' });
    const later = session.waitForNotification((n) => n.method === 'notifications/late', 1000);
    transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/late', params: { n: 1 } } as JSONRPCMessage);
    await expect(later).resolves.toMatchObject({ params: { n: 1 } });
    await expect(session.waitForNotification((n) => n.method === 'never', 20)).resolves.toBeUndefined();
  });
});
