// `explore`: model-based random testing of task lifecycles. Parses the flags, reaches the target as `server` does,
// runs the engine (harness/explore), prints the counterexample, writes the reports, and ends every process it started.
import { randomInt } from 'node:crypto';
import type { LaunchedProcess } from '../harness/wire/connections/process-group.js';
import { CounterexampleFileError, readCounterexampleFile } from '../harness/explore/counterexample-file.js';
import { explore, exploreNotRun, type ExploreOptions } from '../harness/explore/explore.js';
import { describeRecords } from '../harness/explore/operations.js';
import { COVERAGE_CAPTION, coverageLines } from '../reports/explore-text.js';
import type { ExploreReport } from '../harness/explore/report.js';
import { makeTiming } from '../harness/wire/timing.js';
import { TOOL } from '../harness/model/tool.js';
import type { SuiteConfig } from './config.js';
import { invocation } from './invocation.js';
import { parse, positiveNumber, SERVER_OPTIONS, UsageError, wholeNumber } from './options.js';
import { DEFAULT_PROFILE, exploredProfiles, isProfileId, loadProfile } from './profiles.js';
import { endLaunched, LaunchFailed, referenceMain, resolveClientTarget, resolveTarget, type SuiteServer } from './targets.js';

export const EXPLORE_OPTIONS = {
  command: SERVER_OPTIONS.command,
  url: SERVER_OPTIONS.url,
  header: SERVER_OPTIONS.header,
  'peer-header': SERVER_OPTIONS['peer-header'],
  launch: SERVER_OPTIONS.launch,
  reference: SERVER_OPTIONS.reference,
  json: SERVER_OPTIONS.json,
  junit: SERVER_OPTIONS.junit,
  markdown: SERVER_OPTIONS.markdown,
  html: SERVER_OPTIONS.html,
  config: SERVER_OPTIONS.config,
  'timeout-multiplier': SERVER_OPTIONS['timeout-multiplier'],
  strict: SERVER_OPTIONS.strict,
  seed: { type: 'string' },
  runs: { type: 'string' },
  budget: { type: 'string' },
  'max-ops': { type: 'string' },
  replay: { type: 'string' },
  out: { type: 'string' },
  'fault-free-check': { type: 'boolean' },
  'stop-at-first': { type: 'boolean' },
  spec: { type: 'string' },
  role: { type: 'string' },
} as const;

/** fast-check takes 32-bit seeds. */
const MAX_SEED = 2 ** 31 - 1;
const DEFAULTS = { runs: 100, budgetSeconds: 60, maxOps: 12, out: 'out/explore' };
/** Flags that name the target and how to reach it: the replay command repeats them. */
const TARGET_FLAGS = ['role', 'command', 'url', 'header', 'peer-header', 'launch', 'reference', 'config', 'timeout-multiplier', 'spec'] as const;
/** The receivers explore can reach: a server (stdio or HTTP), or a client through the suite's endpoint. */
const EXPLORED_ROLES = ['server', 'client'] as const;

export async function exploreCommand(args: string[]): Promise<number> {
  const { values } = parse(args, EXPLORE_OPTIONS, 'explore');
  const strings = values as Record<string, string | undefined>;
  const lists = values as Record<string, string[] | undefined>;
  const strict = Boolean(values.strict);
  const givenRole = strings.role;
  if (givenRole !== undefined && !(EXPLORED_ROLES as readonly string[]).includes(givenRole)) throw new UsageError(`--role wants server or client, got "${givenRole}"`);
  checkTargetFlags(strings, lists);
  const runs = wholeNumber(strings.runs, '--runs', 1) ?? DEFAULTS.runs;
  const maxOps = wholeNumber(strings['max-ops'], '--max-ops', 1, 100) ?? DEFAULTS.maxOps;
  const budgetMs = Math.round((positiveNumber(strings.budget, '--budget') ?? DEFAULTS.budgetSeconds) * 1000);
  if (strings.replay && (strings.runs || strings['max-ops'])) throw new UsageError("--replay runs the file's operations once; drop --runs and --max-ops");
  if (strings.replay && values['fault-free-check']) throw new UsageError('--fault-free-check applies to an exploration, not to --replay; drop one of them');
  const replayed = strings.replay ? await readReplay(strings.replay) : undefined;
  if (givenRole && replayed?.role && replayed.role !== givenRole)
    throw new UsageError(`--replay ${strings.replay} explored a ${replayed.role}; drop --role ${givenRole} or give --role ${replayed.role}`);
  const role = (givenRole ?? replayed?.role ?? 'server') as (typeof EXPLORED_ROLES)[number];
  if (role === 'client') checkClientFlags(strings, lists);
  const givenSeed = wholeNumber(strings.seed, '--seed', 0, MAX_SEED);
  const seed = givenSeed ?? replayed?.seed ?? randomInt(0, MAX_SEED);

  let config: SuiteConfig = { fixtures: {} };
  if (strings.config) config = await (await import('./config.js')).loadConfig(strings.config);
  const multiplier = positiveNumber(strings['timeout-multiplier'], '--timeout-multiplier', 100) ?? config.timeoutMultiplier ?? 1;
  const timing = makeTiming(multiplier);
  const spec = strings.spec ?? replayed?.profile ?? DEFAULT_PROFILE;
  const explored = exploredProfiles('server');
  if (!isProfileId(spec) || !explored.includes(spec)) throw new UsageError(`--spec for explore wants ${explored.join(' or ')}, got "${spec}"`);
  if (strings.spec && replayed?.profile && replayed.profile !== strings.spec)
    throw new UsageError(`--replay ${strings.replay} was explored under ${replayed.profile}; drop --spec ${strings.spec} or give --spec ${replayed.profile}`);
  const clients = exploredProfiles('client');
  if (role === 'client' && !clients.includes(spec))
    throw new UsageError(`--role client explores the ${clients.join(' and ')} profile only (the suite has no client role for ${spec}: docs/compatibility.md); drop --spec ${spec}`);
  const profile = await loadProfile(spec);

  // Said first, so a run that ends badly can always be repeated.
  process.stdout.write(replayed ? `replaying ${strings.replay} (${replayed.operations.length} operations, seed ${seed})\n` : `seed ${seed}: rerun with --seed ${seed}\n`);
  if (replayed?.message) process.stdout.write(`it showed: ${replayed.requirement ? `${replayed.requirement}: ` : ''}${replayed.message}\n`);

  const launched: LaunchedProcess[] = [];
  const endpoints: SuiteServer[] = [];
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const base = {
    timing,
    seed,
    runs,
    budgetMs,
    maxOps,
    tool: TOOL,
    requirements: profile.requirements,
    role,
    profile: { id: profile.id, title: profile.title, specUrl: profile.specUrl, era: profile.era },
    fixtureMappings: config.fixtures,
    stopAtFirst: Boolean(values['stop-at-first']),
    signal: interrupt.signal,
    onProgress: (line: string) => process.stdout.write(`  ${line}\n`),
  };
  let report: ExploreReport;
  let leftovers: string[];
  try {
    if (values['fault-free-check']) {
      const failed = await faultFreeCheck(base, endpoints);
      if (failed) return 2;
    }
    let options: ExploreOptions;
    try {
      const { target, bundledReference } = role === 'client' ? await resolveClientTarget(strings, endpoints) : await resolveTarget(strings, lists, timing, launched);
      options = {
        ...base,
        target,
        bundledReference,
        outDir: strings.out ?? DEFAULTS.out,
        replayCommandPrefix: replayPrefix(strings, lists),
        ...(replayed ? { replay: { operations: replayed.operations, file: strings.replay! } } : {}),
      };
    } catch (error) {
      if (!(error instanceof LaunchFailed)) throw error;
      const target = { transport: 'http' as const, url: strings.url ?? '(the bundled reference receiver)', headers: {} };
      report = await exploreNotRun({ ...base, target }, `the receiver under test could not be started: ${error.message}`);
      process.stderr.write(`mcp-tasks-conformance: the receiver under test could not be reached: ${error.message}\n`);
      await writeReports(report, strings);
      return 2;
    }
    report = await explore(options);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // Every process of the exploration ended, with whatever it left running outside its process group.
    leftovers = await endLaunched(launched);
    await Promise.all(endpoints.map((endpoint) => endpoint.close()));
  }
  report.notices.push(...leftovers);
  // The one verdict, set before any report is written: a warn fails only under --strict.
  if (strict && report.properties.some((property) => property.outcome === 'warn')) report.outcome = 'fail';
  await writeReports(report, strings, strict);
  printSummary(report, replayed !== undefined);
  if (report.runsDone === 0 && report.properties.some((property) => property.outcome === 'error')) process.stderr.write(`mcp-tasks-conformance: ${report.endedBecause}\n`);
  return exitCode(report, strict);
}

/** 1 for a violation (a warn only under --strict), 2 when nothing could be judged, else 0. */
export function exitCode(report: ExploreReport, strict: boolean): number {
  const outcomes = report.properties.map((property) => property.outcome);
  if (outcomes.includes('fail') || (strict && outcomes.includes('warn'))) return 1;
  if (outcomes.includes('error') || outcomes.every((outcome) => outcome === 'skip')) return 2;
  return 0;
}

function checkTargetFlags(strings: Record<string, string | undefined>, lists: Record<string, string[] | undefined>): void {
  if (strings.command && strings.url) throw new UsageError('give either --command (stdio) or --url (Streamable HTTP), not both');
  if (strings.launch && !strings.url) throw new UsageError('--launch starts an HTTP server, so it needs --url too');
  if ((lists.header || lists['peer-header']) && !strings.url) throw new UsageError('--header and --peer-header apply to --url (HTTP) targets only');
  if (strings.reference && (strings.command || strings.url)) throw new UsageError('--reference selects the bundled receiver; drop it when testing your own with --command or --url');
  if (strings.reference && !['stdio', 'http'].includes(strings.reference)) throw new UsageError(`--reference wants stdio or http, got "${strings.reference}"`);
}

/** A client is launched by the suite with its endpoint's URL appended: the flags that reach a server do not apply. */
function checkClientFlags(strings: Record<string, string | undefined>, lists: Record<string, string[] | undefined>): void {
  const serverOnly = ['url', 'launch', 'reference'].find((flag) => strings[flag] !== undefined) ?? ['header', 'peer-header'].find((flag) => lists[flag] !== undefined);
  if (serverOnly)
    throw new UsageError(`--${serverOnly} reaches a server; with --role client give --command with the client's command line (the suite appends its URL), or nothing for the bundled reference client`);
}

async function readReplay(file: string) {
  try {
    return await readCounterexampleFile(file);
  } catch (error) {
    if (error instanceof CounterexampleFileError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * --fault-free-check: the same exploration (seed, runs, budget) against the bundled reference receiver first. A
 * violation there is a false alarm of the model, so no verdict on the target would be trustworthy: exit 2.
 */
async function faultFreeCheck(base: Omit<ExploreOptions, 'target'>, endpoints: SuiteServer[]): Promise<boolean> {
  const reference = `bundled reference ${base.role === 'client' ? 'client' : 'receiver'}`;
  process.stdout.write(`fault-free check: exploring the ${reference} with the same seed first\n`);
  const target = base.role === 'client' ? (await resolveClientTarget({}, endpoints)).target : { transport: 'stdio' as const, command: `"${process.execPath}" "${referenceMain}"` };
  const report = await explore({ ...base, target, bundledReference: true });
  const broken = report.properties.find((property) => property.outcome !== 'pass' && property.outcome !== 'skip');
  if (!broken) {
    process.stdout.write(`fault-free check: no violation in ${report.runsDone} runs of the ${reference}\n`);
    return false;
  }
  process.stderr.write(
    `mcp-tasks-conformance: the fault-free check failed: against the ${reference} ${broken.id} gave ${broken.outcome} (${broken.message}); ` +
      "the exploration's model is at fault, so the target was not explored\n",
  );
  return true;
}

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `mcp-tasks-conformance explore` with the same target flags; the engine appends --replay FILE (or --seed N). */
function replayPrefix(strings: Record<string, string | undefined>, lists: Record<string, string[] | undefined>): string {
  const parts = [invocation(), 'explore'];
  for (const flag of TARGET_FLAGS) {
    const value = lists[flag] ?? strings[flag];
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) parts.push(`--${flag}`, shellQuote(String(item)));
  }
  return parts.join(' ');
}

/** Writes every report asked for; writers load only when asked for. */
async function writeReports(report: ExploreReport, options: Record<string, string | undefined>, strict = false): Promise<void> {
  if (options.json) await (await import('../reports/explore-json.js')).writeExploreJson(options.json, report);
  if (options.junit) await (await import('../reports/explore-junit.js')).writeExploreJunit(options.junit, report, { strict });
  if (options.markdown) await (await import('../reports/explore-markdown.js')).writeExploreMarkdown(options.markdown, report);
  if (options.html) await (await import('../reports/explore-html.js')).writeExploreHtml(options.html, report);
}

const MARKS: Record<string, string> = { pass: 'pass', fail: 'FAIL', warn: 'warn', skip: 'skip', error: 'ERROR' };

function printSummary(report: ExploreReport, replaying: boolean): void {
  const out: string[] = [''];
  out.push(
    `explore: ${report.runsDone} run${report.runsDone === 1 ? '' : 's'}, ` +
      `${report.operations} operation${report.operations === 1 ? '' : 's'} in ${(report.durationMs / 1000).toFixed(1)} s; ${report.endedBecause}`,
  );
  for (const property of report.properties) {
    // An error's reason is the exploration's, said once above.
    const detail = property.outcome === 'pass' || property.outcome === 'error' ? `${property.observations} observation${property.observations === 1 ? '' : 's'}` : property.message;
    out.push(`  ${MARKS[property.outcome].padEnd(5)} ${property.id.padEnd(24)} ${detail}`);
  }
  for (const notice of report.notices) out.push(`  note: ${notice}`);
  const coverage = coverageLines(report);
  if (coverage.length > 0) out.push('', `${COVERAGE_CAPTION}:`, ...coverage.map((line) => `  ${line}`));
  const counterexamples = report.properties.flatMap((property) => (property.counterexample ? [{ id: property.id, counterexample: property.counterexample }] : []));
  for (const { id, counterexample } of counterexamples) {
    const shrunk = counterexample.shrinkSteps > 0 ? `, shrunk from ${counterexample.originalLength} operations in ${counterexample.shrinkSteps} steps` : '';
    const which = counterexamples.length > 1 ? ` of ${id}` : '';
    out.push('', `Counterexample${which} (${counterexample.operations.length} operations${shrunk}); operations with the same number were sent together:`);
    out.push(...describeRecords(counterexample.operations).map((line) => `  ${line}`));
    out.push(`broken: ${counterexample.requirement} (${counterexample.keyword}, ${counterexample.severity})`, `  ${counterexample.message}`);
    if (counterexample.file && !replaying) out.push(`written to ${counterexample.file}`);
    out.push('replay it with:', `  ${counterexample.replayCommand}`);
  }
  const judged = report.properties.some((property) => property.outcome === 'pass' || property.outcome === 'warn' || property.outcome === 'fail');
  out.push('', `Verdict: ${report.outcome.toUpperCase()}${judged ? '' : ` — nothing was judged: ${report.endedBecause}`}`);
  process.stdout.write(`${out.join('\n')}\n`);
}
