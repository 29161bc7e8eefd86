import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { withinMs } from '../timing.js';
import { OutputTail } from './output-tail.js';
import { launchCommand, processEnded, type EscapedProcess, type LaunchedProcess } from './process-group.js';
import type { ProcessExit } from './target-watch.js';

/** Largest single stdout line accepted; beyond it the line is dropped and reported, so a babbling IUT cannot exhaust memory. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Something the IUT wrote that is not a JSON-RPC message; reported, never fatal. */
export interface RawLine {
  kind: 'stderr' | 'not-json' | 'oversized' | 'exit';
  text: string;
  /** With kind 'exit': the code or signal, when, whether the harness ended it, and the last stderr lines. */
  exit?: ProcessExit;
}

/**
 * The SDK Transport contract over a command launched in its own process group (process-group.ts). Unlike the SDK's own stdio client it
 * keeps lines that are not JSON (a conformance suite must see them), captures stderr, and ends the
 * whole process group on close.
 */
export class CommandStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Lines that are not messages: stderr, unparsable stdout, the exit. */
  onraw?: (line: RawLine) => void;

  private process?: LaunchedProcess;
  private pending = '';
  private pendingBytes = 0;
  private skippingOversized = false;
  private closed = false;
  /** Set once the harness ends the process itself: that exit is no crash. */
  private endedByHarness = false;
  private markExitReported!: () => void;
  /** Resolves once the process's exit has been reported (onraw 'exit'), after its last output was read. */
  readonly exitReported = new Promise<void>((resolve) => (this.markExitReported = resolve));

  constructor(
    private readonly commandLine: string,
    private readonly env?: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    const launched = launchCommand(this.commandLine, { env: this.env });
    this.process = launched;
    launched.child.stdout.setEncoding('utf8');
    launched.child.stdout.on('data', (chunk: string) => this.consume(chunk));
    const stderr = new OutputTail(launched.child.stderr);
    stderr.onLine((line) => this.onraw?.({ kind: 'stderr', text: line.text }));
    launched.child.stdin?.on('error', (error: Error) => this.onerror?.(error));
    const drained = (stream: NodeJS.ReadableStream) =>
      new Promise<void>((resolve) => {
        stream.once('end', resolve);
        stream.once('close', resolve);
      });
    const outputDone = Promise.all([drained(launched.child.stdout), stderr.ended]);
    void launched.exited.then(async ({ code, signal }) => {
      const at = new Date().toISOString();
      const atMs = performance.now();
      // Read now: a close the harness starts while the pipes drain does not make a crash its doing.
      const byHarness = this.endedByHarness;
      // 'exit' can come before the pipes are drained: read what the process wrote last first, so an answer
      // sent just before exiting still counts, and a half-written line and the last words on stderr are
      // shown. Bounded, because a descendant that inherited stdout or stderr can hold a pipe open.
      await withinMs(outputDone, 500);
      const incomplete = !this.skippingOversized && this.pending.trim() !== '';
      if (incomplete) this.onraw?.({ kind: 'not-json', text: this.pending.slice(0, 4000) });
      this.pending = '';
      this.pendingBytes = 0;
      stderr.flush();
      const how = signal ? `the process was ended by ${signal}` : `the process exited with code ${code}`;
      const exit: ProcessExit = { code, signal, at, atMs, byHarness, stderrTail: stderr.lines() };
      this.onraw?.({ kind: 'exit', text: incomplete ? `${how} (leaving a stdout line unfinished)` : how, exit });
      this.markExitReported();
      this.finish();
    });
  }

  private consume(chunk: string): void {
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n', start)) {
      this.appendPartial(chunk.slice(start, newline));
      this.emitLine();
      start = newline + 1;
    }
    this.appendPartial(chunk.slice(start));
  }

  private appendPartial(text: string): void {
    if (this.skippingOversized || text.length === 0) return;
    this.pendingBytes += text.length;
    if (this.pendingBytes > MAX_LINE_BYTES) {
      this.skippingOversized = true;
      this.pending = '';
      return;
    }
    this.pending += text;
  }

  private emitLine(): void {
    if (this.skippingOversized) {
      this.onraw?.({ kind: 'oversized', text: `a stdout line of more than ${MAX_LINE_BYTES} bytes was dropped` });
    } else {
      const line = this.pending.replace(/\r$/, '');
      if (line.trim() !== '') this.parse(line);
    }
    this.pending = '';
    this.pendingBytes = 0;
    this.skippingOversized = false;
  }

  private parse(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.onraw?.({ kind: 'not-json', text: line.slice(0, 4000) });
      return;
    }
    this.onmessage?.(message as JSONRPCMessage);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.process?.child.stdin;
    if (!stdin || this.closed || stdin.destroyed) throw new Error('the receiver process is not running');
    await new Promise<void>((resolve, reject) => {
      stdin.write(`${JSON.stringify(message)}\n`, (error?: Error | null) => (error ? reject(error) : resolve()));
    });
  }

  async close(): Promise<void> {
    if (!this.process) {
      this.markExitReported();
      return this.finish();
    }
    // A process that already died (its exit not yet handled) died by itself, not because the harness closed it.
    this.endedByHarness ||= !processEnded(this.process.pid);
    this.process.child.stdin?.end();
    await this.process.end();
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** Processes it started that left its process group and were ended after it (process-group.ts). */
  get escaped(): readonly EscapedProcess[] {
    return this.process?.escaped ?? [];
  }
}
