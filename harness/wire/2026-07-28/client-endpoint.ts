// The suite as a 2026-07-28 extension server that a client under test connects to over Streamable HTTP, on loopback,
// one endpoint per check: server/discover, tools/list and the contract's tools (docs/client-fixture-contract-2026-07-28.md),
// and the task methods. It records everything the client sends, with its routing headers, for the requestor checks.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { TOOL } from '../../model/tool.js';
import type { Transcript } from '../transcript.js';
import { declaresExtension, META_CLIENT_CAPABILITIES, META_SERVER_INFO, MODERN_PROTOCOL_VERSION, TASKS_EXTENSION } from './envelope.js';
import { ENDPOINT_TOOL_NAMES, type EndpointOptions, type EndpointRecord, type EndpointToolKind, type SeenNotification, type SeenRequest } from './client-record.js';
import { EndpointTasks, type Wire } from './endpoint-tasks.js';
import { VIA_STDIO_HEADER } from './stdio-bridge.js';
import { readJsonBody } from '../http-body.js';

const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;

/** The client capabilities a request declared in its `_meta` envelope, or undefined when it carries none. */
export function envelopeCapabilities(params: Record<string, unknown>): Record<string, unknown> | undefined {
  const meta = params._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const capabilities = (meta as Record<string, unknown>)[META_CLIENT_CAPABILITIES];
  return typeof capabilities === 'object' && capabilities !== null ? (capabilities as Record<string, unknown>) : undefined;
}

export class ClientEndpoint {
  readonly requests: SeenRequest[] = [];
  readonly notifications: SeenNotification[] = [];
  readonly unsupportedTaskIds: string[] = [];
  malformedBodies = 0;
  /** The client process start being served: 2 and on after a restart. */
  run = 1;
  private readonly tasks: EndpointTasks;
  private readonly listeners = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly options: EndpointOptions,
    private readonly transcript: Transcript,
    private readonly label: string,
  ) {
    this.tasks = new EndpointTasks(options, () => this.run);
  }

  static async start(options: EndpointOptions, transcript: Transcript, label: string): Promise<ClientEndpoint> {
    // Assigned once the server listens; requests cannot arrive before that.
    // eslint-disable-next-line prefer-const
    let endpoint: ClientEndpoint | undefined;
    const path = `/mcp/${randomUUID()}`;
    const server = createServer((req, res) => {
      endpoint?.handle(req, res, path).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    endpoint = new ClientEndpoint(server, `http://127.0.0.1:${port}${path}`, options, transcript, label);
    return endpoint;
  }

  get record(): EndpointRecord {
    return {
      requests: this.requests,
      notifications: this.notifications,
      tasks: this.tasks.tasks,
      unsupportedTaskIds: this.unsupportedTaskIds,
      pollIntervalMs: this.tasks.pollIntervalMs,
      malformedBodies: this.malformedBodies,
    };
  }

  /** Called after every message the client sends. */
  onActivity(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (new URL(req.url ?? '/', 'http://endpoint').pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    // The modern era has no session and no standalone stream: every message is its own POST.
    if (req.method !== 'POST') {
      this.transcript.note(`the client sent an HTTP ${req.method ?? '?'}; a 2026-07-28 server takes POSTs only and answered 405`, this.label);
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const body = await readJsonBody(req);
    const message = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    if (!message || typeof message.method !== 'string') {
      this.malformedBodies += 1;
      this.transcript.note(`the client POSTed a body that is not a JSON-RPC request or notification; answered 400: ${JSON.stringify(body)?.slice(0, 300)}`, this.label);
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    this.transcript.incoming(this.label, message);
    const params = typeof message.params === 'object' && message.params !== null ? (message.params as Record<string, unknown>) : {};
    const at = performance.now();
    if (message.id === undefined) {
      this.notifications.push({ method: message.method, params, at, run: this.run });
      res.writeHead(202).end();
      this.notify();
      return;
    }
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
    const via = header(VIA_STDIO_HEADER) === 'stdio' ? 'stdio' : 'http';
    const seen: SeenRequest = {
      method: message.method,
      id: message.id as string | number | null,
      params,
      headers: via === 'stdio' ? {} : { mcpMethod: header('mcp-method'), mcpName: header('mcp-name'), protocolVersion: header('mcp-protocol-version') },
      at,
      run: this.run,
      via,
    };
    this.requests.push(seen);
    const answer = this.answer(seen);
    const reply = { jsonrpc: '2.0', id: message.id, ...answer };
    this.transcript.outgoing(this.label, reply);
    // As a 2026-07-28 server answers a method it does not implement over HTTP: 404 with -32601.
    const status = 'error' in answer && answer.error.code === METHOD_NOT_FOUND ? 404 : 200;
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply));
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private answer(request: SeenRequest): { result: Wire } | { error: Wire } {
    const { params } = request;
    switch (request.method) {
      case 'server/discover':
        return {
          result: {
            resultType: 'complete',
            supportedVersions: [MODERN_PROTOCOL_VERSION],
            capabilities: { tools: {}, extensions: { [TASKS_EXTENSION]: {} } },
            ttlMs: 0,
            cacheScope: 'public',
            _meta: { [META_SERVER_INFO]: { name: TOOL.name, version: TOOL.version } },
          },
        };
      case 'tools/list':
        if (this.options.taskOnToolsList && declaresExtension(envelopeCapabilities(params))) return { result: this.taskForUnsupported() };
        return { result: { resultType: 'complete', tools: this.options.tools.map(toolDeclaration), ttlMs: 0, cacheScope: 'public' } };
      case 'tools/call':
        return this.callTool(request);
      case 'tasks/get': {
        const task = this.tasks.find(params.taskId);
        return task ? { result: this.tasks.get(task, request.at) } : unknownTask(params.taskId);
      }
      case 'tasks/update': {
        const task = this.tasks.find(params.taskId);
        if (!task) return unknownTask(params.taskId);
        const responses = params.inputResponses;
        if (typeof responses !== 'object' || responses === null || Array.isArray(responses))
          return { error: { code: INVALID_PARAMS, message: 'tasks/update needs params.inputResponses, an object of answers by key' } };
        this.tasks.update(task, responses as Wire, request.at);
        return { result: { resultType: 'complete' } };
      }
      case 'tasks/cancel': {
        const task = this.tasks.find(params.taskId);
        if (!task) return unknownTask(params.taskId);
        if (!this.tasks.cancel(task)) return { error: { code: INVALID_PARAMS, message: `the task is already ${task.status}` } };
        return { result: { resultType: 'complete' } };
      }
      default:
        return { error: { code: METHOD_NOT_FOUND, message: `Method not found: the conformance endpoint does not serve ${request.method}` } };
    }
  }

  private callTool(request: SeenRequest): { result: Wire } | { error: Wire } {
    const kind = (Object.keys(ENDPOINT_TOOL_NAMES) as EndpointToolKind[]).find((candidate) => ENDPOINT_TOOL_NAMES[candidate] === request.params.name);
    if (!kind || !this.options.tools.includes(kind)) return { error: { code: INVALID_PARAMS, message: `unknown tool ${JSON.stringify(request.params.name)}` } };
    const argumentsGiven = request.params.arguments as { text?: unknown } | undefined;
    const text = typeof argumentsGiven?.text === 'string' ? argumentsGiven.text : `${kind} done`;
    const capabilities = envelopeCapabilities(request.params);
    // Without the extension on this very request, no task: the server's MUST NOT, kept by the suite.
    if (kind === 'plain' || !declaresExtension(capabilities)) return { result: { resultType: 'complete', content: [{ type: 'text', text }], isError: false } };
    const declared = new Set(Object.keys(capabilities ?? {}).filter((name) => name !== 'extensions'));
    return { result: this.tasks.create(kind, request.id, text, declared) };
  }

  /** A CreateTaskResult for a request tasks do not cover; the client must not take it as a task. */
  private taskForUnsupported(): Wire {
    const taskId = `unsupported-${randomUUID()}`;
    this.unsupportedTaskIds.push(taskId);
    const now = new Date().toISOString();
    return { resultType: 'task', taskId, status: 'working', createdAt: now, lastUpdatedAt: now, ttlMs: 60_000, pollIntervalMs: this.tasks.pollIntervalMs };
  }
}

function toolDeclaration(kind: EndpointToolKind): Wire {
  return {
    name: ENDPOINT_TOOL_NAMES[kind],
    description: `mcp-tasks-conformance: ${kind === 'cancel' ? 'cancel the task this returns' : 'call it and follow what it returns'}`,
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  };
}

function unknownTask(taskId: unknown): { error: Wire } {
  return { error: { code: INVALID_PARAMS, message: `no task ${JSON.stringify(taskId)} on this server` } };
}
