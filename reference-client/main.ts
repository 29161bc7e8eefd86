#!/usr/bin/env node
// CLI entry of the reference client. Against a 2026-07-28 server (found by a modern server/discover, or named by
// REFERENCE_CLIENT_ERA=2026-07-28) it acts as the extension's requestor until done; against a 2025-11-25 server it
// connects and answers the server's requests until SIGTERM/SIGINT or until the server ends the session.
import { exitOnSignal, runReferenceCli } from '../reference-server/cli-options.js';
import { parseClientCli } from './options.js';

runReferenceCli({
  name: 'reference-client',
  parse: parseClientCli,
  async run({ url, faults, variant }) {
    const era = process.env.REFERENCE_CLIENT_ERA ?? 'auto';
    const modern = era === '2026-07-28' || (era === 'auto' && (await (await import('./2026-07-28/era.js')).serverSpeaksModern(url)));
    if (modern) {
      const { runModernReferenceClient } = await import('./2026-07-28/requestor.js');
      const handle = runModernReferenceClient(url, { faults, stateDir: process.env.MCP_CONFORMANCE_STATE_DIR || undefined });
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
