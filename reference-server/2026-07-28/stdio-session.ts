// The modern side of a stdio process: which era serves each request, and the modern requests in flight
// (listen streams stay in flight until notifications/cancelled names them).
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { INVALID_REQUEST, errorResponse } from '../shared/jsonrpc.js';
import type { ModernEra } from './dispatcher.js';
import { carriesModernMeta } from './envelope.js';
import type { Era } from './protocol.js';

/** legacy: the 2025-11-25 dispatcher; modern: ModernEra; refuse: -32601 (a legacy-only receiver meeting a modern request). */
export type StdioRoute = 'legacy' | 'modern' | 'refuse';

/**
 * The era rule on stdio. Dual: initialize is legacy; server/discover and requests with the modern _meta are
 * modern; anything else is legacy once the process has answered initialize, and modern (hence malformed) before.
 */
export function stdioRoute(method: string, params: unknown, era: Era, initialized: boolean): StdioRoute {
  const modernMark = method === 'server/discover' || carriesModernMeta(params);
  if (era === 'legacy') return modernMark ? 'refuse' : 'legacy';
  if (era === 'modern') return 'modern';
  if (method === 'initialize') return 'legacy';
  if (modernMark) return 'modern';
  return initialized ? 'legacy' : 'modern';
}

export class ModernStdioSession {
  private readonly inflight = new Map<string, AbortController>();

  constructor(
    private readonly era: ModernEra,
    private readonly context: string,
    private readonly send: (message: JSONRPCMessage) => void,
  ) {}

  handle(message: JSONRPCRequest): void {
    const key = requestKey(message.id);
    if (this.inflight.has(key)) {
      this.send(errorResponse(message.id, { code: INVALID_REQUEST, message: `Request id ${JSON.stringify(message.id)} is already in use by a request still in progress` }));
      return;
    }
    const controller = new AbortController();
    this.inflight.set(key, controller);
    const finish = () => {
      if (this.inflight.get(key) === controller) this.inflight.delete(key);
    };
    const channel = {
      signal: controller.signal,
      send: (out: JSONRPCMessage) => void (controller.signal.aborted || this.send(out)),
      end: finish,
    };
    void this.era.handle(message, this.context, channel).then((answer) => {
      if (answer.kind === 'stream') return; // open until notifications/cancelled names it
      finish();
      if (answer.kind === 'response' && !controller.signal.aborted) this.send(answer.response);
    });
  }

  /** notifications/cancelled: stops the modern request it names (nothing more is sent for it); false when none is in flight. */
  cancel(requestId: unknown): boolean {
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return false;
    const key = requestKey(requestId);
    const controller = this.inflight.get(key);
    if (!controller) return false;
    this.inflight.delete(key);
    controller.abort(new Error('cancelled by the requestor'));
    return true;
  }

  close(): void {
    for (const controller of this.inflight.values()) controller.abort(new Error('connection closed'));
    this.inflight.clear();
  }
}

/** Keeps 1 and "1" apart when indexing requests by id. */
function requestKey(id: RequestId): string {
  return `${typeof id}:${String(id)}`;
}
