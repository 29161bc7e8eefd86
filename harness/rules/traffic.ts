// Traffic as the rule book reads it: each message one entry, with who sent it and when. The proxy taps these off the
// wire (its --trace file is these entries as JSON lines), and a check's connections make them of the suite's own traffic.

/** The two sides of a proxied connection: the host (the MCP client a user runs) and the real server. */
export type Party = 'host' | 'server';

export interface WireEntry {
  /** Milliseconds since the proxy started (performance time), the clock every timing judgement uses. */
  t: number;
  /** Wall-clock time, ISO 8601 in UTC, for people reading the trace. */
  at: string;
  from: Party;
  /** The JSON-RPC conversation it belongs to: "stdio", an HTTP session id, or one HTTP exchange without a session. */
  channel: string;
  /** Where requests and answers pair up when that is narrower than the channel: one HTTP POST without a session. */
  stream?: string;
  /** The JSON-RPC message as parsed; absent for a line that is no JSON (then `text`). */
  message?: unknown;
  text?: string;
}

export function otherParty(party: Party): Party {
  return party === 'host' ? 'server' : 'host';
}
