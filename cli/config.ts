import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { FIXTURE_ROLES, type FixtureMapping } from '../harness/model/fixtures.js';
import type { FixtureRole } from '../harness/model/model.js';

const FixtureMappingSchema = z
  .object({
    tool: z.string().min(1, 'names the IUT tool that stands in for this role'),
    arguments: z.record(z.string(), z.unknown()).optional(),
    durationMs: z.number().int().nonnegative().max(3_600_000).optional(),
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

export async function loadConfig(file: string): Promise<SuiteConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check the --config path`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${file}: is not valid JSON (${(error as Error).message}); fix the syntax`);
  }
  return parseConfig(json, file);
}

export function parseConfig(json: unknown, source = 'config'): SuiteConfig {
  const parsed = ConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? issue.path.join('.') : '(top level)';
    const hint = issue.code === 'unrecognized_keys' ? `; allowed keys are fixtures, timeoutMultiplier, and per role: tool, arguments, durationMs; roles are ${FIXTURE_ROLES.join(', ')}` : '';
    throw new ConfigError(`${source}: ${where}: ${issue.message}${hint}`);
  }
  return { fixtures: parsed.data.fixtures ?? {}, timeoutMultiplier: parsed.data.timeoutMultiplier };
}
