#!/usr/bin/env node
// CLI entry of the reference client. Against a 2026-07-28 server (found by a modern server/discover, named by
// REFERENCE_CLIENT_ERA=2026-07-28, or launched over stdio from MCP_CONFORMANCE_SERVER_COMMAND when no URL is given)
// it acts as the extension's requestor until done; against a 2025-11-25 server it
// connects and answers the server's requests until SIGTERM/SIGINT or until the server ends the session.
import { exitOnSignal, runReferenceCli } from '../reference-server/cli-options.js';
import { parseClientCli } from './options.js';

runReferenceCli({
  name: 'reference-client',
  parse: parseClientCli,
  async run({ url, serverCommand, faults, variant }) {
    const era = process.env.REFERENCE_CLIENT_ERA ?? 'auto';
    // A server command (stdio) is a 2026-07-28 server here: the 2025-11-25 receiver speaks Streamable HTTP only.
    const modern = serverCommand !== undefined || era === '2026-07-28' || (era === 'auto' && (await (await import('./2026-07-28/era.js')).serverSpeaksModern(url)));
    if (modern) {
      const { runModernReferenceClient } = await import('./2026-07-28/requestor.js');
      const handle = runModernReferenceClient(url, { faults, serverCommand, stateDir: process.env.MCP_CONFORMANCE_STATE_DIR || undefined });
      exitOnSignal(handle.close);
      await handle.done;
      process.exit(0);
    }
    // Loaded only now: a usage error should not pay for the HTTP stack.
    const { runReferenceClient } = await import('./2025-11-25/client.js');
    const handle = await runReferenceClient(url, { faults, variant, verbose: true });
    exitOnSignal(handle.close);
    await handle.done;
    process.exit(0);
  },
});
