// The spec profiles a run can use, loaded only when chosen: a 2025-11-25 run never loads the 2026-07-28 checks.
import type { Profile } from '../harness/engine/profile.js';
import { UsageError } from './options.js';

export const PROFILE_IDS = ['2025-11-25', '2026-07-28'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

/** What --spec asked for: one or more profiles by name, or auto (ask the server which era it speaks). */
export type SpecChoice = { auto: true } | { auto: false; ids: ProfileId[] };

export function parseSpec(value: string | undefined): SpecChoice {
  if (value === undefined || value === 'auto') return { auto: true };
  const ids = value.split(',').map((part) => part.trim());
  const unknown = ids.find((id) => !(PROFILE_IDS as readonly string[]).includes(id));
  if (unknown !== undefined || ids.length === 0) throw new UsageError(`--spec wants auto, ${PROFILE_IDS.join(', ')} or a comma-separated list of them, got "${value}"`);
  if (new Set(ids).size !== ids.length) throw new UsageError(`--spec names a profile twice: "${value}"`);
  return { auto: false, ids: ids as ProfileId[] };
}

export async function loadProfile(id: ProfileId): Promise<Profile> {
  if (id === '2026-07-28') return (await import('../suites/2026-07-28/index.js')).TASKS_2026_07_28;
  return (await import('../suites/2025-11-25/index.js')).TASKS_2025_11_25;
}

/** For commands that read one profile (list, explain): --spec names it, 2025-11-25 when absent. */
export async function profileForListing(value: string | undefined): Promise<Profile> {
  if (value === undefined || value === 'auto') return loadProfile('2025-11-25');
  if (!(PROFILE_IDS as readonly string[]).includes(value)) throw new UsageError(`--spec wants one of ${PROFILE_IDS.join(', ')} here, got "${value}"`);
  return loadProfile(value as ProfileId);
}
