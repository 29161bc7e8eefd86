#!/usr/bin/env node
// CLI entry of the reference client: connects to the MCP server at the URL and answers its requests until
// SIGTERM/SIGINT or until the server ends the session.
import { exitOnSignal, runReferenceCli } from '../reference-server/cli-options.js';
import { parseClientCli } from './options.js';

runReferenceCli({
  name: 'reference-client',
  parse: parseClientCli,
  async run({ url, faults, variant }) {
    // Loaded only now: a usage error should not pay for the HTTP stack.
    const { runReferenceClient } = await import('./client.js');
    const handle = await runReferenceClient(url, { faults, variant, verbose: true });
    exitOnSignal(handle.close);
    await handle.done;
    process.exit(0);
  },
});
