import type { CheckDefinition } from './check.js';

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

export function selectChecks(checks: readonly CheckDefinition[], only?: readonly string[]): CheckDefinition[] {
  if (!only || only.length === 0) return [...checks];
  const patterns = only.flatMap((value) => value.split(',')).map((p) => p.trim()).filter(Boolean);
  return checks.filter((check) => patterns.some((pattern) => matchesPattern(check, pattern)));
}
