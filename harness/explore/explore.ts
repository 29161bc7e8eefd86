// The exploration: discover and calibrate once, run generated sequences against fresh requestors until the budget is
// spent or the model sees a violation, shrink that violation with fast-check, and report every property's outcome.
import fc from 'fast-check';
import { describeTarget, wireTransport, type TargetSpec } from '../wire/connections/connect.js';
import { discoverTarget } from '../receivers/2025-11-25/discovery.js';
import { TargetUnreachable } from '../receivers/discovery.js';
import { takesTasks, type FixtureBinding, type FixtureMapping } from '../model/fixtures.js';
import { SPEC_URL, SPEC_VERSION } from '../model/model-basics.js';
import type { FixtureRole, ReceiverRole, Requirement } from '../model/model.js';
import { declaresTaskRequests, tasksCapability } from '../receivers/preconditions.js';
import { calibrate, type Timing } from '../wire/timing.js';
import { counterexampleFileName, writeCounterexampleFile } from './counterexample-file.js';
import type { ConnectionReserve } from './connection-reserve.js';
import { connectionReserve, executeSequence, type ExecutedRun } from './execute.js';
import { EXPLORE_ERROR, EXPLORE_ERROR_DATA } from './2025-11-25/execute.js';
import { addRunCoverage, biasedWeights, coverageRows, type Coverage } from './coverage.js';
import { sequenceArbitrary, type GenerationScope } from './generate.js';
import { judgeLegacyRun } from './2025-11-25/answers.js';
import { EXPLORE_PROPERTIES, firstViolation, severityOf, type ExploreProperty, type Judgement, type PropertyId, type Violation } from '../rules/2025-11-25/lifecycle.js';
import { EXPLORE_PROPERTIES as MODERN_EXPLORE_PROPERTIES, judgeRun as judgeModernRun } from '../rules/2026-07-28/lifecycle.js';
import { plainResults } from './plain-results.js';
import type { RunLog } from './run-log.js';
import type { ExecutionSetup } from './runner-base.js';
import type { TargetFacts } from '../receivers/check.js';
import { declaresExtension, TASKS_EXTENSION } from '../wire/2026-07-28/envelope.js';
import {
  EXPLORE_ROLES,
  INTERLEAVING_WEIGHTS,
  LEGACY_PROBES,
  LEGACY_REVISITS,
  LEGACY_WEIGHTS,
  MODERN_DELAYS_MS,
  MODERN_EXPLORE_ROLES,
  MODERN_GENERATION,
  MODERN_WAITS_MS,
  sequenceFromRecords,
  unreferencedCreates,
  withoutCreate,
  withoutOperation,
  type ExploreRole,
  type Sequence,
} from './operations.js';
import type { Counterexample, ExploreReport, OperationRecord, PropertyResult } from './report.js';

export { EXPLORE_PROPERTIES } from '../rules/2025-11-25/lifecycle.js';
export { EXPLORE_PROPERTIES as MODERN_EXPLORE_PROPERTIES } from '../rules/2026-07-28/lifecycle.js';

export interface ExploreOptions {
  target: TargetSpec;
  /** makeTiming(multiplier); the engine calibrates it against the receiver. */
  timing: Timing;
  seed: number;
  /** Default 100. */
  runs: number;
  /** Bounds the search; shrinking the violations found gets at most as long again, all of them together. Default 60_000. */
  budgetMs: number;
  /** Operations per sequence, at most. Default 12. */
  maxOps: number;
  tool: { name: string; version: string };
  /** The profile's catalogue: each violation's keyword, hence its severity, comes from it. */
  requirements: ReadonlyMap<string, Requirement>;
  /** The receiver explored (default server); a client under test is reached through the endpoint (target transport client). */
  role?: ReceiverRole;
  /** The profile explored (default 2025-11-25); modern: 2026-07-28, the Tasks extension with the per-request envelope. */
  profile?: { id: string; title: string; specUrl: string; era: 'legacy' | 'modern' };
  bundledReference?: boolean;
  fixtureMappings?: Partial<Record<FixtureRole, FixtureMapping>>;
  /** Where counterexample files go; none written when absent. */
  outDir?: string;
  /** The CLI's target flags, to spell the replay command. */
  replayCommandPrefix?: string;
  /** End at the first violation (shrunk) instead of searching on for the other properties (--stop-at-first). */
  stopAtFirst?: boolean;
  /** Shrink each violation found (default true); a detection-rate measurement only needs to know it showed. */
  shrink?: boolean;
  /** Replays these operations once instead of generating; `file` names where they came from, for the replay command. */
  replay?: { operations: OperationRecord[]; file?: string };
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
}

/** What the runs of an exploration added up to, and the violation that ended it, if one did. */
interface Exploration {
  runsDone: number;
  operations: number;
  observations: Map<PropertyId, number>;
  /** The operations tried per state of a task (coverage.ts). */
  coverage: Coverage;
  /** The violations found, one per property broken, in the order they showed. */
  found: Found[];
  /** Set when a run could not finish (a hang, a lost connection) or the harness failed: no verdict beyond it. */
  error?: string;
  endedBecause: string;
}

interface Found {
  /** The run of the search it showed in (absent for a replay). */
  foundInRun?: number;
  violation: Violation;
  run: ExecutedRun;
  originalLength: number;
  shrinkSteps: number;
  path?: string;
}

/** Thrown inside the property so fast-check sees the run fail and shrinks it; it carries what the run saw. */
class ViolationShown extends Error {
  constructor(
    readonly violation: Violation,
    readonly run: ExecutedRun,
  ) {
    super(`${violation.requirement}: ${violation.message}`);
  }
}

/** A run that could not finish ends the search: the receiver hung or went away. */
class RunCouldNotFinish extends Error {}

/** Runs of one shrinking candidate before it counts as not showing the violation (races do not show every time). */
const SHRINK_ATTEMPTS = 3;

const LEGACY_PROFILE = { id: SPEC_VERSION, title: `Tasks, MCP ${SPEC_VERSION}`, specUrl: SPEC_URL, era: 'legacy' as const };

/** The explored profile, its properties and how its runs are judged. */
function dialectOf(options: Pick<ExploreOptions, 'profile'>) {
  const profile = options.profile ?? LEGACY_PROFILE;
  const modern = profile.era === 'modern';
  return { profile, modern, properties: (modern ? MODERN_EXPLORE_PROPERTIES : EXPLORE_PROPERTIES) as readonly ExploreProperty[], judge: modern ? judgeModernRun : judgeLegacyRun };
}

/** The exploration could not happen at all (e.g. a --launch command failed): every property errs, saying why. */
export function exploreNotRun(options: ExploreOptions, why: string): Promise<ExploreReport> {
  const now = performance.now();
  return assembleReport(options, nothingRan(why, true), {}, [], new Date(), now);
}

export async function explore(options: ExploreOptions): Promise<ExploreReport> {
  const startedAt = new Date();
  const started = performance.now();
  const finish = (exploration: Exploration, scope: Partial<Record<PropertyId, string>>, notices: string[]) => assembleReport(options, exploration, scope, notices, startedAt, started);
  const progress = (line: string) => options.onProgress?.(line);
  const dialect = dialectOf(options);
  let discovered;
  try {
    discovered = dialect.modern
      ? await (await import('../receivers/2026-07-28/discovery.js')).discoverTarget(options.target, options.timing, options.fixtureMappings ?? {})
      : await discoverTarget(options.target, options.timing, options.role ?? 'server', options.fixtureMappings ?? {});
  } catch (error) {
    if (!(error instanceof TargetUnreachable)) throw error;
    return finish(nothingRan(error.why, true), {}, []);
  }
  const { facts } = discovered;
  const timing = calibrate(options.timing, discovered.measured);
  progress(`calibrated: round trip ${discovered.measured.roundTripMs} ms, allowance ${timing.allowanceMs} ms per round trip`);
  const notices: string[] = [];
  const wanted = dialect.profile.id;
  if (facts.protocolVersion !== wanted) notices.push(`The receiver negotiated protocol version ${facts.protocolVersion}, not ${wanted}; the model is that of ${wanted}.`);
  const { scope, cannot } = dialect.modern ? modernScope(facts, options.maxOps) : legacyScope(facts, options.maxOps);
  if (cannot) return finish(nothingRan(`nothing to explore: ${cannot}`, false), everySkipped(dialect.properties, cannot), notices);
  const skipped: Partial<Record<PropertyId, string>> = {};
  if (!dialect.modern && !scope.list) skipped['explore.listing'] = 'the receiver does not declare tasks.list, so no list operations were generated';
  if (!scope.cancel) skipped['explore.cancel-answers'] = 'the receiver does not declare tasks.cancel, so no cancel operations were generated';
  if (!scope.peer)
    skipped['explore.isolation'] =
      facts.role === 'client' ? 'a client under test answers one session, its own; a second identity needs a server over HTTP (--peer-header)' : 'needs a second identity over HTTP (--peer-header)';
  if (dialect.modern && !scope.roles.includes('confirm')) skipped['explore.input'] = 'the server offers no confirm_delete tool (and the config maps none), so no task asked for input';
  if (!dialect.modern) Object.assign(skipped, probesNotMade(facts, scope, wireTransport(options.target) === 'http'));
  const allRoles: readonly ExploreRole[] = dialect.modern ? MODERN_EXPLORE_ROLES : EXPLORE_ROLES;
  for (const role of allRoles.filter((role) => !scope.roles.includes(role))) notices.push(missingRoleNotice(facts, role));

  const modern = dialect.modern ? { protocolVersion: facts.protocolVersion, capabilities: facts.capabilities, serverInfo: facts.serverInfo } : undefined;
  // A server's tasks are judged against its plain calls (2025-11-25), not against the fixture contract's text.
  let plain: Awaited<ReturnType<typeof plainResults>> | undefined;
  if (!dialect.modern && facts.role === 'server') {
    try {
      plain = await plainResults(options.target, timing, facts.fixtures, scope.roles, { ...EXPLORE_ERROR, data: EXPLORE_ERROR_DATA });
    } catch (error) {
      return finish(nothingRan(`the plain calls the tasks are compared with could not be made: ${(error as Error).message}`, true), {}, notices);
    }
    notices.push(...plain.notices);
  }
  const reserve = connectionReserve({ target: options.target, timing, fixtures: facts.fixtures, modern });
  const explorable = dialect.properties.map((property) => property.id).filter((id) => !skipped[id]);
  const context: RunContext = {
    options,
    timing,
    fixtures: facts.fixtures,
    scope,
    progress,
    modern,
    judge: dialect.judge,
    reserve,
    explorable,
    plainResults: plain?.results,
    plainError: plain?.error,
    access: dialect.modern || facts.role !== 'server' ? undefined : { http: wireTransport(options.target) === 'http', credentials: facts.hasAuthorization, listDeclared: scope.list, peer: scope.peer },
  };
  let exploration: Exploration;
  try {
    exploration = options.replay ? await replayOnce(context, sequenceFromRecords(options.replay.operations)) : await searchAndShrink(context);
  } finally {
    await reserve?.end();
  }
  return finish(exploration, skipped, notices);
}

interface RunContext {
  options: ExploreOptions;
  timing: Timing;
  fixtures: ReadonlyMap<FixtureRole, FixtureBinding>;
  scope: GenerationScope;
  progress: (line: string) => void;
  /** 2026-07-28: what server/discover said, for every connection. */
  modern?: ExecutionSetup['modern'];
  judge: (log: RunLog) => Partial<Record<PropertyId, Judgement>>;
  reserve?: ConnectionReserve;
  /** The properties the exploration can judge (the skipped ones left out): once each is broken, the search ends. */
  explorable: readonly PropertyId[];
  plainResults?: ExecutionSetup['plainResults'];
  plainError?: ExecutionSetup['plainError'];
  access?: ExecutionSetup['access'];
}

/**
 * 2025-11-25: tasks of the echo, fail and error tools (a client: echo and error, carried by the sampling or elicitation
 * requests it takes as tasks), with list and cancel where declared.
 */
function legacyScope(facts: TargetFacts, maxOps: number): { scope: GenerationScope; cannot?: string } {
  const roles = EXPLORE_ROLES.filter((role) => taskCapable(facts.fixtures.get(role)));
  const scope: GenerationScope = {
    roles,
    list: tasksCapability(facts)?.list !== undefined,
    cancel: tasksCapability(facts)?.cancel !== undefined,
    peer: facts.hasPeerIdentity,
    weights: LEGACY_WEIGHTS,
    interleavingWeights: INTERLEAVING_WEIGHTS,
    revisits: LEGACY_REVISITS,
    // A server's "optional" tools are called plainly too, and crowds of its tasks made: a client's requests are not tools.
    plainRoles: facts.role === 'server' ? roles.filter((role) => facts.fixtures.get(role)?.declaredTaskSupport === 'optional') : [],
    crowd: facts.role === 'server',
    progress: facts.role === 'server' && taskCapable(facts.fixtures.get('progress')),
    probes: LEGACY_PROBES,
    maxOps,
  };
  const client = facts.role === 'client';
  const cannot = !declaresTaskRequests(facts)
    ? client
      ? 'the client declares neither tasks.requests.sampling.createMessage nor tasks.requests.elicitation.create, so it takes no task-augmented requests'
      : 'the receiver does not declare tasks.requests.tools.call, so it takes no task-augmented requests'
    : roles.length === 0
      ? 'the receiver offers none of conformance_echo, conformance_fail, conformance_error as a task-capable tool (and the config maps none)'
      : undefined;
  return { scope, cannot };
}

/** 2025-11-25: the properties of probes the target gives no occasion for, each with the reason. */
function probesNotMade(facts: TargetFacts, scope: GenerationScope, http: boolean): Partial<Record<PropertyId, string>> {
  const skipped: Partial<Record<PropertyId, string>> = {};
  const client = facts.role === 'client';
  if (!scope.plainRoles?.length) skipped['explore.plain-calls'] = client ? 'a client takes no plain tool calls' : 'no fixture tool declares taskSupport "optional", so none was called plainly';
  if (!scope.crowd) skipped['explore.pagination'] = 'a client under test is not crowded with a hundred tasks (each a request it must answer)';
  if (!scope.crowd) skipped['explore.task-ids'] = skipped['explore.pagination'];
  else if (scope.peer) skipped['explore.task-ids'] = 'with a second identity, the binding of tasks to it is judged instead (explore.isolation)';
  if (!scope.progress || !scope.cancel)
    skipped['explore.cancel-stops-work'] = client ? 'a client has no progress fixture' : 'no task-capable conformance_progress tool (or no tasks.cancel), so no work was watched stop';
  if (!scope.peer) skipped['explore.foreign-refusals'] = 'needs a second identity over HTTP (--peer-header)';
  if (!http || facts.hasAuthorization || client)
    skipped['explore.list-without-auth'] = client ? 'judged of servers' : !http ? 'over stdio the requestor is the process that started the server' : 'the requests carry credentials';
  return skipped;
}

/** Why no task of a fixture role was generated, for the report's notices. */
function missingRoleNotice(facts: TargetFacts, role: ExploreRole): string {
  // A client's work is a sampled message or an elicitation answer: nothing in it stands for a tool result with isError.
  if (facts.role === 'client' && role === 'fail') return 'A client has no fail fixture (a tool result with isError has no counterpart in sampling or elicitation): no fail tasks were generated.';
  return `No task-capable ${role} fixture: no ${role} tasks were generated.`;
}

/** 2026-07-28: calls of the fixture tools the server may turn into tasks; get, update and cancel; no list, no result. */
function modernScope(facts: TargetFacts, maxOps: number): { scope: GenerationScope; cannot?: string } {
  const roles = MODERN_EXPLORE_ROLES.filter((role) => facts.fixtures.has(role));
  const scope: GenerationScope = {
    roles,
    list: false,
    cancel: true,
    peer: facts.hasPeerIdentity,
    result: false,
    update: true,
    delaysMs: MODERN_DELAYS_MS,
    waitsMs: MODERN_WAITS_MS,
    ttls: [null],
    ...MODERN_GENERATION,
    // revisits: none; each run already follows its tasks to their end (2026-07-28/execute.ts followUp).
    maxOps,
  };
  const cannot = !declaresExtension(facts.capabilities)
    ? `server/discover does not list the ${TASKS_EXTENSION} extension, so the server makes no tasks`
    : roles.length === 0
      ? 'the server offers none of slow_compute, failing_job, protocol_error_job, confirm_delete (and the config maps none)'
      : undefined;
  return { scope, cannot };
}

/** The rule `server` keeps too (fixtures.ts): a tool without taskSupport "optional" or "required" is not called as a task. */
function taskCapable(binding: FixtureBinding | undefined): boolean {
  return binding !== undefined && takesTasks(binding);
}

/** Runs one sequence and judges it; `counts` adds its operations and observations to the exploration's. */
async function runAndJudge(context: RunContext, sequence: Sequence, signal: AbortSignal, counts?: Exploration) {
  const run = await executeSequence(sequence, {
    target: context.options.target,
    timing: context.timing,
    fixtures: context.fixtures,
    signal,
    modern: context.modern,
    reserve: context.reserve,
    plainResults: context.plainResults,
    plainError: context.plainError,
    access: context.access,
  });
  const judgements = context.judge(run.log);
  if (counts && !signal.aborted) {
    counts.runsDone += 1;
    counts.operations += run.records.length;
    for (const [id, judgement] of Object.entries(judgements)) counts.observations.set(id as PropertyId, (counts.observations.get(id as PropertyId) ?? 0) + judgement.observations);
    addRunCoverage(counts.coverage, run.log);
  }
  return { run, judgements };
}

/**
 * The search (fast-check generates from the seed, within the budget), and the shrinking of each violation it finds. A
 * violation does not end the search: it goes on for the properties not yet broken, with the runs and time left, so one
 * exploration shows every property it can break rather than the first one only (the rounds after the first take seeds
 * derived from it, so the whole exploration stays determined by the seed). The shrinking of all of them shares a second
 * budget of the same length.
 */
async function searchAndShrink(context: RunContext): Promise<Exploration> {
  const { options, progress } = context;
  const exploration: Exploration = { runsDone: 0, operations: 0, observations: new Map(), coverage: new Map(), found: [], endedBecause: '' };
  let searchEnds = performance.now() + options.budgetMs;
  const shrinking = { leftMs: options.budgetMs };
  const broken = new Set<PropertyId>();
  for (let round = 0; ; round++) {
    const timeLeftMs = Math.round(searchEnds - performance.now());
    const runsLeft = options.runs - exploration.runsDone;
    if (options.signal?.aborted) return { ...exploration, error: 'interrupted', endedBecause: withFound(exploration, `interrupted after ${exploration.runsDone} runs`) };
    if (runsLeft <= 0) return { ...exploration, endedBecause: withFound(exploration, `all ${options.runs} runs done`) };
    if (timeLeftMs <= 0) return { ...exploration, endedBecause: withFound(exploration, budgetSpent(options, exploration)) };
    // Each round's patient runs generate from the coverage so far: toward the (state, operation) pairs no run has tried
    // yet. A profile without patient runs (2026-07-28: every run follows its tasks to their end) searches in one round.
    const guided = context.scope.revisits !== undefined;
    const scope = guided ? guidedScope(context.scope, exploration.coverage) : context.scope;
    const ended = await searchRound(context, scope, exploration, broken, roundSeed(options.seed, round), guided ? Math.min(runsLeft, GUIDED_ROUND_RUNS) : runsLeft, timeLeftMs);
    if (ended.error !== undefined) return { ...exploration, error: ended.error, endedBecause: withFound(exploration, ended.error) };
    if (!ended.shown) continue;
    progress(`violation in run ${exploration.runsDone}: ${ended.shown.violation.requirement}: ${ended.shown.violation.message}`);
    const shrinkStarted = performance.now();
    const found =
      options.shrink === false
        ? { violation: ended.shown.violation, run: ended.shown.run, originalLength: ended.shown.run.records.length, shrinkSteps: 0, path: ended.path }
        : await shrink(context, scope, ended.shown, ended.seed, ended.path, Math.max(0, shrinking.leftMs));
    // Shrinking is not searching: the search's time is the budget whatever the shrinking took.
    const shrinkMs = performance.now() - shrinkStarted;
    shrinking.leftMs -= shrinkMs;
    searchEnds += shrinkMs;
    exploration.found.push({ ...found, foundInRun: exploration.runsDone });
    broken.add(found.violation.property);
    if (options.stopAtFirst) return { ...exploration, endedBecause: withFound(exploration, 'the search stopped there (--stop-at-first)') };
    if (context.explorable.every((id) => broken.has(id))) return { ...exploration, endedBecause: withFound(exploration, 'every property explored was broken') };
    if (searchEnds > performance.now()) progress(`searching on for the other properties (${Math.round((searchEnds - performance.now()) / 1000)} s of the budget left)`);
  }
}

/** Runs of one round of the search: the coverage then biases the next round's generation. */
const GUIDED_ROUND_RUNS = 10;

/**
 * The scope with the patient runs' weights biased toward the operations and roles that reach (state, operation) pairs
 * not yet tried (the interleaving runs keep the base weights the races show with).
 */
function guidedScope(scope: GenerationScope, coverage: Coverage): GenerationScope {
  const kinds = (['get', 'result', 'cancel', 'update', 'list', 'peer-get', 'peer-list'] as const).filter(
    (kind) =>
      (kind !== 'result' || scope.result !== false) &&
      (kind !== 'update' || scope.update) &&
      (kind !== 'cancel' || scope.cancel) &&
      (!kind.endsWith('list') || scope.list) &&
      (!kind.startsWith('peer') || scope.peer),
  );
  const base = { weights: scope.weights ?? {}, roleWeights: scope.revisits?.roleWeights ?? scope.roleWeights ?? {} };
  return { ...scope, guided: biasedWeights(coverage, kinds, scope.roles, base) };
}

/** One fast-check search from `seed` that ends at the first violation of a property not yet broken. */
async function searchRound(
  context: RunContext,
  scope: GenerationScope,
  exploration: Exploration,
  broken: ReadonlySet<PropertyId>,
  seed: number,
  numRuns: number,
  timeLimitMs: number,
): Promise<{ shown?: ViolationShown; seed: number; path?: string; error?: string }> {
  const { options, progress } = context;
  const search = linkedAbort(options.signal);
  let inFlight: Promise<unknown> | undefined;
  const property = fc.asyncProperty(sequenceArbitrary(scope), async (sequence) => {
    if (search.signal.aborted) return true;
    const running = runAndJudge(context, sequence, search.signal, exploration);
    inFlight = running;
    const { run, judgements } = await running;
    // A run the budget or an interruption cut short says nothing.
    if (search.signal.aborted) return true;
    const found = firstViolation(judgements, undefined, broken);
    if (found) throw new ViolationShown(found, run);
    if (run.log.error) throw new RunCouldNotFinish(run.log.error);
    if (exploration.runsDone % 10 === 0) progress(`run ${exploration.runsDone}/${options.runs}: no ${broken.size === 0 ? '' : 'other '}violation so far (${exploration.operations} operations)`);
    return true;
  });
  let details;
  try {
    details = await fc.check(property, { seed, numRuns, endOnFailure: true, plugins: [fc.interruptAfterTimeLimit(timeLimitMs)] });
  } finally {
    // fast-check does not stop a predicate it interrupted: end its run, and wait until its connections are closed.
    search.abort();
    await inFlight?.catch(() => undefined);
  }
  const failure = details.failed ? details.errorInstance : undefined;
  if (failure instanceof RunCouldNotFinish) return { seed, error: `run ${exploration.runsDone} could not finish: ${failure.message}` };
  if (failure instanceof ViolationShown) return { shown: failure, seed: details.seed, path: details.counterexamplePath ?? undefined };
  // A round the budget interrupted before its first run ended: fast-check calls that a failure, without an error.
  if (details.failed && (failure === undefined || failure === null) && details.interrupted) return { seed };
  if (details.failed) {
    const why = failure instanceof Error ? failure.message : `fast-check stopped: ${String(failure ?? 'no reason given')}`;
    return { seed, error: `the harness failed: ${why}` };
  }
  return { seed };
}

/** The seed of the search's round after `round` violations: the given one first, then one derived from it for each. */
function roundSeed(seed: number, round: number): number {
  return round === 0 ? seed : (seed + round * 7919) % 2 ** 31;
}

function budgetSpent(options: ExploreOptions, exploration: Exploration): string {
  return `the time budget of ${Math.round(options.budgetMs / 1000)} s was spent after ${exploration.runsDone} of ${options.runs} runs`;
}

/** Why the exploration ended, after what it found: "a violation showed in run 9 and was shrunk from 7 to 4 operations; then ...". */
function withFound(exploration: Exploration, then: string): string {
  const found = exploration.found.map(({ foundInRun, originalLength, run }) => {
    const after = run.records.length;
    return `in run ${foundInRun ?? exploration.runsDone} (shrunk from ${originalLength} to ${after} operation${after === 1 ? '' : 's'})`;
  });
  if (found.length === 0) return then;
  const shown = found.length === 1 ? `a violation showed ${found[0]}` : `${found.length} violations showed: ${found.join(', ')}`;
  return `${shown}; ${then}`;
}

/**
 * Replays the failing run (seed and path) and lets fast-check shrink it, within the budget again. Only a run that shows
 * the same requirement broken counts as failing, so the shrunk sequence shows what the first one showed; when timing
 * keeps it from showing again, shrinking stops there and the sequence seen last is kept.
 */
async function shrink(context: RunContext, scope: GenerationScope, first: ViolationShown, seed: number, path: string | undefined, budgetMs: number): Promise<Found> {
  const { options, progress } = context;
  const found: Found = { violation: first.violation, run: first.run, originalLength: first.run.records.length, shrinkSteps: 0, path };
  if (path === undefined) return found;
  progress(`shrinking (up to ${Math.round(budgetMs / 1000)} s)`);
  const shrinkingEnds = performance.now() + budgetMs;
  const wanted = { property: first.violation.property, requirement: first.violation.requirement };
  const signal = options.signal ?? new AbortController().signal;
  // What came after the violation showed is often most of the run (a patient run's revisits): cut it first, cheaply.
  if (await cutToShortestPrefix(context, found, wanted, signal, shrinkingEnds)) {
    await dropUnusedCreates(context, found, wanted, signal, shrinkingEnds);
    progress(`shrunk to ${found.run.records.length} operations in ${found.shrinkSteps} shrinking steps`);
    return found;
  }
  // The fast-check stage ends at what is left of the budget or when it is done; its run in flight then ends with it.
  const stage = linkedAbort(options.signal);
  let inFlight: Promise<unknown> | undefined;
  const property = fc.asyncProperty(sequenceArbitrary(scope), async (sequence) => {
    // A race may not show on the first try: each candidate gets a second chance before it counts as passing.
    for (let attempt = 0; attempt < SHRINK_ATTEMPTS; attempt++) {
      if (stage.signal.aborted) return true;
      const running = runAndJudge(context, sequence, stage.signal);
      inFlight = running;
      const { run, judgements } = await running;
      if (stage.signal.aborted) return true;
      const again = firstViolation(judgements, wanted);
      if (again) throw new ViolationShown(again, run);
    }
    return true;
  });
  let details;
  try {
    details = await fc.check(property, { seed, path, numRuns: 1, endOnFailure: false, plugins: [fc.interruptAfterTimeLimit(Math.max(1, Math.round(shrinkingEnds - performance.now())))] });
  } finally {
    stage.abort();
    await inFlight?.catch(() => undefined);
  }
  if (details.failed && details.errorInstance instanceof ViolationShown) {
    found.violation = details.errorInstance.violation;
    found.run = details.errorInstance.run;
    found.shrinkSteps = details.numShrinks;
    found.path = details.counterexamplePath ?? path;
  }
  await dropUnusedCreates(context, found, wanted, signal, shrinkingEnds);
  progress(`shrunk to ${found.run.records.length} operations in ${found.shrinkSteps} shrinking steps`);
  return found;
}

/**
 * fast-check removes one operation at a time, so a create that no operation names stays whenever removing it would
 * renumber the tasks after it; and a race that did not show on one try keeps an operation it does not need. Here each
 * such create (references renumbered), then each other operation, is tried away again, with re-runs, while the budget
 * lasts.
 */
async function dropUnusedCreates(context: RunContext, found: Found, wanted: { property: PropertyId; requirement: string }, signal: AbortSignal, endsAt: number): Promise<void> {
  for (let improved = true; improved;) {
    improved = false;
    const sequence = sequenceFromRecords(found.run.records);
    const flat = sequence.flat();
    const candidates = [
      ...unreferencedCreates(sequence)
        .reverse()
        .map((index) => withoutCreate(sequence, index)),
      ...flat.flatMap((operation, position) => (operation.kind === 'create' ? [] : [withoutOperation(sequence, position)])).reverse(),
    ];
    for (const candidate of candidates) {
      if (signal.aborted || performance.now() >= endsAt) return;
      const shown = await showsAgain(context, candidate, wanted, signal);
      if (!shown) continue;
      Object.assign(found, { ...shown, shrinkSteps: found.shrinkSteps + 1 });
      improved = true;
      break;
    }
  }
}

/**
 * The shortest run of the found one's first steps that still shows the violation, by bisection on the number of steps
 * (a few candidates, each shorter than the run); true when it is shorter than the run.
 */
async function cutToShortestPrefix(context: RunContext, found: Found, wanted: { property: PropertyId; requirement: string }, signal: AbortSignal, endsAt: number): Promise<boolean> {
  const steps = sequenceFromRecords(found.run.records);
  let [shortest, longest] = [1, steps.length];
  while (shortest < longest && !signal.aborted && performance.now() < endsAt) {
    const middle = Math.floor((shortest + longest) / 2);
    const shown = await showsAgain(context, steps.slice(0, middle), wanted, signal);
    if (shown) Object.assign(found, { ...shown, shrinkSteps: found.shrinkSteps + 1 });
    if (shown) longest = middle;
    else shortest = middle + 1;
  }
  return longest < steps.length;
}

/** Runs the candidate up to SHRINK_ATTEMPTS times (a race may not show every time) until the wanted violation shows. */
async function showsAgain(
  context: RunContext,
  candidate: Sequence,
  wanted: { property: PropertyId; requirement: string },
  signal: AbortSignal,
): Promise<{ violation: Violation; run: ExecutedRun } | undefined> {
  for (let attempt = 0; attempt < SHRINK_ATTEMPTS && !signal.aborted; attempt++) {
    const { run, judgements } = await runAndJudge(context, candidate, signal);
    const violation = firstViolation(judgements, wanted);
    if (violation && !signal.aborted) return { violation, run };
  }
  return undefined;
}

/** --replay: the operations once, judged by the model. */
async function replayOnce(context: RunContext, sequence: Sequence): Promise<Exploration> {
  const exploration: Exploration = { runsDone: 0, operations: 0, observations: new Map(), coverage: new Map(), found: [], endedBecause: '' };
  const signal = linkedAbort(context.options.signal).signal;
  const { run, judgements } = await runAndJudge(context, sequence, signal, exploration);
  // Each property the run broke, by its first violation.
  const broken = new Set<PropertyId>();
  for (let violation = firstViolation(judgements); violation; violation = firstViolation(judgements, undefined, broken)) {
    broken.add(violation.property);
    exploration.found.push({ violation, run, originalLength: run.records.length, shrinkSteps: 0 });
  }
  if (exploration.found.length > 0) {
    const count = exploration.found.length;
    return { ...exploration, endedBecause: `the replayed operations showed ${count === 1 ? 'a violation' : `violations of ${count} properties`}` };
  }
  if (run.log.error) return { ...exploration, error: run.log.error, endedBecause: `the replay could not finish: ${run.log.error}` };
  return { ...exploration, endedBecause: 'the replayed operations showed no violation' };
}

function linkedAbort(outer: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
  return controller;
}

function nothingRan(why: string, error: boolean): Exploration {
  return { runsDone: 0, operations: 0, observations: new Map(), coverage: new Map(), found: [], endedBecause: why, ...(error ? { error: why } : {}) };
}

function everySkipped(properties: readonly ExploreProperty[], why: string): Partial<Record<PropertyId, string>> {
  return Object.fromEntries(properties.map((property) => [property.id, why]));
}

// ------------------------------------------------------------------------------------------------ the report

async function assembleReport(
  options: ExploreOptions,
  exploration: Exploration,
  skipped: Partial<Record<PropertyId, string>>,
  notices: string[],
  startedAt: Date,
  started: number,
): Promise<ExploreReport> {
  const counterexamples = new Map<PropertyId, Counterexample>();
  for (const [index, found] of exploration.found.entries()) counterexamples.set(found.violation.property, await counterexampleOf(options, found, index));
  const { profile, properties: explored } = dialectOf(options);
  const properties: PropertyResult[] = explored.map((property) => {
    const observations = exploration.observations.get(property.id) ?? 0;
    const base = { id: property.id, title: property.title, requirements: property.requirements, observations };
    const counterexample = counterexamples.get(property.id);
    if (counterexample) return { ...base, outcome: counterexample.severity, message: `${counterexample.requirement}: ${counterexample.message}`, counterexample };
    const skip = skipped[property.id];
    if (skip) return { ...base, outcome: 'skip', message: skip };
    if (exploration.error) {
      const before = exploration.runsDone === 0 ? '' : ` (${observations} observation${observations === 1 ? '' : 's'} before that, none a violation)`;
      return { ...base, outcome: 'error', message: `no verdict: ${exploration.endedBecause}${before}` };
    }
    const runs = exploration.runsDone;
    // No pass without a run.
    if (runs === 0) return { ...base, outcome: 'skip', message: `not exercised: no run was made (${exploration.endedBecause})` };
    // No pass without an observation: a property no operation judged was not exercised, whatever the runs did.
    if (observations === 0) return { ...base, outcome: 'skip', message: `not exercised: no operation of ${runs} run${runs === 1 ? '' : 's'} gave it anything to judge` };
    return { ...base, outcome: 'pass', message: `no violation in ${runs} run${runs === 1 ? '' : 's'} (${observations} observation${observations === 1 ? '' : 's'})` };
  });
  const broken = properties.some((property) => property.outcome === 'fail' || property.outcome === 'error');
  // An exploration that judged nothing does not pass (the command exits 2, the run could not happen).
  const judged = properties.some((property) => property.outcome === 'pass' || property.outcome === 'warn');
  return {
    tool: options.tool,
    profile: { id: profile.id, title: profile.title, specUrl: profile.specUrl },
    target: { transport: wireTransport(options.target), description: describeTarget(options.target), bundledReference: options.bundledReference ?? false },
    role: options.role ?? 'server',
    seed: options.seed,
    runsRequested: options.replay ? 1 : options.runs,
    runsDone: exploration.runsDone,
    operations: exploration.operations,
    budgetMs: options.budgetMs,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    endedBecause: exploration.endedBecause,
    properties,
    coverage: coverageRows(exploration.coverage).map(({ state, operations }) => ({ state, operations: operations as Record<string, number> })),
    outcome: broken || !judged ? 'fail' : 'pass',
    notices,
  };
}

/** The shrunk violation as the report and the counterexample file carry it; the file is written here when outDir is set. */
async function counterexampleOf(options: ExploreOptions, found: Found, index: number): Promise<Counterexample> {
  const { violation, run } = found;
  const { keyword, severity } = severityOf(violation.requirement, options.requirements, violation.lenient);
  const prefix = options.replayCommandPrefix ?? 'mcp-tasks-conformance explore';
  // A replay is not written again: its file already holds these operations.
  const file = options.outDir && !options.replay ? counterexampleFileName(options.outDir, options.seed, index) : options.replay?.file;
  const replayCommand = file ? `${prefix} --replay ${shellQuote(file)}` : `${prefix} --seed ${options.seed}`;
  const counterexample: Counterexample = {
    requirement: violation.requirement,
    keyword,
    severity,
    message: violation.message,
    operations: run.records,
    originalLength: found.originalLength,
    shrinkSteps: found.shrinkSteps,
    transcript: run.log.transcript,
    replayCommand,
    seed: options.seed,
    ...(found.path === undefined ? {} : { path: found.path }),
  };
  if (file && options.outDir && !options.replay) {
    await writeCounterexampleFile(file, counterexample, dialectOf(options).profile.id, options.role ?? 'server');
    counterexample.file = file;
  } else if (file) counterexample.file = file;
  return counterexample;
}

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
