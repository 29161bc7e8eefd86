// The reference client's 2026-07-28 requestor, as docs/client-fixture-contract-2026-07-28.md asks of a client under
// test: resume the tasks it left unfinished, discover the server, list its tools and call each conformance_ tool with
// the Tasks extension declared, following every task to its end (polling at pollIntervalMs, answering inputRequests
// through tasks/update once per key, cancelling conformance_cancel's task with tasks/cancel); then it is done.
import type { ModernRequestorFaultName } from './faults.js';
import { TaskIdStore } from './task-ids.js';
import { StdioWire } from './stdio-wire.js';
import { MODERN_CLIENT_CAPABILITIES, ModernWire, PROTOCOL_VERSION, type Json, type RequestorWire, type WireOptions } from './wire.js';

export interface ModernClientOptions {
  faults?: readonly string[];
  /** Over stdio: the server command to launch (MCP_CONFORMANCE_SERVER_COMMAND) instead of POSTing to the URL. */
  serverCommand?: string;
  /** Where task IDs are kept (MCP_CONFORMANCE_STATE_DIR). */
  stateDir?: string;
  /** Stays up once its work is done, until closed, as a host keeps running (done settles only at close). */
  lingers?: boolean;
  /** Correct but slow: never polls sooner than this, whatever pollIntervalMs asks (a pace of its own, which the extension allows). */
  pollFloorMs?: number;
  log?: (line: string) => void;
}

export interface ModernClientHandle {
  /** Settles when the client has done everything the contract asks. */
  done: Promise<void>;
  /** Stops at once, as a crash would: unfinished tasks stay in the store. */
  close(): Promise<void>;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const DEFAULT_POLL_MS = 500;
const FAST_POLL_MS = 100;
/** ext-req-polls-early: the share of pollIntervalMs waited before each poll. */
const EARLY_POLL_SHARE = 0.6;
const TOOL_PREFIX = 'conformance_';
const CANCEL_TOOL = 'conformance_cancel';

export function runModernReferenceClient(url: string, options: ModernClientOptions = {}): ModernClientHandle {
  const faults = new Set(options.faults ?? []) as Set<ModernRequestorFaultName | string>;
  const abort = new AbortController();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const wireOptions: WireOptions = {
    signal: abort.signal,
    versionlessMethods: versionless(faults),
    undeclaredMethods: faults.has('ext-req-polls-without-extension') ? new Set(['tasks/get']) : undefined,
    methodAsTaskName: faults.has('ext-req-mcp-name-is-method'),
    taskMethodsWithoutMethodHeader: faults.has('ext-req-no-mcp-method'),
    toolCallsWithoutName: faults.has('ext-req-no-tool-name-header'),
  };
  const wire: RequestorWire = options.serverCommand ? new StdioWire(options.serverCommand, wireOptions) : new ModernWire(url, wireOptions);
  const store = new TaskIdStore(options.serverCommand ?? url, options.stateDir, !faults.has('ext-req-forgets-tasks'));
  const has = (fault: ModernRequestorFaultName) => faults.has(fault);
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /**
   * Polls a task until it is terminal (or a fault gives up), answering its input requests once each. Resolves false
   * when the client is being stopped meanwhile: the task is not done with, and stays stored.
   */
  const follow = async (taskId: string, intervalMs: number): Promise<boolean> => {
    const answered = new Set<string>();
    for (let polls = 1; !abort.signal.aborted; polls += 1) {
      await pause(has('ext-req-fast-polls') ? FAST_POLL_MS : Math.max(has('ext-req-polls-early') ? EARLY_POLL_SHARE * intervalMs : intervalMs, options.pollFloorMs ?? 0));
      const { result, error } = await wire.request('tasks/get', { taskId });
      if (abort.signal.aborted) return false;
      if (!result) {
        log(`tasks/get of ${String(taskId)} failed: ${error?.message}`);
        return true;
      }
      // ext-req-keeps-first-poll-interval: the pace of the CreateTaskResult is kept whatever later answers ask.
      if (typeof result.pollIntervalMs === 'number' && !has('ext-req-keeps-first-poll-interval')) intervalMs = result.pollIntervalMs;
      const status = result.status;
      if (typeof status === 'string' && TERMINAL.has(status)) return true;
      if (status === 'working' && polls === 1 && has('ext-req-stops-polling-at-working')) return true;
      if (status !== 'input_required' || has('ext-req-ignores-input-requests')) continue;
      const requests = (typeof result.inputRequests === 'object' && result.inputRequests !== null ? result.inputRequests : {}) as Record<string, Json>;
      const responses: Json = {};
      for (const [key, request] of Object.entries(requests)) {
        if (answered.has(key) && !has('ext-req-reanswers-shown-keys')) continue;
        const answer = answerInput(request, has('ext-req-answers-undeclared-input'));
        if (answer) responses[key] = answer;
      }
      if (Object.keys(responses).length === 0) continue;
      await wire.request('tasks/update', { taskId, inputResponses: responses });
      for (const key of Object.keys(responses)) answered.add(key);
      if (has('ext-req-stops-after-update')) return true;
    }
    return false;
  };

  const callTool = async (name: string): Promise<void> => {
    const { result, error } = await wire.request('tools/call', { name, arguments: { text: `reference client calls ${name}` } });
    if (!result) return log(`${name} failed: ${error?.message}`);
    if (result.resultType === 'task' && typeof result.taskId === 'string') {
      if (name === CANCEL_TOOL) {
        if (has('ext-req-cancels-by-notification')) await wire.notify('notifications/cancelled', { requestId: wire.lastRequestId, reason: 'the contract asks to cancel it' });
        else await wire.request('tasks/cancel', { taskId: result.taskId });
        return;
      }
      store.add(result.taskId);
      if (await follow(result.taskId, typeof result.pollIntervalMs === 'number' ? result.pollIntervalMs : DEFAULT_POLL_MS)) store.remove(result.taskId);
      return;
    }
    if (result.resultType !== undefined && result.resultType !== 'complete') return log(`${name}: a result of unknown resultType ${JSON.stringify(result.resultType)} is invalid`);
    // A plain CallToolResult is the tool's answer; the fault reads it as a task all the same.
    if (has('ext-req-plain-taken-as-task')) await follow(result.taskId as string, DEFAULT_POLL_MS);
  };

  const main = async (): Promise<void> => {
    // ext-req-resumes-without-extension: the polls of the tasks resumed from the store leave the extension out.
    const declared = wireOptions.undeclaredMethods;
    if (has('ext-req-resumes-without-extension')) wireOptions.undeclaredMethods = new Set(['tasks/get']);
    for (const taskId of store.pending()) {
      if (await follow(taskId, DEFAULT_POLL_MS)) store.remove(taskId);
    }
    wireOptions.undeclaredMethods = declared;
    const discovered = await wire.request('server/discover');
    const versions = discovered.result?.supportedVersions;
    if (!Array.isArray(versions) || !versions.includes(PROTOCOL_VERSION)) return log(`server/discover does not list ${PROTOCOL_VERSION}; nothing to do`);
    const listed = await wire.request('tools/list');
    if (listed.result?.resultType === 'task') {
      // Only tools/call may become a task: this answer is invalid, and the tools stay unknown.
      log('tools/list was answered with a CreateTaskResult, which is invalid for tools/list');
      if (has('ext-req-follows-any-task-result') && typeof listed.result.taskId === 'string') await follow(listed.result.taskId, DEFAULT_POLL_MS);
      return;
    }
    const tools = Array.isArray(listed.result?.tools) ? (listed.result.tools as Json[]) : [];
    for (const tool of tools) if (typeof tool.name === 'string' && tool.name.startsWith(TOOL_PREFIX)) await callTool(tool.name);
  };

  const worked = main().catch((error: unknown) => {
    if (!abort.signal.aborted) log(`the reference client stopped: ${(error as Error).message}`);
  });
  const closed = new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve(), { once: true }));
  const done = (options.lingers ? worked.then(() => closed) : worked).finally(() => wire.close());
  return {
    done,
    close: async () => {
      abort.abort();
      await done;
    },
  };
}

/** The methods whose envelope leaves the protocol version out, by fault. */
function versionless(faults: ReadonlySet<string>): ReadonlySet<string> | undefined {
  const methods = [...(faults.has('ext-req-polls-without-version') ? ['tasks/get'] : []), ...(faults.has('ext-req-cancel-without-version') ? ['tasks/cancel'] : [])];
  return methods.length > 0 ? new Set(methods) : undefined;
}

/** The answer to an input request as the standalone request would get it; undefined where the client lacks the capability. */
function answerInput(request: Json, answerAll: boolean): Json | undefined {
  const params = (typeof request.params === 'object' && request.params !== null ? request.params : {}) as Json;
  switch (request.method) {
    case 'elicitation/create': {
      const schema = (params.requestedSchema ?? {}) as { properties?: Record<string, { type?: string }> };
      const content = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          property.type === 'number' || property.type === 'integer' ? 0 : property.type === 'boolean' ? true : 'reference answer',
        ]),
      );
      return MODERN_CLIENT_CAPABILITIES.elicitation ? { action: 'accept', content } : undefined;
    }
    case 'sampling/createMessage':
      return { role: 'assistant', content: { type: 'text', text: 'reference answer' }, model: 'reference-client', stopReason: 'endTurn' };
    case 'roots/list':
      // No roots capability is declared, so a standalone roots/list could not be answered either.
      return answerAll ? { roots: [] } : undefined;
    default:
      return undefined;
  }
}
