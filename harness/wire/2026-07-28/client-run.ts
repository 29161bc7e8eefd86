// Drives a 2026-07-28 client under test through one check: serves it a fresh endpoint of the suite's extension server,
// starts the client command with the endpoint's URL (last argument and MCP_CONFORMANCE_URL) and the check's scenario
// name (MCP_CONFORMANCE_SCENARIO), and waits until the client exits or goes quiet. Optionally ends the client once it
// has polled a task and starts it again, to see whether it resumes that task.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClientEndpoint } from './client-endpoint.js';
import type { EndpointOptions, ClientRun } from './client-record.js';
import type { StartSlot } from '../start-gate.js';
import type { Transcript } from '../transcript.js';
import type { TargetSpec } from '../connections/connect.js';
import { launchCommand, type EscapedProcess } from '../connections/process-group.js';

export interface ClientRunOptions {
  endpoint: EndpointOptions;
  /** The check's ID, given to the client as MCP_CONFORMANCE_SCENARIO. */
  scenario: string;
  /** End the client at its first tasks/get and start it again with the same URL, environment and state directory. */
  restartAfterFirstPoll?: boolean;
  transcript: Transcript;
  label: string;
  /** How long the client may take to send its first request after it starts. */
  connectTimeoutMs: number;
  /** Without a request for this long (after its first), and three times its longest gap so far, the client is taken to be done. */
  quietMs: number;
  /** The same while a task of the client's is still open: a client may keep a slower pace of its own than the one asked. */
  openTaskQuietMs: number;
  /** The longest the whole run may take. */
  boundMs: number;
  signal: AbortSignal;
  startSlot: () => Promise<StartSlot>;
}

type ClientTarget = Extract<TargetSpec, { transport: 'client' }>;

interface RunningClient {
  /** Settles when the client has ended, with the line that says how (its exit code or signal). */
  exited: Promise<string>;
  end(): Promise<void>;
  escaped(): readonly EscapedProcess[];
}

export async function runClient(target: ClientTarget, drive: ClientRunOptions): Promise<ClientRun & { escaped: readonly EscapedProcess[] }> {
  const endpoint = await ClientEndpoint.start(drive.endpoint, drive.transcript, drive.label);
  const stateDir = await mkdtemp(join(tmpdir(), 'mcp-tasks-conformance-client-'));
  const env = clientEnvironment(target, endpoint, drive.scenario, stateDir);
  let client: RunningClient | undefined;
  const escaped: EscapedProcess[] = [];
  try {
    const deadline = performance.now() + drive.boundMs;
    client = await startClient(target, endpoint, env, drive);
    let restartedAt: number | undefined;
    let ended: ClientRun['ended'] | 'silent';
    for (;;) {
      const outcome = await awaitEnd(endpoint, client, drive, deadline, restartedAt === undefined && drive.restartAfterFirstPoll === true);
      if (outcome !== 'polled') {
        ended = outcome;
        break;
      }
      drive.transcript.note('the client polled its task: the suite ends the client process now and starts it again with the same URL and environment', drive.label);
      await client.end();
      escaped.push(...client.escaped());
      endpoint.run = 2;
      restartedAt = performance.now();
      client = await startClient(target, endpoint, env, drive);
    }
    if (ended === 'silent') drive.transcript.note(`the client sent nothing to ${endpoint.url} within ${drive.connectTimeoutMs} ms of its start`, drive.label);
    return { record: endpoint.record, ended: ended === 'silent' ? 'quiet' : ended, ...(restartedAt !== undefined ? { restartedAt } : {}), escaped };
  } finally {
    await client?.end();
    if (client) escaped.push(...client.escaped());
    await endpoint.close();
    await rm(stateDir, { recursive: true, force: true });
  }
}

/** What the client is started with: how to reach the endpoint, the scenario's name and a state directory of its own. */
function clientEnvironment(target: ClientTarget, endpoint: ClientEndpoint, scenario: string, stateDir: string): Record<string, string> {
  const over = target.over ?? { transport: 'http' };
  // Over stdio the client gets a server command to launch instead of a URL.
  const reach: Record<string, string> = over.transport === 'stdio' ? { MCP_CONFORMANCE_SERVER_COMMAND: `${over.bridgeCommand} ${shellQuote(endpoint.url)}` } : { MCP_CONFORMANCE_URL: endpoint.url };
  return { ...reach, MCP_CONFORMANCE_SCENARIO: scenario, MCP_CONFORMANCE_STATE_DIR: stateDir };
}

/**
 * How long after a client's exit its first request may still arrive: one sent just before it exited can reach the
 * endpoint after the exit is seen (over stdio it goes through the bridge, a process of its own). Ended early by it.
 */
const FIRST_REQUEST_AFTER_EXIT_MS = 1_000;

/** What a client's start came to: it spoke to its endpoint, or it ended or stayed silent first (`why` says which). */
export type ClientStart = { spoke: true; afterMs: number } | { spoke: false; why: string };

/**
 * Starts the client once on an endpoint offering no tools and waits for its first message only, then ends it: a client
 * command that cannot be started (not found, exit 127), or that ends or stays silent before it ever connects, makes
 * every check's skip a false "nothing to judge"; the run cannot happen instead, as for a 2025-11-25 client.
 */
export async function probeClientStart(target: ClientTarget, drive: Pick<ClientRunOptions, 'transcript' | 'label' | 'connectTimeoutMs'>): Promise<ClientStart> {
  const endpoint = await ClientEndpoint.start({ tools: [] }, drive.transcript, drive.label);
  const stateDir = await mkdtemp(join(tmpdir(), 'mcp-tasks-conformance-client-'));
  const env = clientEnvironment(target, endpoint, 'start-probe', stateDir);
  const reached =
    target.over?.transport === 'stdio'
      ? 'nothing reached the suite through the server command in MCP_CONFORMANCE_SERVER_COMMAND'
      : 'it did not connect to the URL given as its last argument and in MCP_CONFORMANCE_URL';
  let client: RunningClient | undefined;
  const started = performance.now();
  try {
    client = await startClient(target, endpoint, env, { ...drive, startSlot: async () => ({ leave: () => undefined }) });
    const running = client;
    return await new Promise<ClientStart>((resolve) => {
      const spoke = () => finish({ spoke: true, afterMs: Math.round(performance.now() - started) });
      const stopListening = endpoint.onActivity(spoke);
      const silence = setTimeout(
        () =>
          finish({
            spoke: false,
            why: `the client sent nothing to its endpoint within ${drive.connectTimeoutMs} ms of its start (${reached}); if it starts slowly, give it more time with --timeout-multiplier`,
          }),
        drive.connectTimeoutMs,
      );
      let grace: NodeJS.Timeout | undefined;
      function finish(start: ClientStart) {
        clearTimeout(silence);
        clearTimeout(grace);
        stopListening();
        resolve(start);
      }
      // A client that spoke and then exited at once has started: what it sent counts first, also when it arrives late.
      const ended = (how: string) => {
        if (endpoint.requests.length + endpoint.notifications.length > 0) return spoke();
        clearTimeout(silence);
        grace = setTimeout(() => finish({ spoke: false, why: `${how} before it sent its endpoint any request (${reached})` }), FIRST_REQUEST_AFTER_EXIT_MS);
      };
      running.exited.then(ended, (error: unknown) => ended(`the client failed (${(error as Error)?.message ?? String(error)})`));
    });
  } finally {
    await client?.end();
    await endpoint.close();
    await rm(stateDir, { recursive: true, force: true });
  }
}

/** Resolves when the client exits, goes quiet, polls a task (when `untilPoll`), or the bound passes. */
function awaitEnd(endpoint: ClientEndpoint, client: RunningClient, drive: ClientRunOptions, deadline: number, untilPoll: boolean): Promise<ClientRun['ended'] | 'silent' | 'polled'> {
  return new Promise((resolve, reject) => {
    const started = endpoint.requests.length;
    let quietTimer: NodeJS.Timeout | undefined;
    const finish = (outcome: ClientRun['ended'] | 'silent' | 'polled') => {
      clearTimeout(quietTimer);
      clearTimeout(boundTimer);
      stopListening();
      drive.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const arm = () => {
      clearTimeout(quietTimer);
      const heard = endpoint.requests.length > started;
      quietTimer = setTimeout(() => finish(heard ? 'quiet' : 'silent'), heard ? quietFor(endpoint, drive) : drive.connectTimeoutMs);
    };
    const stopListening = endpoint.onActivity(() => {
      if (untilPoll && endpoint.record.tasks.some((task) => task.reported.length > 0)) return finish('polled');
      arm();
    });
    const boundTimer = setTimeout(() => finish('bound'), Math.max(0, deadline - performance.now()));
    const onAbort = () => {
      clearTimeout(quietTimer);
      clearTimeout(boundTimer);
      stopListening();
      reject(drive.signal.reason);
    };
    drive.signal.addEventListener('abort', onAbort, { once: true });
    void client.exited.then(() => finish('exited'));
    arm();
  });
}

/** How long a silence ends the run: longer while a task is open, and never under three of the client's own longest gaps. */
function quietFor(endpoint: ClientEndpoint, drive: ClientRunOptions): number {
  const times = endpoint.requests.map((request) => request.at);
  const longestGap = times.slice(1).reduce((longest, time, index) => Math.max(longest, time - times[index]), 0);
  const open = endpoint.record.tasks.some((task) => task.status === 'working' || task.status === 'input_required');
  return Math.max(open ? drive.openTaskQuietMs : drive.quietMs, Math.ceil(3 * longestGap));
}

async function startClient(
  target: ClientTarget,
  endpoint: ClientEndpoint,
  env: Record<string, string>,
  drive: Pick<ClientRunOptions, 'startSlot' | 'connectTimeoutMs' | 'transcript' | 'label'>,
): Promise<RunningClient> {
  const slot = await drive.startSlot();
  // The slot is the start's: held until the client speaks, exits, or the time to speak has passed.
  endpoint.onActivity(() => slot.leave());
  setTimeout(() => slot.leave(), drive.connectTimeoutMs).unref();
  try {
    if (target.startModernInProcess) {
      const handle = await target.startModernInProcess(endpoint.url, env);
      const exited = handle.done.finally(() => slot.leave()).then(() => 'the in-process client finished');
      return { exited, end: () => handle.close().catch(() => undefined), escaped: () => [] };
    }
    const commandLine = target.over?.transport === 'stdio' ? target.command : `${target.command} ${shellQuote(endpoint.url)}`;
    const launched = launchCommand(commandLine, { env: { ...target.env, ...env }, stdin: false });
    const lines = (chunk: string) => chunk.split('\n').filter(Boolean);
    launched.child.stdout.setEncoding('utf8');
    launched.child.stdout.on('data', (chunk: string) => lines(chunk).forEach((line) => drive.transcript.note(`client stdout: ${line.slice(0, 2000)}`, drive.label)));
    launched.child.stderr.setEncoding('utf8');
    launched.child.stderr.on('data', (chunk: string) => lines(chunk).forEach((line) => drive.transcript.stderr(drive.label, line.slice(0, 4000))));
    const exited = launched.exited.then(({ code, signal }) => {
      slot.leave();
      const how = signal ? `the client process was ended by ${signal}` : `the client process exited with code ${code}`;
      drive.transcript.note(how, drive.label);
      return how;
    });
    return { exited, end: () => launched.end(), escaped: () => launched.escaped };
  } catch (error) {
    slot.leave();
    throw error;
  }
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
