// Runs the whole suite against implementations written by others (installed from npm, pinned in package.json)
// and compares every check's outcome with a committed expected-results file, test/expected/<name>.json.
//
// The expected files record what the suite says about each implementation today, failures included: a test
// fails when a verdict changes, whether an implementation got better or worse or a check changed. To accept
// a change deliberately, regenerate the files and review the diff before committing it:
//
//   UPDATE_EXPECTED=1 npx vitest run --config vitest.full.config.ts test/full/third-party-*.test.ts
//
// THIRD_PARTY_REPORTS=DIR also writes each run's full JSON report (transcripts included) to DIR/<name>.json, the
// material for the exchanges of docs/compatibility-notes.yaml.
//
// The targets and how each is reached come from configs/ecosystem.yaml, the one list of pinned implementations (the
// matrix runs it too); docs/compatibility-notes.yaml explains every fail and warn in these files.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { parseManifest } from '../../cli/manifest.js';
import { loadConfig } from '../../cli/config.js';
import { ClientEndpoint } from '../../harness/wire/2025-11-25/client-endpoint.js';
import type { TargetSpec } from '../../harness/wire/connections/connect.js';
import { launchHttpServer } from '../../harness/wire/connections/launch-http.js';
import type { LaunchedProcess } from '../../harness/wire/connections/process-group.js';
import type { Outcome, RunReport } from '../../harness/model/model.js';
import { runSuite } from '../../harness/engine/runner.js';
import { makeTiming } from '../../harness/wire/timing.js';
import { ALL_CHECKS, TASKS_2025_11_25 } from '../../suites/2025-11-25/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One implementation on one transport, as the suite is pointed at it. */
export interface ThirdPartyTarget {
  /** Names test/expected/<name>.json. */
  name: string;
  /** A stdio command, or an HTTP server started on a free port and reached at `url`. */
  stdio?: string;
  http?: { launch: (port: number) => string; url: (port: number) => string };
  /** A client under test: the command the client suite launches per check, the endpoint's URL appended. */
  client?: string;
  /** --config file under configs/, mapping fixture roles to the implementation's own tools. */
  config?: string;
  /** Checks at once; 1 where the implementation mixes up concurrent sessions (see its entry in the manifest). */
  concurrency?: number;
  /** --timeout-multiplier, where the implementation is slow to answer under the suite's load (see its entry). */
  multiplier?: number;
}

/** The one list of pinned implementations; why each is reached as it is, is said there. */
export const ECOSYSTEM_MANIFEST = `${ROOT}configs/ecosystem.yaml`;
export const ECOSYSTEM = parseManifest(YAML.parse(readFileSync(ECOSYSTEM_MANIFEST, 'utf8')), ECOSYSTEM_MANIFEST);

/** A manifest command as a shell line: run where the manifest says, with this node first on PATH (its "node"). */
export function inManifestDirectory(command: string): string {
  return `cd "${ECOSYSTEM.directory}" && export PATH="${dirname(process.execPath)}${delimiter}$PATH" && ${command}`;
}

/** The 2025-11-25 manifest target `name`, as the in-process runs below reach it. */
function fromManifest(name: string): ThirdPartyTarget {
  const entry = ECOSYSTEM.targets.find((target) => target.name === name);
  if (!entry) throw new Error(`${ECOSYSTEM_MANIFEST} lists no target "${name}"`);
  const fill = (value: string, port: number) => value.replaceAll('{port}', String(port));
  const { url, launch } = entry;
  return {
    name,
    ...(entry.role === 'client' ? { client: inManifestDirectory(entry.command!) } : entry.command ? { stdio: inManifestDirectory(entry.command) } : {}),
    ...(url && launch ? { http: { launch: (port: number) => inManifestDirectory(fill(launch, port)), url: (port: number) => fill(url, port) } } : {}),
    config: entry.config,
    concurrency: entry.concurrency,
    multiplier: entry.timeoutMultiplier,
  };
}

export const TARGETS = {
  serverEverythingStdio: fromManifest('server-everything-stdio'),
  serverEverythingHttp: fromManifest('server-everything-http'),
  mcpFrameworkStdio: fromManifest('mcp-framework-stdio'),
  mcpFrameworkHttp: fromManifest('mcp-framework-http'),
  sdkSimpleTaskInteractive: fromManifest('sdk-simple-task-interactive-http'),
  plainSdkStdio: fromManifest('plain-sdk-stdio'),
  v2SdkStdio: fromManifest('v2-sdk-server-stdio'),
  sdkClient: fromManifest('sdk-client'),
  extTasksClient: fromManifest('ext-tasks-client'),
};

/**
 * A bound on the whole run well inside the test's own timeout, so a hang is reported by the harness. It bounds a hang,
 * not the pace: server-everything over HTTP takes 35 s alone and passed 120 s in CI's long tier, beside the fault
 * matrices on two cores, where a run cut at its deadline turns its last check into an error.
 */
export const RUN_DEADLINE_MS = 300_000;
export const TEST_TIMEOUT_MS = 360_000;

import { freePort } from '../../cli/targets.js';

export { freePort };

/**
 * The whole suite against one third-party target; an HTTP server is started first and ended afterwards, and a
 * client under test gets an endpoint (the suite's own server on loopback), closed afterwards.
 */
export async function runThirdParty(target: ThirdPartyTarget): Promise<RunReport> {
  const config = target.config ? await loadConfig(`${ECOSYSTEM.directory}/${target.config}`) : { fixtures: {}, timeoutMultiplier: undefined };
  const timing = makeTiming(target.multiplier ?? config.timeoutMultiplier ?? 1, { runDeadlineMs: RUN_DEADLINE_MS });
  let launched: LaunchedProcess | undefined;
  let endpoint: ClientEndpoint | undefined;
  let spec: TargetSpec;
  if (target.client) {
    endpoint = await ClientEndpoint.start();
    spec = { transport: 'client', command: target.client, endpoint };
  } else if (target.stdio) {
    spec = { transport: 'stdio', command: target.stdio };
  } else if (target.http) {
    const port = await freePort();
    spec = { transport: 'http', url: target.http.url(port), headers: {} };
    launched = await launchHttpServer(target.http.launch(port), spec.url, timing.connectTimeoutMs);
  } else {
    throw new Error(`${target.name}: neither stdio nor http`);
  }
  try {
    return await runSuite({
      target: spec,
      role: target.client ? 'client' : 'server',
      checks: ALL_CHECKS,
      profile: TASKS_2025_11_25,
      timing,
      concurrency: target.concurrency ?? 8,
      fixtureMappings: config.fixtures,
      tool: { name: 'mcp-tasks-conformance', version: 'test' },
    });
  } finally {
    await launched?.end();
    await endpoint?.close();
  }
}

export type ExpectedResults = Record<string, Outcome>;

export function expectedFile(name: string): string {
  return `${ROOT}test/expected/${name}.json`;
}

export function outcomesOf(report: RunReport): ExpectedResults {
  return Object.fromEntries(report.results.map((result) => [result.id, result.outcome]));
}

/**
 * Each check whose outcome differs from the expected file, as "id: old → new — message". With UPDATE_EXPECTED=1
 * the file is rewritten from this run instead, and nothing differs.
 */
export function changedVerdicts(name: string, report: RunReport): string[] {
  const file = expectedFile(name);
  const actual = outcomesOf(report);
  if (process.env.UPDATE_EXPECTED === '1') {
    writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
    return [];
  }
  if (!existsSync(file)) return [`${file} does not exist; create it with UPDATE_EXPECTED=1 and review it`];
  const expected = JSON.parse(readFileSync(file, 'utf8')) as ExpectedResults;
  const changes: string[] = [];
  for (const result of report.results) {
    const before = expected[result.id];
    if (before !== result.outcome) changes.push(`${result.id}: ${before ?? '(not in the expected file)'} → ${result.outcome} — ${result.message}`);
  }
  for (const [id, before] of Object.entries(expected)) {
    if (!(id in actual)) changes.push(`${id}: ${before} → (no longer run)`);
  }
  return changes;
}

/** Runs the target and returns what a test asserts on: the changed verdicts and the process groups left alive. */
export async function checkThirdParty(target: ThirdPartyTarget): Promise<{ report: RunReport; changes: string[] }> {
  const report = await runThirdParty(target);
  const reports = process.env.THIRD_PARTY_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    writeFileSync(`${reports}/${target.name}.json`, JSON.stringify(report, null, 2));
  }
  return { report, changes: changedVerdicts(target.name, report) };
}

export function describeChanges(name: string, changes: string[]): string {
  return (
    `${changes.length} verdict(s) against ${name} changed from test/expected/${name}.json (old → new — new message); ` +
    'if the change is intended, regenerate with UPDATE_EXPECTED=1, ' +
    "explain it in docs/compatibility-notes.yaml and regenerate docs/compatibility.md's tables (docs/matrix.md):\n" +
    changes.join('\n')
  );
}
