// The JSON-RPC vocabulary the session, the receiver API and the checks share: answers, incoming messages, and the IUT's misbehaviour.

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** The receiver's answer to one request: a result or a JSON-RPC error, with when it arrived. */
export type RpcReply =
  | { ok: true; result: Record<string, unknown>; id: string | number; elapsedMs: number; receivedAt: number }
  | { ok: false; error: RpcError; id: string | number; elapsedMs: number; receivedAt: number };

export interface ReceivedNotification {
  method: string;
  params: Record<string, unknown>;
  receivedAt: number;
}

export interface IncomingRequest {
  id: string | number;
  method: string;
  params: Record<string, unknown>;
  receivedAt: number;
}

/** A handler's answer to a request from the IUT. */
export type HandlerAnswer = { result: Record<string, unknown> } | { error: RpcError };
export type RequestHandler = (request: IncomingRequest) => Promise<HandlerAnswer> | HandlerAnswer;

/** The IUT did not behave as a JSON-RPC peer must: no answer in time, or the connection went away. */
export class IutError extends Error {
  constructor(
    readonly kind: 'timeout' | 'closed' | 'transport',
    message: string,
  ) {
    super(message);
    this.name = 'IutError';
  }
}
