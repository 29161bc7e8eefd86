import { connect } from 'node:net';
import { OutputTail } from './output-tail.js';
import { launchCommand, processEnded, type LaunchedProcess } from './process-group.js';

/** An HTTP server the suite started (--launch): its process, and its stderr as it comes and as the last lines. */
export interface LaunchedServer extends LaunchedProcess {
  readonly command: string;
  readonly url: string;
  readonly stderr: OutputTail;
  /** Set by whoever ends it on purpose, so that its exit is not read as a crash. */
  endedOnPurpose: boolean;
}

/** The port a URL names, explicit or by its scheme. */
function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Whether something already accepts TCP connections at the URL's host and port (false when refused, or not known within a second). */
async function portAnswers(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve) => {
    const socket = connect({ host, port: Number(portOf(url)) });
    const done = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Starts an HTTP receiver with --launch and waits (bounded) until its URL answers at all; any HTTP status
 * counts, since an MCP endpoint may reject a bare GET. A port that answers before the launch is refused: the suite
 * could not tell its server from whatever listens there. The answer counts only while the launched process lives.
 */
export async function launchHttpServer(commandLine: string, url: string, timeoutMs: number): Promise<LaunchedServer> {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL: the probes below fail and say so.
  }
  if (parsed && (await portAnswers(parsed))) {
    throw new Error(
      `port ${portOf(parsed)} of ${url} already answers before the --launch command started, ` +
        'so the suite could not tell its server from whatever listens there: stop that process (`ss -ltnp` names it) or give --launch and --url a free port',
    );
  }
  const launched = launchCommand(commandLine, { stdin: false });
  const stderr = new OutputTail(launched.child.stderr);
  launched.child.stdout.resume();
  const server: LaunchedServer = {
    ...launched,
    command: commandLine,
    url,
    stderr,
    endedOnPurpose: false,
    end: async (graceMs?: number) => {
      server.endedOnPurpose = true;
      await launched.end(graceMs);
    },
  };
  let exited = false;
  void launched.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  // A refused connection costs little on loopback: probe often at first, since every run waits on this.
  let pauseMs = 10;
  while (Date.now() < deadline) {
    if (exited || processEnded(launched.pid)) {
      await launched.end();
      await Promise.race([stderr.ended, new Promise((r) => setTimeout(r, 500))]);
      const said = stderr
        .lines()
        .map((line) => line.text)
        .join('\n')
        .trim()
        .slice(-500);
      throw new Error(`the --launch command exited before ${url} answered; its stderr ended with: ${said || '(nothing)'}`);
    }
    try {
      const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(1000) });
      await response.body?.cancel().catch(() => undefined);
      // An answer while the launched process is gone came from another server: its exit, above, is what counts.
      if (exited || processEnded(launched.pid)) continue;
      return server;
    } catch {
      await new Promise((r) => setTimeout(r, pauseMs));
      pauseMs = Math.min(100, pauseMs * 1.5);
    }
  }
  await server.end();
  throw new Error(`${url} did not answer within ${timeoutMs} ms of starting the --launch command; raise --timeout-multiplier if it starts slowly`);
}
