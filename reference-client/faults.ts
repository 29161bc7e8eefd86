// The faults of the reference client, one list per era (2025-11-25/faults.ts, 2026-07-28/faults.ts), as the reference
// server keeps its own: each named fault breaks one behaviour so that a check can be shown to catch it.
import { LEGACY_CLIENT_FAULT_DESCRIPTIONS, type RequestorFaultName, type SharedFaultName } from './2025-11-25/faults.js';
import { MODERN_REQUESTOR_FAULT_DESCRIPTIONS, type ModernRequestorFaultName } from './2026-07-28/faults.js';

export type ClientFaultName = SharedFaultName | RequestorFaultName | ModernRequestorFaultName;

/** Every fault of the reference client, with a one-line description of what it breaks. */
export const CLIENT_FAULT_DESCRIPTIONS: Readonly<Record<ClientFaultName, string>> = Object.freeze({
  ...LEGACY_CLIENT_FAULT_DESCRIPTIONS,
  ...MODERN_REQUESTOR_FAULT_DESCRIPTIONS,
});

/** Every fault name the reference client accepts, in a stable order. */
export const KNOWN_CLIENT_FAULTS: readonly string[] = Object.freeze(Object.keys(CLIENT_FAULT_DESCRIPTIONS));

export function isClientFaultName(name: string): name is ClientFaultName {
  return Object.prototype.hasOwnProperty.call(CLIENT_FAULT_DESCRIPTIONS, name);
}
