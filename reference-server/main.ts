#!/usr/bin/env node
// CLI entry of the reference receiver: stdio by default, Streamable HTTP with --http.
import { UsageError, parseCli } from './options.js';

async function main(): Promise<void> {
  let options;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`reference-server: ${error.message}\n`);
    process.exit(2);
  }
  const { http, port, host, tokens, ...behaviour } = options;
  const exitOnSignal = (close: () => Promise<void>) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      // If something keeps the loop alive after close, still leave promptly.
      setTimeout(() => process.exit(0), 2_000).unref();
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  };

  // Load only the transport in use: the HTTP stack costs startup time a stdio child should not pay.
  if (http) {
    const { startReferenceHttpServer } = await import('./http.js');
    const server = await startReferenceHttpServer({ port, host, tokens, ...behaviour });
    exitOnSignal(server.close);
    process.stderr.write(`listening on ${server.url}\n`);
    return;
  }
  if (Object.keys(tokens).length > 0) process.stderr.write('reference-server: --tokens only applies with --http; on stdio the process is the one context\n');
  const { serveStdio } = await import('./stdio.js');
  const handle = await serveStdio({ tokens, ...behaviour });
  exitOnSignal(handle.close);
  await handle.done;
}

// Last resort: a stray rejection is a bug to report on stderr, not a reason to drop every connection.
process.on('unhandledRejection', (reason) => {
  process.stderr.write(`reference-server: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
});

main().catch((error: unknown) => {
  process.stderr.write(`reference-server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
