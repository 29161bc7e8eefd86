import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../cli/profiles.js';
import { combineReports } from '../../harness/engine/combine.js';
import { buildJunitXml } from '../../reports/junit.js';
import { runNode } from '../support/cli-async.js';
import { result, runReport } from '../support/results.js';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const REFERENCE = fileURLToPath(new URL('../../dist/reference-server/main.js', import.meta.url));
const built = existsSync(CLI);
const dir = mkdtempSync(join(tmpdir(), 'profiles-'));

const cli = (...args: string[]) => runNode([CLI, ...args], { env: { ...process.env, GITHUB_STEP_SUMMARY: '' } });

/** A check of each profile that needs no peer, no HTTP and little time. */
const ONE_OF_EACH = ['--only', 'creation.status-working,ext-negotiation.no-task-without-extension'];

describe('--spec', { concurrent: true }, () => {
  it('takes auto, a profile, or a list of them, and says how to mend anything else in one line', ({ expect }) => {
    expect(parseSpec(undefined)).toEqual({ auto: true });
    expect(parseSpec('2026-07-28')).toEqual({ auto: false, ids: ['2026-07-28'] });
    expect(parseSpec('2025-11-25,2026-07-28')).toEqual({ auto: false, ids: ['2025-11-25', '2026-07-28'] });
    expect(() => parseSpec('2026')).toThrow(/--spec wants auto, 2025-11-25, 2026-07-28 or a comma-separated list of them, got "2026"/);
    expect(() => parseSpec('2025-11-25,2025-11-25')).toThrow(/names a profile twice/);
  });

  it.skipIf(!built)('auto finds the era of each reference variant: legacy-only, modern-only, and dual-era (both profiles, one report)', async ({ expect }) => {
    const cases = [
      { era: 'legacy', says: /a legacy server .*running profile 2025-11-25\n/, profiles: ['2025-11-25'] },
      { era: 'modern', says: /a modern server .*running profile 2026-07-28\n/, profiles: ['2026-07-28'] },
      { era: 'dual', says: /a dual-era server .*running profile 2025-11-25 and 2026-07-28\n/, profiles: ['2025-11-25', '2026-07-28'] },
    ];
    const runs = await Promise.all(cases.map(({ era }) => cli('server', '--command', `"${process.execPath}" "${REFERENCE}" --era ${era}`, ...ONE_OF_EACH, '--json', join(dir, `auto-${era}.json`))));
    for (const [index, { era, says, profiles }] of cases.entries()) {
      const json = join(dir, `auto-${era}.json`);
      const run = runs[index]!;
      expect(run.stdout, run.stderr).toMatch(says);
      expect(run.code, run.stdout).toBe(0);
      const report = JSON.parse(readFileSync(json, 'utf8'));
      expect(report.profiles.map((p: { id: string }) => p.id)).toEqual(profiles);
      expect(report.results.map((r: { profile: string }) => r.profile)).toEqual(profiles);
      expect(report.specVersion).toBe(profiles.join('+'));
    }
  });

  it.skipIf(!built)('auto finds the era over Streamable HTTP too', async ({ expect }) => {
    const run = await cli('server', '--reference', 'http', ...ONE_OF_EACH);
    expect(run.stdout).toMatch(/a dual-era server .*running profile 2025-11-25 and 2026-07-28/);
    expect(run.code, run.stdout).toBe(0);
  });

  it.skipIf(!built)('runs a named profile only, and a legacy-only server under the modern profile cannot be reached, saying what to do', async ({ expect }) => {
    const modern = await cli('server', '--spec', '2026-07-28', ...ONE_OF_EACH);
    expect(modern.code, modern.stdout).toBe(0);
    expect(modern.stdout).not.toMatch(/creation\.status-working/);
    const legacyOnly = await cli('server', '--spec', '2026-07-28', '--command', `"${process.execPath}" "${REFERENCE}" --era legacy`, ...ONE_OF_EACH);
    expect(legacyOnly.code).toBe(2);
    expect(legacyOnly.stderr).toMatch(/server\/discover.*--spec 2025-11-25/);
  });

  it.skipIf(!built)('lists and explains either profile', async ({ expect }) => {
    const list = await cli('list', '--spec', '2026-07-28');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ext-negotiation\.no-task-without-extension/m);
    expect((await cli('list', '--spec', '2027-01-01')).stderr).toMatch(/--spec wants one of 2025-11-25, 2026-07-28 here/);
    const explained = await cli('explain', 'ext-negotiation.no-task-without-extension');
    expect(explained.code, explained.stderr).toBe(0);
    expect(explained.stdout).toMatch(/clientCapabilities/);
  });
});

describe('a report of several profiles', () => {
  it('keeps each profile beside its results and coverage, with one summary, and JUnit names each suite by its profile', () => {
    const legacy = runReport(
      [result({ id: 'lifecycle.transitions', outcome: 'pass', profile: '2025-11-25' }), result({ id: 'creation.task-ids', outcome: 'fail', suite: 'creation', profile: '2025-11-25' })],
      {
        coverage: [{ id: 'TASKS-A', profile: '2025-11-25', keyword: 'MUST', binds: 'receiver', section: 'S', url: 'https://example.org/a', summary: 's', checks: ['lifecycle.transitions'] }],
      },
    );
    const modernProfile = { id: '2026-07-28', title: 'Tasks extension, MCP 2026-07-28', specUrl: 'https://modelcontextprotocol.io/extensions/tasks/specification' };
    const modern = runReport([result({ id: 'ext-polling.completed-inlines-result', outcome: 'pass', suite: 'ext-polling', profile: '2026-07-28' })], {
      specVersion: '2026-07-28',
      profile: modernProfile,
      profiles: [modernProfile],
      negotiatedProtocolVersion: '2026-07-28',
      coverage: [{ id: 'EXT-B', profile: '2026-07-28', keyword: 'MUST', binds: 'receiver', section: 'S', url: 'https://example.org/b', summary: 's', checks: [] }],
    });
    const combined = combineReports([legacy, modern]);
    expect(combined.profiles?.map((profile) => profile.id)).toEqual([legacy.profile.id, '2026-07-28']);
    expect(combined.specVersion).toBe(`${legacy.profile.id}+2026-07-28`);
    expect(combined.results).toHaveLength(legacy.results.length + modern.results.length);
    expect(combined.summary).toMatchObject({ pass: 2, fail: 1 });
    expect(combined.negotiatedProtocolVersion).toBe(combined.specVersion);
    expect(combined.coverage).toHaveLength(legacy.coverage.length + modern.coverage.length);
    const xml = buildJunitXml(combined);
    expect(xml).toContain('mcp-tasks-conformance 2026-07-28 · ext-polling');
    expect(xml).toContain('mcp-tasks-conformance 2025-11-25 · lifecycle');
    expect(combineReports([legacy])).toBe(legacy);
  });
});
