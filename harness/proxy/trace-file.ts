// The trace file (`proxy --trace`) is the proxy's traffic entries as JSON lines; `judge FILE` reads them back, so a
// recorded session is judged as it was live.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { WireEntry } from '../rules/traffic.js';

/** A trace file that cannot be judged: one line naming the file, the line and how to mend it. */
export class TraceError extends Error {}

/** Reads a trace file written by `proxy --trace`, entry by entry (the file is read as a stream, never whole). */
export async function* readTrace(file: string): AsyncGenerator<WireEntry> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const line of lines) {
      number += 1;
      if (line.trim() === '') continue;
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        throw new TraceError(`${file} line ${number} is not JSON; a trace is the JSON lines "proxy --trace" writes`);
      }
      const fields = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      if (typeof fields.t !== 'number' || (fields.from !== 'host' && fields.from !== 'server') || typeof fields.channel !== 'string') {
        throw new TraceError(`${file} line ${number} lacks t (a number), from ("host" or "server") or channel (a string); a trace is the JSON lines "proxy --trace" writes`);
      }
      yield fields as unknown as WireEntry;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new TraceError(`the trace file ${file} does not exist; give the file "proxy --trace FILE" wrote`);
    throw error;
  }
}
