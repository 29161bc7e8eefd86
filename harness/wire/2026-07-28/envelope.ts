// The modern (2026-07-28) base protocol as far as the Tasks extension needs it: what every request carries in
// `_meta`, and the routing headers Streamable HTTP mirrors from the body. Plain values, no schemas.

import { TOOL } from '../../model/tool.js';

/** The protocol revision of the modern era this suite speaks. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** The Tasks extension's identifier, as declared in capabilities.extensions. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** Error codes the modern base protocol and the extension define. */
export const HEADER_MISMATCH = -32020;
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** Client capabilities of the harness's requests: elicitation for input requests, and the extension unless told otherwise. */
export function clientCapabilities(withExtension: boolean): Record<string, unknown> {
  return { elicitation: { form: {} }, ...(withExtension ? { extensions: { [TASKS_EXTENSION]: {} } } : {}) };
}

/** The request `_meta` every modern request carries. */
export function requestMeta(capabilities: Record<string, unknown>, protocolVersion = MODERN_PROTOCOL_VERSION): Record<string, unknown> {
  return { [META_PROTOCOL_VERSION]: protocolVersion, [META_CLIENT_INFO]: { name: TOOL.name, version: TOOL.version }, [META_CLIENT_CAPABILITIES]: capabilities };
}

/** Params with the envelope merged into their `_meta` (keys the caller set in `_meta` win). */
export function withEnvelope(params: Record<string, unknown> | undefined, capabilities: Record<string, unknown>): Record<string, unknown> {
  const own = typeof params?._meta === 'object' && params._meta !== null ? (params._meta as Record<string, unknown>) : {};
  return { ...params, _meta: { ...requestMeta(capabilities), ...own } };
}

/** Methods whose Mcp-Name header mirrors params.taskId (the extension's routing rule). */
const TASK_ROUTED = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);

/** The value Mcp-Name mirrors for a request, when the method has one. */
export function routedName(method: string, params: Record<string, unknown> | undefined): string | undefined {
  const source = TASK_ROUTED.has(method) ? params?.taskId : method === 'resources/read' ? params?.uri : method === 'tools/call' || method === 'prompts/get' ? params?.name : undefined;
  return typeof source === 'string' ? source : undefined;
}

/** A header value: plain when it is safe visible ASCII without edge spaces, otherwise the Base64 sentinel form. */
export function headerValue(value: string): string {
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !/^=\?base64\?.*\?=$/.test(value);
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** A header value in the Base64 sentinel form (=?base64?…?=) decoded; undefined when it is not in that form. */
export function decodedHeaderValue(value: string | undefined): string | undefined {
  const match = value === undefined ? null : /^=\?base64\?(.*)\?=$/.exec(value);
  return match ? Buffer.from(match[1], 'base64').toString('utf8') : undefined;
}

/** The standard headers a modern POST carries for this message (values as a conforming client sets them). */
export function standardHeaders(message: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  const params = typeof message.params === 'object' && message.params !== null ? (message.params as Record<string, unknown>) : undefined;
  const meta = typeof params?._meta === 'object' && params._meta !== null ? (params._meta as Record<string, unknown>) : undefined;
  const version = meta?.[META_PROTOCOL_VERSION];
  headers['mcp-protocol-version'] = typeof version === 'string' ? version : MODERN_PROTOCOL_VERSION;
  if (typeof message.method === 'string') headers['mcp-method'] = message.method;
  const name = typeof message.method === 'string' ? routedName(message.method, params) : undefined;
  if (name !== undefined) headers['mcp-name'] = headerValue(name);
  return headers;
}

/** Whether capabilities declare the Tasks extension. */
export function declaresExtension(capabilities: unknown): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false;
  const extensions = (capabilities as Record<string, unknown>).extensions;
  return typeof extensions === 'object' && extensions !== null && typeof (extensions as Record<string, unknown>)[TASKS_EXTENSION] === 'object';
}
