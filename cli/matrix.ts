// The matrix command: every target of a manifest run as "server" or "client" would run it, each in a process of its
// own (its isolation and process hygiene are the run's), then one JSON result and one HTML page of requirements by
// implementations. "matrix merge" joins the shards of a run; --compare says what changed since an older matrix.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Outcome, RunReport, TranscriptEntry } from '../harness/model/model.js';
import { launchCommand, markedPids, type LaunchedProcess } from '../harness/wire/connections/process-group.js';
import { parseShard } from '../harness/engine/selection.js';
import { TOOL } from '../harness/model/tool.js';
import {
  cellKey,
  compareMatrices,
  formatChanges,
  MATRIX_FORMAT,
  mergeMatrices,
  worstOutcome,
  type Evidence,
  type MatrixCell,
  type MatrixColumn,
  type MatrixReport,
  type MatrixRow,
} from '../reports/matrix-model.js';
import { readMatrix } from './matrix-file.js';
import { loadManifest, needsPort, shardOf, targetArguments, type Manifest, type ManifestTarget } from './manifest.js';
import { loadNotes, noteFor, type CompatibilityNotes } from './compatibility-notes.js';
import { parse, UsageError, wholeNumber } from './options.js';
import { loadProfile, type ProfileId } from './profiles.js';
import { freePort } from './targets.js';

const CLI_MAIN = fileURLToPath(new URL('./main.js', import.meta.url));
/** A target's run that has not ended by then is ended and shown as an error: a hang never stops the matrix. */
const DEFAULT_TARGET_TIMEOUT_S = 900;
/** How much of a check's transcript the evidence keeps, and how long each line may be. */
const EXCERPT_ENTRIES = 10;
const EXCERPT_CHARS = 400;

export const MATRIX_OPTIONS = {
  json: { type: 'string' },
  html: { type: 'string' },
  shard: { type: 'string' },
  jobs: { type: 'string' },
  compare: { type: 'string' },
  reports: { type: 'string' },
  'target-timeout': { type: 'string' },
} as const;

const MERGE_OPTIONS = { json: { type: 'string' }, html: { type: 'string' }, compare: { type: 'string' } } as const;

export async function matrixCommand(args: string[]): Promise<number> {
  if (args[0] === 'merge') return mergeCommand(args.slice(1));
  if (args[0] === 'doc') return (await import('./compatibility-doc.js')).docCommand(args.slice(1));
  const positionals = args.filter((arg, index) => !arg.startsWith('-') && (index === 0 || !isValueOf(args[index - 1]!)));
  if (positionals.length !== 1) throw new UsageError('matrix wants one MANIFEST (e.g. configs/ecosystem.yaml), or "matrix merge A.json B.json …"; "matrix --help" lists the options');
  const values = parse(
    args.filter((arg) => arg !== positionals[0]),
    MATRIX_OPTIONS,
    'matrix',
  ).values as Partial<Record<keyof typeof MATRIX_OPTIONS, string>>;
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (values.shard !== undefined && !shard) throw new UsageError(`--shard wants i/n with 1 ≤ i ≤ n, e.g. --shard 2/4, got "${values.shard}"`);
  const jobs = wholeNumber(values.jobs, '--jobs', 1, 64) ?? Math.max(1, Math.min(4, availableParallelism()));
  const timeoutS = wholeNumber(values['target-timeout'], '--target-timeout', 1);
  const older = values.compare ? await readMatrix(values.compare, '--compare') : undefined;
  const manifest = await loadManifest(positionals[0]!);
  const notes = manifest.notes ? await loadNotes(manifest.notes) : undefined;
  const json = values.json ?? 'out/matrix.json';
  const targets = shardOf(manifest.targets, shard);
  process.stdout.write(`matrix ${manifest.file}: ${targets.length} of ${manifest.targets.length} target(s)${shard ? ` (shard ${shard.index}/${shard.count})` : ''}, ${jobs} at a time\n`);
  const matrix = await runMatrix(manifest, targets, { jobs, timeoutS, reportsDir: values.reports, notes, shard });
  if (older) matrix.changes = { against: values.compare!, list: compareMatrices(older, matrix) };
  await writeOutputs(matrix, json, values.html ?? (values.json ? undefined : 'out/matrix.html'));
  if (matrix.changes) process.stdout.write(`\n${formatChanges(matrix.changes.list, matrix.changes.against)}\n`);
  const failed = matrix.columns.filter((column) => column.status === 'error');
  // The matrix describes implementations, failures included: only a target that could not be run fails the command.
  return failed.length > 0 ? 1 : 0;
}

/** Whether `flag` takes the next argument as its value (so that value is no positional). */
function isValueOf(flag: string): boolean {
  return flag.startsWith('--') && !flag.includes('=') && flag.slice(2) in MATRIX_OPTIONS;
}

async function mergeCommand(args: string[]): Promise<number> {
  const inputs: string[] = [];
  const flags: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i]!.startsWith('-')) {
      flags.push(args[i]!);
      if (!args[i]!.includes('=') && args[i]!.slice(2) in MERGE_OPTIONS && args[i + 1] !== undefined) flags.push(args[++i]!);
    } else inputs.push(args[i]!);
  }
  if (inputs.length === 0) throw new UsageError('matrix merge wants the JSON of each shard, e.g. matrix merge shard-1.json shard-2.json --json matrix.json --html matrix.html');
  const values = parse(flags, MERGE_OPTIONS, 'matrix').values as Partial<Record<keyof typeof MERGE_OPTIONS, string>>;
  const parts = await Promise.all(inputs.map((input) => readMatrix(input, 'matrix merge')));
  let merged: MatrixReport;
  try {
    merged = mergeMatrices(parts, inputs);
  } catch (error) {
    throw new UsageError(`matrix merge: ${(error as Error).message}`);
  }
  const missing = Array.from({ length: merged.shards.count }, (_, index) => index + 1).filter((index) => !merged.shards.present.includes(index));
  if (missing.length > 0) process.stdout.write(`! shard(s) ${missing.join(', ')} of ${merged.shards.count} missing: the matrix lacks their targets\n`);
  if (values.compare) merged.changes = { against: values.compare, list: compareMatrices(await readMatrix(values.compare, '--compare'), merged) };
  await writeOutputs(merged, values.json ?? 'out/matrix.json', values.html ?? (values.json ? undefined : 'out/matrix.html'));
  if (merged.changes) process.stdout.write(`\n${formatChanges(merged.changes.list, merged.changes.against)}\n`);
  return merged.columns.some((column) => column.status === 'error') ? 1 : 0;
}

async function writeOutputs(matrix: MatrixReport, json: string, html: string | undefined): Promise<void> {
  await mkdir(dirname(resolve(json)), { recursive: true });
  await writeFile(json, `${JSON.stringify(matrix, null, 2)}\n`);
  const written = [`JSON ${json}`];
  if (html) {
    await mkdir(dirname(resolve(html)), { recursive: true });
    await writeFile(html, (await import('../reports/matrix-html.js')).buildMatrixHtml(matrix));
    written.push(`HTML ${html}`);
  }
  process.stdout.write(`\nWrote the matrix: ${written.join(', ')}\n`);
}

interface RunOptions {
  jobs: number;
  timeoutS?: number;
  reportsDir?: string;
  notes?: CompatibilityNotes;
  shard?: { index: number; count: number };
}

/** Runs the targets (`jobs` at a time) and builds the matrix; the rows are those of every era the manifest names. */
export async function runMatrix(manifest: Manifest, targets: readonly ManifestTarget[], options: RunOptions): Promise<MatrixReport> {
  const eras = [...new Set(manifest.targets.flatMap((target) => target.eras))].sort() as ProfileId[];
  const profiles = new Map(await Promise.all(eras.map(async (era) => [era, await loadProfile(era)] as const)));
  const rows: MatrixRow[] = [];
  for (const era of eras) {
    const profile = profiles.get(era)!;
    const verified = new Set(profile.checks.flatMap((check) => check.requirements));
    for (const requirement of profile.requirements.values()) {
      if (!verified.has(requirement.id)) continue;
      rows.push({ era, id: requirement.id, keyword: requirement.keyword, section: requirement.section, url: requirement.url ?? profile.specUrl, summary: requirement.summary });
    }
  }
  const workDir = options.reportsDir ? resolve(options.reportsDir) : await mkdtemp(join(tmpdir(), 'mcp-tasks-matrix-'));
  await mkdir(workDir, { recursive: true });
  const outcomes: { column: MatrixColumn; cells: Record<string, MatrixCell>; evidence: Record<string, Evidence> }[] = [];
  // Interrupted (Ctrl-C, a CI cancel): the targets' runs live in groups of their own, so they are ended here, then we go.
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`mcp-tasks-conformance: matrix interrupted (${signal}); ending the runs in flight\n`);
    void Promise.all(
      [...RUNNING].map(async (launched) => {
        await launched.end(5_000);
        endMarkedBy(launched.pid);
      }),
    ).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const queue = [...targets];
    const worker = async () => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        const ran = await runTarget(manifest, target, workDir, target.timeoutSeconds ?? options.timeoutS ?? DEFAULT_TARGET_TIMEOUT_S);
        const built = buildColumn(target, ran, profiles, options.notes);
        process.stdout.write(`  ${target.name}: ${built.column.status === 'ran' ? summaryLine(built.column) : `error — ${built.column.why}`} (${(ran.durationMs / 1000).toFixed(1)} s)\n`);
        outcomes.push(built);
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.jobs, Math.max(1, targets.length)) }, worker));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (!options.reportsDir) await rm(workDir, { recursive: true, force: true });
  }
  outcomes.sort((a, b) => (a.column.name < b.column.name ? -1 : 1));
  const count = options.shard?.count ?? 1;
  return {
    format: MATRIX_FORMAT,
    tool: { name: TOOL.name, version: TOOL.version },
    shards: { count, present: options.shard ? [options.shard.index] : Array.from({ length: count }, (_, index) => index + 1) },
    rows,
    columns: outcomes.map((each) => each.column),
    cells: Object.fromEntries(outcomes.map((each) => [each.column.name, each.cells])),
    evidence: Object.fromEntries(outcomes.map((each) => [each.column.name, each.evidence])),
  };
}

function summaryLine(column: MatrixColumn): string {
  const s = column.summary!;
  return `${s.pass} pass, ${s.fail} fail, ${s.warn} warn, ${s.skip} skip${s.inconclusive ? `, ${s.inconclusive} inconclusive` : ''}${s.error ? `, ${s.error} error` : ''}`;
}

interface TargetRun {
  report?: RunReport;
  /** Why there is no report: the run's own last words, a timeout, or an unreadable report. */
  why?: string;
  durationMs: number;
}

/** The targets' runs in flight, for an interrupted matrix to end. */
const RUNNING = new Set<LaunchedProcess>();

const shellWord = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

/** One target through the CLI in a process group of its own, bounded; its console output goes to a log beside its report. */
async function runTarget(manifest: Manifest, target: ManifestTarget, workDir: string, timeoutS: number): Promise<TargetRun> {
  const started = Date.now();
  const report = join(workDir, `${target.name}.json`);
  const log = join(workDir, `${target.name}.log`);
  await rm(report, { force: true });
  const port = needsPort(target) ? await freePort() : undefined;
  const args = targetArguments(target, port, report);
  // The commands of a manifest say "node": the node running the matrix, whatever else is on PATH.
  const line = `cd ${shellWord(manifest.directory)} && exec ${shellWord(process.execPath)} ${shellWord(CLI_MAIN)} ${args.map(shellWord).join(' ')}`;
  const launched = launchCommand(line, { stdin: false, env: { PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` } });
  RUNNING.add(launched);
  const out = createWriteStream(log);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    out.write(chunk);
    for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) tail.push(text.trim());
    if (tail.length > 20) tail.splice(0, tail.length - 20);
  };
  launched.child.stdout.on('data', keep);
  launched.child.stderr.on('data', keep);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutS * 1000)));
  const ended = await Promise.race([launched.exited, timedOut]);
  clearTimeout(timer);
  // SIGTERM first: the run then ends its own servers and clients before the group is killed.
  await launched.end(10_000);
  RUNNING.delete(launched);
  // A run killed before it could end its own processes leaves them in groups of their own: found by the mark they carry.
  const leftovers = endMarkedBy(launched.pid);
  if (leftovers > 0) process.stdout.write(`! ${target.name}: ended ${leftovers} process(es) its run had left behind\n`);
  await new Promise<void>((resolve) => out.end(resolve));
  const durationMs = Date.now() - started;
  if (ended === 'timeout') return { why: `the run did not end within ${timeoutS} s (timeoutSeconds or --target-timeout); it was ended`, durationMs };
  if (ended.code !== 0 && ended.code !== 1) {
    const said = [...tail].reverse().find((text) => text.startsWith('mcp-tasks-conformance:')) ?? tail[tail.length - 1];
    return { why: `the run ended with exit status ${ended.code ?? ended.signal}${said ? `: ${said.replace(/^mcp-tasks-conformance: /, '')}` : ''}`, durationMs };
  }
  try {
    const { fromJsonReport } = await import('../reports/json.js');
    return { report: fromJsonReport(JSON.parse(await readFile(report, 'utf8'))), durationMs };
  } catch (error) {
    return { why: `its JSON report could not be read (${(error as Error).message.split('\n')[0]})`, durationMs };
  }
}

/** The opening of every connection (initialize, its answer, discovery) says nothing about the verdict: left out of excerpts. */
function isHandshake(entry: TranscriptEntry): boolean {
  const message = entry.message as { method?: unknown; result?: { serverInfo?: unknown; supportedVersions?: unknown } } | undefined;
  if (typeof message !== 'object' || message === null) return false;
  if (message.method === 'initialize' || message.method === 'notifications/initialized' || message.method === 'server/discover') return true;
  return typeof message.result === 'object' && message.result !== null && ('serverInfo' in message.result || 'supportedVersions' in message.result);
}

/**
 * Kills the processes a run of the CLI started (they carry PROCESS_MARK with a value that begins with that CLI's pid,
 * its runs' ID) and returns how many were still there. The target's CLI is exec'd by the shell, so its pid is the group's.
 */
function endMarkedBy(cliPid: number): number {
  let ended = 0;
  for (const { pid } of markedPids(`${cliPid}-`)) {
    try {
      process.kill(pid, 'SIGKILL');
      ended += 1;
    } catch {
      // already gone
    }
  }
  return ended;
}

function excerpt(entry: TranscriptEntry): string {
  const arrow = entry.dir === 'out' ? '→' : entry.dir === 'in' ? '←' : entry.dir;
  const body = entry.message !== undefined ? JSON.stringify(entry.message) : (entry.text ?? '');
  const text = `${arrow}${entry.conn ? ` [${entry.conn}]` : ''} ${body}`;
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** A column from a target's run: a cell for each requirement a check of the run verifies, the worst of their verdicts. */
export function buildColumn(
  target: ManifestTarget,
  run: TargetRun,
  profiles: ReadonlyMap<string, { checks: readonly { id: string; roles: readonly string[]; requirements: readonly string[] }[] }>,
  notes: CompatibilityNotes | undefined,
): { column: MatrixColumn; cells: Record<string, MatrixCell>; evidence: Record<string, Evidence> } {
  const transport = target.role === 'client' ? (target.clientTransport ?? 'http') : target.command ? 'stdio' : 'http';
  const column: MatrixColumn = {
    name: target.name,
    implementation: target.implementation,
    package: target.package,
    version: target.version,
    role: target.role,
    eras: [...target.eras],
    transport,
    status: run.report ? 'ran' : 'error',
    ...(run.why ? { why: run.why } : {}),
    ...(run.report ? { summary: run.report.summary } : {}),
    durationMs: run.durationMs,
  };
  const cells: Record<string, MatrixCell> = {};
  const evidence: Record<string, Evidence> = {};
  if (!run.report) {
    // No run: every requirement a check of this role would verify is an error, so the column says what is missing.
    for (const era of target.eras) {
      const checks = profiles.get(era)?.checks.filter((check) => check.roles.includes(target.role)) ?? [];
      for (const requirement of new Set(checks.flatMap((check) => check.requirements))) {
        cells[cellKey(era, requirement)] = { outcome: 'error', checks: [] };
      }
    }
    return { column, cells, evidence };
  }
  const report = run.report;
  const eraOf = (profile: string | null | undefined) => profile ?? report.specVersion;
  for (const result of report.results) {
    evidence[cellKey(eraOf(result.profile), result.id)] = {
      check: result.id,
      era: eraOf(result.profile),
      outcome: result.outcome,
      message: result.message,
      findings: result.findings.map(({ requirement, keyword, severity, message }) => ({ requirement, keyword, severity, message })),
      info: result.info,
      transcript: result.transcript
        .filter((entry) => !isHandshake(entry))
        .slice(0, EXCERPT_ENTRIES)
        .map(excerpt),
    };
  }
  for (const entry of report.coverage) {
    if (entry.checks.length === 0) continue;
    const era = eraOf(entry.profile);
    const results = entry.checks.map((id) => evidence[cellKey(era, id)]).filter((found): found is Evidence => found !== undefined);
    if (results.length === 0) continue;
    const checks = results.map((each) => {
      const named = [...new Set(each.findings.map((finding) => finding.requirement))];
      // A check that failed on another requirement than this row's says so, so the cell does not read as a finding about it.
      return named.length > 0 && !named.includes(entry.id) ? { id: each.check, outcome: each.outcome, via: named } : { id: each.check, outcome: each.outcome };
    });
    const cell: MatrixCell = { outcome: worstOutcome(results.map((each) => each.outcome as Outcome)), checks };
    const explained = results.map((each) => noteFor(notes, target.implementation, each.check, each.outcome)).filter((text): text is string => text !== undefined);
    if (explained.length > 0) cell.notes = explained;
    cells[cellKey(era, entry.id)] = cell;
  }
  return { column, cells, evidence };
}
