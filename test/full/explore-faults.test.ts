// The explore command's engine against the reference receiver: each fault that only an interleaving shows
// (test/fault-cases/explore.ts) is found within the default budget and shrunk to a few operations naming the broken
// requirement, and the correct reference passes a long exploration over stdio and over HTTP.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

import type { TargetSpec } from '../../harness/wire/connections/connect.js';
import { explore } from '../../harness/explore/explore.js';
import type { ExploreReport } from '../../harness/explore/report.js';
import { makeTiming } from '../../harness/wire/timing.js';
import { startReferenceHttpServer } from '../../reference-server/index.js';
import { ALL_REQUIREMENTS } from '../../suites/2025-11-25/index.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';
import { ClientEndpoint } from '../../harness/wire/2025-11-25/client-endpoint.js';
import { liveProcessGroups } from '../../harness/wire/connections/process-group.js';
import { EXPLORE_ONLY_FAULTS, EXT_EXPLORE_ONLY_FAULTS, SERVER_ONLY_EXPLORE_FAULTS } from '../fault-cases/explore.js';
import { REFERENCE_BUILT, REFERENCE_MAIN, TOKENS } from '../support/reference-runs.js';

/**
 * Set by vitest.alone.config.ts: the finding and shrinking of the 2025-11-25 interleaving faults runs then, alone after
 * the rest of the tier, and the rest of this file runs with the tier. Shrinking replays a race within a ttl's window;
 * beside nine whole-suite runs on two cores the replays stopped reproducing it (14 operations left, twice in a row),
 * while alone it shrinks to three.
 */
const ALONE_PART = process.env.MCP_TASKS_LONG_TIER_ALONE === '1';

const CLIENT_MAIN = fileURLToPath(new URL('../../dist/reference-client/main.js', import.meta.url));

/** The contract's defaults: 100 runs of at most 12 operations within 60 s. */
const DEFAULTS = { runs: 100, budgetMs: 60_000, maxOps: 12 };
/**
 * A fault must show within the default budget: runs enough that the budget, not the run count, ends the search. These
 * prove finding and shrinking, so the search stops at the first violation rather than spending the rest of the budget.
 */
const FAULT_SEARCH = { ...DEFAULTS, runs: 10_000, stopAtFirst: true };
/** Fixed, so that a failure here can be replayed with `explore --seed`. */
const SEED = 20251125;
/**
 * "About six" (issue 16): the shortest sequences showing these faults have three to six operations; on a loaded
 * 2-core machine shrinking may stop one operation short of that when a race does not show on every re-run.
 */
const MAX_SHRUNK_OPERATIONS = 7;
/** The search, then its shrinking (each bounded by the budget), the calibration and the tear-down. */
const TEST_TIMEOUT_MS = 2 * DEFAULTS.budgetMs + 60_000;

/** Each fault, and the requirements its counterexample may name (whichever property sees it first). */
const EXPECTED: Record<string, readonly string[]> = {
  'cancel-race-completes': ['TASKS-CANCEL-STAYS-CANCELLED', 'TASKS-LIFECYCLE-TERMINAL-FINAL'],
  'list-shifts-on-create': ['TASKS-LIST-GET-IMPLIES-LIST'],
  'expires-at-half-ttl': ['TASKS-TTL-INCLUDE-ACTUAL'],
};

/** What every exploration here shares: the target's role, timing ×1, the tool and the profile's catalogue. */
function baseOptions(target: TargetSpec, modern = false) {
  return {
    target,
    ...(target.transport === 'client' ? { role: 'client' as const } : {}),
    timing: makeTiming(1),
    tool: { name: 'mcp-tasks-conformance', version: 'test' },
    requirements: modern ? TASKS_2026_07_28.requirements : ALL_REQUIREMENTS,
    ...(modern ? { profile: { id: TASKS_2026_07_28.id, title: TASKS_2026_07_28.title, specUrl: TASKS_2026_07_28.specUrl, era: 'modern' as const } } : {}),
    bundledReference: true,
  };
}

async function exploreTarget(
  target: TargetSpec,
  settings: { seed: number; runs: number; budgetMs: number; maxOps: number; stopAtFirst?: boolean; shrink?: boolean },
  modern = false,
): Promise<ExploreReport> {
  return explore({ ...baseOptions(target, modern), ...settings });
}

/** Fixed for the 2026-07-28 explorations, as SEED is for 2025-11-25. */
const MODERN_SEED = 20260728;
/** The 2026-07-28 explore-only faults and the requirements their counterexamples may name. */
const MODERN_EXPECTED: Record<string, readonly string[]> = {
  'ext-cancel-race-completes': ['EXT-LIFECYCLE-TERMINAL-FINAL'],
};

/** The reference client, a process per run as a user's client would be, through an endpoint of its own until `body` is done. */
async function withReferenceClient<T>(faults: string[], body: (target: TargetSpec) => Promise<T>): Promise<T> {
  const endpoint = await ClientEndpoint.start();
  try {
    return await body({ transport: 'client', command: `"${process.execPath}" "${CLIENT_MAIN}"${faults.map((fault) => ` --fault ${fault}`).join('')}`, endpoint });
  } finally {
    await endpoint.close();
  }
}

/** The reference over Streamable HTTP in this process, with identities A and B (tokens), until `body` is done. */
async function withReferenceHttp<T>(faults: string[], body: (target: TargetSpec) => Promise<T>): Promise<T> {
  const server = await startReferenceHttpServer({ port: 0, faults, tokens: TOKENS });
  try {
    return await body({ transport: 'http', url: server.url, headers: { Authorization: 'Bearer token-a' }, peerHeaders: { Authorization: 'Bearer token-b' } });
  } finally {
    await server.close();
  }
}

/** What an exploration found, in a few lines: shown when an expectation fails, and logged for the record. */
function describeReport(report: ExploreReport): string {
  const lines = [`outcome ${report.outcome}: ${report.runsDone}/${report.runsRequested} runs, ${report.operations} operations, ${report.durationMs} ms; ${report.endedBecause}`];
  for (const property of report.properties) {
    lines.push(`  ${property.outcome} ${property.id} (${property.observations} observations): ${property.message}`);
    const example = property.counterexample;
    if (!example) continue;
    lines.push(`    shrunk from ${example.originalLength} to ${example.operations.length} operations in ${example.shrinkSteps} steps (seed ${example.seed}, path ${example.path ?? 'none'})`);
    for (const operation of example.operations) lines.push(`    ${operation.step + 1}. ${operation.summary}`);
  }
  return lines.join('\n');
}

/** The exploration found exactly one property broken, of one of these requirements, as a fail, in a few operations. */
function expectShrunkViolation(report: ExploreReport, requirements: readonly string[]): void {
  const summary = describeReport(report);
  const broken = report.properties.filter((property) => property.counterexample !== undefined);
  expect(broken, summary).toHaveLength(1);
  const example = broken[0]!.counterexample!;
  expect(requirements, summary).toContain(example.requirement);
  expect(example.severity, summary).toBe('fail');
  expect(example.operations.length, summary).toBeLessThanOrEqual(MAX_SHRUNK_OPERATIONS);
  expect(example.replayCommand, summary).toMatch(/explore/);
}

describe.skipIf(!ALONE_PART)('explore finds the faults only interleavings show, and shrinks each to a few operations', () => {
  it('knows exactly the explore-only faults', () => {
    expect([...Object.keys(EXPECTED), ...SERVER_ONLY_EXPLORE_FAULTS].sort()).toEqual([...EXPLORE_ONLY_FAULTS].sort());
  });

  for (const [fault, requirements] of Object.entries(EXPECTED)) {
    it(
      `${fault}: a violation of ${requirements.join(' or ')} within the default budget, at most ${MAX_SHRUNK_OPERATIONS} operations after shrinking`,
      async () => {
        const report = await withReferenceHttp([fault], (target) => exploreTarget(target, { seed: SEED, ...FAULT_SEARCH }));
        const summary = describeReport(report);
        console.log(`explore --seed ${SEED} against the reference with ${fault}:\n${summary}`);
        expect(report.outcome, summary).toBe('fail');
        expectShrunkViolation(report, requirements);
      },
      TEST_TIMEOUT_MS,
    );
  }
});

/**
 * Faults a patient requestor finds, which the scripted checks catch too (issue 31): each shows only to reads of a task
 * after its end (a second tasks/get, one a second later, one after the work a cancel did not stop). One seed each
 * here; `npm run bench:explore` measures four.
 */
const PATIENT_EXPECTED: Record<string, readonly string[]> = {
  'terminal-reverts-to-working': ['TASKS-LIFECYCLE-TERMINAL-FINAL'],
  'completed-turns-failed': ['TASKS-LIFECYCLE-TERMINAL-FINAL'],
  'cancel-not-final': ['TASKS-CANCEL-STAYS-CANCELLED', 'TASKS-LIFECYCLE-TERMINAL-FINAL'],
};

describe.skipIf(ALONE_PART)('explore reads tasks after their end, as a patient requestor does, and finds what only such reads show', () => {
  for (const [fault, requirements] of Object.entries(PATIENT_EXPECTED)) {
    it(
      `${fault}: a violation of ${requirements.join(' or ')} within the default budget`,
      async () => {
        const report = await withReferenceHttp([fault], (target) => exploreTarget(target, { seed: SEED, ...FAULT_SEARCH }));
        const summary = describeReport(report);
        console.log(`explore --seed ${SEED} against the reference with ${fault}:\n${summary}`);
        // Found is what this proves: a counterexample that needs a read a second after the end shrinks slowly (each
        // candidate takes seconds), so its length is not held to MAX_SHRUNK_OPERATIONS.
        const broken = report.properties.filter((property) => property.counterexample !== undefined);
        expect(broken, summary).toHaveLength(1);
        expect(requirements, summary).toContain(broken[0]!.counterexample!.requirement);
        expect(broken[0]!.counterexample!.severity, summary).toBe('fail');
      },
      TEST_TIMEOUT_MS,
    );
  }
});

describe.skipIf(ALONE_PART)('explore --spec 2026-07-28 finds the extension faults only interleavings show, and shrinks each', () => {
  it('knows exactly the explore-only faults of the modern era', () => {
    expect(Object.keys(MODERN_EXPECTED).sort()).toEqual([...EXT_EXPLORE_ONLY_FAULTS].sort());
  });

  for (const [fault, requirements] of Object.entries(MODERN_EXPECTED)) {
    it(
      `${fault}: a violation of ${requirements.join(' or ')} within the default budget, at most ${MAX_SHRUNK_OPERATIONS} operations after shrinking`,
      async () => {
        const report = await withReferenceHttp([fault], (target) => exploreTarget(target, { seed: MODERN_SEED, ...FAULT_SEARCH }, true));
        const summary = describeReport(report);
        console.log(`explore --spec 2026-07-28 --seed ${MODERN_SEED} against the reference with ${fault}:\n${summary}`);
        const broken = report.properties.filter((property) => property.counterexample !== undefined);
        expect(broken, summary).toHaveLength(1);
        const example = broken[0]!.counterexample!;
        expect(requirements, summary).toContain(example.requirement);
        expect(example.operations.length, summary).toBeLessThanOrEqual(MAX_SHRUNK_OPERATIONS);
      },
      TEST_TIMEOUT_MS,
    );
  }

  // A sample of npm run bench:explore (issue 31): a catalogue fault of each family the scripted checks catch, found
  // within the default budget by the property named (unshrunk: finding is what the bench measures).
  const CATALOGUE_SAMPLE: Record<string, string> = {
    'ext-ack-not-empty': 'explore.answer-forms',
    'ext-cancel-overrides-terminal': 'explore.terminal-final',
    'ext-cancel-unbound': 'explore.isolation',
    'ext-sequential-ids': 'explore.unguessable-ids',
  };
  for (const [fault, property] of Object.entries(CATALOGUE_SAMPLE)) {
    it(
      `catalogue fault ${fault}: ${property} broken within the default budget`,
      async () => {
        const report = await withReferenceHttp([fault], (target) => exploreTarget(target, { seed: MODERN_SEED, ...FAULT_SEARCH, shrink: false }, true));
        const summary = describeReport(report);
        console.log(`explore --spec 2026-07-28 --seed ${MODERN_SEED} against the reference with ${fault}:\n${summary}`);
        expect(
          report.properties.filter((each) => each.outcome === 'fail').map((each) => each.id),
          summary,
        ).toEqual([property]);
      },
      TEST_TIMEOUT_MS,
    );
  }

  // Runs follow their tasks to the end (a second or more each): the budget, not the run count, ends these.
  const modernLong = { seed: MODERN_SEED, runs: 150, budgetMs: DEFAULTS.budgetMs, maxOps: DEFAULTS.maxOps };
  it(
    'the correct reference: no violation over HTTP with a second identity, nor over stdio',
    async () => {
      const overHttp = await withReferenceHttp([], (target) => exploreTarget(target, modernLong, true));
      const overStdio = REFERENCE_BUILT ? await exploreTarget({ transport: 'stdio', command: `"${process.execPath}" "${REFERENCE_MAIN}"` }, modernLong, true) : undefined;
      for (const report of [overHttp, overStdio]) {
        if (!report) continue;
        const summary = describeReport(report);
        console.log(`explore --spec 2026-07-28 --seed ${MODERN_SEED} against the correct reference over ${report.target.transport}:\n${summary}`);
        expect(report.outcome, summary).toBe('pass');
        expect(report.runsDone, summary).toBeGreaterThan(0);
      }
    },
    2 * TEST_TIMEOUT_MS,
  );
});

/**
 * A sample of the catalogue's faults that only the answers' form or a probe shows (issue 31): each found within the
 * default budget, by the property and requirement named, at its severity. `npm run bench:explore` measures them all.
 */
const FORM_AND_PROBE_EXPECTED: Record<string, { property: string; requirement: string; severity: 'fail' | 'warn' }> = {
  'create-result-incomplete': { property: 'explore.task-form', requirement: 'TASKS-TTL-LAST-UPDATED-AT', severity: 'fail' },
  'last-updated-goes-back': { property: 'explore.timestamps', requirement: 'TASKS-LIFECYCLE-MONOTONIC-UPDATE', severity: 'fail' },
  'result-missing-related-meta': { property: 'explore.related-meta', requirement: 'TASKS-META-RESULT-INCLUDES', severity: 'fail' },
  'list-bad-cursor-accepted': { property: 'explore.cursors', requirement: 'TASKS-ERROR-INVALID-CURSOR', severity: 'fail' },
  'foreign-task-distinct-error': { property: 'explore.foreign-refusals', requirement: 'TASKS-SEC-REJECT-FOREIGN', severity: 'warn' },
};

describe.skipIf(ALONE_PART)("explore judges each answer's form and what its probes show", () => {
  for (const [fault, expected] of Object.entries(FORM_AND_PROBE_EXPECTED)) {
    it(
      `${fault}: ${expected.property} broken (${expected.requirement}, ${expected.severity}) within the default budget`,
      async () => {
        const report = await withReferenceHttp([fault], (target) => exploreTarget(target, { seed: SEED, ...FAULT_SEARCH }));
        const summary = describeReport(report);
        console.log(`explore --seed ${SEED} against the reference with ${fault}:\n${summary}`);
        const broken = report.properties.filter((property) => property.counterexample !== undefined);
        expect(
          broken.map((property) => property.id),
          summary,
        ).toEqual([expected.property]);
        expect(broken[0]!.counterexample!.requirement, summary).toBe(expected.requirement);
        expect(broken[0]!.counterexample!.severity, summary).toBe(expected.severity);
      },
      TEST_TIMEOUT_MS,
    );
  }
});

describe.skipIf(ALONE_PART)('the correct reference passes a long exploration', () => {
  const long = { seed: SEED, runs: 300, budgetMs: DEFAULTS.budgetMs, maxOps: DEFAULTS.maxOps };
  const noViolation = (report: ExploreReport) =>
    report.properties.filter((property) => property.outcome !== 'pass' && property.outcome !== 'skip').map((property) => `${property.id}: ${property.outcome} — ${property.message}`);

  it(
    'over HTTP, with a second identity: no violation in 300 runs or the budget',
    async () => {
      const report = await withReferenceHttp([], (target) => exploreTarget(target, long));
      const summary = describeReport(report);
      console.log(`explore --seed ${SEED} --runs 300 against the correct reference over HTTP:\n${summary}`);
      expect(noViolation(report), summary).toEqual([]);
      expect(report.outcome, summary).toBe('pass');
      expect(report.runsDone, summary).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(!REFERENCE_BUILT)(
    'over stdio, a fresh process per run: no violation in 300 runs or the budget',
    async () => {
      const report = await exploreTarget({ transport: 'stdio', command: `"${process.execPath}" "${REFERENCE_MAIN}"` }, long);
      const summary = describeReport(report);
      console.log(`explore --seed ${SEED} --runs 300 against the correct reference over stdio:\n${summary}`);
      expect(noViolation(report), summary).toEqual([]);
      expect(report.outcome, summary).toBe('pass');
      expect(report.runsDone, summary).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );
});

describe.skipIf(ALONE_PART || !REFERENCE_BUILT)('explore --role client finds the same faults in the reference client, and passes the correct one', () => {
  afterAll(() => {
    expect(liveProcessGroups()).toEqual([]);
  });

  for (const [fault, requirements] of Object.entries(EXPECTED)) {
    it(
      `${fault}: a violation of ${requirements.join(' or ')} within the default budget, at most ${MAX_SHRUNK_OPERATIONS} operations after shrinking`,
      async () => {
        const report = await withReferenceClient([fault], (target) => exploreTarget(target, { seed: SEED, ...FAULT_SEARCH }));
        const summary = describeReport(report);
        console.log(`explore --role client --seed ${SEED} against the reference client with ${fault}:\n${summary}`);
        expectShrunkViolation(report, requirements);
      },
      TEST_TIMEOUT_MS,
    );
  }

  it(
    'the correct reference client: no violation in 300 runs or the budget',
    async () => {
      const report = await withReferenceClient([], (target) => exploreTarget(target, { seed: SEED, runs: 300, budgetMs: DEFAULTS.budgetMs, maxOps: DEFAULTS.maxOps }));
      const summary = describeReport(report);
      console.log(`explore --role client --seed ${SEED} --runs 300 against the correct reference client:\n${summary}`);
      expect(report.outcome, summary).toBe('pass');
      expect(report.runsDone, summary).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );
});

describe.skipIf(ALONE_PART)('an exploration goes on after a violation, for the properties not yet broken', () => {
  it(
    'two faults breaking two properties: both found in one exploration, each shrunk into its own file; --stop-at-first ends at the first',
    async () => {
      const outDir = mkdtempSync(join(tmpdir(), 'explore-continued-'));
      await withReferenceHttp(['unknown-task-get-wrong-code', 'result-differs'], async (target) => {
        const settings = { seed: SEED, runs: 10_000, budgetMs: 30_000, maxOps: DEFAULTS.maxOps };
        const report = await explore({ ...baseOptions(target), ...settings, outDir, replayCommandPrefix: 'mcp-tasks-conformance explore --url x' });
        const summary = describeReport(report);
        console.log(`explore --seed ${SEED} against the reference with two faults:\n${summary}`);
        const violated = report.properties.filter((property) => property.outcome === 'fail');
        expect(violated.map((property) => property.id).sort(), summary).toEqual(['explore.results', 'explore.unknown-ids']);
        expect(report.endedBecause, summary).toMatch(/^2 violations showed: in run \d+ \(shrunk from \d+ to \d+ operations?\), in run \d+/);
        const results = violated.find((property) => property.id === 'explore.results')!.counterexample!;
        const unknown = violated.find((property) => property.id === 'explore.unknown-ids')!.counterexample!;
        expect([unknown.requirement, results.requirement]).toEqual(['TASKS-ERROR-INVALID-TASK-ID', 'TASKS-RESULT-EXACT']);
        // The first violation's file is named by the seed alone, the next one's by the seed and its number.
        expect([unknown.file, results.file].sort()).toEqual([join(outDir, `counterexample-${SEED}-2.json`), join(outDir, `counterexample-${SEED}.json`)]);
        const file = JSON.parse(readFileSync(results.file!, 'utf8'));
        const replay = await explore({ ...baseOptions(target), ...settings, replay: { operations: file.operations, file: results.file } });
        expect(replay.properties.find((property) => property.id === 'explore.results')?.outcome, describeReport(replay)).toBe('fail');
        const first = await explore({ ...baseOptions(target), ...settings, stopAtFirst: true });
        expect(
          first.properties.filter((property) => property.outcome === 'fail'),
          describeReport(first),
        ).toHaveLength(1);
        expect(first.endedBecause).toMatch(/the search stopped there \(--stop-at-first\)$/);
      });
    },
    3 * TEST_TIMEOUT_MS,
  );
});
