// Hosts for the proxy's tests: an SDK Client used as hosts use it (the task flow of a host that calls a tool as a
// task, polls it at the interval it is given, fetches its result and lists tasks), over stdio or Streamable HTTP, and
// a raw stdio host for what the SDK cannot send (2026-07-28 requests, exact bytes).
import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';
import { CLI, ROOT } from './cli-run.js';

const Any = z.looseObject({});
const TERMINAL = ['completed', 'failed', 'cancelled'];

/** What the host saw, with task ids (random per run) taken out so that two runs compare equal. */
export interface HostView {
  tools: string[];
  statuses: string[];
  result: unknown;
  /** How many tasks tasks/list showed, or the error that refused it (the reference refuses it over HTTP without tokens). */
  listed: number | string;
  lookAfterEnd: string;
}

// Work long enough for several polls at the reference's 50 ms pace while it runs, so the host's pace is put to the test.
const ECHO_CALL = { name: 'conformance_echo', arguments: { text: 'through the proxy', delayMs: 400 } };

/** The host's side of a session: call a tool as a task, poll it at its pace, fetch its result, list, look once more. */
export async function taskFlow(transport: Transport, call: { name: string; arguments: Record<string, unknown> } = ECHO_CALL): Promise<HostView> {
  const client = new Client({ name: 'proxy-test-host', version: '1.0.0' }, { capabilities: {} });
  await client.connect(transport);
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    const created = await client.request({ method: 'tools/call', params: { ...call, task: { ttl: 60_000 } } }, Any);
    const taskId = (created.task as { taskId: string }).taskId;
    const statuses = [String((created.task as { status: string }).status)];
    for (;;) {
      const task = await client.request({ method: 'tasks/get', params: { taskId } }, Any);
      statuses.push(String(task.status));
      if (TERMINAL.includes(String(task.status))) break;
      // The pace the receiver asked for, as a host should keep it.
      await new Promise((resolve) => setTimeout(resolve, Number(task.pollInterval ?? 100)));
    }
    const result = await client.request({ method: 'tasks/result', params: { taskId } }, Any);
    const listed = await client.request({ method: 'tasks/list', params: {} }, Any).then(
      (page) => (page.tasks as unknown[]).length,
      (error: Error) => error.message,
    );
    const lookAfterEnd = String((await client.request({ method: 'tasks/get', params: { taskId } }, Any)).status);
    return { tools, statuses: [...new Set(statuses)], result: JSON.parse(JSON.stringify(result).replaceAll(taskId, 'TASK')), listed, lookAfterEnd };
  } finally {
    await client.close();
  }
}

/** The CLI's proxy as a stdio server command, the way a host's config names it. */
export function stdioTransport(args: string[], onStderr?: (text: string) => void): StdioClientTransport {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, ...args], cwd: ROOT, stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => onStderr?.(chunk.toString('utf8')));
  // The SDK's close ends the server's stdin and, 2 s later, sends SIGTERM (SIGKILL 2 s after that): on a loaded machine
  // the proxy was still writing its reports then, and a test found none. This host waits for the end the server
  // makes of itself once its stdin closes (bounded); the SDK's close then finds nothing left to end.
  const sdkClose = transport.close.bind(transport);
  transport.close = async () => {
    const child = (transport as unknown as { _process?: ChildProcess })._process;
    if (child && child.exitCode === null && child.signalCode === null) {
      let bound: ReturnType<typeof setTimeout> | undefined;
      const ended = new Promise<void>((resolve) => {
        child.once('close', () => resolve());
        bound = setTimeout(resolve, 60_000);
      });
      child.stdin?.end();
      await ended;
      clearTimeout(bound);
    }
    await sdkClose();
  };
  return transport;
}

export function httpTransport(url: string): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url));
}

export const REFERENCE = `${process.execPath} ${CLI} reference-server`;

/** A process of the CLI with its output collected and its end awaited. */
export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  stdout: Buffer[];
  stderr: string[];
  /** Resolves with the exit status once the process has closed. */
  closed: Promise<number | null>;
  /** Resolves with the first stderr text matching `pattern`. */
  stderrMatch(pattern: RegExp): Promise<RegExpMatchArray>;
}

export function startCli(args: string[]): CliProcess {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: 'pipe' });
  const stdout: Buffer[] = [];
  const stderr: string[] = [];
  const waiting: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString('utf8'));
    const text = stderr.join('');
    for (const wait of [...waiting]) {
      const match = text.match(wait.pattern);
      if (match) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(match);
      }
    }
  });
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    child,
    stdout,
    stderr,
    closed,
    stderrMatch: (pattern) => {
      const match = stderr.join('').match(pattern);
      return match ? Promise.resolve(match) : new Promise((resolve) => waiting.push({ pattern, resolve }));
    },
  };
}

/** Sends JSON-RPC lines to a raw stdio host's proxy and returns the answer to each request as it comes. */
export class RawHost {
  private buffer = '';
  private readonly answers = new Map<number, (message: Record<string, unknown>) => void>();
  private nextId = 1;
  /** Answers requests of the server's (a host that receives tasks): the result, or undefined for no answer. */
  serve?: (method: string, params: Record<string, unknown>) => unknown;

  constructor(private readonly cli: CliProcess) {
    cli.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      for (let newline = this.buffer.indexOf('\n'); newline !== -1; newline = this.buffer.indexOf('\n')) {
        const line = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        let message: Record<string, unknown>;
        try {
          message = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue; // a server that prints logs on stdout: the host skips the line, as SDK hosts do
        }
        if (typeof message.id === 'number' && !('method' in message)) this.answers.get(message.id)?.(message);
        if (message.id !== undefined && typeof message.method === 'string' && this.serve) {
          const result = this.serve(message.method, (message.params ?? {}) as Record<string, unknown>);
          if (result !== undefined) this.cli.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n`);
        }
      }
    });
  }

  request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    const answer = new Promise<Record<string, unknown>>((resolve) => this.answers.set(id, resolve));
    this.cli.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return answer;
  }

  notify(method: string, params: Record<string, unknown> = {}): void {
    this.cli.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
  }

  end(): void {
    this.cli.child.stdin.end();
  }
}

/** The envelope every 2026-07-28 request carries, declaring the Tasks extension. */
export function modernParams(params: Record<string, unknown>): Record<string, unknown> {
  return {
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'proxy-test-host', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
    },
  };
}
