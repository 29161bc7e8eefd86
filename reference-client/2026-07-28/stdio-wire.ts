// The reference client's 2026-07-28 wire over stdio: it launches the server command (a shell line) and speaks
// newline-delimited JSON-RPC on its stdin and stdout, with the same per-request envelope as over HTTP.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { envelope, type Json, type RequestorWire, type RpcOutcome, type WireOptions } from './wire.js';

export class StdioWire implements RequestorWire {
  private nextId = 1;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (message: Json) => void>();

  constructor(
    command: string,
    private readonly options: WireOptions,
  ) {
    this.child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      try {
        const message = JSON.parse(line) as Json;
        if (typeof message.id === 'number') this.waiting.get(message.id)?.(message);
      } catch {
        // Not a JSON-RPC line: the server's to explain on stderr.
      }
    });
    const fail = () => {
      for (const [id, resolve] of this.waiting) resolve({ id, error: { code: -32603, message: 'the server process ended' } });
      this.waiting.clear();
    };
    this.child.on('exit', fail);
    options.signal.addEventListener('abort', () => this.close(), { once: true });
  }

  get lastRequestId(): number {
    return this.nextId - 1;
  }

  async request(method: string, params: Json = {}): Promise<RpcOutcome> {
    const id = this.nextId++;
    const answered = new Promise<Json>((resolve) => this.waiting.set(id, resolve));
    this.write({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(method, this.options) } });
    const message = await answered;
    this.waiting.delete(id);
    if (message.error) return { error: message.error as RpcOutcome['error'] };
    return { result: (message.result ?? {}) as Json };
  }

  async notify(method: string, params: Json): Promise<void> {
    this.write({ jsonrpc: '2.0', method, params: { ...params, _meta: envelope(method, {}) } });
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }

  private write(message: Json): void {
    if (this.options.signal.aborted) throw new Error('the client is closing');
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }
}
