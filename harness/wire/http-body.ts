import type { IncomingMessage } from 'node:http';

/** The most a requestor under test may POST to the suite's own endpoints (both eras). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** A POST body as JSON; undefined when it is not JSON or too large, so the caller answers it as the transport would. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
