#!/usr/bin/env node
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatCheckLine, formatSummary, writeHtmlReport, writeJsonReport, writeJunitReport, writeMarkdownSummary } from '../reports/index.js';
import { BaselineError, baselineFromReport, loadBaseline, writeBaseline } from './baseline.js';
import { ALL_CHECKS, ALL_REQUIREMENTS, TASKS_2025_11_25 } from '../suites/index.js';
import type { CheckDefinition } from './check.js';
import { ConfigError, loadConfig, type SuiteConfig } from './config.js';
import { coverageMatrix } from './coverage.js';
import type { TargetSpec } from './connections/connect.js';
import { launchHttpServer, type LaunchedServer } from './connections/launch-http.js';
import type { LaunchedProcess } from './connections/process-group.js';
import { TargetUnreachable } from './discovery.js';
import { requirementUrl, type Level, type ReceiverRole, type RunReport } from './model.js';
import { ClientHub } from './connections/client-hub.js';
import { ProgressLine } from './progress-line.js';
import { unstableChecks } from './repeat.js';
import { runVerdict } from './run-policy.js';
import { notRunReport, runSuite } from './runner.js';
import { parseShard, selectChecks } from './selection.js';
import { makeTiming } from './timing.js';

export const TOOL = { name: 'mcp-tasks-conformance', version: '0.1.0' };

const USAGE = `usage:
  mcp-tasks-conformance server [target] [selection] [reports] [options]
    target     --command CMD | --url URL [--header "Name: value"]... [--peer-header "Name: value"]... [--launch CMD]
               (none: the bundled reference receiver, over stdio or with --reference http)
    selection  --only PATTERN... --skip PATTERN... --level must|should|may --shard i/n
    reports    --json FILE --junit FILE --markdown FILE --html FILE
    options    --config FILE --timeout-multiplier N --concurrency N --strict --repeat N
               --baseline FILE --write-baseline FILE
  mcp-tasks-conformance client [--command CLIENT_CMD] [selection] [reports] [options]
    tests an MCP client as a receiver of task-augmented sampling and elicitation; the suite serves on
    loopback and runs CLIENT_CMD once per check with its URL appended (none: the bundled reference client)
  mcp-tasks-conformance reference-server [--http --port N] [--fault NAME]... [--variant full|no-tasks] [--tokens tok:ctx,...]
  mcp-tasks-conformance list [--requirements] [--json]
PATTERN is a glob over check IDs, a suite name or a requirement ID.
Exit status: 0 the run passes, 1 conformance failures, 2 the run could not happen, 3 nothing was selected.`;

/** A mistake in how the suite was invoked: one line that says how to mend it, exit 2. */
class UsageError extends Error {}

const referenceMain = fileURLToPath(new URL('../reference-server/main.js', import.meta.url));
const referenceClientMain = fileURLToPath(new URL('../reference-client/main.js', import.meta.url));

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'server':
      return suiteCommand('server', rest);
    case 'client':
      return suiteCommand('client', rest);
    case 'reference-server':
      return referenceServerCommand(rest);
    case 'list':
      return listCommand(rest);
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command "${command}"; use one of: server, reference-server, list (see --help)`);
  }
}

function parse(args: string[], options: NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>) {
  try {
    return parseArgs({ args, options, allowPositionals: false, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]}; see --help`);
  }
}

function parseHeaders(values: string[] | undefined, flag: string): Record<string, string> | undefined {
  if (!values) return undefined;
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    if (colon <= 0) throw new UsageError(`${flag} "${value}" is not "Name: value"; write it like ${flag} "Authorization: Bearer TOKEN"`);
    headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
  }
  return headers;
}

function positiveNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new UsageError(`${flag} wants a positive number, got "${value}"`);
  return number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const SERVER_OPTIONS = {
  command: { type: 'string' },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  'peer-header': { type: 'string', multiple: true },
  launch: { type: 'string' },
  reference: { type: 'string' },
  json: { type: 'string' },
  junit: { type: 'string' },
  markdown: { type: 'string' },
  html: { type: 'string' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  level: { type: 'string' },
  shard: { type: 'string' },
  config: { type: 'string' },
  'timeout-multiplier': { type: 'string' },
  concurrency: { type: 'string' },
  strict: { type: 'boolean' },
  repeat: { type: 'string' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
} as const;

/** Flags that name the target and how to reach it: kept when printing the command that reruns one check. */
const TARGET_FLAGS = ['command', 'url', 'header', 'peer-header', 'launch', 'reference', 'config', 'timeout-multiplier'];

/** Nothing matched the selection: exit 3, since an empty run must never pass silently. */
class EmptySelection extends Error {}

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function rerunCommand(role: ReceiverRole, values: Record<string, unknown>, checkId: string): string {
  const parts = ['mcp-tasks-conformance', role];
  for (const flag of TARGET_FLAGS) {
    const value = values[flag];
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) parts.push(`--${flag}`, shellQuote(String(item)));
  }
  parts.push('--only', checkId);
  return parts.join(' ');
}

async function suiteCommand(role: ReceiverRole, args: string[]): Promise<number> {
  const { values } = parse(args, SERVER_OPTIONS);
  const strings = values as Record<string, string | undefined>;
  const lists = values as Record<string, string[] | undefined>;
  const strict = Boolean(values.strict);
  if (role === 'client') {
    const serverOnly = ['url', 'header', 'peer-header', 'launch', 'reference'].find((flag) => values[flag as keyof typeof values] !== undefined);
    if (serverOnly) throw new UsageError(`--${serverOnly} applies to "server"; "client" takes --command with the client's command line (the suite appends its URL)`);
  }
  if (strings.command && strings.url) throw new UsageError('give either --command (stdio) or --url (Streamable HTTP), not both');
  if (strings.launch && !strings.url) throw new UsageError('--launch starts an HTTP server, so it needs --url too');
  if ((lists.header || lists['peer-header']) && !strings.url) throw new UsageError('--header and --peer-header apply to --url (HTTP) targets only');
  if (strings.reference && (strings.command || strings.url)) throw new UsageError('--reference selects the bundled receiver; drop it when testing your own with --command or --url');
  if (strings.reference && !['stdio', 'http'].includes(strings.reference)) throw new UsageError(`--reference wants stdio or http, got "${strings.reference}"`);
  if (strings.level && !['must', 'should', 'may'].includes(strings.level)) throw new UsageError(`--level wants must, should or may, got "${strings.level}"`);
  const shard = strings.shard === undefined ? undefined : parseShard(strings.shard);
  if (strings.shard !== undefined && !shard) throw new UsageError(`--shard wants i/n with 1 ≤ i ≤ n, e.g. --shard 2/4, got "${strings.shard}"`);
  const repeat = positiveNumber(strings.repeat, '--repeat') ?? 1;
  if (!Number.isInteger(repeat)) throw new UsageError(`--repeat wants a whole number of runs, got "${strings.repeat}"`);
  if (strings.baseline && strings['write-baseline']) throw new UsageError('--baseline reads expected failures and --write-baseline writes them; use one at a time');

  let config: SuiteConfig = { fixtures: {} };
  if (strings.config) config = await loadConfig(strings.config);
  const baseline = strings.baseline ? await loadBaseline(strings.baseline) : undefined;
  const multiplier = positiveNumber(strings['timeout-multiplier'], '--timeout-multiplier') ?? config.timeoutMultiplier ?? 1;
  const concurrency = positiveNumber(strings.concurrency, '--concurrency') ?? 16;
  const timing = makeTiming(multiplier);
  const checks = selectChecks(ALL_CHECKS, { only: lists.only, skip: lists.skip, level: strings.level as Level | undefined, shard }, ALL_REQUIREMENTS);
  if (checks.length === 0) throw new EmptySelection('the selection (--only, --skip, --level, --shard) matches no check; "mcp-tasks-conformance list" shows the IDs');

  const launched: LaunchedProcess[] = [];
  const hubs: ClientHub[] = [];
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { target, bundledReference, server } = role === 'client' ? await resolveClientTarget(strings, hubs) : await resolveTarget(strings, lists, timing, launched);
    const reports: RunReport[] = [];
    for (let run = 1; run <= repeat; run++) {
      if (repeat > 1) process.stdout.write(`\nrun ${run} of ${repeat}\n`);
      const progress = new ProgressLine(checks.length, process.stdout, Boolean(process.stdout.isTTY));
      try {
        reports.push(
          await runSuite({
            target, role, checks, profile: TASKS_2025_11_25, timing, concurrency,
            fixtureMappings: config.fixtures, bundledReference, tool: TOOL, signal: interrupt.signal,
            // The server as it is now: a --repeat run after a restart tests the restarted process.
            launched: server ? { server: server.current, restart: server.restart } : undefined,
            onResult: (result) => progress.finished(formatCheckLine(result, { color: process.stdout.isTTY })),
            // Said at once, above the progress line: the server under test died, or was started again.
            onNotice: (line) => process.stdout.write(`${process.stdout.isTTY ? '\r\u001b[2K' : ''}! ${line.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')}\n`),
          }),
        );
      } finally {
        progress.stop();
      }
      if (interrupt.signal.aborted) break;
    }
    const report = reports[reports.length - 1];
    const unstable = repeat > 1 ? unstableChecks(reports) : undefined;
    // The one verdict: set before any report is written, so every report and the exit status say the same.
    report.verdict = runVerdict(report, { strict, baseline, knownChecks: ALL_CHECKS.map((c) => c.id), unstable });
    await writeReports(report, strings);
    process.stdout.write(`\n${formatSummary(report, { color: process.stdout.isTTY })}\n`);
    const rerunnable = report.verdict.failing.map((entry) => entry.check);
    if (rerunnable.length > 0) process.stdout.write(`\nTo rerun a failure alone:\n${rerunnable.map((id) => `  ${rerunCommand(role, values, id)}`).join('\n')}\n`);
    if (strings['write-baseline']) {
      await writeBaseline(strings['write-baseline'], baselineFromReport(report, { strict }));
      process.stdout.write(`\nWrote the baseline ${strings['write-baseline']}: review each entry's reason before committing it.\n`);
    }
    if (unstable?.length === 0) process.stdout.write(`\nAll verdicts were the same in ${reports.length} runs.\n`);
    return report.verdict.outcome === 'pass' ? 0 : 1;
  } catch (error) {
    if (error instanceof TargetUnreachable || error instanceof LaunchFailed) {
      process.stderr.write(`mcp-tasks-conformance: the receiver under test could not be reached: ${error.message}\n`);
      // The reports are written even now (README: "always written"): every check not run, saying why.
      let notRun = error instanceof TargetUnreachable ? error.report : undefined;
      if (error instanceof LaunchFailed) {
        const target: TargetSpec = { transport: 'http', url: strings.url ?? '(the bundled reference receiver)', headers: {} };
        notRun = notRunReport({ target, role, checks, profile: TASKS_2025_11_25, timing, concurrency, tool: TOOL }, error.message);
      }
      if (notRun) {
        notRun.verdict = runVerdict(notRun, { strict, notRun: `the receiver under test could not be reached: ${error.message}` });
        await writeReports(notRun, strings);
      }
      return 2;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await Promise.all(launched.map((process) => process.end()));
    await Promise.all(hubs.map((hub) => hub.close()));
  }
}

/** Client testing: the suite serves on loopback and launches the client (by default the reference client) per check. */
async function resolveClientTarget(strings: Record<string, string | undefined>, hubs: ClientHub[]): Promise<{ target: TargetSpec; bundledReference: boolean; server?: undefined }> {
  const hub = await ClientHub.start();
  hubs.push(hub);
  if (strings.command) return { target: { transport: 'client', command: strings.command, hub }, bundledReference: false };
  return { target: { transport: 'client', command: `"${process.execPath}" "${referenceClientMain}"`, hub }, bundledReference: true };
}

/** The launch of an HTTP target failed: the run cannot happen. */
class LaunchFailed extends Error {}

/** The HTTP server the suite started: the process serving now, and how to start another (same command, same URL) after it died. */
interface LaunchedTarget {
  current: LaunchedServer;
  restart(): Promise<LaunchedServer>;
}

async function resolveTarget(strings: Record<string, string | undefined>, lists: Record<string, string[] | undefined>, timing: ReturnType<typeof makeTiming>, launched: LaunchedProcess[]): Promise<{ target: TargetSpec; bundledReference: boolean; server?: LaunchedTarget }> {
  const launch = async (command: string, url: string): Promise<LaunchedTarget> => {
    const start = async () => {
      const server = await launchHttpServer(command, url, timing.connectTimeoutMs);
      // Every process started is ended when the run is over, restarted ones too.
      launched.push(server);
      return server;
    };
    let first: LaunchedServer;
    try {
      first = await start();
    } catch (error) {
      throw new LaunchFailed((error as Error).message);
    }
    const holder: LaunchedTarget = {
      current: first,
      restart: async () => {
        holder.current = await start();
        return holder.current;
      },
    };
    return holder;
  };
  if (strings.command) return { target: { transport: 'stdio', command: strings.command }, bundledReference: false };
  if (strings.url) {
    const server = strings.launch ? await launch(strings.launch, strings.url) : undefined;
    return { target: { transport: 'http', url: strings.url, headers: parseHeaders(lists.header, '--header') ?? {}, peerHeaders: parseHeaders(lists['peer-header'], '--peer-header') }, bundledReference: false, server };
  }
  if (strings.reference === 'http') {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    const server = await launch(`"${process.execPath}" "${referenceMain}" --http --port ${port} --tokens token-a:alice,token-b:bob`, url);
    return { target: { transport: 'http', url, headers: { Authorization: 'Bearer token-a' }, peerHeaders: { Authorization: 'Bearer token-b' } }, bundledReference: true, server };
  }
  return { target: { transport: 'stdio', command: `"${process.execPath}" "${referenceMain}"` }, bundledReference: true };
}

/** Writes every report asked for; each renders the verdict the report carries (report.verdict). */
async function writeReports(report: RunReport, options: Record<string, string | undefined>): Promise<void> {
  if (options.json) await writeJsonReport(options.json, report);
  if (options.junit) await writeJunitReport(options.junit, report, { requirements: ALL_REQUIREMENTS });
  if (options.html) await writeHtmlReport(options.html, report);
  // The step summary is written whenever GitHub Actions provides one, even without --markdown.
  if (options.markdown || process.env.GITHUB_STEP_SUMMARY) await writeMarkdownSummary(options.markdown, report);
}

async function referenceServerCommand(args: string[]): Promise<number> {
  // The reference receiver is its own program; run it in this process with the same flags.
  process.argv = [process.argv[0], referenceMain, ...args];
  await import('../reference-server/main.js');
  return new Promise<number>(() => undefined);
}

function listCommand(args: string[]): number {
  const { values } = parse(args, { json: { type: 'boolean' }, requirements: { type: 'boolean' } });
  if (values.requirements) return printCoverage(Boolean(values.json));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(ALL_CHECKS.map(describeCheck), null, 2)}\n`);
    return 0;
  }
  for (const check of ALL_CHECKS) {
    process.stdout.write(`${check.id.padEnd(44)} ${check.requirements.join(', ')}\n${''.padEnd(44)} ${check.title}\n`);
  }
  process.stdout.write(`\n${ALL_CHECKS.length} checks, ${ALL_REQUIREMENTS.size} requirements\n`);
  return 0;
}

function printCoverage(json: boolean): number {
  const rows = coverageMatrix(ALL_CHECKS, ALL_REQUIREMENTS);
  if (json) {
    process.stdout.write(`${JSON.stringify(rows.map((row) => ({ id: row.requirement.id, keyword: row.requirement.keyword, binds: row.requirement.binds, section: row.requirement.section, url: requirementUrl(row.requirement), checks: row.checks, reason: row.reason })), null, 2)}\n`);
    return 0;
  }
  let section = '';
  for (const row of rows) {
    if (row.requirement.section !== section) {
      section = row.requirement.section;
      process.stdout.write(`\n${section}  ${requirementUrl(row.requirement)}\n`);
    }
    const verdict = row.checks.length > 0 ? row.checks.join(', ') : `— ${row.reason ?? 'NOT COVERED'}`;
    process.stdout.write(`  ${row.requirement.id.padEnd(40)} ${row.requirement.keyword.padEnd(10)} ${verdict}\n`);
  }
  const covered = rows.filter((row) => row.checks.length > 0).length;
  const explained = rows.filter((row) => row.checks.length === 0 && row.reason).length;
  process.stdout.write(`\n${rows.length} requirements: ${covered} verified by checks, ${explained} explained, ${rows.length - covered - explained} not covered\n`);
  return 0;
}

function describeCheck(check: CheckDefinition) {
  return { id: check.id, title: check.title, suite: check.suite, requirements: check.requirements, roles: check.roles, needs: check.needs };
}

// A stray rejection from a misbehaving receiver's connection must not end the run before its reports are written.
process.on('unhandledRejection', (reason) => {
  process.stderr.write(`mcp-tasks-conformance: ignored an unhandled rejection: ${(reason as Error)?.message ?? String(reason)}\n`);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof EmptySelection) {
      process.stderr.write(`mcp-tasks-conformance: ${error.message}\n`);
      process.exitCode = 3;
      return;
    }
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof BaselineError) {
      process.stderr.write(`mcp-tasks-conformance: ${error.message}\n`);
    } else {
      process.stderr.write(`mcp-tasks-conformance: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    }
    process.exitCode = 2;
  },
);
