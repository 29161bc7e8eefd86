// The explain command and its data: every check has an explanation, every ID of the profile is answered, the
// faults and implementations an explanation names really show that failure, and an unknown ID gets the closest ones.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { explain, closestIds } from '../../cli/explain.js';
import { UsageError } from '../../cli/options.js';
import { coverageMatrix } from '../../harness/engine/coverage.js';
import { requirementUrl } from '../../harness/model/model-basics.js';
import { KNOWN_CLIENT_FAULTS } from '../../reference-client/index.js';
import { KNOWN_FAULTS } from '../../reference-server/index.js';
import { CHECK_EXPLANATIONS } from '../../suites/2025-11-25/explanations.js';
import { TASKS_2025_11_25 } from '../../suites/2025-11-25/index.js';
import { EXT_CHECK_EXPLANATIONS } from '../../suites/2026-07-28/explanations.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';
import type { Profile } from '../../harness/engine/profile.js';
import type { CheckExplanation } from '../../harness/receivers/check.js';

const PROFILE = TASKS_2025_11_25;
const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const COMPATIBILITY = readFileSync(fileURLToPath(new URL('../../docs/compatibility.md', import.meta.url)), 'utf8');
const SPEC_PATH = fileURLToPath(new URL('../../../shared/reference/tasks-2025-11-25.en.mdx', import.meta.url));
const EXT_SPEC_PATH = fileURLToPath(new URL('../../../shared/reference/2026-07-28/extension-tasks.md', import.meta.url));
const CHECK_IDS = PROFILE.checks.map((check) => check.id);
const REQUIREMENT_IDS = [...PROFILE.requirements.keys()];

/** Every run of n consecutive words, lower-cased, to find wording taken over from the spec. */
function wordRuns(text: string, n: number): string[] {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.slice(0, Math.max(0, words.length - n + 1)).map((_, index) => words.slice(index, index + n).join(' '));
}

function explained(id: string): string {
  return explain(id, PROFILE);
}

interface ExplainedProfile {
  profile: Profile;
  explanations: Readonly<Record<string, CheckExplanation>>;
  specPath: string;
}

/** Both profiles' explanation data and explain output meet the same rules. */
const PROFILES: ExplainedProfile[] = [
  { profile: TASKS_2025_11_25, explanations: CHECK_EXPLANATIONS, specPath: SPEC_PATH },
  {
    profile: TASKS_2026_07_28,
    explanations: EXT_CHECK_EXPLANATIONS,
    specPath: EXT_SPEC_PATH,
  },
];

for (const { profile: PROFILE, explanations: CHECK_EXPLANATIONS, specPath: SPEC_PATH } of PROFILES) {
  const CHECK_IDS = PROFILE.checks.map((check) => check.id);
  const REQUIREMENT_IDS = [...PROFILE.requirements.keys()];
  const explained = (id: string): string => explain(id, PROFILE);

  describe(`the explanation data of ${PROFILE.id}`, () => {
    it("indexes each check's own explanation under its ID, and nothing else", () => {
      expect(Object.keys(CHECK_EXPLANATIONS).sort()).toEqual([...CHECK_IDS].sort());
      for (const check of PROFILE.checks) expect(CHECK_EXPLANATIONS[check.id], check.id).toBe(check.explain);
    });

    it('says what each check does and at least one way it fails, with a fix, each on one line', () => {
      for (const [id, { does, causes }] of Object.entries(CHECK_EXPLANATIONS)) {
        expect(does.trim().length, id).toBeGreaterThan(40);
        expect(causes.length, id).toBeGreaterThan(0);
        for (const text of [does, ...causes.flatMap(({ cause, fix, seenIn }) => [cause, fix, seenIn ?? 'none'])]) {
          expect(text.trim(), id).not.toBe('');
          expect(text, id).not.toMatch(/[\r\n]/);
        }
      }
    });

    it('names only faults of the reference receivers that the fault matrix shows failing or warning that very check', () => {
      const known = new Set([...KNOWN_FAULTS, ...KNOWN_CLIENT_FAULTS]);
      for (const check of PROFILE.checks) {
        for (const fault of check.explain.causes.flatMap((cause) => cause.faults ?? [])) {
          expect(known.has(fault), `${check.id}: --fault ${fault} is no fault of the reference receivers`).toBe(true);
          // provenBy is held to the fault cases by test/suites/fault-matrix.test.ts.
          expect(check.provenBy, `${check.id}: --fault ${fault} is not among the faults that prove it (provenBy)`).toContain(fault);
        }
      }
    });

    it('says "seen in" only for checks that docs/compatibility.md reports failing or warning', () => {
      for (const [id, { causes }] of Object.entries(CHECK_EXPLANATIONS)) {
        if (!causes.some((cause) => cause.seenIn)) continue;
        const rows = COMPATIBILITY.split('\n').filter((line) => line.startsWith(`| \`${id}\``) || line.includes(`| \`${id}\` |`));
        expect(
          rows.some((row) => /\| (fail|warn) \|/.test(row)),
          `${id} has a "seen in" but no fail or warn row in docs/compatibility.md`,
        ).toBe(true);
      }
    });

    it.skipIf(!existsSync(SPEC_PATH))('copies no run of 8 consecutive spec words (skipped where ../shared is absent)', () => {
      const spec = new Set(wordRuns(readFileSync(SPEC_PATH, 'utf8'), 8));
      for (const [id, { does, causes }] of Object.entries(CHECK_EXPLANATIONS)) {
        for (const text of [does, ...causes.flatMap(({ cause, fix }) => [cause, fix])]) {
          const copied = wordRuns(text, 8).filter((run) => spec.has(run));
          expect(copied, `${id} repeats spec wording`).toEqual([]);
        }
      }
    });
  });

  describe(`explain, ${PROFILE.id}`, () => {
    it('answers for every check: title, suite, roles, each requirement with its keyword, section, summary and link, what it does, how it fails', () => {
      for (const check of PROFILE.checks) {
        const text = explained(check.id);
        expect(text.startsWith(`${check.id} — ${check.title}\n`), check.id).toBe(true);
        expect(text, check.id).toContain(`Suite         ${check.suite}`);
        expect(text, check.id).toContain(`Roles         ${check.roles.join(', ')}`);
        for (const id of check.requirements) {
          const requirement = PROFILE.requirements.get(id)!;
          expect(text.replace(/\s+/g, ' '), `${check.id} → ${id}`).toContain(`${id} ${requirement.keyword}, binds the ${requirement.binds}, ${requirement.section}`);
          expect(text, `${check.id} → ${id}`).toContain(requirementUrl(requirement));
        }
        expect(text, check.id).toContain('What it does');
        expect(text, check.id).toContain('When it fails');
        for (const { faults } of CHECK_EXPLANATIONS[check.id].causes) for (const fault of faults ?? []) expect(text.replace(/\s+/g, ' '), check.id).toContain(`--fault ${fault}`);
        // The heading holds the whole title; below it, only links may run past 100 columns.
        expect(
          text
            .split('\n')
            .slice(1)
            .filter((line) => line.length > 100 && !line.includes('https://')),
          `${check.id}: lines over 100 columns`,
        ).toEqual([]);
      }
    });

    it('answers for every requirement: keyword, binding, section link, summary, leniency, and its checks or why none', () => {
      const rows = coverageMatrix(PROFILE.checks, PROFILE.requirements);
      for (const row of rows) {
        const { requirement } = row;
        const text = explained(requirement.id);
        expect(text.startsWith(`${requirement.id} — ${requirement.keyword}, binds the ${requirement.binds}\n`), requirement.id).toBe(true);
        expect(text, requirement.id).toContain(requirementUrl(requirement));
        const flat = text.replace(/\s+/g, ' ');
        expect(flat, requirement.id).toContain(requirement.summary);
        if (requirement.leniency) expect(flat, requirement.id).toContain(requirement.leniency);
        if (row.checks.length > 0) for (const id of row.checks) expect(text, requirement.id).toContain(`${id}: `);
        else expect(flat, requirement.id).toContain(`Checks none: ${row.reason ?? 'no check yet'}`);
      }
      expect(rows.length).toBe(REQUIREMENT_IDS.length);
    });
  });
}

describe('explain', () => {
  it('takes an ID regardless of case', () => {
    expect(explained('tasks-result-exact')).toBe(explained('TASKS-RESULT-EXACT'));
    expect(explained('Creation.Task-IDs')).toBe(explained('creation.task-ids'));
  });

  it('meets an unknown ID with the closest IDs, in one line', () => {
    expect(() => explained('creaton.task-id')).toThrow(UsageError);
    expect(() => explained('creaton.task-id')).toThrow(/did you mean creation\.task-ids\?/);
    expect(closestIds('same-as-plain-call', [...CHECK_IDS, ...REQUIREMENT_IDS])).toEqual(['result-retrieval.same-as-plain-call']);
    expect(closestIds('TASKS-RESULT-EXCAT', REQUIREMENT_IDS)[0]).toBe('TASKS-RESULT-EXACT');
    expect(closestIds('TASKS-RESULT', REQUIREMENT_IDS).length).toBe(3);
    expect(closestIds('xyzzy', [...CHECK_IDS, ...REQUIREMENT_IDS])).toEqual([]);
    expect(() => explained('xyzzy')).toThrow(/^"xyzzy" is no check or requirement of Tasks, MCP 2025-11-25; "mcp-tasks-conformance list" shows/);
  });
});

describe.skipIf(!existsSync(CLI))('mcp-tasks-conformance explain (run "npm run build" first when running vitest alone)', () => {
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, 'explain', ...args], { encoding: 'utf8', timeout: 30_000 });

  it('prints the explanation and exits 0', () => {
    const run = cli('result-retrieval.same-as-plain-call');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('TASKS-RESULT-EXACT');
    expect(run.stdout).toContain('--fault result-differs');
    expect(run.stderr).toBe('');
  });

  it('exits 2 with one line on an unknown ID, or without one', () => {
    const unknown = cli('result-retrieval.same-as-plain');
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toContain('did you mean result-retrieval.same-as-plain-call');
    const none = cli();
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/explain takes one check ID or requirement ID/);
  });
});
