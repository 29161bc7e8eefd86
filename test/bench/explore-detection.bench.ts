// The detection rate of explore (npm run bench:explore; not a test tier, it takes hours): explore, with the default
// budget and its seeds, against each fault of the reference's catalogue that a lifecycle, result, listing,
// cancellation, ttl or isolation check catches (test/fault-cases), and each fault no scripted check catches (family
// "explore-only"), for each profile; the share found per family.
// Each exploration's verdict is appended to out/bench-explore/runs.jsonl as it ends and the summary rewritten, so a
// measurement stopped part-way still says what it measured. Narrow it with BENCH_PROFILES, BENCH_FAMILIES,
// BENCH_FAULTS, BENCH_SEEDS, BENCH_BUDGET_S; BENCH_SHRINK=1 shrinks what it finds (the default only detects).
import { appendFileSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import type { TargetSpec } from '../../harness/wire/connections/connect.js';
import { explore } from '../../harness/explore/explore.js';
import { makeTiming } from '../../harness/wire/timing.js';
import { startReferenceHttpServer } from '../../reference-server/index.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';
import { ALL_REQUIREMENTS } from '../../suites/2025-11-25/index.js';
import { EXPLORE_ONLY_FAULTS, EXT_EXPLORE_ONLY_FAULTS } from '../fault-cases/explore.js';
import type { FaultCase } from '../fault-cases/types.js';
import { EXT_FAULT_CASES, SERVER_FAULT_CASES } from '../support/fault-matrix.js';
import { REFERENCE_MAIN, TOKENS } from '../support/reference-runs.js';

/** The check suites of each family, per profile. */
const FAMILIES: Record<'legacy' | 'modern', Record<string, string>> = {
  legacy: { lifecycle: 'lifecycle', 'result-retrieval': 'result', listing: 'listing', cancellation: 'cancellation', ttl: 'ttl', isolation: 'isolation' },
  modern: { 'ext-lifecycle': 'lifecycle', 'ext-results': 'result', 'ext-cancel': 'cancellation', 'ext-security': 'isolation' },
};

const list = (name: string, otherwise: string) => (process.env[name] ?? otherwise).split(',').filter((item) => item.length > 0);
const SEEDS = list('BENCH_SEEDS', '1,2,3,4').map(Number);
const PROFILES = list('BENCH_PROFILES', '2025-11-25,2026-07-28');
const WANTED_FAMILIES = process.env.BENCH_FAMILIES ? new Set(list('BENCH_FAMILIES', '')) : undefined;
const WANTED_FAULTS = process.env.BENCH_FAULTS ? new Set(list('BENCH_FAULTS', '')) : undefined;
const BUDGET_MS = Number(process.env.BENCH_BUDGET_S ?? 60) * 1000;
const OUT = process.env.BENCH_OUT ?? 'out/bench-explore';

interface Measured {
  profile: string;
  fault: string;
  families: string[];
  seed: number;
  found: boolean;
  /** What it found (requirement), or why it found nothing (the report's endedBecause). */
  detail: string;
  runs: number;
  durationMs: number;
  /** What the exploration exercised (the report's coverage). */
  coverage?: unknown;
}

/** The fault cases of a profile, each with its families; cases a whole exploration cannot take (no tasks at all) left out. */
function casesOf(era: 'legacy' | 'modern'): { faultCase: FaultCase; families: string[] }[] {
  // The faults no scripted check catches are measured too, as a family of their own.
  const exploreOnly = new Set(era === 'legacy' ? EXPLORE_ONLY_FAULTS : EXT_EXPLORE_ONLY_FAULTS);
  const cases = [...(era === 'legacy' ? SERVER_FAULT_CASES : EXT_FAULT_CASES), ...[...exploreOnly].map((fault): FaultCase => ({ faults: [fault], catches: {} }))];
  return cases.flatMap((faultCase) => {
    if (faultCase.variant === 'no-tasks') return [];
    // A case that no check may catch is an allowed alternative, not a fault.
    const checks = Object.keys(faultCase.catches);
    const onlyExplore = checks.length === 0 && faultCase.faults.every((fault) => exploreOnly.has(fault));
    const families = onlyExplore ? ['explore-only'] : [...new Set(checks.flatMap((check) => FAMILIES[era][check.split('.')[0]] ?? []))];
    if (families.length === 0) return [];
    if (WANTED_FAMILIES && !families.some((family) => WANTED_FAMILIES.has(family))) return [];
    if (WANTED_FAULTS && !faultCase.faults.some((fault) => WANTED_FAULTS.has(fault))) return [];
    return [{ faultCase, families }];
  });
}

async function withTarget<T>(faultCase: FaultCase, body: (target: TargetSpec) => Promise<T>): Promise<T> {
  if (faultCase.stdio) return body({ transport: 'stdio', command: `"${process.execPath}" "${REFERENCE_MAIN}"${faultCase.faults.map((fault) => ` --fault ${fault}`).join('')}` });
  const server = await startReferenceHttpServer({ port: 0, faults: faultCase.faults, ...(faultCase.anonymous ? {} : { tokens: TOKENS }), ...(faultCase.era ? { era: faultCase.era } : {}) });
  try {
    const headers: Record<string, string> = faultCase.anonymous ? {} : { Authorization: 'Bearer token-a' };
    const peerHeaders = faultCase.anonymous || faultCase.noPeer ? undefined : { Authorization: 'Bearer token-b' };
    return await body({ transport: 'http', url: server.url, headers, ...(peerHeaders ? { peerHeaders } : {}) });
  } finally {
    await server.close();
  }
}

function summary(measured: readonly Measured[]): string {
  const lines = ['| profile | family | faults | explorations | found | share |', '| --- | --- | ---: | ---: | ---: | ---: |'];
  const keys = [...new Set(measured.flatMap((m) => m.families.map((family) => `${m.profile}\t${family}`)))].sort();
  for (const key of keys) {
    const [profile, family] = key.split('\t');
    const rows = measured.filter((m) => m.profile === profile && m.families.includes(family));
    const found = rows.filter((m) => m.found).length;
    lines.push(`| ${profile} | ${family} | ${new Set(rows.map((m) => m.fault)).size} | ${rows.length} | ${found} | ${Math.round((100 * found) / rows.length)}% |`);
  }
  lines.push('', '| profile | fault | seeds found | what |', '| --- | --- | --- | --- |');
  const faults = [...new Set(measured.map((m) => `${m.profile}\t${m.fault}`))];
  for (const key of faults) {
    const [profile, fault] = key.split('\t');
    const rows = measured.filter((m) => m.profile === profile && m.fault === fault);
    const what = [...new Set(rows.filter((m) => m.found).map((m) => m.detail))].join('; ') || rows[0].detail;
    lines.push(`| ${profile} | ${fault} | ${rows.filter((m) => m.found).length}/${rows.length} | ${what.replace(/\|/g, '\\|')} |`);
  }
  return `${lines.join('\n')}\n`;
}

it('measures the share of catalogue faults explore finds, per family and profile', async () => {
  mkdirSync(OUT, { recursive: true });
  const runsFile = join(OUT, 'runs.jsonl');
  // A measurement resumed after a stop does not redo what it has.
  const measured: Measured[] = existsSync(runsFile)
    ? readFileSync(runsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Measured)
    : [];
  for (const profileId of PROFILES) {
    const era = profileId === TASKS_2026_07_28.id ? 'modern' : 'legacy';
    for (const { faultCase, families } of casesOf(era)) {
      const fault = faultCase.faults.join('+');
      for (const seed of SEEDS) {
        if (measured.some((m) => m.profile === profileId && m.fault === fault && m.seed === seed)) continue;
        const report = await withTarget(faultCase, (target) =>
          explore({
            target,
            timing: makeTiming(1),
            seed,
            runs: 100,
            budgetMs: BUDGET_MS,
            maxOps: 12,
            stopAtFirst: true,
            shrink: process.env.BENCH_SHRINK === '1',
            tool: { name: 'mcp-tasks-conformance', version: 'bench' },
            requirements: era === 'modern' ? TASKS_2026_07_28.requirements : ALL_REQUIREMENTS,
            ...(era === 'modern' ? { profile: { id: TASKS_2026_07_28.id, title: TASKS_2026_07_28.title, specUrl: TASKS_2026_07_28.specUrl, era: 'modern' as const } } : {}),
          }),
        );
        const broken = report.properties.find((property) => property.outcome === 'fail' || property.outcome === 'warn');
        const entry: Measured = {
          profile: profileId,
          fault,
          families,
          seed,
          found: broken !== undefined,
          detail: broken ? `${broken.id}: ${broken.counterexample?.requirement ?? broken.outcome}` : report.endedBecause,
          runs: report.runsDone,
          durationMs: report.durationMs,
          coverage: report.coverage,
        };
        measured.push(entry);
        appendFileSync(runsFile, `${JSON.stringify(entry)}\n`);
        writeFileSync(join(OUT, 'summary.md'), summary(measured));
      }
    }
  }
  process.stdout.write(summary(measured));
});
