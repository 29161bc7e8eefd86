import type { AnswerPace } from '../answer-pace.js';
import { SPEC_VERSION } from '../../model/model-basics.js';
import type { Era, TransportKind } from '../../model/model.js';
export type { Era } from '../../model/model.js';
import { TOOL } from '../../model/tool.js';
import { IutError, RpcSession } from '../session.js';
import { withinMs } from '../timing.js';
import type { Transcript } from '../transcript.js';
import type { Delivery } from './http-transport.js';
import { CommandStdioTransport } from './stdio-transport.js';
import { StdioProcess, type TenantHolder } from './stdio-process.js';
import { ModernHttpTransport, type HttpExchange } from '../2026-07-28/http-transport.js';
import { clientCapabilities, MODERN_PROTOCOL_VERSION, withEnvelope } from '../2026-07-28/envelope.js';
import type { ClientEndpoint, ClientSlot } from '../2025-11-25/client-endpoint.js';
import { launchCommand, type EscapedProcess, type LaunchedProcess } from './process-group.js';
import type { ConnectionObserver } from './target-watch.js';
import type { EndpointOptions, EndpointRecord } from '../2025-11-25/client-record.js';

/**
 * How to reach the implementation under test. `observer`, set by the runner for each check, hears what the
 * connections see below JSON-RPC (a process exit, a failed request), so a server's death is attributed, not misread.
 */
export type TargetSpec =
  | { transport: 'stdio'; command: string; env?: Record<string, string>; observer?: ConnectionObserver }
  | { transport: 'http'; url: string; headers: Record<string, string>; peerHeaders?: Record<string, string>; observer?: ConnectionObserver }
  /** A client under test: launched per connection with the URL of a endpoint, it connects to us. */
  | {
      transport: 'client';
      command: string;
      endpoint: ClientEndpoint;
      env?: Record<string, string>;
      startInProcess?: InProcessClientStarter;
      startModernInProcess?: InProcessModernClientStarter;
      /**
       * 2026-07-28: how the client reaches the suite's extension server. stdio: it launches the server command in
       * MCP_CONFORMANCE_SERVER_COMMAND (this bridge command, the endpoint's URL appended) instead of getting a URL.
       */
      over?: { transport: 'http' } | { transport: 'stdio'; bridgeCommand: string };
    };

/** Starts a client in this process instead of launching a command: a seam for fast tests of the suite itself. */
export type InProcessClientStarter = (url: string) => Promise<{ close(): Promise<void> }>;
/** The same seam for a 2026-07-28 client: given the environment a launched one would get; `done` settles when it has finished. */
export type InProcessModernClientStarter = (url: string, env: Record<string, string>) => Promise<{ close(): Promise<void>; done: Promise<unknown> }>;

/** The wire transport of a target: a client under test reaches the endpoint over Streamable HTTP. */
export function wireTransport(target: TargetSpec): TransportKind {
  return target.transport === 'client' ? (target.over?.transport ?? 'http') : target.transport;
}

/** Identity A is the primary requestor; B, when configured, is a second authorization context. */
export type Identity = 'primary' | 'peer';

export interface InitializeOutcome {
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  serverInfo: unknown;
  raw: Record<string, unknown>;
}

export interface Connection {
  readonly label: string;
  readonly transport: TransportKind;
  readonly session: RpcSession;
  readonly init: InitializeOutcome;
  /** How an HTTP receiver delivered the answer to a request (json or sse); undefined on stdio. */
  deliveryOf(requestId: string | number): Delivery | undefined;
  /** A client under test: what the endpoint saw it do as a requestor. */
  readonly endpointRecord?: EndpointRecord;
  /** The era the connection speaks: legacy opens with initialize, modern sends the envelope on every request. */
  readonly era: Era;
  /** Modern HTTP: the status and headers of the POST that carried a request. */
  exchangeOf?(requestId: string | number): HttpExchange | undefined;
  /** Ends the exchange of a long-lived request (a subscription): closes its stream on HTTP, cancels it on stdio. */
  endRequest?(requestId: string | number): Promise<void>;
  /** A receiver process (stdio, 2025-11-25) that can serve another check: its session and process now report to that check. */
  handOver?(next: { transcript: Transcript; label: string; observer?: ConnectionObserver }): void;
  /**
   * A receiver process (stdio, 2025-11-25) that can serve another check at the same time: a connection of that
   * check's own (its session, transcript and request ids) on the same process, already initialized.
   */
  admit?(next: { transcript: Transcript; label: string; observer?: ConnectionObserver }): Connection;
  /** A receiver process (stdio): whether it left this request unanswered while answering one sent after it. */
  passedOver?(requestId: string | number): boolean;
  /** A process of the suite's (stdio server, client under test): what it started that outlived it and was ended once it was closed. */
  escaped?(): readonly EscapedProcess[];
  close(): Promise<void>;
}

/** What the harness, as a client, offers a server receiver: the checks need elicitation and sampling. */
export const HARNESS_CLIENT_CAPABILITIES = { elicitation: { form: {} }, sampling: {} };
/** A task-capable harness client: it also takes sampling and elicitation as tasks, so a server under test can be its requestor. */
export const HARNESS_TASK_CLIENT_CAPABILITIES = {
  ...HARNESS_CLIENT_CAPABILITIES,
  tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
};
export const HARNESS_CLIENT_INFO = { name: TOOL.name, version: TOOL.version };

export interface ConnectOptions {
  transcript: Transcript;
  label: string;
  identity?: Identity;
  requestTimeoutMs: number;
  /** The run's pace of prompt answers, shared by every connection (absent: every request gets requestTimeoutMs). */
  answerPace?: AnswerPace;
  connectTimeoutMs: number;
  clientCapabilities?: Record<string, unknown>;
  /** A client under test: how the endpoint presents itself on this connection's endpoint. */
  endpoint?: EndpointOptions;
  /** Which era to open: modern sends no initialize (each request carries its own metadata). Default legacy. */
  era?: Era;
  /** Modern, stdio: the connection is handed back once the process answered a server/discover (a check's, not a probe's). */
  awaitAnswer?: boolean;
  /** Modern: what server/discover told during discovery, given to every connection as its `init`. */
  discovered?: InitializeOutcome;
}

/** Opens a fresh connection (a new process on stdio, a new MCP session on HTTP) and initializes it. */
export async function openConnection(target: TargetSpec, options: ConnectOptions): Promise<Connection> {
  if (target.transport === 'client') return openClientConnection(target, options);
  const { transcript, label } = options;
  const era = options.era ?? 'legacy';
  const deliveries = new Map<string | number, Delivery>();
  const exchanges = new Map<string | number, HttpExchange>();
  let modernHttp: ModernHttpTransport | undefined;
  let transport;
  let handOver: Connection['handOver'];
  // A stdio connection may serve several checks one after another (harness/wire/connections/connection-broker.ts), and
  // several at once (harness/wire/connections/shared-wire.ts): what its process does below JSON-RPC goes to every check
  // holding it now.
  const holder: TenantHolder = { transcript, observer: target.observer, session: undefined as unknown as RpcSession };
  let stdioProcess: StdioProcess | undefined;
  let firstRequestId = 1;
  if (target.transport === 'stdio') {
    const stdio = new CommandStdioTransport(target.command, target.env ? ({ ...process.env, ...target.env } as Record<string, string>) : undefined);
    stdioProcess = new StdioProcess(stdio);
    const first = stdioProcess.tenant(holder);
    transport = first.transport;
    firstRequestId = first.firstRequestId;
    handOver = stdioProcess.handOverOf(holder);
  } else {
    const headers = options.identity === 'peer' ? target.peerHeaders : target.headers;
    if (options.identity === 'peer' && !headers) throw new Error('no second identity was configured (--peer-header)');
    const observer = target.observer;
    const onFailure = observer ? (refused: boolean) => observer.transportFailed(refused) : undefined;
    if (era === 'modern') {
      modernHttp = new ModernHttpTransport(target.url, headers ?? {}, exchanges, onFailure);
      transport = modernHttp;
    } else {
      // Loaded on first use: the SDK's HTTP client and its schemas cost a stdio run's start time for nothing.
      const { createHttpTransport } = await import('./http-transport.js');
      transport = createHttpTransport(target.url, headers ?? {}, deliveries, onFailure);
    }
  }
  const session = new RpcSession(transport, transcript, label, options.requestTimeoutMs, options.answerPace, firstRequestId);
  holder.session = session;
  if (target.transport === 'http' && target.observer) {
    // A stream cut off mid-answer reaches the session only as a transport error: the server may be gone.
    const observer = target.observer;
    const sessionOnError = transport.onerror;
    transport.onerror = (error) => {
      if (!session.closed) observer.transportFailed(false);
      sessionOnError?.(error);
    };
  }
  const close = async () => {
    // DELETE ends the HTTP session politely; bounded so a hung receiver cannot hold the run.
    if ('terminateSession' in transport && !session.closed) {
      await withinMs(
        transport.terminateSession().catch(() => undefined),
        1000,
      );
    }
    await session.close().catch(() => undefined);
  };
  try {
    await session.start();
    if (era === 'modern') {
      const init = options.discovered ?? { protocolVersion: MODERN_PROTOCOL_VERSION, capabilities: {}, serverInfo: undefined, raw: {} };
      session.setProtocolVersion(init.protocolVersion);
      // A process is up once it answers (any answer will do), as a legacy one is once initialize is answered: so its
      // start stays within the start gate, and processes do not all boot at once on a run's first checks.
      if (stdioProcess && options.awaitAnswer) {
        await session.request('server/discover', withEnvelope({}, clientCapabilities(true)), { timeoutMs: options.connectTimeoutMs });
      }
      const endRequest = async (requestId: string | number) => {
        // HTTP: closing the stream ends it; stdio shares one channel, so the request is cancelled by id.
        if (modernHttp) modernHttp.abortRequest(requestId);
        else if (!session.closed) await session.notify('notifications/cancelled', { requestId }).catch(() => undefined);
      };
      const exchangeOf = (id: string | number) => exchanges.get(id);
      const escaped = stdioProcess ? () => stdioProcess.escaped : undefined;
      // On stdio a modern process may serve several checks in turn (handOver), as a legacy one does.
      return {
        get label() {
          return session.label;
        },
        transport: target.transport,
        session,
        init,
        era,
        deliveryOf: (id) => exchanges.get(id)?.delivery,
        exchangeOf,
        endRequest,
        handOver,
        passedOver: stdioProcess?.passedOver,
        escaped,
        close,
      };
    }
    const reply = await session.request(
      'initialize',
      { protocolVersion: SPEC_VERSION, capabilities: options.clientCapabilities ?? HARNESS_CLIENT_CAPABILITIES, clientInfo: HARNESS_CLIENT_INFO },
      { timeoutMs: options.connectTimeoutMs },
    );
    if (!reply.ok) throw new IutError('transport', `initialize was answered with error ${reply.error.code}: ${reply.error.message}`);
    const result = reply.result;
    const protocolVersion = typeof result.protocolVersion === 'string' ? result.protocolVersion : '(none)';
    session.setProtocolVersion(protocolVersion);
    await session.notify('notifications/initialized');
    const init: InitializeOutcome = {
      protocolVersion,
      capabilities: (typeof result.capabilities === 'object' && result.capabilities !== null ? result.capabilities : {}) as Record<string, unknown>,
      serverInfo: result.serverInfo,
      raw: result,
    };
    const admit = stdioProcess ? admitter(stdioProcess, target.transport, init, options) : undefined;
    return {
      get label() {
        return session.label;
      },
      transport: target.transport,
      session,
      init,
      era,
      deliveryOf: (id) => deliveries.get(id),
      handOver,
      admit,
      passedOver: stdioProcess?.passedOver,
      escaped: stdioProcess ? () => stdioProcess.escaped : undefined,
      close,
    };
  } catch (error) {
    await close();
    if (error instanceof IutError) throw error;
    throw new IutError('transport', `could not connect: ${(error as Error).message}`);
  }
}

/** How further checks join a stdio process while this one holds it: each a connection of its own (stdio-process.ts). */
function admitter(stdioProcess: StdioProcess, transport: 'stdio' | 'http', init: InitializeOutcome, options: ConnectOptions): Connection['admit'] {
  const admit: Connection['admit'] = (next) => {
    const { session, handOver } = stdioProcess.admit(next, options);
    return {
      get label() {
        return session.label;
      },
      transport,
      session,
      init,
      era: 'legacy',
      deliveryOf: () => undefined,
      handOver,
      admit,
      passedOver: stdioProcess.passedOver,
      escaped: () => stdioProcess.escaped,
      close: () => session.close().catch(() => undefined),
    };
  };
  return admit;
}

export function describeTarget(target: TargetSpec): string {
  return target.transport === 'http' ? target.url : target.command;
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Starts a fresh client process pointed at a fresh endpoint and waits (bounded) until it can take requests. */
async function openClientConnection(target: Extract<TargetSpec, { transport: 'client' }>, options: ConnectOptions): Promise<Connection> {
  const { transcript, label } = options;
  // A client process may serve several checks one after another: its output goes to whichever check holds it now.
  const holder = { transcript, label };
  const handOver: Connection['handOver'] = (next) => {
    holder.transcript = next.transcript;
    holder.label = next.label;
    slot.handOver(next.transcript, next.label);
  };
  const slot = target.endpoint.openSlot({ transcript, label, requestTimeoutMs: options.requestTimeoutMs, answerPace: options.answerPace, endpoint: options.endpoint });
  let launched: LaunchedProcess | undefined;
  let inProcess: { close(): Promise<void> } | undefined;
  const close = async () => {
    await launched?.end();
    await inProcess?.close().catch(() => undefined);
    await slot.close();
  };
  if (target.startInProcess) {
    try {
      inProcess = await target.startInProcess(slot.url);
      const { session, init } = await clientReady(slot, options.connectTimeoutMs);
      return clientConnection(holder, session, init, slot, handOver, close);
    } catch (error) {
      await close();
      throw error;
    }
  }
  const escaped = () => launched?.escaped ?? [];
  try {
    launched = launchCommand(`${target.command} ${shellQuote(slot.url)}`, { env: { ...process.env, ...target.env, MCP_CONFORMANCE_URL: slot.url } as Record<string, string>, stdin: false });
    launched.child.stdout.setEncoding('utf8');
    launched.child.stdout.on('data', (chunk: string) =>
      chunk
        .split('\n')
        .filter(Boolean)
        .forEach((line) => holder.transcript.record({ dir: 'note', conn: holder.label, text: `client stdout: ${line.slice(0, 2000)}` })),
    );
    launched.child.stderr.setEncoding('utf8');
    launched.child.stderr.on('data', (chunk: string) =>
      chunk
        .split('\n')
        .filter(Boolean)
        .forEach((line) => holder.transcript.stderr(holder.label, line.slice(0, 4000))),
    );
    const exited = launched.exited.then(({ code, signal }) => {
      throw new IutError('closed', `the client process ${signal ? `was ended by ${signal}` : `exited with code ${code}`} before it connected and opened its GET stream`);
    });
    exited.catch(() => undefined);
    const { session, init } = await clientReady(slot, options.connectTimeoutMs, exited);
    void launched.exited.then(({ code, signal }) => {
      holder.transcript.note(signal ? `the client process was ended by ${signal}` : `the client process exited with code ${code}`, holder.label);
      session.closeWith('the client process exited');
    });
    return clientConnection(holder, session, init, slot, handOver, close, escaped);
  } catch (error) {
    await close();
    throw error;
  }
}

/** A client under test as a connection: its label and endpoint record are those of the check now holding it. */
function clientConnection(
  holder: { label: string },
  session: RpcSession,
  init: InitializeOutcome,
  slot: ClientSlot,
  handOver: Connection['handOver'],
  close: () => Promise<void>,
  escaped?: Connection['escaped'],
): Connection {
  return {
    get label() {
      return holder.label;
    },
    transport: 'http',
    session,
    init,
    era: 'legacy',
    deliveryOf: () => undefined,
    get endpointRecord() {
      return slot.record;
    },
    handOver,
    escaped,
    close,
  };
}

/** Waits, bounded, until the client has initialized and opened its GET stream; a client that exits first ends the wait. */
async function clientReady(slot: ClientSlot, timeoutMs: number, exited?: Promise<never>): Promise<{ session: RpcSession; init: InitializeOutcome }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new IutError('timeout', `the client did not initialize and open its GET stream at ${slot.url} within ${timeoutMs} ms`)), timeoutMs);
  });
  const { session, hello } = await Promise.race([slot.ready, timeout, ...(exited ? [exited] : [])]).finally(() => clearTimeout(timer));
  return { session, init: { protocolVersion: hello.protocolVersion, capabilities: hello.capabilities, serverInfo: hello.clientInfo, raw: hello as unknown as Record<string, unknown> } };
}
