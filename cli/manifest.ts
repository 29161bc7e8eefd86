// The matrix manifest: the implementations a matrix runs, each with the flags of "server" or "client" that reach it.
// A manifest that cannot be used is refused in one line that names the file, the place and how to mend it.
import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { z } from 'zod';
import { closest } from '../harness/engine/run-policy.js';
import { oneLine } from '../harness/model/words.js';
import { ConfigError } from './options.js';
import { PROFILE_IDS, profilesForClientTransport, type ProfileId } from './profiles.js';

const TargetSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
    implementation: z.string().min(1).optional(),
    package: z.string().min(1),
    version: z.union([z.string().min(1), z.number()]).transform(String),
    role: z.enum(['server', 'client']),
    eras: z.array(z.enum(PROFILE_IDS)).min(1),
    command: z.string().min(1).optional(),
    url: z.string().min(1).optional(),
    launch: z.string().min(1).optional(),
    config: z.string().min(1).optional(),
    headers: z.array(z.string()).optional(),
    peerHeaders: z.array(z.string()).optional(),
    timeoutMultiplier: z.number().positive().max(100).optional(),
    concurrency: z.number().int().min(1).optional(),
    clientTransport: z.enum(['http', 'stdio']).optional(),
    freshConnections: z.boolean().optional(),
    only: z.array(z.string().min(1)).optional(),
    skip: z.array(z.string().min(1)).optional(),
    timeoutSeconds: z.number().positive().optional(),
  })
  .strict();

const ManifestSchema = z
  .object({
    directory: z.string().optional(),
    notes: z.string().optional(),
    targets: z.array(TargetSchema).min(1),
  })
  .strict();

export type ManifestTarget = z.infer<typeof TargetSchema> & { eras: ProfileId[]; implementation: string };

export interface Manifest {
  /** The file it was read from, as given. */
  file: string;
  /** Where the targets' commands run and their relative paths resolve (absolute). */
  directory: string;
  /** The notes explaining verdicts (docs/compatibility-notes.yaml), absolute; undefined when the manifest names none. */
  notes?: string;
  /** Sorted by name: shards and columns follow this order. */
  targets: ManifestTarget[];
}

const TOP_KEYS = ['directory', 'notes', 'targets'];
const TARGET_KEYS = Object.keys(TargetSchema.shape);
// The keys the vocabulary names in its first part; every other key of a target is listed as optional.
const NAMED_TARGET_KEYS = ['name', 'package', 'version', 'role', 'eras', 'command', 'url', 'launch'];
const OPTIONAL_TARGET_KEYS = TARGET_KEYS.filter((key) => !NAMED_TARGET_KEYS.includes(key));
/** Ends every refusal, so that the one line is enough to mend the manifest. */
const VOCABULARY =
  `a target has name, package, version, role (server|client), eras (${PROFILE_IDS.join('|')}) and command, ` +
  `or url with optional launch ({port} is a free port); optional: ${OPTIONAL_TARGET_KEYS.join(', ')}`;

/** Reads a manifest: YAML (.yaml, .yml) or JSON. Throws ConfigError with a one-line message. */
export async function loadManifest(file: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`manifest ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check the path`);
  }
  let data: unknown;
  if (['.yaml', '.yml'].includes(extname(file).toLowerCase())) {
    const { default: YAML } = await import('yaml');
    const document = YAML.parseDocument(text, { prettyErrors: true });
    const first = document.errors[0];
    if (first) throw new ConfigError(oneLine(`manifest ${file}: is not valid YAML (${first.message.split('\n')[0]!.replace(/:$/, '')}); fix the syntax`));
    data = document.toJS();
  } else {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ConfigError(oneLine(`manifest ${file}: is not valid JSON (${(error as Error).message}); fix the syntax, or name a YAML manifest *.yaml`));
    }
  }
  return parseManifest(data, file);
}

/** Checks a manifest's data; paths resolve from the manifest's folder. */
export function parseManifest(data: unknown, file: string): Manifest {
  const where = `manifest ${file}`;
  const parsed = ManifestSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues.find((each) => each.code === 'unrecognized_keys') ?? parsed.error.issues[0]!;
    const place = issue.path.length ? issue.path.map(String).join('.') : '(top level)';
    let what: string;
    if (issue.code === 'unrecognized_keys') {
      const key = issue.keys[0]!;
      const known = issue.path.length === 0 ? TOP_KEYS : TARGET_KEYS;
      const near = closest(key, new Set(known));
      what = `${place}: "${key}" is not a key here${near ? ` (did you mean "${near}"?)` : ''}`;
    } else {
      what = `${place}: ${issue.message}`;
    }
    throw new ConfigError(oneLine(`${where}: ${what}; ${VOCABULARY}`));
  }
  const base = dirname(resolve(file));
  const seen = new Set<string>();
  const targets: ManifestTarget[] = [];
  for (const [index, target] of parsed.data.targets.entries()) {
    const at = `${where}: targets.${index} (${target.name})`;
    if (seen.has(target.name)) throw new ConfigError(`${at}: the name is used twice; give every target its own name`);
    seen.add(target.name);
    const mistake = reachMistake(target);
    if (mistake) throw new ConfigError(`${at}: ${mistake}`);
    if (new Set(target.eras).size !== target.eras.length) throw new ConfigError(`${at}: eras names an era twice`);
    targets.push({ ...target, implementation: target.implementation ?? target.name });
  }
  targets.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    file,
    directory: resolve(base, parsed.data.directory ?? '.'),
    notes: parsed.data.notes === undefined ? undefined : resolve(base, parsed.data.notes),
    targets,
  };
}

/** The same rules as the flags of "server" and "client", said for a manifest entry. */
function reachMistake(target: z.infer<typeof TargetSchema>): string | undefined {
  if (target.role === 'client') {
    const serverOnly = (['url', 'launch', 'headers', 'peerHeaders'] as const).find((key) => target[key] !== undefined);
    if (serverOnly) return `${serverOnly} applies to servers; a client takes command (the suite appends its URL)`;
    if (!target.command) return 'a client needs command, the command line the suite launches per check';
    const overStdio = profilesForClientTransport('stdio');
    if (target.clientTransport === 'stdio' && target.eras.some((era) => !overStdio.includes(era))) return `clientTransport stdio applies to the ${overStdio.join(' and ')} era only`;
    return undefined;
  }
  if (target.clientTransport !== undefined) return 'clientTransport applies to clients only';
  if (target.command && target.url) return 'give either command (stdio) or url (Streamable HTTP), not both';
  if (!target.command && !target.url) return 'give command (stdio) or url (Streamable HTTP)';
  if (target.launch && !target.url) return 'launch starts an HTTP server, so it needs url too';
  if ((target.headers || target.peerHeaders) && !target.url) return 'headers and peerHeaders apply to url (HTTP) targets only';
  for (const header of [...(target.headers ?? []), ...(target.peerHeaders ?? [])]) {
    if (header.indexOf(':') <= 0) return `header "${header}" is not "Name: value"`;
  }
  if (target.launch?.includes('{port}') !== target.url?.includes('{port}') && target.launch !== undefined)
    return 'launch and url must both name {port}, or neither (the launched server must listen where url points)';
  return undefined;
}

/** The targets of shard i of n: every n-th by name, so that each shard is known before anything runs. */
export function shardOf<T extends { name: string }>(targets: readonly T[], shard: { index: number; count: number } | undefined): T[] {
  if (!shard) return [...targets];
  return [...targets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).filter((_, position) => position % shard.count === shard.index - 1);
}

/** The arguments of "server" or "client" that run one target; {port} replaced by `port`. */
export function targetArguments(target: ManifestTarget, port: number | undefined, jsonReport: string): string[] {
  const fill = (value: string) => (port === undefined ? value : value.replaceAll('{port}', String(port)));
  const args: string[] = [target.role, '--spec', target.eras.join(','), '--json', jsonReport];
  if (target.command) args.push('--command', fill(target.command));
  if (target.url) args.push('--url', fill(target.url));
  if (target.launch) args.push('--launch', fill(target.launch));
  if (target.config) args.push('--config', target.config);
  for (const header of target.headers ?? []) args.push('--header', header);
  for (const header of target.peerHeaders ?? []) args.push('--peer-header', header);
  if (target.timeoutMultiplier !== undefined) args.push('--timeout-multiplier', String(target.timeoutMultiplier));
  if (target.concurrency !== undefined) args.push('--concurrency', String(target.concurrency));
  if (target.clientTransport) args.push('--client-transport', target.clientTransport);
  if (target.freshConnections) args.push('--fresh-connections');
  for (const pattern of target.only ?? []) args.push('--only', pattern);
  for (const pattern of target.skip ?? []) args.push('--skip', pattern);
  return args;
}

/** True when a target needs a free port for its launch and url. */
export function needsPort(target: ManifestTarget): boolean {
  return Boolean(target.url?.includes('{port}') || target.launch?.includes('{port}'));
}
