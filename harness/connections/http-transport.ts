import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** How the receiver delivered the answer to one POSTed request: plain JSON, or an SSE stream. */
export type Delivery = 'json' | 'sse' | 'other';

/**
 * The SDK's Streamable HTTP client transport, with a fetch that records how each request was answered
 * (checks about SSE upgrades need it) and that never lets a stalled response hang the run.
 */
export function createHttpTransport(url: string, headers: Record<string, string>, deliveries: Map<string | number, Delivery>, onFailure?: (refused: boolean) => void) {
  const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      // An abort is the harness's own doing (closing the connection); anything else may be the server gone.
      if ((error as Error)?.name !== 'AbortError' && !init?.signal?.aborted) onFailure?.((error as { cause?: { code?: unknown } })?.cause?.code === 'ECONNREFUSED');
      throw error;
    }
    if (init?.method === 'POST' && typeof init.body === 'string') {
      const contentType = response.headers.get('content-type') ?? '';
      const delivery: Delivery = contentType.includes('text/event-stream') ? 'sse' : contentType.includes('application/json') ? 'json' : 'other';
      for (const id of requestIdsOf(init.body)) deliveries.set(id, delivery);
    }
    return response;
  };
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers },
    fetch: recordingFetch,
    // Reconnecting hides a receiver that drops its stream; a conformance run wants to see the drop.
    reconnectionOptions: { maxReconnectionDelay: 1000, initialReconnectionDelay: 200, reconnectionDelayGrowFactor: 1.5, maxRetries: 2 },
  });
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
