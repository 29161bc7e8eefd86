// What request handlers may use of the connection a request arrived on; the Dispatcher implements it.
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { ReceiverEnvironment } from '../shared/environment.js';

/** A request being handled; `signal` aborts on notifications/cancelled or when the connection closes. */
export interface IncomingRequest {
  id: RequestId;
  method: string;
  params: Record<string, unknown>;
  /** The authorization context the request was made in. */
  context: string;
  signal: AbortSignal;
}

/** Returned by a handler that must not answer (a cancelled request, or a fault that hangs). */
export const NO_REPLY = Symbol('no reply');
export type HandlerResult = Record<string, unknown> | typeof NO_REPLY;

export interface Connection {
  readonly env: ReceiverEnvironment;
  readonly closed: boolean;
  /** Whether the client declared form elicitation during initialization. */
  readonly clientCanElicit: boolean;
  /** The capabilities the client declared at initialize (empty before). */
  readonly peerCapabilities: Record<string, unknown>;
  /** Hears every notification the peer sends; the returned function stops listening. */
  onNotification(listener: (method: string, params: Record<string, unknown>) => void): () => void;
  notify(method: string, params: Record<string, unknown>): void;
  /** Sends a request to the peer; rejects with RpcError on an error answer, AbortedError when aborted, ConnectionClosedError when closed. */
  request(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>>;
}

/** Thrown into pending outgoing requests when their connection goes away. */
export class ConnectionClosedError extends Error {
  constructor() {
    super('the connection closed before the requestor answered');
    this.name = 'ConnectionClosedError';
  }
}
