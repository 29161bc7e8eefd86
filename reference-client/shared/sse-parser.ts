// An incremental parser of a text/event-stream (the WHATWG event stream format): text goes in as it arrives,
// in chunks cut anywhere, and whole events come out. Only the fields MCP uses are kept: data, id, event, retry.

/** One dispatched event; `id` is set only when the event's own block carried an id field. */
export interface SseEvent {
  type: string;
  data: string;
  id?: string;
}

export class SseParser {
  private pending = '';
  /** How far `pending` has been searched for a line end, so a long line across many chunks is scanned once. */
  private scanned = 0;
  private atStart = true;
  private data: string[] = [];
  private type = '';
  private id: string | undefined;

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly onRetry: (ms: number) => void = () => {},
  ) {}

  /** Feeds decoded text; complete lines are handled at once, a partial line waits for the next chunk. */
  push(text: string): void {
    if (this.atStart && text.length > 0) {
      this.atStart = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a leading byte order mark is not content
    }
    this.pending += text;
    let start = 0;
    for (let i = this.scanned; i < this.pending.length; i++) {
      const char = this.pending.charCodeAt(i);
      if (char !== 0x0a && char !== 0x0d) continue;
      // A CR as the last character may be the first half of a CRLF: decide once the next chunk arrives.
      if (char === 0x0d && i + 1 === this.pending.length) break;
      this.line(this.pending.slice(start, i));
      if (char === 0x0d && this.pending.charCodeAt(i + 1) === 0x0a) i++;
      start = i + 1;
    }
    this.pending = this.pending.slice(start);
    this.scanned = this.pending.length > 0 && this.pending.charCodeAt(this.pending.length - 1) === 0x0d ? this.pending.length - 1 : this.pending.length;
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.charCodeAt(0) === 0x3a) return; // a comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.type = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.onRetry(Number(value));
        break;
    }
  }

  /** A blank line ends the block: hand on what it carried (data, or an id alone, as in a priming event). */
  private dispatch(): void {
    const { data, type, id } = this;
    this.data = [];
    this.type = '';
    this.id = undefined;
    if (data.length === 0 && id === undefined) return;
    this.onEvent(id === undefined ? { type, data: data.join('\n') } : { type, data: data.join('\n'), id });
  }
}
