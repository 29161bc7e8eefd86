// The skips a run's setup can mend, worded in one place: the preconditions write these reasons, and the run's
// evidence (harness/engine/evidence.ts) reads them back from the results to say why a run judged little and how to
// mend it. Kept together so that a change of wording cannot silently stop the reading.

/** Why a check needing a fixture role skips: the receiver lists no tool for it and the --config maps none. */
export function missingFixtureReason(tool: string, role: string): string {
  return `the receiver offers no ${tool} tool (fixture contract) and the config maps none to the "${role}" role`;
}

export const NEEDS_PEER_IDENTITY = 'needs a second identity over HTTP (--peer-header)';

export function needsTransportReason(transport: 'http' | 'stdio'): string {
  return `needs the ${transport === 'http' ? 'Streamable HTTP' : 'stdio'} transport`;
}

/** A group of skips with one cause: `key` groups them, `detail` (a fixture role) is listed within the group. */
export interface SkipCause {
  key: string;
  detail?: string;
}

const MISSING_FIXTURE = /the receiver offers no \S+ tool \(fixture contract\) and the config maps none to the "([^"]+)" role/;

/** The cause a skip message gives: a mendable setup cause where it is one, else the message itself. */
export function skipCauseOf(message: string): SkipCause {
  const fixture = MISSING_FIXTURE.exec(message);
  if (fixture) return { key: 'fixture', detail: fixture[1] };
  if (message.includes(NEEDS_PEER_IDENTITY)) return { key: 'peer-identity' };
  if (message.includes(needsTransportReason('http'))) return { key: 'http' };
  if (message.includes(needsTransportReason('stdio'))) return { key: 'stdio' };
  return { key: message };
}

/** How a cause reads in a verdict, with its mend when the setup can give one; `details` are the roles of a fixture cause. */
export function describeSkipCause(key: string, details: readonly string[]): { cause: string; mend?: string } {
  switch (key) {
    case 'fixture':
      return {
        cause: `no tool for the role${details.length === 1 ? '' : 's'} ${details.join(', ')}`,
        mend: `map ${details.length === 1 ? 'it' : 'them'} to tools the receiver lists with --config (configs/server-everything.json is an example)`,
      };
    case 'peer-identity':
      return { cause: 'no second identity', mend: 'test over --url with --peer-header' };
    case 'http':
      return { cause: 'the Streamable HTTP transport is needed', mend: 'test the server over --url (with --launch to start it)' };
    case 'stdio':
      return { cause: 'the stdio transport is needed', mend: 'test the server with --command' };
    default:
      return { cause: key };
  }
}
