import { randomUUID } from 'node:crypto';
import { TOOL } from '../../model/tool.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AnswerPace } from '../answer-pace.js';
import { SPEC_VERSION } from '../../model/model-basics.js';
import { RpcSession } from '../session.js';
import type { EndpointOptions, EndpointRecord } from './client-record.js';
import { endpointCapabilities, serveEndpointTools } from './endpoint-tools.js';
import type { Transcript } from '../transcript.js';
import { readJsonBody } from '../http-body.js';

/** What the harness, as a server, tells a client under test about itself. */
export const HARNESS_SERVER_INFO = { name: TOOL.name, version: TOOL.version };

export interface ClientHello {
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  clientInfo: unknown;
}

/** One endpoint of the server, waiting for one client process to connect to it. */
export interface ClientSlot {
  readonly url: string;
  /** Resolves once the client has initialized and opened its GET stream, i.e. can receive our requests. */
  readonly ready: Promise<{ session: RpcSession; hello: ClientHello }>;
  /** What the endpoint saw the client do as a requestor on this endpoint. */
  readonly record: EndpointRecord;
  /** The connected client now serves another check: the endpoint writes to its transcript and serves it afresh. */
  handOver(transcript: Transcript, label: string): void;
  close(): Promise<void>;
}

interface SlotState {
  transcript: Transcript;
  label: string;
  requestTimeoutMs: number;
  answerPace?: AnswerPace;
  endpoint?: EndpointOptions;
  record: EndpointRecord;
  transport?: StreamableHTTPServerTransport;
  session?: RpcSession;
  hello?: ClientHello;
  /** The client's initialize params when the SDK transport could not be given them as sent. */
  rawHello?: Record<string, unknown>;
  initialized: boolean;
  /** A dual-era client's modern requests being refused before it initializes (the versioning page's era probe). */
  probesInFlight: number;
  streamOpen: boolean;
  resolve: (value: { session: RpcSession; hello: ClientHello }) => void;
  checkReady(): void;
}

/**
 * The MCP server a client under test connects to, on loopback. Every connection gets its own path, so each
 * check's client sees only that check's requests; our requests travel on the client's GET stream, since they
 * answer no request of the client, and are sent only once that stream is open.
 */
export class ClientEndpoint {
  private readonly slots = new Map<string, SlotState>();

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(host = '127.0.0.1'): Promise<ClientEndpoint> {
    // Assigned once the server listens; requests cannot arrive before that.
    // eslint-disable-next-line prefer-const
    let endpoint: ClientEndpoint | undefined;
    const server = createServer((req, res) => {
      endpoint?.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    endpoint = new ClientEndpoint(server, `http://${host}:${port}`);
    return endpoint;
  }

  openSlot(options: { transcript: Transcript; label: string; requestTimeoutMs: number; answerPace?: AnswerPace; endpoint?: EndpointOptions }): ClientSlot {
    const id = randomUUID();
    let resolve!: SlotState['resolve'];
    const ready = new Promise<{ session: RpcSession; hello: ClientHello }>((r) => (resolve = r));
    const state: SlotState = {
      ...options,
      record: { tasks: [], cursorsIssued: new Set() },
      initialized: false,
      probesInFlight: 0,
      streamOpen: false,
      resolve,
      checkReady() {
        if (state.session && state.hello && state.initialized && state.streamOpen) resolve({ session: state.session, hello: state.hello });
      },
    };
    this.slots.set(id, state);
    return {
      url: `${this.baseUrl}/mcp/${id}`,
      ready,
      get record() {
        return state.record;
      },
      handOver: (transcript, label) => {
        state.transcript = transcript;
        state.label = label;
        state.session?.handOver(transcript, label);
        if (state.session) this.serve(state);
      },
      close: async () => {
        this.slots.delete(id);
        await state.session?.close().catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.slots.values()].flatMap((slot) => (slot.session ? [slot.session.close().catch(() => undefined)] : [])));
    this.slots.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/mcp\/([\w-]+)$/.exec(new URL(req.url ?? '/', 'http://endpoint').pathname);
    const slot = match ? this.slots.get(match[1]) : undefined;
    if (!slot) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'no such conformance endpoint' } }));
      return;
    }
    if (!slot.transport) this.attach(slot);
    if (req.method === 'GET') this.watchGetStream(slot, res);
    if (req.method !== 'POST') return slot.transport!.handleRequest(req, res);
    const body = await readJsonBody(req);
    if (body === undefined) {
      slot.transcript.note('the client POSTed a body that is not JSON (or over 8 MB); the endpoint answered 400', slot.label);
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    if (slot.endpoint?.cutResult) this.cutIfAsked(slot, body, res);
    const probe = slot.transport!.sessionId === undefined && isModernProbe(body, req);
    if (probe) slot.probesInFlight += 1;
    try {
      await slot.transport!.handleRequest(req, res, this.admitInitialize(slot, body));
    } finally {
      if (probe) slot.probesInFlight -= 1;
    }
  }

  /** Option cutResult: a tasks/result the endpoint's tools chose to cut off loses its HTTP response, unanswered. */
  private cutIfAsked(slot: SlotState, body: unknown, res: ServerResponse): void {
    const message = body as { method?: unknown; id?: unknown };
    if (typeof message !== 'object' || message === null || message.method !== 'tasks/result') return;
    const id = message.id as string | number;
    const cut = () => {
      if (!slot.record.resultsToCut?.has(id) || res.writableEnded) return;
      slot.transcript.note(`the endpoint cut off the HTTP response to tasks/result (id ${String(id)}) without answering it`, slot.label);
      res.on('error', () => undefined);
      res.destroy();
    };
    // The tools decide as the request is handled; the cut follows a moment later.
    setTimeout(cut, CUT_AFTER_MS).unref();
  }

  /**
   * The SDK transport refuses an initialize whose capabilities break its schema, which would hide exactly what a
   * check of the capabilities must see. Such an initialize reaches the transport with neutral params, and the
   * client's own params are kept for the checks and noted in the transcript.
   */
  private admitInitialize(slot: SlotState, body: unknown): unknown {
    const message = body as { method?: unknown; id?: unknown; params?: Record<string, unknown> };
    if (typeof message !== 'object' || message === null || message.method !== 'initialize' || isInitializeRequest(message)) return body;
    slot.rawHello = message.params ?? {};
    slot.transcript.note(`the client's initialize does not match the schema; the endpoint answered it as sent, with these params: ${JSON.stringify(message.params).slice(0, 2000)}`, slot.label);
    return { ...message, params: { protocolVersion: SPEC_VERSION, capabilities: {}, clientInfo: { name: 'unknown', version: '0' } } };
  }

  private attach(slot: SlotState): void {
    // JSON answers to the client's own requests; our requests go on its GET stream.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), enableJsonResponse: true });
    slot.session = new RpcSession(transport, slot.transcript, slot.label, slot.requestTimeoutMs, slot.answerPace);
    // The endpoint answers a modern probe before initialize as a 2025-11-25 server does (400, not initialized), which is
    // what a dual-era client falls back on: the client's era detection, not an anomaly that keeps the process from
    // serving the next check.
    const sessionOnError = transport.onerror;
    transport.onerror = (error) => {
      if (slot.probesInFlight > 0 && error.message.startsWith(NOT_INITIALIZED)) {
        slot.transcript.note(`the client probed the 2026-07-28 era before initialize; the endpoint answered as a 2025-11-25 server (${error.message})`, slot.label);
        return;
      }
      sessionOnError?.(error);
    };
    slot.transport = transport;
    this.serve(slot);
    void slot.session.start();
  }

  /** What the endpoint answers and listens to, installed again when the connected client serves another check. */
  private serve(slot: SlotState): void {
    const session = slot.session!;
    session.onRequest('initialize', (request) => {
      const params = slot.rawHello ?? request.params;
      slot.hello = {
        protocolVersion: typeof params.protocolVersion === 'string' ? params.protocolVersion : '(none)',
        capabilities: (typeof params.capabilities === 'object' && params.capabilities !== null ? params.capabilities : {}) as Record<string, unknown>,
        clientInfo: params.clientInfo,
      };
      return { result: { protocolVersion: SPEC_VERSION, capabilities: endpointCapabilities(slot.endpoint), serverInfo: HARNESS_SERVER_INFO } };
    });
    slot.record = serveEndpointTools(session, slot.endpoint);
    session.onNotification((notification) => {
      if (notification.method === 'notifications/initialized') {
        slot.initialized = true;
        slot.checkReady();
      }
    });
  }

  /** The SDK gives no signal for an open GET stream; its 200 response head is that signal. */
  private watchGetStream(slot: SlotState, res: ServerResponse): void {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      if (args[0] === 200) {
        slot.streamOpen = true;
        slot.checkReady();
      }
      return writeHead(...args);
    }) as ServerResponse['writeHead'];
    res.once('close', () => {
      slot.streamOpen = false;
    });
  }
}

/** How the SDK transport refuses a request before initialize. */
const NOT_INITIALIZED = 'Bad Request: Server not initialized';

/**
 * A request the 2026-07-28 versioning page has a dual-era client send first to learn the server's era: server/discover,
 * or any request sent the modern way (its Mcp-Protocol-Version header naming a version after 2025-11-25).
 */
function isModernProbe(body: unknown, req: IncomingMessage): boolean {
  const message = body as { method?: unknown; id?: unknown };
  if (typeof message !== 'object' || message === null || typeof message.method !== 'string' || message.id === undefined || message.method === 'initialize') return false;
  const version = req.headers['mcp-protocol-version'];
  return message.method === 'server/discover' || (typeof version === 'string' && version > SPEC_VERSION);
}

/** How long after its arrival a tasks/result to be cut off loses its response. */
const CUT_AFTER_MS = 50;
