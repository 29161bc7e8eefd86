import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parseRetryAfter, type PaceHint, type PaceHintSource } from '../poll-pace.js';
import { HoldClock, pacedFetch, pacerFor, streamClosedByServer } from './load-pacer.js';

/** How the receiver delivered the answer to one POSTed request: plain JSON, or an SSE stream. */
export type Delivery = 'json' | 'sse' | 'other';

/**
 * The SDK's Streamable HTTP client transport, with a fetch that records how each request was answered
 * (checks about SSE upgrades need it) and that never lets a stalled response hang the run.
 */
export function createHttpTransport(url: string, headers: Record<string, string>, deliveries: Map<string | number, Delivery>, onFailure?: (refused: boolean) => void) {
  const pacer = pacerFor(url, headers);
  // Once the suite ends the session (DELETE, or closing the transport), the server ending its stream is no sign of load.
  let ending = false;
  const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (init?.method === 'DELETE') ending = true;
    let response: Response;
    const ids = typeof init?.body === 'string' ? requestIdsOf(init.body) : [];
    const what = `${init?.method ?? 'GET'} ${typeof init?.body === 'string' ? methodsOf(init.body) : 'stream'}`;
    try {
      // Refused for pace (HTTP 429), any request is waited out and sent again; the wait is the suite's, not the receiver's.
      const held = new HoldClock();
      for (const id of ids) holds.set(id, held);
      response = await pacedFetch(
        pacer,
        () => fetch(input, init),
        what,
        init?.signal,
        held,
        (line) => paced.paceNote?.(line),
      );
    } catch (error) {
      // An abort is the harness's own doing (closing the connection); anything else may be the server gone.
      if ((error as Error)?.name !== 'AbortError' && !init?.signal?.aborted) onFailure?.((error as { cause?: { code?: unknown } })?.cause?.code === 'ECONNREFUSED');
      throw error;
    }
    if (init?.method === 'POST' && typeof init.body === 'string' && response.status === 429) {
      // The SDK's transport throws on any status but 2xx; a pace refusal must reach the session as the answer it is.
      const ids = requestIdsOf(init.body);
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      for (const id of ids) paceHints.set(id, { status: 429, retryAfterMs });
      const text = ids.length === 1 ? paceRefusalBody(await response.text(), ids[0]) : await response.text();
      for (const id of ids) deliveries.set(id, 'json');
      return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
    }
    if ((init?.method ?? 'GET') === 'GET' && response.ok && response.body && (response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      // The GET stream ended by the server while the suite still listened: a sign of its capacity (a cap on streams).
      const signal = init?.signal;
      const watched = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          flush: () => {
            if (!signal?.aborted && !ending) streamClosedByServer(url);
          },
        }),
      );
      return new Response(watched, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    if (init?.method === 'POST' && typeof init.body === 'string') {
      const contentType = response.headers.get('content-type') ?? '';
      const delivery: Delivery = contentType.includes('text/event-stream') ? 'sse' : contentType.includes('application/json') ? 'json' : 'other';
      for (const id of requestIdsOf(init.body)) deliveries.set(id, delivery);
    }
    return response;
  };
  const paceHints = new Map<string | number, PaceHint>();
  const holds = new Map<string | number, HoldClock>();
  const hints: PaceHintSource = { paceHints, heldMsOf: (id: string | number) => holds.get(id)?.ms ?? 0 };
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers },
    fetch: recordingFetch,
    // Reconnecting hides a receiver that drops its stream; a conformance run wants to see the drop.
    reconnectionOptions: { maxReconnectionDelay: 1000, initialReconnectionDelay: 200, reconnectionDelayGrowFactor: 1.5, maxRetries: 2 },
  });
  const paced = Object.assign(transport, hints);
  const close = transport.close.bind(transport);
  paced.close = () => {
    ending = true;
    return close();
  };
  return paced;
}

/**
 * The body of a 429 as a JSON-RPC answer to the request: kept when it is one, otherwise an error made from it (code
 * -32000, the status in its message and `data.httpStatus`), so the harness can wait and ask again.
 */
export function paceRefusalBody(text: string, id: string | number): string {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (parsed?.id === id && ('error' in parsed || 'result' in parsed)) return text;
  } catch {
    // Not JSON: made into an error below.
  }
  return JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: `HTTP 429 Too Many Requests: ${text.slice(0, 200)}`, data: { httpStatus: 429 } } });
}

/** The JSON-RPC methods a POST body carries, for the notes on pacing. */
export function methodsOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.map((m) => (typeof m === 'object' && m !== null && 'method' in m ? String(m.method) : 'answer')).join(', ');
  } catch {
    return 'a body';
  }
}

function requestIdsOf(body: string): (string | number)[] {
  try {
    const parsed: unknown = JSON.parse(body);
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.filter((m): m is { id: string | number; method: string } => typeof m === 'object' && m !== null && 'method' in m && 'id' in m).map((m) => m.id);
  } catch {
    return [];
  }
}
