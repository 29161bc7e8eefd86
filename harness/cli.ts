#!/usr/bin/env node
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatCheckLine, formatSummary, writeJsonReport, writeJunitReport } from '../reports/index.js';
import { ALL_CHECKS, ALL_REQUIREMENTS } from '../suites/index.js';
import type { CheckDefinition } from './check.js';
import { ConfigError, loadConfig, type SuiteConfig } from './config.js';
import { coverageMatrix } from './coverage.js';
import type { TargetSpec } from './connections/connect.js';
import { launchHttpServer } from './connections/launch-http.js';
import type { LaunchedProcess } from './connections/process-group.js';
import { TargetUnreachable } from './discovery.js';
import { requirementUrl, type RunReport } from './model.js';
import { runSuite } from './runner.js';
import { selectChecks } from './selection.js';
import { makeTiming } from './timing.js';

export const TOOL = { name: 'mcp-tasks-conformance', version: '0.1.0' };

const USAGE = `usage:
  mcp-tasks-conformance server [--command CMD | --url URL [--header "Name: value"]... [--peer-header "Name: value"]... [--launch CMD]]
                               [--json FILE] [--junit FILE] [--only PATTERN]... [--config FILE]
                               [--timeout-multiplier N] [--concurrency N] [--reference stdio|http]
  mcp-tasks-conformance reference-server [--http --port N] [--fault NAME]... [--variant full|no-tasks] [--tokens tok:ctx,...]
  mcp-tasks-conformance list [--requirements] [--json]
With no --command or --url, "server" tests the bundled reference receiver (over stdio, or HTTP with --reference http).
Exit status: 0 no check failed, 1 a check failed or could not run, 2 the run could not happen.`;

/** A mistake in how the suite was invoked: one line that says how to mend it, exit 2. */
class UsageError extends Error {}

const referenceMain = fileURLToPath(new URL('../reference-server/main.js', import.meta.url));

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'server':
      return serverCommand(rest);
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

async function serverCommand(args: string[]): Promise<number> {
  const { values } = parse(args, {
    command: { type: 'string' },
    url: { type: 'string' },
    header: { type: 'string', multiple: true },
    'peer-header': { type: 'string', multiple: true },
    launch: { type: 'string' },
    json: { type: 'string' },
    junit: { type: 'string' },
    only: { type: 'string', multiple: true },
    config: { type: 'string' },
    'timeout-multiplier': { type: 'string' },
    concurrency: { type: 'string' },
    reference: { type: 'string' },
  });
  const strings = values as Record<string, string | undefined>;
  const lists = values as Record<string, string[] | undefined>;
  if (strings.command && strings.url) throw new UsageError('give either --command (stdio) or --url (Streamable HTTP), not both');
  if (strings.launch && !strings.url) throw new UsageError('--launch starts an HTTP server, so it needs --url too');
  if ((lists.header || lists['peer-header']) && !strings.url) throw new UsageError('--header and --peer-header apply to --url (HTTP) targets only');
  if (strings.reference && (strings.command || strings.url)) throw new UsageError('--reference selects the bundled receiver; drop it when testing your own with --command or --url');
  if (strings.reference && !['stdio', 'http'].includes(strings.reference)) throw new UsageError(`--reference wants stdio or http, got "${strings.reference}"`);

  let config: SuiteConfig = { fixtures: {} };
  if (strings.config) config = await loadConfig(strings.config);
  const multiplier = positiveNumber(strings['timeout-multiplier'], '--timeout-multiplier') ?? config.timeoutMultiplier ?? 1;
  const concurrency = positiveNumber(strings.concurrency, '--concurrency') ?? 8;
  const timing = makeTiming(multiplier);
  const checks = selectChecks(ALL_CHECKS, { only: lists.only }, ALL_REQUIREMENTS);
  if (checks.length === 0) throw new UsageError(`--only ${lists.only?.join(', ')} selects no check; "mcp-tasks-conformance list" shows the IDs`);

  const launched: LaunchedProcess[] = [];
  let target: TargetSpec;
  let bundledReference = false;
  if (strings.command) target = { transport: 'stdio', command: strings.command };
  else if (strings.url) target = { transport: 'http', url: strings.url, headers: parseHeaders(lists.header, '--header') ?? {}, peerHeaders: parseHeaders(lists['peer-header'], '--peer-header') };
  else if (strings.reference === 'http') {
    bundledReference = true;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    launched.push(await launchHttpServer(`"${process.execPath}" "${referenceMain}" --http --port ${port} --tokens token-a:alice,token-b:bob`, url, timing.connectTimeoutMs));
    target = { transport: 'http', url, headers: { Authorization: 'Bearer token-a' }, peerHeaders: { Authorization: 'Bearer token-b' } };
  } else {
    bundledReference = true;
    target = { transport: 'stdio', command: `"${process.execPath}" "${referenceMain}"` };
  }

  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (strings.launch && strings.url) launched.push(await launchHttpServer(strings.launch, strings.url, timing.connectTimeoutMs));
    const report = await runSuite({
      target,
      role: 'server',
      checks,
      requirements: ALL_REQUIREMENTS,
      timing,
      concurrency,
      fixtureMappings: config.fixtures,
      bundledReference,
      tool: TOOL,
      signal: interrupt.signal,
      onResult: (result) => process.stdout.write(`${formatCheckLine(result, { color: process.stdout.isTTY })}\n`),
    });
    await writeReports(report, strings);
    process.stdout.write(`\n${formatSummary(report, { color: process.stdout.isTTY })}\n`);
    return report.summary.fail > 0 || report.summary.error > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof TargetUnreachable) {
      process.stderr.write(`mcp-tasks-conformance: the receiver under test could not be reached: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await Promise.all(launched.map((process) => process.end()));
  }
}

async function writeReports(report: RunReport, options: Record<string, string | undefined>): Promise<void> {
  if (options.json) await writeJsonReport(options.json, report);
  if (options.junit) await writeJunitReport(options.junit, report, { requirements: ALL_REQUIREMENTS });
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
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`mcp-tasks-conformance: ${error.message}\n`);
    } else {
      process.stderr.write(`mcp-tasks-conformance: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    }
    process.exitCode = 2;
  },
);
