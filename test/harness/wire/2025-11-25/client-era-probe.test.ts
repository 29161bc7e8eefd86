// A dual-era client asks server/discover at the 2025-11-25 endpoint before it initializes (the 2026-07-28 versioning
// page's era probe); the endpoint refuses it as a 2025-11-25 server does. That refusal must not keep the client's process
// from serving the next check (issue 30: every check launched its own client once the reference became dual-era),
// while a plain request before initialize still counts as improper.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ClientEndpoint } from '../../../../harness/wire/2025-11-25/client-endpoint.js';
import { Transcript } from '../../../../harness/wire/transcript.js';

let endpoint: ClientEndpoint;
beforeAll(async () => {
  endpoint = await ClientEndpoint.start();
});
afterAll(async () => {
  await endpoint.close();
});

const ACCEPT = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(url, { method: 'POST', headers: { ...ACCEPT, ...headers }, body: JSON.stringify(body) });
  await response.text();
  return response;
}

/** Sends `early` before initialize, then connects as a 2025-11-25 client would; the session as the endpoint holds it. */
async function connectAfter(early: { body: unknown; headers?: Record<string, string> }) {
  const transcript = new Transcript();
  const slot = endpoint.openSlot({ transcript, label: 'C1', requestTimeoutMs: 5_000 });
  const refused = await post(slot.url, early.body, early.headers);
  const init = await fetch(slot.url, {
    method: 'POST',
    headers: ACCEPT,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '1' } } }),
  });
  await init.text();
  const session = { 'Mcp-Session-Id': init.headers.get('mcp-session-id')!, 'Mcp-Protocol-Version': '2025-11-25' };
  await post(slot.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
  const stream = new AbortController();
  await fetch(slot.url, { method: 'GET', headers: { Accept: 'text/event-stream', ...session }, signal: stream.signal });
  const ready = await slot.ready;
  return { refused, ready, transcript, end: async () => (stream.abort(), await slot.close()) };
}

describe('the endpoint and a client that probes the era before it initializes', () => {
  it('refuses server/discover as a 2025-11-25 server, and the session stays fit to serve another check', async ({ expect }) => {
    const { refused, ready, transcript, end } = await connectAfter({ body: { jsonrpc: '2.0', id: 'probe', method: 'server/discover', params: {} }, headers: { 'Mcp-Protocol-Version': '2026-07-28' } });
    expect(refused.status).toBe(400);
    expect(ready.session.quiescent).toBe(true);
    expect(transcript.entries().some((entry) => entry.dir === 'note' && /probed the 2026-07-28 era/.test(entry.text ?? ''))).toBe(true);
    await end();
  });

  it('still counts a plain request before initialize as improper', async ({ expect }) => {
    const { refused, ready, end } = await connectAfter({ body: { jsonrpc: '2.0', id: 'early', method: 'tools/list', params: {} } });
    expect(refused.status).toBe(400);
    expect(ready.session.quiescent).toBe(false);
    await end();
  });
});
