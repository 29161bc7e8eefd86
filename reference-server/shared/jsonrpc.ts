// JSON-RPC plumbing: error values, response builders, and triage of raw input before it reaches the SDK.
// Types only: the SDK's runtime schemas (zod) cost a stdio start ~100 ms, and the checks below are all it needs.
import type { JSONRPCErrorResponse, JSONRPCMessage, JSONRPCResultResponse, RequestId } from '@modelcontextprotocol/sdk/types.js';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** Implementation-defined server error, used for resource limits. */
export const SERVER_ERROR = -32000;

/**
 * A tasks/get that comes sooner than the task's pollInterval, refused by a receiver that enforces its pace
 * (--rate-limit): the wait left is in data.retryAfterMs, and over HTTP the answer is a 429 with Retry-After.
 */
export function rateLimited(waitMs: number, intervalMs: number): RpcError {
  return new RpcError(SERVER_ERROR, `Rate limited: poll this task at most every ${intervalMs} ms (try again in ${waitMs} ms)`, { retryAfterMs: waitMs });
}

/** Whether an error is a pace refusal made by rateLimited. */
export function isRateLimited(error: { code: number; data?: unknown }): error is { code: number; data: { retryAfterMs: number } } {
  return error.code === SERVER_ERROR && isObject(error.data) && typeof error.data.retryAfterMs === 'number';
}

/** A JSON-RPC error a handler throws (or an outcome carries) to be answered as-is. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }

  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

export function resultResponse(id: RequestId, result: Record<string, unknown>): JSONRPCResultResponse {
  return { jsonrpc: '2.0', id, result } as JSONRPCResultResponse;
}

export function errorResponse(id: RequestId | null, error: { code: number; message: string; data?: unknown }): JSONRPCErrorResponse {
  const body = error.data === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, data: error.data };
  // JSON-RPC answers errors about unidentifiable requests with id null; the SDK type wants it optional.
  return { jsonrpc: '2.0', id: id as RequestId, error: body };
}

export type Triage = { kind: 'message'; message: JSONRPCMessage } | { kind: 'reply'; reply: JSONRPCErrorResponse } | { kind: 'drop'; reason: string };

/**
 * Decides what to do with one decoded JSON value: hand it on (it is a well-formed JSON-RPC message
 * the SDK transports accept), answer it with an error (a malformed request we can still identify),
 * or drop it (a malformed notification or response, which JSON-RPC never answers).
 */
export function triage(value: unknown): Triage {
  if (isJsonRpcMessage(value)) return { kind: 'message', message: value };
  if (Array.isArray(value)) {
    return { kind: 'reply', reply: errorResponse(null, { code: INVALID_REQUEST, message: 'Batches are not supported: send one JSON-RPC message per line or POST' }) };
  }
  if (typeof value !== 'object' || value === null) {
    return { kind: 'reply', reply: errorResponse(null, { code: INVALID_REQUEST, message: 'A JSON-RPC message must be a JSON object' }) };
  }
  const obj = value as Record<string, unknown>;
  const id = obj.id;
  const idOk = typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
  const replyId = idOk ? (id as RequestId) : null;
  const isRequestish = typeof obj.method === 'string' || !('result' in obj || 'error' in obj);
  if (!isRequestish) return { kind: 'drop', reason: 'malformed JSON-RPC response' };
  if ('id' in obj === false && typeof obj.method === 'string') {
    return { kind: 'drop', reason: `malformed notification ${obj.method}` };
  }
  if (obj.jsonrpc !== '2.0') return { kind: 'reply', reply: errorResponse(replyId, { code: INVALID_REQUEST, message: 'The jsonrpc member must be exactly "2.0"' }) };
  if (!idOk) return { kind: 'reply', reply: errorResponse(null, { code: INVALID_REQUEST, message: 'A request id must be a string or an integer' }) };
  if (typeof obj.method !== 'string') return { kind: 'reply', reply: errorResponse(replyId, { code: INVALID_REQUEST, message: 'A request needs a string method' }) };
  if ('params' in obj && (typeof obj.params !== 'object' || obj.params === null || Array.isArray(obj.params))) {
    return { kind: 'reply', reply: errorResponse(replyId, { code: INVALID_PARAMS, message: `params of ${obj.method} must be a JSON object` }) };
  }
  const params = (obj.params ?? {}) as Record<string, unknown>;
  const meta = params._meta;
  if (meta !== undefined) {
    if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
      return { kind: 'reply', reply: errorResponse(replyId, { code: INVALID_PARAMS, message: 'params._meta must be a JSON object' }) };
    }
    const token = (meta as Record<string, unknown>).progressToken;
    if (token !== undefined && typeof token !== 'string' && !(typeof token === 'number' && Number.isInteger(token))) {
      return { kind: 'reply', reply: errorResponse(replyId, { code: INVALID_PARAMS, message: 'params._meta.progressToken must be a string or an integer' }) };
    }
    const related = (meta as Record<string, unknown>)['io.modelcontextprotocol/related-task'];
    if (related !== undefined && (typeof related !== 'object' || related === null || typeof (related as Record<string, unknown>).taskId !== 'string')) {
      return {
        kind: 'reply',
        reply: errorResponse(replyId, { code: INVALID_PARAMS, message: 'params._meta["io.modelcontextprotocol/related-task"] must be an object with a string taskId' }),
      };
    }
  }
  const extra = Object.keys(obj).filter((key) => !['jsonrpc', 'id', 'method', 'params'].includes(key));
  if (extra.length > 0) {
    return { kind: 'reply', reply: errorResponse(replyId, { code: INVALID_REQUEST, message: `Unexpected member(s) in a JSON-RPC request: ${extra.join(', ')}` }) };
  }
  return { kind: 'reply', reply: errorResponse(replyId, { code: INVALID_REQUEST, message: 'Not a valid JSON-RPC 2.0 request' }) };
}

const isRequestId = (id: unknown): id is RequestId => typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));

/** A _meta object as MCP defines it: an object, with a string or integer progressToken and a related task naming its taskId, when present. */
function isWellFormedMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isObject(meta)) return false;
  const related = meta['io.modelcontextprotocol/related-task'];
  return (meta.progressToken === undefined || isRequestId(meta.progressToken)) && (related === undefined || (isObject(related) && typeof related.taskId === 'string'));
}

/** Only these members, and the required ones among them present. */
function hasExactly(obj: Record<string, unknown>, required: readonly string[], optional: readonly string[]): boolean {
  return required.every((key) => key in obj) && Object.keys(obj).every((key) => required.includes(key) || optional.includes(key));
}

/**
 * A well-formed JSON-RPC 2.0 message of MCP: a request, a notification, a result or an error response, with no
 * member JSON-RPC does not define, params and results objects, and _meta as MCP shapes it (what the SDK's schema accepts).
 */
export function isJsonRpcMessage(value: unknown): value is JSONRPCMessage {
  if (!isObject(value) || value.jsonrpc !== '2.0') return false;
  if (typeof value.method === 'string') {
    const paramsOk = value.params === undefined || (isObject(value.params) && isWellFormedMeta(value.params._meta));
    if ('id' in value) return paramsOk && isRequestId(value.id) && hasExactly(value, ['jsonrpc', 'id', 'method'], ['params']);
    return paramsOk && hasExactly(value, ['jsonrpc', 'method'], ['params']);
  }
  if ('result' in value) return isRequestId(value.id) && isObject(value.result) && isWellFormedMeta(value.result._meta) && hasExactly(value, ['jsonrpc', 'id', 'result'], []);
  const error = value.error;
  return (
    isObject(error) &&
    (value.id === undefined || isRequestId(value.id)) &&
    typeof error.code === 'number' &&
    Number.isInteger(error.code) &&
    typeof error.message === 'string' &&
    hasExactly(value, ['jsonrpc', 'error'], ['id'])
  );
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Describes an unknown thrown value for a diagnostic. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
