import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { z } from 'zod';
import { closest } from '../harness/engine/run-policy.js';
import { FIXTURE_ROLES, type FixtureMapping } from '../harness/model/fixtures.js';
import type { FixtureRole } from '../harness/model/model.js';
import { oneLine } from '../harness/model/words.js';

const FixtureMappingSchema = z
  .object({
    tool: z.string().min(1, 'names the IUT tool that stands in for this role'),
    arguments: z.record(z.string(), z.unknown()).optional(),
    durationMs: z.number().int().nonnegative().max(3_600_000).optional(),
    taskSupport: z.enum(['required', 'optional', 'forbidden']).optional(),
  })
  .strict();

const ConfigSchema = z
  .object({
    $schema: z.string().optional(),
    description: z.string().optional(),
    fixtures: z.partialRecord(z.enum(FIXTURE_ROLES as [FixtureRole, ...FixtureRole[]]), FixtureMappingSchema).optional(),
    timeoutMultiplier: z.number().positive().max(100).optional(),
  })
  .strict();

export interface SuiteConfig {
  fixtures: Partial<Record<FixtureRole, FixtureMapping>>;
  timeoutMultiplier?: number;
}

import { ConfigError } from './options.js';
export { ConfigError };

const CONFIG_KEYS = ['fixtures', 'timeoutMultiplier', 'description', '$schema'];
const ROLE_KEYS = ['tool', 'arguments', 'durationMs', 'taskSupport'];
/** Ends every refusal: what a config may hold, so the one line is enough to mend it. */
const VOCABULARY = `roles: ${FIXTURE_ROLES.join(', ')}; keys of a role: ${ROLE_KEYS.join(', ')}; top-level keys: ${CONFIG_KEYS.join(', ')}`;

/** What each place of a config wants, by its path with the role as "*". */
const WANTS: Record<string, string> = {
  '': 'an object such as { "fixtures": { "echo": { "tool": "my_tool" } } }',
  fixtures: 'an object mapping fixture roles to { "tool": NAME, "arguments": {...}, "durationMs": N }',
  'fixtures.*': 'an object { "tool": NAME, "arguments": {...}, "durationMs": N } (tool required)',
  'fixtures.*.tool': "a non-empty string naming the server's tool that stands in for the role",
  'fixtures.*.arguments': 'an object of the arguments to call the tool with (templates such as "${text}" allowed)',
  'fixtures.*.durationMs': 'a whole number of milliseconds from 0 to 3600000',
  'fixtures.*.taskSupport': 'one of "required", "optional" or "forbidden": the execution.taskSupport to take the tool as declaring when its tools/list entry says otherwise',
  timeoutMultiplier: 'a number above 0 and at most 100',
  description: 'a string',
  $schema: 'a string',
};

const suggestion = (word: string, known: readonly string[]) => {
  const near = closest(word, new Set(known));
  return near ? ` (did you mean "${near}"?)` : '';
};

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined), json);
}

/** Reads a config: YAML (.yaml, .yml) or JSON (anything else). Throws ConfigError with a one-line message. */
export async function loadConfig(file: string): Promise<SuiteConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`--config ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check the path`);
  }
  const ext = extname(file).toLowerCase();
  let data: unknown;
  if (ext === '.yaml' || ext === '.yml') {
    // Loaded only for a YAML config, as --baseline reads YAML.
    const { default: YAML } = await import('yaml');
    const document = YAML.parseDocument(text, { prettyErrors: true });
    const first = document.errors[0];
    if (first) throw new ConfigError(oneLine(`--config ${file}: is not valid YAML (${first.message.split('\n')[0]!.replace(/:$/, '')}); fix the syntax`));
    data = document.toJS();
  } else {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ConfigError(oneLine(`--config ${file}: is not valid JSON (${(error as Error).message}); fix the syntax, or name a YAML config *.yaml`));
    }
  }
  return parseConfig(data, `--config ${file}`);
}

export function parseConfig(json: unknown, source = 'config'): SuiteConfig {
  const parsed = ConfigSchema.safeParse(json);
  if (parsed.success) return { fixtures: parsed.data.fixtures ?? {}, timeoutMultiplier: parsed.data.timeoutMultiplier };
  // A misspelt key explains the missing one beside it: name the typo first.
  const issue = parsed.error.issues.find((each) => each.code === 'unrecognized_keys' || each.code === 'invalid_key') ?? parsed.error.issues[0]!;
  const path = issue.path;
  const where = path.length ? path.map(String).join('.') : '(top level)';
  let what: string;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    // Inside a role its keys are known; elsewhere, the config's own.
    const inRole = path.length === 2 && path[0] === 'fixtures';
    what = inRole ? `${where}: "${key}" is not a key of a role${suggestion(key, ROLE_KEYS)}` : `${path.length ? `${where}: ` : ''}"${key}" is not a config key${suggestion(key, CONFIG_KEYS)}`;
  } else if (issue.code === 'invalid_key' && path.length === 2 && path[0] === 'fixtures') {
    const role = String(path[1]);
    what = `"${role}" is not a fixture role${suggestion(role, FIXTURE_ROLES)}`;
  } else {
    const pattern = path.map((key, index) => (index === 1 && path[0] === 'fixtures' ? '*' : String(key))).join('.');
    const got = valueAt(json, path);
    const shown = got === undefined ? 'nothing' : oneLine(JSON.stringify(got) ?? String(got)).slice(0, 80);
    what = `${where} wants ${WANTS[pattern] ?? issue.message}, got ${shown}`;
  }
  throw new ConfigError(oneLine(`${source}: ${what}; ${VOCABULARY}`));
}
