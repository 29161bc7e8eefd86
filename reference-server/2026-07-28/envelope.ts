// The per-request envelope of the modern era: every request states its protocol version and the client's
// capabilities in params._meta. Reading it, and deciding whether the version is one this receiver serves.
import type { Faults } from '../faults.js';
import { isObject } from '../shared/jsonrpc.js';
import { CLIENT_CAPABILITIES_KEY, EnvelopeError, MODERN_VERSION, PROTOCOL_VERSION_KEY, SUPPORTED_VERSIONS, TASKS_EXTENSION, unsupportedVersion } from './protocol.js';

export interface Envelope {
  /** The version the request states (MODERN_VERSION when a fault lets a request without one through). */
  version: string;
  /** The client's capabilities for this one request. */
  capabilities: Record<string, unknown>;
  /** Whether this request declares the Tasks extension. */
  tasks: boolean;
}

/** Whether a request's params carry the modern protocol-version key in _meta (the mark of a modern request). */
export function carriesModernMeta(params: unknown): boolean {
  return isObject(params) && isObject(params._meta) && PROTOCOL_VERSION_KEY in params._meta;
}

/** Reads the envelope; a missing or ill-typed required field is an EnvelopeError (-32602). */
export function readEnvelope(params: Record<string, unknown>, faults: Faults): Envelope {
  const meta = isObject(params._meta) ? params._meta : undefined;
  const version = meta?.[PROTOCOL_VERSION_KEY];
  const capabilities = meta?.[CLIENT_CAPABILITIES_KEY];
  const lenient = faults.has('ext-accepts-missing-meta');
  if (typeof version !== 'string' && !(lenient && version === undefined)) {
    throw new EnvelopeError(`Invalid params: a 2026-07-28 request carries its protocol version as a string in params._meta["${PROTOCOL_VERSION_KEY}"]`);
  }
  if (!isObject(capabilities) && !(lenient && capabilities === undefined)) {
    throw new EnvelopeError(`Invalid params: a 2026-07-28 request carries the client's capabilities as an object in params._meta["${CLIENT_CAPABILITIES_KEY}"]`);
  }
  const declared = isObject(capabilities) ? capabilities : {};
  const extensions = declared.extensions;
  return {
    version: version ?? MODERN_VERSION,
    capabilities: declared,
    tasks: (isObject(extensions) && isObject(extensions[TASKS_EXTENSION])) || (faults.has('ext-legacy-capability-declares') && isObject(declared.tasks)),
  };
}

/** Throws -32022 unless the envelope's version is one this receiver serves. */
export function checkVersion(envelope: Envelope, faults: Faults, served: readonly string[] = SUPPORTED_VERSIONS): void {
  if (!SUPPORTED_VERSIONS.includes(envelope.version)) throw unsupportedVersion(envelope.version, !faults.has('ext-unsupported-version-no-list'), served);
}
