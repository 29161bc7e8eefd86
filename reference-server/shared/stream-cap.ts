// Correct but frugal with streams (--max-streams N, HTTP): at most N SSE streams open per client (its authorization
// context); opening one more closes that client's oldest, as servers that cap a client's connections do.

export class StreamCap {
  private readonly open = new Map<string, { close: () => void }[]>();

  constructor(readonly limit: number) {}

  /** A stream of the client opened: the oldest beyond the limit are closed. Returns what to call when it ends. */
  opened(context: string, close: () => void): () => void {
    const entry = { close };
    const streams = this.open.get(context) ?? [];
    this.open.set(context, streams);
    streams.push(entry);
    while (streams.length > this.limit) streams.shift()?.close();
    return () => {
      const index = streams.indexOf(entry);
      if (index >= 0) streams.splice(index, 1);
    };
  }
}
