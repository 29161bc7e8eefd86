// The 2026-07-28 wire of the reference client: every request its own POST with the per-request envelope in `_meta`
// and the routing headers mirrored from the body; the answer read as JSON or from an SSE stream.
import { SseParser } from '../shared/sse-parser.js';

export const PROTOCOL_VERSION = '2026-07-28';
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const CLIENT_INFO = { name: 'mcp-tasks-conformance-reference-client', version: '0.1.0' };
/** What the reference client can take standalone: form elicitation and sampling (no roots), and the extension. */
export const MODERN_CLIENT_CAPABILITIES = { elicitation: { form: {} }, sampling: {}, extensions: { [TASKS_EXTENSION]: {} } };

export type Json = Record<string, unknown>;

export interface WireOptions {
  /** Methods whose envelope leaves out the protocol version (a fault). */
  versionlessMethods?: ReadonlySet<string>;
  /** Methods whose clientCapabilities leave out the extension (a fault; may change while the client runs). */
  undeclaredMethods?: ReadonlySet<string> | undefined;
  /** Mcp-Name of the task methods carries the method name (a fault). */
  methodAsTaskName?: boolean;
  /** The task methods go without Mcp-Method (a fault). */
  taskMethodsWithoutMethodHeader?: boolean;
  /** tools/call goes without Mcp-Name (a fault). */
  toolCallsWithoutName?: boolean;
  signal: AbortSignal;
}

export interface RpcOutcome {
  result?: Json;
  error?: { code: number; message: string };
}

/** What the requestor needs of its wire, over Streamable HTTP or stdio. */
export interface RequestorWire {
  readonly lastRequestId: number;
  request(method: string, params?: Json): Promise<RpcOutcome>;
  notify(method: string, params: Json): Promise<void>;
  close(): void;
}

/** The request `_meta` of the 2026-07-28 era for a method, with what a fault leaves out of it. */
export function envelope(method: string, options: Pick<WireOptions, 'versionlessMethods' | 'undeclaredMethods'>): Json {
  const meta: Json = { 'io.modelcontextprotocol/clientInfo': CLIENT_INFO };
  if (!options.versionlessMethods?.has(method)) meta['io.modelcontextprotocol/protocolVersion'] = PROTOCOL_VERSION;
  const { extensions: _extensions, ...withoutExtension } = MODERN_CLIENT_CAPABILITIES;
  meta['io.modelcontextprotocol/clientCapabilities'] = options.undeclaredMethods?.has(method) ? withoutExtension : MODERN_CLIENT_CAPABILITIES;
  return meta;
}

export class ModernWire implements RequestorWire {
  private nextId = 1;

  constructor(
    private readonly url: string,
    private readonly options: WireOptions,
  ) {}

  /** The id of the request sent last (a notifications/cancelled names it). */
  get lastRequestId(): number {
    return this.nextId - 1;
  }

  async request(method: string, params: Json = {}): Promise<RpcOutcome> {
    const id = this.nextId++;
    const body = { jsonrpc: '2.0', id, method, params: { ...params, _meta: this.envelope(method) } };
    const response = await fetch(this.url, { method: 'POST', headers: this.headers(method, params), body: JSON.stringify(body), signal: this.options.signal });
    const type = response.headers.get('content-type') ?? '';
    const message = type.includes('text/event-stream') ? await answerFromStream(response, id) : ((await response.json().catch(() => undefined)) as Json | undefined);
    if (!message) return { error: { code: -32603, message: `no JSON-RPC answer (HTTP ${response.status})` } };
    if (message.error) return { error: message.error as RpcOutcome['error'] };
    return { result: (message.result ?? {}) as Json };
  }

  async notify(method: string, params: Json): Promise<void> {
    const body = { jsonrpc: '2.0', method, params: { ...params, _meta: this.envelope(method) } };
    const response = await fetch(this.url, { method: 'POST', headers: this.headers(method, params), body: JSON.stringify(body), signal: this.options.signal });
    await response.body?.cancel();
  }

  close(): void {}

  private envelope(method: string): Json {
    return envelope(method, this.options);
  }

  private headers(method: string, params: Json): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PROTOCOL_VERSION,
      'mcp-method': method,
    };
    const taskMethod = method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel';
    if (taskMethod && this.options.taskMethodsWithoutMethodHeader) delete headers['mcp-method'];
    const name = taskMethod
      ? this.options.methodAsTaskName
        ? method
        : params.taskId
      : method === 'tools/call' || method === 'prompts/get'
        ? params.name
        : method === 'resources/read'
          ? params.uri
          : undefined;
    if (typeof name === 'string' && !(method === 'tools/call' && this.options.toolCallsWithoutName)) headers['mcp-name'] = headerValue(name);
    return headers;
  }
}

/** Plain visible ASCII as it is; anything else in the Base64 sentinel form. */
function headerValue(value: string): string {
  return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The JSON-RPC answer with this id from an SSE response; undefined when the stream ends without it. */
async function answerFromStream(response: Response, id: number): Promise<Json | undefined> {
  let found: Json | undefined;
  const parser = new SseParser((event) => {
    try {
      const message = JSON.parse(event.data) as Json;
      if (message.id === id && (message.result !== undefined || message.error !== undefined)) found = message;
    } catch {
      // Not JSON: not an answer.
    }
  });
  const decoder = new TextDecoder();
  for await (const chunk of response.body ?? []) {
    parser.push(decoder.decode(chunk as Uint8Array, { stream: true }));
    if (found) break;
  }
  await response.body?.cancel().catch(() => undefined);
  return found;
}
