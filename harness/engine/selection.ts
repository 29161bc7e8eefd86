import type { CheckDefinition } from '../receivers/check.js';
import { levelOf } from '../model/model-basics.js';
import type { Level, Requirement } from '../model/model.js';
import { closest } from './run-policy.js';

/** "*" matches any run of characters; everything else is literal. */
export function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'i');
}

/** A pattern selects a check by ID glob, by suite name, or by a requirement ID it verifies. */
export function matchesPattern(check: CheckDefinition, pattern: string): boolean {
  const glob = globToRegExp(pattern);
  return glob.test(check.id) || glob.test(check.suite) || check.requirements.some((id) => glob.test(id));
}

export function patterns(values: readonly string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((value) => value.split(','))
    .map((p) => p.trim())
    .filter(Boolean);
}

export interface Selection {
  only?: readonly string[];
  skip?: readonly string[];
  /** Keep only checks whose strongest requirement has this level. */
  level?: Level;
  /** 1-based shard index and shard count. */
  shard?: { index: number; count: number };
}

const RANK: Record<Level, number> = { must: 0, should: 1, may: 2 };

function strongestLevel(check: CheckDefinition, requirements: ReadonlyMap<string, Requirement>): Level {
  return check.requirements.reduce<Level>((level, id) => {
    const requirement = requirements.get(id);
    const candidate = requirement ? levelOf(requirement.keyword) : 'may';
    return RANK[candidate] < RANK[level] ? candidate : level;
  }, 'may');
}

/** Applies --only, --skip, --level and then --shard; shards deal the selected checks round-robin in suite order. */
export function selectChecks(checks: readonly CheckDefinition[], selection: Selection = {}, requirements: ReadonlyMap<string, Requirement> = new Map()): CheckDefinition[] {
  const only = patterns(selection.only);
  const skip = patterns(selection.skip);
  const selected = checks.filter((check) => {
    if (only.length > 0 && !only.some((pattern) => matchesPattern(check, pattern))) return false;
    if (skip.some((pattern) => matchesPattern(check, pattern))) return false;
    if (selection.level && strongestLevel(check, requirements) !== selection.level) return false;
    return true;
  });
  const shard = selection.shard;
  return shard ? selected.filter((_, index) => index % shard.count === shard.index - 1) : selected;
}

/** Parses "i/n" (1 ≤ i ≤ n); undefined when malformed. */
export function parseShard(value: string): { index: number; count: number } | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!match) return undefined;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index >= 1 && count >= 1 && index <= count ? { index, count } : undefined;
}

/** A pattern of --only or --skip that matches no check, and the known name nearest to it (a typo's fix). */
export interface UnknownPattern {
  flag: '--only' | '--skip';
  pattern: string;
  suggestion?: string;
}

/**
 * The patterns that match none of `checks`: a typo is refused even when another pattern matches, since it would
 * silently run (or skip) less than was asked.
 */
export function unknownPatterns(checks: readonly CheckDefinition[], selection: Selection): UnknownPattern[] {
  const names = new Set<string>();
  for (const check of checks) {
    names.add(check.id);
    names.add(check.suite);
    names.add(`${check.suite}.*`);
    names.add(`${check.id.split('.')[0]}.*`);
    for (const id of check.requirements) names.add(id);
  }
  const unknown: UnknownPattern[] = [];
  for (const flag of ['--only', '--skip'] as const) {
    for (const pattern of patterns(flag === '--only' ? selection.only : selection.skip)) {
      if (checks.some((check) => matchesPattern(check, pattern))) continue;
      unknown.push({ flag, pattern, suggestion: closest(pattern, names) ?? closest(pattern.toUpperCase(), names) });
    }
  }
  return unknown;
}
