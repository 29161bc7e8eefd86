// Which era the server at the URL speaks, as the 2026-07-28 versioning page has a dual-era client find out: a
// server/discover sent the modern way; a DiscoverResult listing 2026-07-28 means modern, anything else legacy.
import { ModernWire, PROTOCOL_VERSION } from './wire.js';

export async function serverSpeaksModern(url: string): Promise<boolean> {
  try {
    const { result } = await new ModernWire(url, { signal: AbortSignal.timeout(10_000) }).request('server/discover');
    return Array.isArray(result?.supportedVersions) && result.supportedVersions.includes(PROTOCOL_VERSION);
  } catch {
    return false;
  }
}
