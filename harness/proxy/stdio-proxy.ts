// The stdio proxy: a host launches it in place of its server; it launches the real server and forwards every byte
// both ways as it comes (same bytes, same order, back-pressure kept), the server's stderr to its own. Its stdout
// carries nothing but what the server wrote. The tap sees a copy of each chunk after it was forwarded.
import type { Readable, Writable } from 'node:stream';
import { launchCommand } from '../wire/connections/process-group.js';
import { withinMs } from '../wire/timing.js';
import { LineCutter, type WireTap } from './tap.js';

/** How long a server may take to end after the host closed its stdin. */
const HOST_GONE_GRACE_MS = 2_000;
/** How long the server's last output may take to reach the host once it exited. */
const OUTPUT_DRAIN_MS = 2_000;

export interface StdioProxyOptions {
  command: string;
  tap: WireTap;
  /** The host's side: what it writes to us, where we write to it, and our stderr. */
  hostIn: Readable;
  hostOut: Writable;
  errOut: Writable;
  /** Aborted on SIGINT or SIGTERM: the server is ended and the proxy reports. */
  signal: AbortSignal;
}

export interface ServerEnd {
  code: number | null;
  signal: string | null;
  /** Who ended the session: the host closed its side, the server exited, or the proxy was told to stop. */
  endedBy: 'host' | 'server' | 'signal';
}

/** Copies `from` to `to` chunk by chunk, pausing `from` while `to` is full, and shows each chunk to `tap` after it went. */
export function forward(from: Readable, to: Writable, tap: (chunk: Buffer) => void): void {
  from.on('data', (chunk: Buffer) => {
    if (!to.writable) return;
    if (!to.write(chunk)) {
      from.pause();
      to.once('drain', () => from.resume());
    }
    tap(chunk);
  });
}

/** Runs until the server exits (its end is passed on: our stdout closes) or the host closes its side. */
export async function runStdioProxy(options: StdioProxyOptions): Promise<ServerEnd> {
  const { tap, hostIn, hostOut, errOut } = options;
  const server = launchCommand(options.command);
  const toServer = server.child.stdin!;
  // A server that stops reading (or has exited) must not bring the proxy down with EPIPE.
  toServer.on('error', () => {});
  hostOut.on('error', () => {});
  const fromHost = new LineCutter((line) => tap.message('host', 'stdio', line));
  const fromServer = new LineCutter((line) => tap.message('server', 'stdio', line));
  forward(hostIn, toServer, (chunk) => fromHost.push(chunk));
  forward(server.child.stdout, hostOut, (chunk) => fromServer.push(chunk));
  server.child.stderr.on('data', (chunk: Buffer) => errOut.write(chunk));

  let endedBy: ServerEnd['endedBy'] = 'server';
  // The host closing its side is how a stdio session ends: the server sees its stdin close, as without the proxy.
  let patience: NodeJS.Timeout | undefined;
  hostIn.once('end', () => {
    endedBy = 'host';
    toServer.end();
    // A server that does not end when its stdin closes is ended, as a host would after a while.
    patience = setTimeout(() => void server.end(), HOST_GONE_GRACE_MS);
  });
  const onAbort = () => {
    endedBy = 'signal';
    void server.end();
  };
  options.signal.addEventListener('abort', onAbort, { once: true });
  const exit = await server.exited;
  options.signal.removeEventListener('abort', onAbort);
  clearTimeout(patience);
  // Whatever the server wrote before it went is forwarded before the host sees our stdout close (bounded: a
  // descendant may hold the pipe open).
  await withinMs(new Promise<void>((resolve) => (server.child.stdout.readableEnded ? resolve() : server.child.stdout.once('close', () => resolve()))), OUTPUT_DRAIN_MS);
  await withinMs(new Promise<void>((resolve) => hostOut.write('', () => resolve())), OUTPUT_DRAIN_MS);
  hostIn.pause();
  await server.end(500);
  return { ...exit, endedBy };
}
