#!/usr/bin/env node
// CLI entry of the reference receiver: stdio by default, Streamable HTTP with --http.
import { exitOnSignal, runReferenceCli } from './cli-options.js';
import { parseCli } from './options.js';

runReferenceCli({
  name: 'reference-server',
  parse: parseCli,
  async run({ http, port, host, tokens, ...behaviour }) {
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
  },
});
