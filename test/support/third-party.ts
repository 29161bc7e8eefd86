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
// material for docs/compatibility.md.
//
// docs/compatibility.md explains every fail and warn in these files.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../cli/config.js';
import { ClientHub } from '../../harness/wire/2025-11-25/client-hub.js';
import type { TargetSpec } from '../../harness/wire/connections/connect.js';
import { launchHttpServer } from '../../harness/wire/connections/launch-http.js';
import type { LaunchedProcess } from '../../harness/wire/connections/process-group.js';
import type { Outcome, RunReport } from '../../harness/model/model.js';
import { runSuite } from '../../harness/engine/runner.js';
import { makeTiming } from '../../harness/wire/timing.js';
import { ALL_CHECKS, TASKS_2025_11_25 } from '../../suites/2025-11-25/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE = `"${process.execPath}"`;
const path = (relative: string) => `"${ROOT}${relative}"`;
/** Binds third-party HTTP servers that listen on every interface to 127.0.0.1 instead (see the file). */
const LOOPBACK_ONLY = `--import ${path('test/fixtures/third-party/loopback-only.mjs')}`;

/** One implementation on one transport, as the suite is pointed at it. */
export interface ThirdPartyTarget {
  /** Names test/expected/<name>.json. */
  name: string;
  /** A stdio command, or an HTTP server started on a free port and reached at `url`. */
  stdio?: string;
  http?: { launch: (port: number) => string; url: (port: number) => string };
  /** A client under test: the command the client suite launches per check, the hub's URL appended. */
  client?: string;
  /** --config file under configs/, mapping fixture roles to the implementation's own tools. */
  config?: string;
  /** Checks at once; 1 where the implementation mixes up concurrent sessions (see its entry). */
  concurrency?: number;
  /** --timeout-multiplier, where the implementation is slow to answer under the suite's load (see its entry). */
  multiplier?: number;
}

export const SERVER_EVERYTHING = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';
export const SDK_SIMPLE_TASK_INTERACTIVE = 'node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleTaskInteractive.js';
export const MCP_FRAMEWORK_FIXTURE = 'test/fixtures/third-party/mcp-framework-server.mjs';
export const SDK_CLIENT_FIXTURE = 'test/fixtures/third-party/sdk-client.mjs';
export const EXT_TASKS_CLIENT_FIXTURE = 'test/fixtures/third-party/ext-tasks-client.mjs';

export const TARGETS = targets({
  serverEverythingStdio: {
    name: 'server-everything-stdio',
    stdio: `${NODE} ${path(SERVER_EVERYTHING)} stdio`,
    config: 'configs/server-everything.json',
    // Doubled time bounds, as over HTTP (below).
    multiplier: 2,
  },
  serverEverythingHttp: {
    name: 'server-everything-http',
    // Its streamableHttp mode serves /mcp on the port in $PORT (default 3001).
    http: { launch: (port) => `PORT=${port} ${NODE} ${LOOPBACK_ONLY} ${path(SERVER_EVERYTHING)} streamableHttp`, url: (port) => `http://127.0.0.1:${port}/mcp` },
    config: 'configs/server-everything.json',
    // One process serves every check's session; with 8 checks polling 25 four-second tasks each on a busy
    // machine, answers have been seen to take over 10 s, so the time bounds are doubled (over stdio as well,
    // where every check starts its own server process).
    multiplier: 2,
  },
  mcpFrameworkStdio: {
    name: 'mcp-framework-stdio',
    stdio: `${NODE} ${path(MCP_FRAMEWORK_FIXTURE)}`,
    // Its checks mostly wait out the framework's 5 s pace, so they run as many side by side as the command does.
    concurrency: 32,
  },
  mcpFrameworkHttp: {
    name: 'mcp-framework-http',
    // The framework's own pace (polls every 5 s) is kept over stdio; here, where its checks run one at a time,
    // the server's defaultPollInterval setting is 500 ms so that the serial run stays within the run's deadline.
    http: {
      launch: (port) => `${NODE} ${path(MCP_FRAMEWORK_FIXTURE)} --http ${port} --poll-interval-ms 500`,
      url: (port) => `http://127.0.0.1:${port}/mcp`,
    },
    // Its http-stream transport sends every server-initiated message (elicitation/create, progress) to every
    // open session; checks running side by side would receive each other's, so they run one at a time.
    concurrency: 1,
  },
  sdkSimpleTaskInteractive: {
    name: 'sdk-simple-task-interactive-http',
    // The SDK's example serves /mcp on the port in $PORT (default 8000).
    http: { launch: (port) => `PORT=${port} ${NODE} ${LOOPBACK_ONLY} ${path(SDK_SIMPLE_TASK_INTERACTIVE)}`, url: (port) => `http://127.0.0.1:${port}/mcp` },
    config: 'configs/sdk-simple-task-interactive.json',
  },
  plainSdkStdio: {
    name: 'plain-sdk-stdio',
    stdio: `${NODE} ${path('test/fixtures/third-party/plain-sdk-server.mjs')}`,
  },
  v2SdkStdio: {
    name: 'v2-sdk-server-stdio',
    stdio: `${NODE} ${path('test/fixtures/third-party/v2-sdk-server.mjs')}`,
  },
  sdkClient: {
    name: 'sdk-client',
    client: `${NODE} ${path(SDK_CLIENT_FIXTURE)}`,
    // Every check starts a node process that loads the SDK; on two busy cores a client has taken seconds to
    // connect, so the time bounds are doubled.
    multiplier: 2,
  },
  extTasksClient: {
    name: 'ext-tasks-client',
    client: `${NODE} ${path(EXT_TASKS_CLIENT_FIXTURE)}`,
    multiplier: 2,
  },
});

/** Keeps the names of the targets while typing each one as a ThirdPartyTarget. */
function targets<T extends Record<string, ThirdPartyTarget>>(all: T): { [K in keyof T]: ThirdPartyTarget } {
  return all;
}

/** A bound on the whole run well inside the test's own timeout, so a hang is reported by the harness. */
export const RUN_DEADLINE_MS = 120_000;
export const TEST_TIMEOUT_MS = 170_000;

import { freePort } from '../../cli/targets.js';

export { freePort };

/**
 * The whole suite against one third-party target; an HTTP server is started first and ended afterwards, and a
 * client under test gets a hub (the suite's own server on loopback), closed afterwards.
 */
export async function runThirdParty(target: ThirdPartyTarget): Promise<RunReport> {
  const config = target.config ? await loadConfig(`${ROOT}${target.config}`) : { fixtures: {}, timeoutMultiplier: undefined };
  const timing = makeTiming(target.multiplier ?? config.timeoutMultiplier ?? 1, { runDeadlineMs: RUN_DEADLINE_MS });
  let launched: LaunchedProcess | undefined;
  let hub: ClientHub | undefined;
  let spec: TargetSpec;
  if (target.client) {
    hub = await ClientHub.start();
    spec = { transport: 'client', command: target.client, hub };
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
    await hub?.close();
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
  return `${changes.length} verdict(s) against ${name} changed from test/expected/${name}.json (old → new — new message); if the change is intended, regenerate with UPDATE_EXPECTED=1 and update docs/compatibility.md:\n${changes.join('\n')}`;
}
