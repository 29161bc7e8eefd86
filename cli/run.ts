// A run of the suite: select the profile's checks, reach the target, run, decide the one verdict, write every report.
import { TargetUnreachable } from '../harness/receivers/discovery.js';
import type { TargetSpec } from '../harness/wire/connections/connect.js';
import type { LaunchedProcess } from '../harness/wire/connections/process-group.js';
import type { Level, ReceiverRole, RunReport } from '../harness/model/model.js';
import type { Profile } from '../harness/engine/profile.js';
import { StartGate } from '../harness/wire/start-gate.js';
import { runVerdict } from '../harness/engine/run-policy.js';
import { notRunReport, runSuite } from '../harness/engine/runner.js';
import { combineReports } from '../harness/engine/combine.js';
import { parseShard, selectChecks, unknownPatterns } from '../harness/engine/selection.js';
import { makeTiming } from '../harness/wire/timing.js';
import { formatCheckLine, formatSummary, formatWrittenReports, type WrittenReport } from '../reports/console.js';
import type { SuiteConfig } from './config.js';
import { EmptySelection, parse, positiveNumber, rerunCommand, SERVER_OPTIONS, UsageError, wholeNumber } from './options.js';
import { invocation } from './invocation.js';
import { ProgressLine } from './progress-line.js';
import { unstableChecks } from './repeat.js';
import { endLaunched, LaunchFailed, resolveClientTarget, resolveTarget, type SuiteServer } from './targets.js';
import { TOOL } from '../harness/model/tool.js';
import { autoProfiles, checkExplanations, DEFAULT_PROFILE, loadProfile, parseSpec, PROFILE_IDS, profilesForClientTransport } from './profiles.js';

export async function suiteCommand(role: ReceiverRole, args: string[]): Promise<number> {
  const { values } = parse(args, SERVER_OPTIONS, role);
  const strings = values as Record<string, string | undefined>;
  const lists = values as Record<string, string[] | undefined>;
  const strict = Boolean(values.strict);
  if (strings['client-transport'] !== undefined && role !== 'client') throw new UsageError('--client-transport applies to "client" only');
  if (strings['client-transport'] !== undefined && !['http', 'stdio'].includes(strings['client-transport']))
    throw new UsageError(`--client-transport wants http or stdio, got "${strings['client-transport']}"`);
  const clientOverStdio = strings['client-transport'] === 'stdio';
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
  const repeat = wholeNumber(strings.repeat, '--repeat', 1) ?? 1;
  const minJudged = wholeNumber(strings['min-judged'], '--min-judged', 1);
  if (strings.baseline && strings['write-baseline']) throw new UsageError('--baseline reads expected failures and --write-baseline writes them; use one at a time');

  let config: SuiteConfig = { fixtures: {} };
  // Config and baseline files (zod, YAML) load only when given: a plain run starts without them.
  if (strings.config) config = await (await import('./config.js')).loadConfig(strings.config);
  const baseline = strings.baseline ? await (await import('./baseline.js')).loadBaseline(strings.baseline) : undefined;
  const multiplier = positiveNumber(strings['timeout-multiplier'], '--timeout-multiplier', 100) ?? config.timeoutMultiplier ?? 1;
  const concurrency = wholeNumber(strings.concurrency, '--concurrency', 1) ?? 32;
  const timing = makeTiming(multiplier);
  const spec = parseSpec(strings.spec);
  const overStdio = profilesForClientTransport('stdio');
  const httpOnly = clientOverStdio && !spec.auto ? spec.ids.find((id) => !overStdio.includes(id)) : undefined;
  if (httpOnly !== undefined) throw new UsageError(`--client-transport stdio applies to the ${overStdio.join(' and ')} profile; the ${httpOnly} client role reaches clients over Streamable HTTP only`);
  const selection = { only: lists.only, skip: lists.skip, level: strings.level as Level | undefined, shard };
  /** Each profile with the checks the selection takes of it; a profile it takes nothing of is left out. */
  const select = (profiles: readonly Profile[]) => {
    const runs = profiles.map((profile) => ({ profile, checks: selectChecks(profile.checks, selection, profile.requirements) })).filter((run) => run.checks.length > 0);
    if (runs.length === 0) {
      const named = profiles.map((profile) => profile.id).join(' and ');
      throw new EmptySelection(`the selection (--only, --skip, --level, --shard) matches no check of profile ${named}; "${invocation()} list --spec ${profiles[0].id}" shows the IDs`);
    }
    return runs;
  };
  // Named profiles are checked before anything starts; auto learns its profiles from the target, once reached.
  const named = spec.auto ? undefined : await Promise.all(spec.ids.map(loadProfile));
  // A pattern is judged against every profile: one list of patterns may serve runs of either era (a typo names none).
  refuseUnknownPatterns(await Promise.all(PROFILE_IDS.map(loadProfile)), selection);
  let runs = named && select(named);

  const launched: LaunchedProcess[] = [];
  const endpoints: SuiteServer[] = [];
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { target, bundledReference, server } = role === 'client' ? await resolveClientTarget(strings, endpoints) : await resolveTarget(strings, lists, timing, launched);
    runs ??= select(await Promise.all((await autoProfiles(role, target, timing, clientOverStdio)).map(loadProfile)));
    const chosen = runs;
    const knownChecks = chosen.flatMap((run) => run.profile.checks.map((c) => c.id));
    const reports: RunReport[] = [];
    for (let run = 1; run <= repeat; run++) {
      if (repeat > 1) process.stdout.write(`\nrun ${run} of ${repeat}\n`);
      // The profiles of a run share the target, not checks: side by side, a dual-era run takes about its longest check.
      // A launched server is watched (and started again) by one run at a time, so its profiles go one after another.
      const sideBySide = chosen.length > 1 && !server;
      const startGate = sideBySide ? new StartGate() : undefined;
      const runProfile = async ({ profile, checks }: (typeof chosen)[number], progress: ProgressLine): Promise<RunReport> =>
        runSuite({
          target,
          role,
          checks,
          profile,
          timing,
          // Side by side, the profiles split the checks in flight.
          concurrency: sideBySide ? Math.max(1, Math.ceil(concurrency / chosen.length)) : concurrency,
          shareConnections: !values['fresh-connections'],
          fixtureMappings: config.fixtures,
          bundledReference,
          tool: TOOL,
          signal: interrupt.signal,
          startGate,
          // The server as it is now: a --repeat run after a restart tests the restarted process.
          launched: server ? { server: server.current, restart: server.restart } : undefined,
          onResult: (result) => progress.finished(formatCheckLine(result, { color: process.stdout.isTTY }), result.outcome === 'pass'),
          // Said at once, above the progress line: the server under test died, or was started again.
          onNotice: (line) => process.stdout.write(`${process.stdout.isTTY ? '\r\u001b[2K' : ''}! ${line.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')}\n`),
        });
      const parts: RunReport[] = [];
      if (sideBySide) {
        process.stdout.write(`\nprofiles ${chosen.map((run) => run.profile.id).join(' and ')}, side by side\n`);
        const progress = new ProgressLine(
          chosen.reduce((sum, run) => sum + run.checks.length, 0),
          process.stdout,
          Boolean(process.stdout.isTTY),
        );
        try {
          parts.push(...(await Promise.all(chosen.map((run) => runProfile(run, progress)))));
        } finally {
          progress.stop();
        }
      } else {
        for (const run of chosen) {
          if (chosen.length > 1) process.stdout.write(`\nprofile ${run.profile.id}: ${run.profile.title}\n`);
          const progress = new ProgressLine(run.checks.length, process.stdout, Boolean(process.stdout.isTTY));
          try {
            parts.push(await runProfile(run, progress));
          } finally {
            progress.stop();
          }
          if (interrupt.signal.aborted) break;
        }
      }
      reports.push(combineReports(parts));
      if (interrupt.signal.aborted) break;
    }
    const report = reports[reports.length - 1];
    // The servers the suite launched end with the run, and with them whatever they left running outside their group.
    report.notices.push(...(await endLaunched(launched)));
    const unstable = repeat > 1 ? unstableChecks(reports) : undefined;
    // The one verdict: set before any report is written, so every report and the exit status say the same.
    report.verdict = runVerdict(report, { strict, baseline, knownChecks, unstable, minJudged });
    const written = await writeReports(report, strings, { role, values });
    process.stdout.write(`\n${formatSummary(report, { color: process.stdout.isTTY })}\n`);
    const rerunnable = report.verdict.failing.map((entry) => entry.check);
    if (rerunnable.length > 0) process.stdout.write(`\nTo rerun a failure alone:\n${rerunnable.map((id) => `  ${rerunCommand(role, values, id)}`).join('\n')}\n`);
    if (strings['write-baseline']) {
      const { baselineFromReport, writeBaseline } = await import('./baseline.js');
      await writeBaseline(strings['write-baseline'], baselineFromReport(report, { strict }));
      process.stdout.write(`\nWrote the baseline ${strings['write-baseline']}: review each entry's reason before committing it.\n`);
    }
    if (unstable?.length === 0) process.stdout.write(`\nAll verdicts were the same in ${reports.length} runs.\n`);
    // Last, where to look next: the files the run wrote.
    process.stdout.write(`\n${formatWrittenReports(written)}\n`);
    return report.verdict.outcome === 'pass' ? 0 : 1;
  } catch (error) {
    if (error instanceof TargetUnreachable || error instanceof LaunchFailed) {
      const cause = error instanceof TargetUnreachable ? error.why : `the receiver under test could not be reached: ${error.message}`;
      // A shell's 127 is a command it could not find: say so, since EPIPE alone does not.
      const why = strings.command && /exited with code 127\b/.test(cause) ? `${cause}; exit code 127: the shell found no such command, check --command` : cause;
      process.stderr.write(`mcp-tasks-conformance: ${why}\n`);
      // The reports are written even now (README: "always written"): every check not run, saying why.
      let notRun = error instanceof TargetUnreachable ? error.report : undefined;
      // Unreached before any profile ran (a launch, or auto's probe): the report says so for every selected check.
      if (notRun === undefined) {
        const target: TargetSpec = strings.command ? { transport: 'stdio', command: strings.command } : { transport: 'http', url: strings.url ?? '(the bundled reference receiver)', headers: {} };
        // Auto never learned the era of a server that did not start: its report is the default profile's.
        runs ??= select([await loadProfile(DEFAULT_PROFILE)]);
        const parts = runs.map(({ profile, checks }) => notRunReport({ target, role, checks, profile, timing, concurrency, tool: TOOL }, why));
        notRun = combineReports(parts);
      }
      if (notRun) {
        notRun.verdict = runVerdict(notRun, { strict, notRun: why });
        const written = await writeReports(notRun, strings, { role, values });
        if (written.length > 0) process.stdout.write(`${formatWrittenReports(written)}\n`);
      }
      return 2;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await Promise.all(launched.map((process) => process.end()));
    await Promise.all(endpoints.map((endpoint) => endpoint.close()));
  }
}

/** A pattern of --only or --skip that matches no check of the profiles is a typo: refused, even when another pattern matches. */
function refuseUnknownPatterns(profiles: readonly Profile[], selection: { only?: readonly string[]; skip?: readonly string[] }): void {
  const [first] = unknownPatterns(
    profiles.flatMap((profile) => profile.checks),
    selection,
  );
  if (!first) return;
  const ids = profiles.map((profile) => profile.id);
  throw new UsageError(
    `${first.flag} "${first.pattern}" matches no check, suite or requirement ID of any profile` +
      `${first.suggestion ? ` (did you mean "${first.suggestion}"?)` : ''}; ${ids.map((id) => `"${invocation()} list --spec ${id}"`).join(' and ')} ${ids.length === 1 ? 'shows' : 'show'} the IDs`,
  );
}

/** The card is a CI artifact: a header's value (a token, often) is shown as its name only. */
function headerValuesMasked(values: Record<string, unknown>): Record<string, unknown> {
  const mask = (header: unknown) => String(header).replace(/:.*$/s, ': …');
  const masked = { ...values };
  for (const flag of ['header', 'peer-header']) {
    const given = values[flag];
    if (given !== undefined) masked[flag] = Array.isArray(given) ? given.map(mask) : mask(given);
  }
  return masked;
}

/** Writes every report asked for; each renders the verdict the report carries (report.verdict). Writers load only when asked for. */
async function writeReports(report: RunReport, options: Record<string, string | undefined>, rerun: { role: ReceiverRole; values: Record<string, unknown> }): Promise<WrittenReport[]> {
  const written: WrittenReport[] = [];
  if (options.json) {
    await (await import('../reports/json.js')).writeJsonReport(options.json, report);
    written.push({ format: 'JSON', path: options.json });
  }
  if (options.junit) {
    await (await import('../reports/junit.js')).writeJunitReport(options.junit, report);
    written.push({ format: 'JUnit', path: options.junit });
  }
  if (options.html) {
    // The card carries each failure's fix (explain) and its rerun line: the suites are known here, not in reports/.
    const explanations = await checkExplanations([...new Set(report.results.map((result) => result.profile ?? DEFAULT_PROFILE))]);
    await (
      await import('../reports/html.js')
    ).writeHtmlReport(options.html, report, {
      explain: (result) => explanations.get(result.profile ?? DEFAULT_PROFILE)?.get(result.id),
      rerun: (result) => rerunCommand(rerun.role, headerValuesMasked(rerun.values), result.id),
    });
    written.push({ format: 'HTML', path: options.html });
  }
  // The step summary is written whenever GitHub Actions provides one, even without --markdown.
  if (options.markdown || process.env.GITHUB_STEP_SUMMARY) {
    await (await import('../reports/markdown.js')).writeMarkdownSummary(options.markdown, report);
    if (options.markdown) written.push({ format: 'Markdown', path: options.markdown });
    if (process.env.GITHUB_STEP_SUMMARY) written.push({ format: 'Markdown', path: `${process.env.GITHUB_STEP_SUMMARY} (the job's step summary)` });
  }
  return written;
}
