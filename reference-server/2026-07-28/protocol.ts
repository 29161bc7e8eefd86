// Names and numbers of the modern era (MCP 2026-07-28 with the Tasks extension): the _meta keys, the
// extension key, the error codes the base protocol allocates, and the era a receiver runs in.
import { INVALID_PARAMS, METHOD_NOT_FOUND, RpcError, isRateLimited } from '../shared/jsonrpc.js';

/** Which eras a receiver serves: both (the default), only the initialize-based one, or only the per-request one. */
export type Era = 'dual' | 'legacy' | 'modern';
export const ERAS: readonly Era[] = ['dual', 'legacy', 'modern'];

export const MODERN_VERSION = '2026-07-28';
export const SUPPORTED_VERSIONS: readonly string[] = [MODERN_VERSION];

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
export const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
export const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
export const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
export const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
export const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';

export const HEADER_MISMATCH = -32020;
export const MISSING_CLIENT_CAPABILITY = -32021;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** How long a modern task is kept, and how often a client is asked to poll it. */
export const TASK_TTL_MS = 300_000;
export const TASK_POLL_INTERVAL_MS = 50;

/** A malformed request envelope (missing or ill-typed _meta fields): -32602, which HTTP answers with 400. */
export class EnvelopeError extends RpcError {
  constructor(message: string) {
    super(INVALID_PARAMS, message);
    this.name = 'EnvelopeError';
  }
}

/** The HTTP status a modern JSON-RPC error travels with. */
export function httpStatusOf(error: RpcError): number {
  if (error instanceof EnvelopeError) return 400;
  if (error.code === HEADER_MISMATCH || error.code === MISSING_CLIENT_CAPABILITY || error.code === UNSUPPORTED_PROTOCOL_VERSION) return 400;
  if (error.code === METHOD_NOT_FOUND) return 404;
  if (isRateLimited(error)) return 429;
  return 200;
}

/** -32022 listing every version the receiver serves (a dual-era one names its legacy version too, as server/discover does). */
export function unsupportedVersion(requested: unknown, withList = true, supported: readonly string[] = SUPPORTED_VERSIONS): RpcError {
  const data: Record<string, unknown> = withList ? { supported: [...supported], requested } : { requested };
  return new RpcError(UNSUPPORTED_PROTOCOL_VERSION, `Unsupported protocol version ${JSON.stringify(requested)}: this receiver serves ${supported.join(', ')}`, data);
}

/** -32021 naming the Tasks extension as the capability the request lacked (without data under a fault). */
export function tasksExtensionRequired(what: string, withData = true): RpcError {
  const message = `Missing required client capability: ${what} needs the ${TASKS_EXTENSION} extension in _meta["${CLIENT_CAPABILITIES_KEY}"].extensions`;
  return new RpcError(MISSING_CLIENT_CAPABILITY, message, withData ? { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } : undefined);
}
