// Streamable HTTP of 2026-07-28 mirrors parts of the body into headers for intermediaries; the receiver must
// find them present and equal to the body, or reject the request with -32020 (HTTP 400).
import type { IncomingHttpHeaders } from 'node:http';
import type { Faults } from '../faults.js';
import { RpcError } from '../shared/jsonrpc.js';
import type { Envelope } from './envelope.js';
import { HEADER_MISMATCH } from './protocol.js';

/** The body field Mcp-Name mirrors, per method; methods not listed carry no Mcp-Name. */
const NAME_SOURCE: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'resources/read': 'uri',
  'prompts/get': 'name',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

const SENTINEL = /^=\?base64\?(.*)\?=$/s;

/** A header value as the body would hold it: the Base64 sentinel form decoded, anything else as it is. */
export function decodeHeaderValue(value: string): string | undefined {
  const encoded = SENTINEL.exec(value)?.[1];
  if (encoded === undefined) return value;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
  return Buffer.from(encoded, 'base64').toString('utf8');
}

/** Throws -32020 when MCP-Protocol-Version, Mcp-Method or (where the method has one) Mcp-Name is missing or differs from the body. */
export function validateRoutingHeaders(headers: IncomingHttpHeaders, method: string, params: Record<string, unknown>, envelope: Envelope, faults: Faults): void {
  const version = single(headers, 'mcp-protocol-version');
  if (version === undefined && !faults.has('ext-version-header-optional')) throw mismatch('the MCP-Protocol-Version header is missing');
  if (version !== undefined && version !== envelope.version) throw mismatch(`the MCP-Protocol-Version header says ${JSON.stringify(version)} but _meta says ${JSON.stringify(envelope.version)}`);

  const methodHeader = single(headers, 'mcp-method');
  if (methodHeader === undefined && !faults.has('ext-method-header-optional')) throw mismatch('the Mcp-Method header is missing');
  if (methodHeader !== undefined && methodHeader !== method) throw mismatch(`the Mcp-Method header says ${JSON.stringify(methodHeader)} but the body's method is ${JSON.stringify(method)}`);

  const field = NAME_SOURCE[method];
  if (field === undefined || faults.has('ext-ignores-routing-headers')) return;
  const nameHeader = single(headers, 'mcp-name');
  if (nameHeader === undefined && faults.has('ext-task-name-header-optional') && method.startsWith('tasks/')) return;
  if (nameHeader === undefined && faults.has('ext-tool-name-header-optional') && method === 'tools/call') return;
  // Nothing to mirror (the field missing or no string): the method itself answers the malformed request with -32602.
  if (nameHeader === undefined && typeof params[field] !== 'string') return;
  if (nameHeader === undefined) throw mismatch(`the Mcp-Name header is missing (${method} mirrors params.${field} into it)`);
  const decoded = decodeHeaderValue(nameHeader);
  if (decoded === undefined) throw mismatch('the Mcp-Name header has a malformed =?base64?...?= value');
  const body = params[field];
  // A body without the field is a malformed request, which the method itself answers with -32602.
  if (typeof body === 'string' && decoded !== body) throw mismatch(`the Mcp-Name header says ${JSON.stringify(decoded)} but params.${field} is ${JSON.stringify(body)}`);
}

/** A header's value, or undefined when absent (node joins a repeated header into one value, which then fails to match). */
function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

function mismatch(detail: string): RpcError {
  return new RpcError(HEADER_MISMATCH, `Header mismatch: ${detail}`);
}
