// `proxy`: the suite between any host and any server, forwarding everything unchanged and judging the traffic as it
// goes; `judge`: the same judgement of a recorded trace. Both end with the usual reports and the run's one verdict.
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { RunReport } from '../harness/model/model.js';
import { runVerdict } from '../harness/engine/run-policy.js';
import { TOOL } from '../harness/model/tool.js';
import type { RuleBook, WireViolation } from '../harness/rules/rule-book.js';
import { WireTap } from '../harness/proxy/tap.js';
import { readTrace, TraceError } from '../harness/proxy/trace-file.js';
import { formatSummary } from '../reports/console.js';
import { JUDGE_OPTIONS, parse, parseMistake, PROXY_OPTIONS, UsageError, wholeNumber } from './options.js';
import { profilesByEra, ruleBookCatalogues } from './profiles.js';

async function newJudge(onViolation: (violation: WireViolation) => void): Promise<RuleBook> {
  const [{ RuleBook }, requirements] = await Promise.all([import('../harness/rules/rule-book.js'), ruleBookCatalogues()]);
  return new RuleBook({ requirements, onViolation });
}

/** One line per violation, the moment it shows: requirement, keyword, side, what was wrong and the exchange. */
export function violationLine(violation: WireViolation, tool: 'proxy' | 'judge' = 'proxy'): string {
  const message = violation.message.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  return `mcp-tasks-conformance ${tool}: ${violation.severity.toUpperCase()} ${violation.requirement} (${violation.keyword}) by the ${violation.party}: ${message} [${violation.exchange}]`;
}

/** Live lines per rule and side before the rest are only counted: a long session must not drown the host's stderr. */
const LIVE_LINES_PER_RULE = 5;

/** Says each violation, the first few of each rule and side in full and then that the rest are only counted. */
function liveViolations(say: (line: string) => void, tool: 'proxy' | 'judge'): (violation: WireViolation) => void {
  const said = new Map<string, number>();
  return (violation) => {
    const key = `${violation.era}|${violation.party}|${violation.requirement}`;
    const count = (said.get(key) ?? 0) + 1;
    said.set(key, count);
    if (count <= LIVE_LINES_PER_RULE) say(violationLine(violation, tool));
    if (count === LIVE_LINES_PER_RULE) say(`mcp-tasks-conformance ${tool}: further violations of ${violation.requirement} by the ${violation.party} are counted in the reports, not printed`);
  };
}

function liveSink(logFile: string | undefined): (line: string) => void {
  if (!logFile) return (line) => void process.stderr.write(`${line}\n`);
  try {
    appendFileSync(logFile, '');
  } catch (error) {
    throw new UsageError(`--log ${logFile} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give a file in a folder that exists`);
  }
  return (line) => {
    try {
      appendFileSync(logFile, `${line}\n`);
    } catch {
      process.stderr.write(`${line}\n`);
    }
  };
}

export async function proxyCommand(args: string[]): Promise<number> {
  const { values } = parse(args, PROXY_OPTIONS, 'proxy');
  const strings = values as Record<string, string | undefined>;
  if (strings.command && strings.url) throw new UsageError('give either --command (a stdio server the proxy launches) or --url (a Streamable HTTP server) to proxy, not both');
  if (!strings.command && !strings.url) throw new UsageError('proxy needs the real server: --command "node server.js" (stdio) or --url http://host:port/mcp --port N (Streamable HTTP)');
  if (strings.url && strings.port === undefined) throw new UsageError('proxy --url needs --port N: the local port the host connects to (http://127.0.0.1:N/mcp)');
  if (strings.command && strings.port !== undefined) throw new UsageError('--port applies to proxy --url; with --command the host talks to the proxy over stdio');
  const port = wholeNumber(strings.port, '--port', 0, 65535);
  if (strings.url) {
    try {
      new URL(strings.url);
    } catch {
      throw new UsageError(`--url wants the server's MCP endpoint, like http://127.0.0.1:3000/mcp, got "${strings.url}"`);
    }
  }
  const say = liveSink(strings.log);
  // The judge (schemas compiled, catalogues read) loads once the server has started: the host waits for the server alone.
  let loadJudge!: () => void;
  const judgeReady = new Promise<void>((resolve) => (loadJudge = resolve)).then(() => newJudge(liveViolations(say, 'proxy')));
  const tap = new WireTap(judgeReady, strings.trace);
  const startedAt = new Date();
  const started = performance.now();
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  // process.on, not once: a signal that comes while the reports are written is ignored rather than fatal.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const notices: string[] = [];
  let passOn: number | undefined;
  try {
    if (strings.command) {
      const { runStdioProxy } = await import('../harness/proxy/stdio-proxy.js');
      // A host that went away (EPIPE on our stdout) ends the session like a signal: the server is ended, the reports written.
      process.stdout.removeAllListeners('error');
      process.stdout.on('error', () => interrupt.abort());
      const running = runStdioProxy({ command: strings.command, tap, hostIn: process.stdin, hostOut: process.stdout, errOut: process.stderr, signal: interrupt.signal });
      loadJudge();
      const end = await running;
      const how = end.signal ? `by signal ${end.signal}` : `with status ${end.code}`;
      notices.push(
        end.endedBy === 'server'
          ? `the server ended the session: it exited ${how}`
          : end.endedBy === 'host'
            ? `the host closed the session; the server then exited ${how}`
            : `the proxy was stopped; the server was ended (${how})`,
      );
      // A server that failed by itself is passed on to the host as its own status, as it would be without the proxy.
      if (end.endedBy === 'server' && (end.signal !== null || (end.code ?? 0) !== 0)) passOn = end.code ?? 1;
    } else {
      const { startHttpProxy } = await import('../harness/proxy/http-proxy.js');
      loadJudge();
      const proxy = await startHttpProxy({ target: strings.url!, port: port!, tap, onError: (line) => process.stderr.write(`mcp-tasks-conformance ${line}\n`) }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'EADDRINUSE' || error.code === 'EACCES') throw new UsageError(`--port ${port} cannot be used (${error.code}); choose another, or --port 0 for a free one`);
          throw error;
        },
      );
      process.stderr.write(`mcp-tasks-conformance proxy: serving ${proxy.url} for ${strings.url}; stop with Ctrl-C (SIGINT) or SIGTERM for the reports\n`);
      await new Promise<void>((resolve) => interrupt.signal.addEventListener('abort', () => resolve(), { once: true }));
      await proxy.close();
      notices.push('the proxy was stopped (SIGINT or SIGTERM)');
    }
    await tap.close();
    const judge = await judgeReady;
    const target = strings.command ? { transport: 'stdio' as const, description: strings.command } : { transport: 'http' as const, description: strings.url! };
    // The session ends now: a request still unanswered has waited until this moment (the tap's clock).
    judge.end(performance.timeOrigin + performance.now());
    const report = await finish(judge, tap, target, startedAt, performance.now() - started, [...notices, ...(strings.trace ? [`the traffic was recorded in ${strings.trace}`] : [])]);
    report.verdict = runVerdict(report, { strict: Boolean(values.strict) });
    await writeReports(report, strings);
    // stdout belongs to the host on stdio: the summary goes to stderr.
    process.stderr.write(`\n${formatSummary(report, { color: process.stderr.isTTY })}\n`);
    return passOn ?? (report.verdict.outcome === 'pass' ? 0 : 1);
  } finally {
    // Held until the reports are written: a second SIGTERM (a host closing impatiently) must not cut them short.
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await tap.close();
  }
}

export async function judgeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseWithFile(args);
  const strings = values as Record<string, string | undefined>;
  const file = positionals[0]!;
  const say = liveSink(strings.log);
  const judge = await newJudge(liveViolations(say, 'judge'));
  const tap = new WireTap(judge);
  let first: number | undefined;
  let last = 0;
  let transport: 'stdio' | 'http' = 'stdio';
  try {
    for await (const entry of readTrace(file)) {
      if (entry.channel !== 'stdio') transport = 'http';
      first ??= entry.t;
      last = entry.t;
      tap.record(entry);
    }
  } catch (error) {
    if (error instanceof TraceError) throw new UsageError(error.message);
    throw error;
  }
  const startedAt = new Date(first ?? Date.now());
  // The trace ends with its last entry: what was unanswered had waited that long.
  judge.end(last);
  const report = await finish(judge, tap, { transport, description: `the trace ${file}` }, startedAt, first === undefined ? 0 : last - first, [`judged offline from the trace ${file}`]);
  // A trace without task traffic put no rule to the test: like an empty selection, it must not pass silently.
  const nothingToJudge = judge.sawTaskTraffic
    ? undefined
    : `the trace ${file} holds no task traffic (${judge.messages} messages, none a task method, a task-augmented request or a task created); record a session in which the host uses tasks`;
  report.verdict = runVerdict(report, { strict: Boolean(values.strict), nothingToJudge });
  await writeReports(report, strings);
  process.stdout.write(`${formatSummary(report, { color: process.stdout.isTTY })}\n`);
  if (nothingToJudge !== undefined) {
    process.stderr.write(`mcp-tasks-conformance: nothing to judge: ${nothingToJudge}\n`);
    return 3;
  }
  return report.verdict.outcome === 'pass' ? 0 : 1;
}

function parseWithFile(args: string[]) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof JUDGE_OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args, options: JUDGE_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw parseMistake(error, JUDGE_OPTIONS, 'judge');
  }
  if (parsed.positionals.length !== 1) throw new UsageError('judge wants one trace file: mcp-tasks-conformance judge TRACE.jsonl [--json FILE] ... (the file "proxy --trace FILE" wrote)');
  return parsed;
}

async function finish(judge: RuleBook, tap: WireTap, target: { transport: 'stdio' | 'http'; description: string }, startedAt: Date, durationMs: number, notices: string[]): Promise<RunReport> {
  // The profiles the report names (titles, links, the whole catalogue for coverage): loaded once the session is over.
  const [profiles, { proxyReport }] = await Promise.all([profilesByEra(), import('../harness/proxy/report.js')]);
  const dropped =
    judge.dropped.pending + judge.dropped.tasks > 0 ? [`to stay within its memory bounds the judge let go of ${judge.dropped.pending} unanswered requests and ${judge.dropped.tasks} tasks`] : [];
  return proxyReport({
    profiles,
    observations: judge.results(),
    erasSeen: judge.erasSeen,
    protocolVersions: judge.protocolVersions,
    target,
    tool: TOOL,
    startedAt,
    durationMs: Math.max(0, durationMs),
    notices: [`${judge.messages} messages judged${judge.unparsed > 0 ? `, ${judge.unparsed} lines that were no JSON` : ''}`, ...notices, ...dropped, ...tap.notices()],
    judgeErrors: tap.judgeErrors,
  });
}

async function writeReports(report: RunReport, options: Record<string, string | undefined>): Promise<void> {
  if (options.json) await (await import('../reports/json.js')).writeJsonReport(options.json, report);
  if (options.junit) await (await import('../reports/junit.js')).writeJunitReport(options.junit, report);
  if (options.html) await (await import('../reports/html.js')).writeHtmlReport(options.html, report);
  if (options.markdown) await (await import('../reports/markdown.js')).writeMarkdownSummary(options.markdown, report);
}
