// explore's shrinking, end to end in both profiles (moved from the inner loop for its time: 30 s of file time): a
// violation found against a faulty reference is shrunk into a counterexample file, with the profile and the replay
// command in it, and --replay of that file shows the violation again.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { explore, type ExploreOptions } from '../../harness/explore/explore.js';
import type { ExploreReport } from '../../harness/explore/report.js';
import type { TargetSpec } from '../../harness/wire/connections/connect.js';
import { makeTiming } from '../../harness/wire/timing.js';
import { ALL_REQUIREMENTS } from '../../suites/2025-11-25/index.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';
import { REFERENCE_BUILT, REFERENCE_MAIN } from '../support/reference-runs.js';

const dir = mkdtempSync(join(tmpdir(), 'explore-shrink-'));
const stdioReference = (fault: string): TargetSpec => ({ transport: 'stdio', command: `"${process.execPath}" "${REFERENCE_MAIN}" --fault ${fault}` });

/** An exploration as the inner loop's end-to-end tests run it: six runs of at most 12 operations within 20 s. */
function exploreWith(seed: number, target: TargetSpec, options: Partial<ExploreOptions>): Promise<ExploreReport> {
  return explore({ target, timing: makeTiming(1), seed, runs: 6, budgetMs: 20_000, maxOps: 12, tool: { name: 'mcp-tasks-conformance', version: 'test' }, ...options } as ExploreOptions);
}

describe.skipIf(!REFERENCE_BUILT)('explore shrinks what it finds into a counterexample that --replay runs again', () => {
  it.concurrent('2025-11-25: a result that differs between looks, shrunk to at most three operations', async ({ expect }) => {
    const seed = 20251125;
    const outDir = join(dir, 'legacy');
    const target = stdioReference('result-differs');
    const options = { requirements: ALL_REQUIREMENTS };
    const report = await exploreWith(seed, target, { ...options, outDir, replayCommandPrefix: 'mcp-tasks-conformance explore --command x' });
    const violated = report.properties.filter((p) => p.outcome === 'fail');
    expect(violated.map((p) => p.id)).toEqual(['explore.results']);
    const counterexample = violated[0].counterexample!;
    expect(counterexample.requirement).toBe('TASKS-RESULT-EXACT');
    expect(counterexample.operations.length).toBeLessThanOrEqual(3);
    expect(counterexample.file).toBe(join(outDir, `counterexample-${seed}.json`));
    expect(counterexample.replayCommand).toBe(`mcp-tasks-conformance explore --command x --replay ${counterexample.file}`);
    const file = JSON.parse(readFileSync(counterexample.file!, 'utf8'));
    expect(file).toMatchObject({ $schema: 'urn:mcp-tasks-conformance:explore-counterexample:v1', seed, requirement: 'TASKS-RESULT-EXACT', severity: 'fail', role: 'server' });
    expect(file.transcript.length).toBeGreaterThan(0);
    const replay = await exploreWith(seed, target, { ...options, replay: { operations: file.operations, file: counterexample.file } });
    expect(replay.properties.find((p) => p.id === 'explore.results')?.outcome).toBe('fail');
    expect(replay.runsDone).toBe(1);
  });

  it.concurrent('2026-07-28: a working task read as running, the profile written into the counterexample file', { timeout: 90_000 }, async ({ expect }) => {
    const seed = 20260728;
    const target = stdioReference('ext-working-reads-running');
    const profile = { id: TASKS_2026_07_28.id, title: TASKS_2026_07_28.title, specUrl: TASKS_2026_07_28.specUrl, era: 'modern' as const };
    const options = { requirements: TASKS_2026_07_28.requirements, profile };
    // A violation in the first few runs: a short budget bounds the shrinking too.
    const report = await exploreWith(seed, target, { ...options, outDir: join(dir, 'modern'), budgetMs: 12_000 });
    const failed = report.properties.filter((p) => p.outcome === 'fail');
    expect(failed.map((p) => p.id)).toEqual(['explore.status-graph']);
    const counterexample = failed[0].counterexample!;
    expect(counterexample.requirement).toBe('EXT-GET-CURRENT-STATUS');
    // How far it shrinks within so short a budget varies; explore-faults holds shrinking to its bound.
    expect(counterexample.operations.length).toBeLessThanOrEqual(counterexample.originalLength);
    expect(existsSync(counterexample.file!)).toBe(true);
    const file = JSON.parse(readFileSync(counterexample.file!, 'utf8'));
    expect(file.profile).toBe('2026-07-28');
    const replay = await exploreWith(seed, target, { ...options, replay: { operations: file.operations, file: counterexample.file } });
    expect(replay.properties.find((p) => p.id === 'explore.status-graph')?.outcome).toBe('fail');
  });
});
