// The reference client's connection: its own Streamable HTTP transport (no SDK runtime), initialization, an
// ordered outbox, and the end of the session.
import type { ClientCapabilities, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { PROTOCOL_VERSION, ReceiverEnvironment } from '../../reference-server/shared/environment.js';
import { describeError, isObject } from '../../reference-server/shared/jsonrpc.js';
import { parseVariant } from '../../reference-server/cli-options.js';
import { isSharedFault } from './faults.js';
import { StreamableHttpClientTransport, type ReconnectionPolicy } from './http-transport.js';
import { validateClientFaults, validateUrl, type ReferenceClientOptions } from '../options.js';
import { CLIENT_CONTEXT, ClientDispatcher } from './receiver.js';

export const CLIENT_INFO = { name: 'mcp-tasks-conformance-reference-client', version: '0.1.0' } as const;
/** How long the server may take to answer initialize. */
const INITIALIZE_TIMEOUT_MS = 30_000;
/** How long a DELETE of the session may take when the client closes. */
const TERMINATE_TIMEOUT_MS = 1_000;
/**
 * When the GET stream drops, the transport reopens it with backoff, and a 404 then means the session is over.
 * These delays (0.2, 0.4, 0.8, 1.6 s) notice an ended session within 0.2 s and give up on a vanished server
 * after about 3 s.
 */
const RECONNECTION: ReconnectionPolicy = { initialDelayMs: 200, maxDelayMs: 2_000, growFactor: 2, maxRetries: 4 };

export interface ReferenceClientHandle {
  /** Resolves once the client has shut down: close() was called, or the server ended the session. */
  done: Promise<void>;
  /** Ends the session (DELETE, best effort) and stops all work. */
  close(): Promise<void>;
}

/** What the client declares in initialize. */
export function clientCapabilities(env: ReceiverEnvironment): ClientCapabilities {
  const capabilities: Record<string, unknown> = { sampling: {}, elicitation: { form: {} } };
  if (env.tasksEnabled) {
    capabilities.tasks = {
      // A boolean where the schema wants an object.
      list: env.faults.has('capability-shape-invalid') ? true : {},
      cancel: {},
      requests: { sampling: { createMessage: {} }, elicitation: { create: {} } },
    };
  }
  return capabilities as ClientCapabilities;
}

/**
 * Connects to the MCP server at `url`, initializes, and from then on answers the server's requests until
 * close() or until the server ends the session. Rejects if the connection or initialization fails.
 */
export async function runReferenceClient(url: string, opts: ReferenceClientOptions = {}): Promise<ReferenceClientHandle> {
  const faults = validateClientFaults(opts.faults ?? []);
  const variant = parseVariant(opts.variant ?? 'full');
  const log = opts.log ?? ((line: string) => void process.stderr.write(`reference-client: ${line}\n`));
  // Task-layer faults go to the shared code through the environment; requestor faults stay with the client.
  const env = new ReceiverEnvironment(
    { faults: faults.filter(isSharedFault), variant, answerDelayMs: opts.answerDelayMs, intakeDelayMs: opts.intakeDelayMs, pollIntervalMs: opts.pollIntervalMs, rateLimit: opts.rateLimit },
    'http',
    true,
  );
  const progress = opts.verbose ? log : () => {};

  let stopping = false;
  /** Set as soon as any exchange shows the session is gone, so the transport's follow-up errors stay quiet. */
  let sessionGone = false;
  let reportedStream = false;
  let shutdown: (reason: string | undefined, polite: boolean) => Promise<void> = async () => {};

  const transport = new StreamableHttpClientTransport(validateUrl(url), RECONNECTION);
  transport.onsessionended = (method) => {
    sessionGone = true;
    setImmediate(() => void shutdown(`the server ended the session (HTTP 404 to ${method})`, false));
  };
  transport.onstreamopen = () => {
    if (reportedStream) return;
    reportedStream = true;
    progress(`GET stream open (session ${transport.sessionId ?? 'none'})`);
  };
  transport.onnostream = () => log('the server offers no GET stream (405), so it has no way to send this client requests');
  transport.onstreamlost = (reason) => void shutdown(`the GET stream is gone and reopening it failed (${reason}); the server has ended`, false);

  // Answers and notifications go one POST at a time, so the server sees them in the order they were made
  // and a status notification never overtakes the CreateTaskResult of its task. The client's own requests
  // go at once: a POST that waits for its answer must not hold up the rest.
  let chain: Promise<void> = Promise.resolve();
  const enqueue = (message: JSONRPCMessage): Promise<void> => {
    const sent = chain.then(() => (stopping ? undefined : transport.send(message)));
    chain = sent.catch(() => {}); // the transport already reported the failure to onerror
    return sent;
  };
  let lastPush: Promise<void> = Promise.resolve();
  const dispatcher = new ClientDispatcher(
    env,
    {
      reply: (message) => void enqueue(message).catch(() => {}),
      push: (message) => {
        lastPush = 'id' in message ? (stopping ? Promise.resolve() : transport.send(message)) : enqueue(message);
        // A request whose POST failed (or whose answer was cut off) gets no answer: it fails, so its caller can move on.
        lastPush.catch((error: unknown) => {
          if ('id' in message && !stopping) dispatcher.failOutgoing(message.id, error instanceof Error ? error : new Error(describeError(error)));
        });
      },
    },
    log,
  );
  dispatcher.requestorFaults = new Set(faults.filter((name) => !isSharedFault(name)));

  transport.onmessage = (message) => dispatcher.handle(message, CLIENT_CONTEXT);
  transport.onerror = (error) => {
    if (stopping || sessionGone) return; // the session is over and the client is ending: follow-up failures say nothing new
    log(`transport: ${error.message}`);
  };

  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let closing: Promise<void> | undefined;
  shutdown = (reason, polite) =>
    (closing ??= (async () => {
      stopping = true;
      if (reason) log(reason);
      dispatcher.close();
      env.close();
      if (polite && transport.sessionId) {
        const terminated = transport.terminateSession().catch(() => {});
        await Promise.race([terminated, new Promise((resolve) => setTimeout(resolve, TERMINATE_TIMEOUT_MS).unref())]);
      }
      await transport.close().catch(() => {});
      finish();
    })());

  try {
    await transport.start();
    const result = await initialize(dispatcher, env, () => lastPush);
    if (result.protocolVersion !== PROTOCOL_VERSION) {
      throw new Error(`the server chose protocol version ${JSON.stringify(result.protocolVersion)}; this client speaks only ${PROTOCOL_VERSION}`);
    }
    dispatcher.serverCapabilities = isObject(result.capabilities) ? result.capabilities : {};
    transport.setProtocolVersion(PROTOCOL_VERSION);
    // Once this is accepted (202), the transport opens the GET stream.
    await enqueue({ jsonrpc: '2.0', method: 'notifications/initialized' });
  } catch (error) {
    await shutdown(undefined, true);
    throw error instanceof Error ? error : new Error(describeError(error));
  }
  progress(`connected to ${url} (session ${transport.sessionId ?? 'none'}, variant ${variant}${faults.length ? `, faults ${faults.join(',')}` : ''})`);
  return { done, close: () => shutdown(undefined, true) };
}

/** Sends initialize through the dispatcher (so the answer is matched like any other) and waits for it. */
async function initialize(dispatcher: ClientDispatcher, env: ReceiverEnvironment, posted: () => Promise<void>): Promise<Record<string, unknown>> {
  const answer = dispatcher.request('initialize', {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: clientCapabilities(env),
    clientInfo: { ...CLIENT_INFO },
  });
  const post = posted(); // the POST carrying it: a failure there (refused, 4xx) must end the wait too
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      answer,
      post.then(() => new Promise<never>(() => {})),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the server did not answer initialize within ${INITIALIZE_TIMEOUT_MS} ms`)), INITIALIZE_TIMEOUT_MS);
      }),
    ]);
    if (!isObject(result)) throw new Error('the initialize result is not an object');
    return result;
  } catch (error) {
    answer.catch(() => {});
    throw new Error(`initialize failed: ${describeError(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
