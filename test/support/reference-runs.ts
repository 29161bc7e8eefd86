import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TargetSpec } from '../../harness/wire/connections/connect.js';
import type { RunReport } from '../../harness/model/model.js';
import { runSuite } from '../../harness/engine/runner.js';
import { makeTiming } from '../../harness/wire/timing.js';
import { ClientEndpoint } from '../../harness/wire/2025-11-25/client-endpoint.js';
import { runReferenceClient } from '../../reference-client/index.js';
import { startReferenceHttpServer } from '../../reference-server/index.js';
import type { Profile } from '../../harness/engine/profile.js';
import type { FixtureMapping } from '../../harness/model/fixtures.js';
import type { FixtureRole } from '../../harness/model/model.js';
import { ALL_REQUIREMENTS, TASKS_2025_11_25 } from '../../suites/2025-11-25/index.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';

export const REFERENCE_MAIN = fileURLToPath(new URL('../../dist/reference-server/main.js', import.meta.url));
export const REFERENCE_BUILT = existsSync(REFERENCE_MAIN);
export const TOKENS = { 'token-a': 'alice', 'token-b': 'bob' };

export interface ReferenceRunOptions {
  faults?: string[];
  variant?: 'full' | 'no-tasks';
  /** HTTP without tokens: the reference cannot tell requestors apart. */
  anonymous?: boolean;
  /** HTTP with identity A only. */
  noPeer?: boolean;
  multiplier?: number;
  /** Run only these checks (by ID); every check of the suite otherwise. */
  only?: readonly string[];
  /** Correct but slow or chatty: see the reference receiver's --answer-delay-ms, --intake-delay-ms and --flood. */
  answerDelayMs?: number;
  intakeDelayMs?: number;
  /** Correct but behind: see the reference receiver's --notify-lag-ms. */
  notifyLagMs?: number;
  /** Correct but behind: see the reference receiver's --update-lag-ms (2026-07-28). */
  updateLagMs?: number;
  flood?: boolean;
  /** A receiver that keeps to its pace: see the reference's --poll-interval-ms, --rate-limit and --work-ms. */
  pollIntervalMs?: number;
  /** The ttlMs of every modern task (--ttl-ms). */
  ttlMs?: number;
  rateLimit?: boolean;
  workMs?: number;
  /** --config's fixture mappings: a role mapped to a tool, as a user maps one to a real tool of their own. */
  fixtureMappings?: Partial<Record<FixtureRole, FixtureMapping>>;
  /** The profile run: 2025-11-25 unless given. */
  profile?: Profile;
  /** The reference's era (--era): dual unless given. */
  era?: 'dual' | 'legacy' | 'modern';
  /** A receiver of limited capacity: see the reference's --serial-work, --rate-limit-ms and --max-streams. */
  serialWork?: boolean;
  rateLimitMs?: number;
  maxStreams?: number;
  /** Checks in flight at most (8 unless given; the CLI's default is 32). */
  concurrency?: number;
}

/** The profile's checks, or only those named. */
function checksFor(only: readonly string[] | undefined, profile: Profile = TASKS_2025_11_25) {
  return only ? profile.checks.filter((check) => only.includes(check.id)) : profile.checks;
}

async function run(
  target: TargetSpec,
  multiplier = 1,
  only?: readonly string[],
  profile: Profile = TASKS_2025_11_25,
  fixtureMappings?: Partial<Record<FixtureRole, FixtureMapping>>,
  concurrency = 8,
): Promise<RunReport> {
  return runSuite({
    fixtureMappings,
    target,
    role: 'server',
    checks: checksFor(only, profile),
    profile,
    timing: makeTiming(multiplier),
    concurrency,
    tool: { name: 'mcp-tasks-conformance', version: 'test' },
  });
}

/** The whole suite against an in-process reference receiver over Streamable HTTP. */
export async function runAgainstReferenceHttp(options: ReferenceRunOptions = {}): Promise<RunReport> {
  const server = await startReferenceHttpServer({
    port: 0,
    faults: options.faults,
    variant: options.variant,
    tokens: options.anonymous ? undefined : TOKENS,
    answerDelayMs: options.answerDelayMs,
    intakeDelayMs: options.intakeDelayMs,
    notifyLagMs: options.notifyLagMs,
    updateLagMs: options.updateLagMs,
    flood: options.flood,
    era: options.era,
    pollIntervalMs: options.pollIntervalMs,
    ttlMs: options.ttlMs,
    rateLimit: options.rateLimit,
    workMs: options.workMs,
    serialWork: options.serialWork,
    rateLimitMs: options.rateLimitMs,
    maxStreams: options.maxStreams,
  });
  try {
    const target: TargetSpec = options.anonymous
      ? { transport: 'http', url: server.url, headers: {} }
      : { transport: 'http', url: server.url, headers: { Authorization: 'Bearer token-a' }, peerHeaders: options.noPeer ? undefined : { Authorization: 'Bearer token-b' } };
    return await run(target, options.multiplier, options.only, options.profile, undefined, options.concurrency);
  } finally {
    await server.close();
  }
}

/** The whole suite against the built reference receiver launched over stdio. */
export async function runAgainstReferenceStdio(options: ReferenceRunOptions = {}): Promise<RunReport> {
  const env: Record<string, string> = {};
  if (options.faults?.length) env.REFERENCE_FAULTS = options.faults.join(',');
  if (options.variant) env.REFERENCE_VARIANT = options.variant;
  if (options.answerDelayMs) env.REFERENCE_ANSWER_DELAY_MS = String(options.answerDelayMs);
  if (options.intakeDelayMs) env.REFERENCE_INTAKE_DELAY_MS = String(options.intakeDelayMs);
  if (options.notifyLagMs) env.REFERENCE_NOTIFY_LAG_MS = String(options.notifyLagMs);
  if (options.updateLagMs) env.REFERENCE_UPDATE_LAG_MS = String(options.updateLagMs);
  if (options.flood) env.REFERENCE_FLOOD = '1';
  if (options.era) env.REFERENCE_ERA = options.era;
  if (options.pollIntervalMs !== undefined) env.REFERENCE_POLL_INTERVAL_MS = String(options.pollIntervalMs);
  if (options.ttlMs !== undefined) env.REFERENCE_TTL_MS = String(options.ttlMs);
  if (options.rateLimit) env.REFERENCE_RATE_LIMIT = '1';
  if (options.workMs) env.REFERENCE_WORK_MS = String(options.workMs);
  return run({ transport: 'stdio', command: `"${process.execPath}" "${REFERENCE_MAIN}"`, env }, options.multiplier, options.only, options.profile, options.fixtureMappings);
}

/**
 * Findings whose severity does not follow their requirement's keyword: a fail only under MUST or MUST NOT, a warn
 * under SHOULD or SHOULD NOT or under a MUST read leniently (with the reason beside it in the catalogue), and no
 * finding at all under a MAY.
 */
export function keywordMismatches(report: RunReport): string[] {
  const mismatches: string[] = [];
  for (const result of report.results) {
    for (const finding of result.findings) {
      const requirement = ALL_REQUIREMENTS.get(finding.requirement) ?? TASKS_2026_07_28.requirements.get(finding.requirement);
      const keyword = requirement?.keyword;
      const must = keyword === 'MUST' || keyword === 'MUST NOT';
      const should = keyword === 'SHOULD' || keyword === 'SHOULD NOT';
      const fits = finding.severity === 'fail' ? must : should || (must && requirement?.leniency !== undefined);
      if (!fits || finding.keyword !== keyword)
        mismatches.push(
          `${result.id}: a ${finding.severity} under ${finding.requirement} (${keyword ?? 'not in the catalogue'}${must && !requirement?.leniency ? ', no leniency note' : ''}): ${finding.message}`,
        );
    }
  }
  return mismatches;
}

/** "id: outcome — message" for every result that is not a pass or skip, to make a failing assertion readable. */
export function notableResults(report: RunReport): string[] {
  return report.results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip').map((r) => `${r.id}: ${r.outcome} — ${r.message}`);
}

/** The whole client suite against the reference client, started in this process for each check. */
export async function runAgainstReferenceClient(options: ReferenceRunOptions = {}): Promise<RunReport> {
  const endpoint = await ClientEndpoint.start();
  try {
    const target: TargetSpec = {
      transport: 'client',
      command: '(in-process reference client)',
      endpoint,
      startInProcess: async (url) =>
        runReferenceClient(url, {
          faults: options.faults,
          variant: options.variant,
          answerDelayMs: options.answerDelayMs,
          intakeDelayMs: options.intakeDelayMs,
          pollIntervalMs: options.pollIntervalMs,
          rateLimit: options.rateLimit,
        }),
    };
    return await runSuite({
      target,
      role: 'client',
      checks: checksFor(options.only),
      profile: TASKS_2025_11_25,
      timing: makeTiming(options.multiplier ?? 1),
      concurrency: 16,
      tool: { name: 'mcp-tasks-conformance', version: 'test' },
    });
  } finally {
    await endpoint.close();
  }
}
