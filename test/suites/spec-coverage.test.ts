import { describe, expect, it } from 'vitest';
import { coverageMatrix, unknownRequirements } from '../../harness/engine/coverage.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';
import { TASKS_2025_11_25 } from '../../suites/2025-11-25/index.js';
import { requirementUrl } from '../../harness/model/model-basics.js';

/** The spec pages a check's `spec` may link: the site's own, and the extension's page for 2026-07-28. */
const SPEC_LINK = /^https:\/\/modelcontextprotocol\.io\/(specification\/(2025-11-25|2026-07-28)|extensions\/tasks)\/[^#\s]*#[a-z0-9-]+$/;

for (const profile of [TASKS_2025_11_25, TASKS_2026_07_28]) {
  describe(`requirement coverage of ${profile.id}`, () => {
    const rows = coverageMatrix(profile.checks, profile.requirements);

    it('every requirement is verified by a check or says why it cannot be', () => {
      expect(rows.filter((row) => row.checks.length === 0 && !row.reason).map((row) => row.requirement.id)).toEqual([]);
    });

    it('no check names a requirement the catalogue lacks', () => {
      expect(unknownRequirements(profile.checks, profile.requirements)).toEqual([]);
    });

    it("each check's spec link is an https link with an anchor, to a section its requirements cite", () => {
      const wrong: string[] = [];
      for (const check of profile.checks) {
        if (!SPEC_LINK.test(check.spec)) {
          wrong.push(`${check.id}: ${check.spec} is no link to a section of modelcontextprotocol.io`);
          continue;
        }
        // A requirement cites its own section's link and, through its sites, the sections of its page that state it.
        const cited = check.requirements.flatMap((id) => {
          const requirement = profile.requirements.get(id);
          if (!requirement) return [];
          const url = requirementUrl(requirement);
          const page = url.split('#')[0];
          return [url, ...(requirement.sites ?? []).map((site) => `${page}#${site.split('/')[0]}`)];
        });
        if (!cited.includes(check.spec)) wrong.push(`${check.id}: ${check.spec} is none of the sections its requirements cite (${[...new Set(cited)].join(', ')})`);
      }
      expect(wrong).toEqual([]);
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
