// Fault injection: each named fault breaks exactly one behaviour of the reference receiver,
// so that the conformance suite can be shown to catch it. Nothing here is active unless named.
import { LEGACY_FAULT_DESCRIPTIONS } from './2025-11-25/faults.js';
import { MODERN_FAULT_DESCRIPTIONS } from './2026-07-28/faults.js';

/** Every fault the reference receiver can inject, with a one-line description of what it breaks (listed in 2025-11-25/faults.ts and 2026-07-28/faults.ts). */
export const FAULT_DESCRIPTIONS = { ...LEGACY_FAULT_DESCRIPTIONS, ...MODERN_FAULT_DESCRIPTIONS } as const;

export type FaultName = keyof typeof FAULT_DESCRIPTIONS;

/** Every fault name, in a stable order. */
export const KNOWN_FAULTS: readonly string[] = Object.freeze(Object.keys(FAULT_DESCRIPTIONS));

/** The set of active faults; the receiver asks it before each deliberate deviation. */
export class Faults {
  private readonly active: ReadonlySet<string>;

  constructor(names: readonly string[] = []) {
    const unknown = names.filter((name) => !isFaultName(name));
    if (unknown.length > 0) throw new UnknownFaultError(unknown);
    this.active = new Set(names);
  }

  has(name: FaultName): boolean {
    return this.active.has(name);
  }

  list(): string[] {
    return [...this.active];
  }
}

export function isFaultName(name: string): name is FaultName {
  return Object.prototype.hasOwnProperty.call(FAULT_DESCRIPTIONS, name);
}

/** Thrown for a fault name the receiver does not know; the message says how to mend it. */
export class UnknownFaultError extends Error {
  constructor(readonly names: readonly string[]) {
    super(`unknown fault ${names.map((name) => JSON.stringify(name)).join(', ')}; valid faults are: ${KNOWN_FAULTS.join(', ')}`);
    this.name = 'UnknownFaultError';
  }
}
