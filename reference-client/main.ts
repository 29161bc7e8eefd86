#!/usr/bin/env node
// CLI entry of the reference client: connects to the MCP server at the URL and answers its requests until
// SIGTERM/SIGINT or until the server ends the session.
import { UsageError, parseClientCli } from './options.js';

async function main(): Promise<void> {
  let options;
  try {
    options = parseClientCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`reference-client: ${error.message}\n`);
    process.exit(2);
  }
  const { url, faults, variant } = options;
  // Loaded only now: a usage error should not pay for the HTTP stack.
  const { runReferenceClient } = await import('./client.js');
  const handle = await runReferenceClient(url, { faults, variant, verbose: true });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // If something keeps the loop alive after close, still leave promptly.
    setTimeout(() => process.exit(0), 2_000).unref();
    handle.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await handle.done;
  process.exit(0);
}

// Last resort: a stray rejection is a bug to report on stderr, not a reason to drop the connection.
process.on('unhandledRejection', (reason) => {
  process.stderr.write(`reference-client: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
});

main().catch((error: unknown) => {
  process.stderr.write(`reference-client: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
