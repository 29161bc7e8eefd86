import type { CheckDefinition } from '../receivers/check.js';
import type { Requirement } from '../model/model.js';

export interface CoverageRow {
  requirement: Requirement;
  checks: string[];
  /** Why no check verifies it; absent when some check does. */
  reason?: string;
}

/** Why a requirement without a check has none; undefined when there is no good reason (a coverage gap). */
export function reasonForNoCheck(requirement: Requirement): string | undefined {
  if (requirement.untestable) return `not testable: ${requirement.untestable}`;
  if (requirement.verifiedThroughout) return `verified by ${requirement.verifiedThroughout}`;
  if (requirement.keyword === 'MAY') return 'a permission, not an obligation: nothing to violate; the checks accept either behaviour';
  if (requirement.binds === 'requestor') return 'binds the requestor, which is this suite when it tests a receiver; it keeps the rule itself';
  return undefined;
}

/** Every requirement with the checks that verify it, or the reason none does. */
export function coverageMatrix(checks: readonly CheckDefinition[], requirements: ReadonlyMap<string, Requirement>): CoverageRow[] {
  return [...requirements.values()].map((requirement) => {
    const verifying = checks.filter((check) => check.requirements.includes(requirement.id)).map((check) => check.id);
    return verifying.length > 0 ? { requirement, checks: verifying } : { requirement, checks: [], reason: reasonForNoCheck(requirement) };
  });
}

/** Requirement IDs that checks name but the catalogue lacks. */
export function unknownRequirements(checks: readonly CheckDefinition[], requirements: ReadonlyMap<string, Requirement>): string[] {
  return [...new Set(checks.flatMap((check) => check.requirements.filter((id) => !requirements.has(id)).map((id) => `${check.id} → ${id}`)))];
}
