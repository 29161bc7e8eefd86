import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROBE_OPERATIONS, PROBE_STATUSES, type Profile } from '../../harness/engine/profile.js';
import { JUDGED_RULES } from '../../harness/rules/rule-book.js';
import { TASKS_2025_11_25 } from '../../suites/2025-11-25/index.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/**
 * The probe matrix of each profile (suites/<era>/probe-matrix.ts): every task operation in every state has a cell,
 * and every cell names real checks of the right role, requirements the era's rule book judges, or why nothing does.
 */
describe.each([TASKS_2025_11_25, TASKS_2026_07_28] as Profile[])('the probe matrix of $id', (profile) => {
  const cells = PROBE_OPERATIONS.flatMap((operation) => PROBE_STATUSES.map((status) => ({ operation, status, cell: profile.probes[operation]?.[status] })));

  it('has a cell for every operation in every state, and nothing else', () => {
    expect(Object.keys(profile.probes).sort()).toEqual([...PROBE_OPERATIONS].sort());
    for (const operation of PROBE_OPERATIONS) expect(Object.keys(profile.probes[operation]).sort(), operation).toEqual([...PROBE_STATUSES].sort());
  });

  it('judges each cell by checks or the rule book, or says why nothing does', () => {
    const silent = cells.filter(({ cell }) => !cell || ((cell.checks?.length ?? 0) === 0 && (cell.ruleBook?.length ?? 0) === 0 && !cell.why?.trim()));
    expect(silent.map(({ operation, status }) => `${operation} × ${status}`)).toEqual([]);
  });

  it('names only checks of the profile, of the role the operation belongs to', () => {
    const roles = new Map(profile.checks.map((check) => [check.id, check.roles]));
    const wrong = cells.flatMap(({ operation, status, cell }) =>
      (cell?.checks ?? [])
        .filter((id) => !roles.get(id)?.includes(operation === 'requestor' ? 'client' : 'server'))
        .map((id) => `${operation} × ${status}: ${id}${roles.has(id) ? ' is not a check of that role' : ' is no check of the profile'}`),
    );
    expect(wrong).toEqual([]);
  });

  it('names only requirements the rule book judges in every message of the era', () => {
    const judged = new Set([...JUDGED_RULES[profile.era].receiver, ...JUDGED_RULES[profile.era].requestor]);
    const wrong = cells.flatMap(({ operation, status, cell }) => (cell?.ruleBook ?? []).filter((id) => !judged.has(id)).map((id) => `${operation} × ${status}: ${id}`));
    expect(wrong).toEqual([]);
  });

  it('is what list --matrix prints', () => {
    const run = spawnSync(process.execPath, [CLI, 'list', '--spec', profile.id, '--matrix', '--json'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ spec: profile.id, operations: JSON.parse(JSON.stringify(profile.probes)) });
    const text = spawnSync(process.execPath, [CLI, 'list', '--spec', profile.id, '--matrix'], { encoding: 'utf8', timeout: 60_000 });
    expect(text.stdout).toContain(`${PROBE_OPERATIONS.length * PROBE_STATUSES.length} cells:`);
  });
});
