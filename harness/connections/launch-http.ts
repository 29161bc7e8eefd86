import { launchCommand, type LaunchedProcess } from './process-group.js';

/**
 * Starts an HTTP receiver with --launch and waits (bounded) until its URL answers at all; any HTTP status
 * counts, since an MCP endpoint may reject a bare GET.
 */
export async function launchHttpServer(commandLine: string, url: string, timeoutMs: number): Promise<LaunchedProcess> {
  const launched = launchCommand(commandLine, { stdin: false });
  const stderrTail: string[] = [];
  launched.child.stderr.setEncoding('utf8');
  launched.child.stderr.on('data', (chunk: string) => {
    stderrTail.push(chunk);
    if (stderrTail.length > 20) stderrTail.shift();
  });
  launched.child.stdout.resume();
  let exited = false;
  void launched.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) {
      await launched.end();
      throw new Error(`the --launch command exited before ${url} answered; its stderr ended with: ${stderrTail.join('').trim().slice(-500) || '(nothing)'}`);
    }
    try {
      const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(1000) });
      await response.body?.cancel().catch(() => undefined);
      return launched;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await launched.end();
  throw new Error(`${url} did not answer within ${timeoutMs} ms of starting the --launch command; raise --timeout-multiplier if it starts slowly`);
}
