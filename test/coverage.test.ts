import { describe, expect, it } from 'vitest';
import { coverageMatrix, unknownRequirements } from '../harness/engine/coverage.js';
import { TASKS_2026_07_28 } from '../suites/2026-07-28/index.js';
import { TASKS_2025_11_25 } from '../suites/2025-11-25/index.js';

for (const profile of [TASKS_2025_11_25, TASKS_2026_07_28]) {
  describe(`requirement coverage of ${profile.id}`, () => {
    const rows = coverageMatrix(profile.checks, profile.requirements);

    it('every requirement is verified by a check or says why it cannot be', () => {
      expect(rows.filter((row) => row.checks.length === 0 && !row.reason).map((row) => row.requirement.id)).toEqual([]);
    });

    it('no check names a requirement the catalogue lacks', () => {
      expect(unknownRequirements(profile.checks, profile.requirements)).toEqual([]);
    });

    it('check IDs are unique and name their suite', () => {
      const ids = profile.checks.map((check) => check.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const check of profile.checks) expect(check.id.startsWith(`${check.suite}.`)).toBe(true);
    });
  });
}

describe('the two profiles side by side', () => {
  it('share no check ID, so one report, baseline or --only can hold both', () => {
    const legacy = new Set(TASKS_2025_11_25.checks.map((check) => check.id));
    expect(TASKS_2026_07_28.checks.map((check) => check.id).filter((id) => legacy.has(id))).toEqual([]);
  });
});
