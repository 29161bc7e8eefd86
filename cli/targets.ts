// Turns the target flags into something the harness can reach: a command over stdio, a URL (started with
// --launch when asked, and started again after it dies), the client endpoint, or the bundled references.
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TargetSpec } from '../harness/wire/connections/connect.js';
import type { LaunchedServer } from '../harness/wire/connections/launch-http.js';
import { endEscapedProcesses, escapedNotice, takeUntold, type LaunchedProcess } from '../harness/wire/connections/process-group.js';
import type { Timing } from '../harness/wire/timing.js';
import { parseHeaders } from './options.js';
import { clientEndpoints } from './profiles.js';

export const referenceMain = fileURLToPath(new URL('../reference-server/main.js', import.meta.url));
const referenceClientMain = fileURLToPath(new URL('../reference-client/main.js', import.meta.url));

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A server of the suite's for clients under test, closed when the command ends. */
export interface SuiteServer {
  close(): Promise<void>;
}

export /** Client testing: the suite serves on loopback and launches the client (by default the reference client) per check. */
async function resolveClientTarget(strings: Record<string, string | undefined>, endpoints: SuiteServer[]): Promise<{ target: TargetSpec; bundledReference: boolean; server?: undefined }> {
  const { endpoint, over } = await clientEndpoints(strings['client-transport'] === 'stdio');
  endpoints.push(endpoint);
  if (strings.command) return { target: { transport: 'client', command: strings.command, endpoint, ...over }, bundledReference: false };
  return { target: { transport: 'client', command: `"${process.execPath}" "${referenceClientMain}"`, endpoint, ...over }, bundledReference: true };
}

/** The launch of an HTTP target failed: the run cannot happen. */
export class LaunchFailed extends Error {}

/** The HTTP server the suite started: the process serving now, and how to start another (same command, same URL) after it died. */
interface LaunchedTarget {
  current: LaunchedServer;
  restart(): Promise<LaunchedServer>;
}

export async function resolveTarget(
  strings: Record<string, string | undefined>,
  lists: Record<string, string[] | undefined>,
  timing: Timing,
  launched: LaunchedProcess[],
): Promise<{ target: TargetSpec; bundledReference: boolean; server?: LaunchedTarget }> {
  const launch = async (command: string, url: string): Promise<LaunchedTarget> => {
    const start = async () => {
      const { launchHttpServer } = await import('../harness/wire/connections/launch-http.js');
      const server = await launchHttpServer(command, url, timing.connectTimeoutMs);
      // Every process started is ended when the run is over, restarted ones too.
      launched.push(server);
      return server;
    };
    let first: LaunchedServer;
    try {
      first = await start();
    } catch (error) {
      throw new LaunchFailed((error as Error).message);
    }
    const holder: LaunchedTarget = {
      current: first,
      restart: async () => {
        holder.current = await start();
        return holder.current;
      },
    };
    return holder;
  };
  if (strings.command) return { target: { transport: 'stdio', command: strings.command }, bundledReference: false };
  if (strings.url) {
    const server = strings.launch ? await launch(strings.launch, strings.url) : undefined;
    return {
      target: { transport: 'http', url: strings.url, headers: parseHeaders(lists.header, '--header') ?? {}, peerHeaders: parseHeaders(lists['peer-header'], '--peer-header') },
      bundledReference: false,
      server,
    };
  }
  if (strings.reference === 'http') {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    const server = await launch(`"${process.execPath}" "${referenceMain}" --http --port ${port} --tokens token-a:alice,token-b:bob`, url);
    return { target: { transport: 'http', url, headers: { Authorization: 'Bearer token-a' }, peerHeaders: { Authorization: 'Bearer token-b' } }, bundledReference: true, server };
  }
  return { target: { transport: 'stdio', command: `"${process.execPath}" "${referenceMain}"` }, bundledReference: true };
}

/** Ends the processes the run launched, then every process of the run still carrying its mark; a notice for each that escaped. */
export async function endLaunched(launched: readonly LaunchedProcess[]): Promise<string[]> {
  await Promise.all(launched.map((server) => server.end()));
  const notices = launched
    .map((server) => takeUntold(server.escaped))
    .filter((escaped) => escaped.length > 0)
    .map((escaped) => escapedNotice(escaped, 'the --launch command', 'after the run'));
  const rest = [...takeUntold(), ...(await endEscapedProcesses())];
  if (rest.length > 0) notices.push(escapedNotice(rest, 'a process of the run', 'after the run'));
  for (const line of notices) process.stdout.write(`! ${line}\n`);
  return notices;
}
