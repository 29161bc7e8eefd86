// The spec profiles a run can use, loaded only when chosen: a 2025-11-25 run never loads the 2026-07-28 checks.
// The one place of the CLI that knows the eras: what each offers (its client transports, what explore models) and
// how --spec auto tells them apart; the commands ask it and name none.
import { fileURLToPath } from 'node:url';
import type { Profile } from '../harness/engine/profile.js';
import type { Era, Requirement } from '../harness/model/model.js';
import type { TargetSpec } from '../harness/wire/connections/connect.js';
import type { Timing } from '../harness/wire/timing.js';
import { UsageError } from './options.js';
import { announceLongWait } from './progress-line.js';

export const PROFILE_IDS = ['2025-11-25', '2026-07-28'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

/** What the CLI knows of a profile before loading it. */
interface ProfileEntry {
  load(): Promise<Profile>;
  /** The era its rule book judges (the key of the rule book's catalogue, and of the eras the proxy tells apart). */
  era: Era;
  /** The requirements the rule book reads keywords from, without the checks: loaded in milliseconds, where a whole profile takes ~0.5 s. */
  ruleBookCatalogue(): Promise<readonly Requirement[]>;
  /** How a client under test may reach the suite's server in this era (--client-transport). */
  clientTransports: readonly ('http' | 'stdio')[];
  /** The roles explore has a model of in this era. */
  explored: readonly ('server' | 'client')[];
}

const PROFILES: Readonly<Record<ProfileId, ProfileEntry>> = {
  '2025-11-25': {
    load: async () => (await import('../suites/2025-11-25/index.js')).TASKS_2025_11_25,
    era: 'legacy',
    ruleBookCatalogue: async () => [...(await import('../suites/2025-11-25/requirements.js')).REQUIREMENTS, ...(await import('../harness/model/base-requirements.js')).BASE_REQUIREMENTS],
    clientTransports: ['http'],
    explored: ['server', 'client'],
  },
  '2026-07-28': {
    load: async () => (await import('../suites/2026-07-28/index.js')).TASKS_2026_07_28,
    era: 'modern',
    ruleBookCatalogue: async () => (await import('../suites/2026-07-28/requirements.js')).EXT_REQUIREMENTS,
    clientTransports: ['http', 'stdio'],
    explored: ['server'],
  },
};

/**
 * The profile a command takes when nothing names one: what list, explain and explore read without --spec, and the
 * report of a run under --spec auto whose target was never reached.
 */
export const DEFAULT_PROFILE: ProfileId = '2025-11-25';

/** What --spec asked for: one or more profiles by name, or auto (ask the server which era it speaks). */
export type SpecChoice = { auto: true } | { auto: false; ids: ProfileId[] };

export function parseSpec(value: string | undefined): SpecChoice {
  if (value === undefined || value === 'auto') return { auto: true };
  const ids = value.split(',').map((part) => part.trim());
  const unknown = ids.find((id) => !isProfileId(id));
  if (unknown !== undefined || ids.length === 0) throw new UsageError(`--spec wants auto, ${PROFILE_IDS.join(', ')} or a comma-separated list of them, got "${value}"`);
  if (new Set(ids).size !== ids.length) throw new UsageError(`--spec names a profile twice: "${value}"`);
  return { auto: false, ids: ids as ProfileId[] };
}

export function isProfileId(value: string): value is ProfileId {
  return (PROFILE_IDS as readonly string[]).includes(value);
}

export async function loadProfile(id: ProfileId): Promise<Profile> {
  return PROFILES[id].load();
}

/** Every profile, by the era its rule book judges: what the proxy's report names. */
export async function profilesByEra(): Promise<Record<Era, Profile>> {
  return byEra(await Promise.all(PROFILE_IDS.map(loadProfile)));
}

/** The catalogues the rule book reads keywords from, by era. */
export async function ruleBookCatalogues(): Promise<Record<Era, ReadonlyMap<string, Requirement>>> {
  return byEra(await Promise.all(PROFILE_IDS.map(async (id) => new Map((await PROFILES[id].ruleBookCatalogue()).map((requirement) => [requirement.id, requirement])))));
}

/** One value per profile (in PROFILE_IDS' order), keyed by the profile's era. */
function byEra<T>(values: readonly T[]): Record<Era, T> {
  const keyed: Partial<Record<Era, T>> = {};
  PROFILE_IDS.forEach((id, index) => (keyed[PROFILES[id].era] = values[index]));
  return keyed as Record<Era, T>;
}

/** The profiles whose client role a client under test can take over this transport. */
export function profilesForClientTransport(transport: 'http' | 'stdio'): ProfileId[] {
  return PROFILE_IDS.filter((id) => PROFILES[id].clientTransports.includes(transport));
}

/** The profiles explore has a model of for this role. */
export function exploredProfiles(role: 'server' | 'client'): ProfileId[] {
  return PROFILE_IDS.filter((id) => PROFILES[id].explored.includes(role));
}

/** For commands that read one profile (list, explain): --spec names it, the default profile when absent. */
export async function profileForListing(value: string | undefined): Promise<Profile> {
  if (value === undefined || value === 'auto') return loadProfile(DEFAULT_PROFILE);
  if (!isProfileId(value)) throw new UsageError(`--spec wants one of ${PROFILE_IDS.join(', ')} here, got "${value}"`);
  return loadProfile(value);
}

/** --spec auto: the profiles a target speaks, said on stdout. */
export async function autoProfiles(role: 'server' | 'client', target: TargetSpec, timing: Timing, clientOverStdio: boolean): Promise<ProfileId[]> {
  if (role !== 'client') return autoServerProfiles(target, timing);
  // Over stdio one era's client role applies: nothing to ask.
  if (clientOverStdio) {
    const ids = profilesForClientTransport('stdio');
    process.stdout.write(`--spec auto: a client reaching its server over stdio: running profile ${ids.join(' and ')}\n`);
    return ids;
  }
  return autoClientProfiles(target, timing);
}

/**
 * --spec auto: the era probe of the 2026-07-28 versioning page (server/discover the modern way, else legacy). A
 * server that speaks only the modern era gets the 2026-07-28 profile, a legacy one 2025-11-25, and a dual-era one
 * (server/discover lists 2025-11-25 too, or it answers a 2025-11-25 initialize as well) both, in one combined report.
 */
async function autoServerProfiles(target: TargetSpec, timing: Timing): Promise<ProfileId[]> {
  const { answersLegacyInitialize, probeEra, reachLegacy } = await import('../harness/receivers/2026-07-28/era-probe.js');
  const waiting = <T>(what: string, work: Promise<T>) => announceLongWait(what, work, process.stdout, Boolean(process.stdout.isTTY));
  const found = await waiting('--spec auto: waiting for an answer to server/discover', probeEra(target, timing));
  // Nothing answered: first whether the server can be reached at all (a failure says so, exit 2), then the era.
  const reached = found.answered ? undefined : await waiting('--spec auto: no answer to server/discover; waiting for an answer to a 2025-11-25 initialize', reachLegacy(target, timing));
  const listsLegacy = found.supportedVersions.includes('2025-11-25');
  // A modern server need not list the legacy version it also serves: asked the legacy way, it says.
  const dual = found.modern && (listsLegacy || (await waiting('--spec auto: asking a 2025-11-25 initialize too', answersLegacyInitialize(target, timing))));
  const why = dual && !listsLegacy ? `${found.why}, and it answers a 2025-11-25 initialize too` : reached ? `${found.why}; it answers initialize with ${reached}` : found.why;
  const ids: ProfileId[] = dual ? ['2025-11-25', '2026-07-28'] : found.modern ? ['2026-07-28'] : ['2025-11-25'];
  process.stdout.write(`--spec auto: ${dual ? 'a dual-era server' : found.modern ? 'a modern server' : 'a legacy server'} (${why}): running profile ${ids.join(' and ')}\n`);
  return ids;
}

/**
 * --spec auto for a client: the 2026-07-28 profile when it speaks the modern era to a modern server, 2025-11-25 when it
 * initializes with a legacy one, both when it does both; 2025-11-25 when it shows neither (as before the probe).
 */
async function autoClientProfiles(target: TargetSpec, timing: Timing): Promise<ProfileId[]> {
  if (target.transport !== 'client') return ['2025-11-25'];
  const { probeClientEra } = await import('../harness/receivers/2026-07-28/client-era-probe.js');
  const found = await announceLongWait('--spec auto: waiting for the client to show its era', probeClientEra(target, timing), process.stdout, Boolean(process.stdout.isTTY));
  const ids: ProfileId[] = found.modern && found.legacy ? ['2025-11-25', '2026-07-28'] : found.modern ? ['2026-07-28'] : ['2025-11-25'];
  const kind = found.modern && found.legacy ? 'a dual-era client' : found.modern ? 'a modern client' : found.legacy ? 'a legacy client' : 'a client that showed neither era';
  process.stdout.write(`--spec auto: ${kind} (${found.why}): running profile ${ids.join(' and ')}\n`);
  return ids;
}

/**
 * What a client target carries of the eras' endpoints: the 2025-11-25 one, started here (an MCP server of the SDK's,
 * loaded only to test a client), and over stdio the command of the 2026-07-28 bridge, which the client launches as its
 * server and which relays to that era's endpoint of each check.
 */
export async function clientEndpoints(overStdio: boolean) {
  const { ClientEndpoint } = await import('../harness/wire/2025-11-25/client-endpoint.js');
  const endpoint = await ClientEndpoint.start();
  const bridge = fileURLToPath(new URL('../harness/wire/2026-07-28/stdio-bridge.js', import.meta.url));
  return { endpoint, over: overStdio ? { over: { transport: 'stdio' as const, bridgeCommand: `"${process.execPath}" "${bridge}"` } } : {} };
}

/** Each check's explanation by profile and check ID, for the HTML report's fix cards. */
export async function checkExplanations(ids: readonly string[]) {
  const profiles = await Promise.all(ids.filter(isProfileId).map(loadProfile));
  return new Map(profiles.map((profile) => [profile.id, new Map(profile.checks.map((check) => [check.id, check.explain]))]));
}
