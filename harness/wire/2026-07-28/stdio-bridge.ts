// The server command a 2026-07-28 client under test launches when it reaches its server over stdio: each line it
// writes (a JSON-RPC message) goes to the check's endpoint of the suite's extension server as a POST, and the answer
// comes back as a line on stdout. Run as `node stdio-bridge.js <endpoint-url>`; it ends when its stdin ends.
import { createInterface } from 'node:readline';

/** Tells the endpoint that the message came over stdio, where no HTTP headers travel. */
export const VIA_STDIO_HEADER = 'x-mcp-conformance-via';

export async function bridge(url: string): Promise<void> {
  const pending = new Set<Promise<void>>();
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    const sent = fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', [VIA_STDIO_HEADER]: 'stdio' }, body: line })
      .then(async (response) => {
        const text = await response.text();
        // A JSON-RPC answer comes with 200, or 404 for an unknown method; a 202 (a notification) has none.
        if (text !== '' && response.status !== 202) process.stdout.write(`${text.replace(/\n/g, ' ')}\n`);
      })
      .catch((error: unknown) => {
        process.stderr.write(`stdio bridge: ${(error as Error).message}\n`);
      });
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  }
  await Promise.all(pending);
}

if (process.argv[1]?.endsWith('stdio-bridge.js') && process.argv[2]) await bridge(process.argv[2]);
