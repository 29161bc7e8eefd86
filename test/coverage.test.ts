import { describe, expect, it } from 'vitest';
import { coverageMatrix, unknownRequirements } from '../harness/coverage.js';
import { ALL_CHECKS, ALL_REQUIREMENTS } from '../suites/index.js';

describe('requirement coverage', () => {
  const rows = coverageMatrix(ALL_CHECKS, ALL_REQUIREMENTS);

  it('every requirement is verified by a check or says why it cannot be', () => {
    expect(rows.filter((row) => row.checks.length === 0 && !row.reason).map((row) => row.requirement.id)).toEqual([]);
  });

  it('no check names a requirement the catalogue lacks', () => {
    expect(unknownRequirements(ALL_CHECKS, ALL_REQUIREMENTS)).toEqual([]);
  });

  it('check IDs are unique and name their suite', () => {
    const ids = ALL_CHECKS.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of ALL_CHECKS) expect(check.id.startsWith(`${check.suite}.`)).toBe(true);
  });
});
