import { setMaxListeners } from 'node:events';
import { CheckSkip, CheckStop, RunDeadline, StagingMissed, UnexpectedReply, WaitRanOut, type CheckDefinition, type TargetFacts } from '../receivers/check.js';
import { describeTarget, wireTransport, type TargetSpec } from '../wire/connections/connect.js';
import type { LaunchedServer } from '../wire/connections/launch-http.js';
import { deathVerdict, describeDeath, TargetWatcher, type CheckWatch, type TargetDeath } from '../wire/connections/target-watch.js';
import { RunningCheck } from './context.js';
import { TargetUnreachable } from '../receivers/discovery.js';
import type { FixtureMapping } from '../model/fixtures.js';
import { coverageMatrix } from './coverage.js';
import { reconcileInconclusive } from './reconcile.js';
import { attributeRuleBookFindings, identityOfLabel, type RuleBookSightings } from './traffic-judgement.js';
import type { Profile } from './profile.js';
import { levelOf, requirementUrl, summarize } from '../model/model-basics.js';
import type { BlockedBy, Calibration, CheckResult, Finding, FixtureRole, Level, Outcome, ReceiverRole, Requirement, RunReport } from '../model/model.js';
import { unmetPrecondition } from '../receivers/preconditions.js';
import { IutError } from '../wire/session.js';
import { calibrate, PACED_POLL_MS, type Timing } from '../wire/timing.js';
import { Transcript } from '../wire/transcript.js';
import { StartGate } from '../wire/start-gate.js';
import { ConnectionBroker } from '../wire/connections/connection-broker.js';
import { Admission, watchLoad, type Ending, type Slot } from './admission.js';

export interface RunOptions {
  target: TargetSpec;
  role: ReceiverRole;
  checks: readonly CheckDefinition[];
  /** The spec version run: its catalogue judges the findings; `checks` are the ones selected from it. */
  profile: Profile;
  timing: Timing;
  concurrency: number;
  fixtureMappings?: Partial<Record<FixtureRole, FixtureMapping>>;
  bundledReference?: boolean;
  tool: { name: string; version: string };
  /** Called as each check finishes, for live console output. */
  onResult?: (result: CheckResult) => void;
  /** Aborting it ends the run early; the results so far are still reported. */
  signal?: AbortSignal;
  /**
   * The HTTP server the suite launched (--launch), watched while the checks run, and how to start it again when it
   * dies (bounded: MAX_RESTARTS per run). Without `restart` a server that died stays gone and the checks left do not run.
   */
  launched?: { server: LaunchedServer; restart?: () => Promise<LaunchedServer> };
  /** Called at once when the server under test dies or is started again, for the live console. */
  onNotice?: (line: string) => void;
  /**
   * Whether a stdio receiver process may serve several checks in turn (default true): kept only after a check that
   * found nothing wrong and left nothing outstanding. False (--fresh-connections): each check starts its own.
   */
  shareConnections?: boolean;
  /** Process starts of several runs at once (the profiles of one run, side by side) share one gate, one per core. */
  startGate?: StartGate;
}

const LEVEL_RANK: Record<Level, number> = { must: 0, should: 1, may: 2 };

/**
 * The run cannot happen (exit 2), yet the reports asked for are still written: every selected check not run,
 * saying why (`why`: the whole cause, e.g. "the receiver under test could not be reached: …"), so that CI reading
 * only the JUnit file sees errors rather than an empty pass.
 */
export function notRunReport(options: RunOptions, why: string, startedAt = new Date(), started = performance.now()): RunReport {
  const applicable = options.checks.filter((check) => check.roles.includes(options.role));
  const results = applicable.map((check) => notRun(check, options, `not run: ${why}`));
  return assembleReport(options, applicable, results, [`The run could not happen: ${why}`], startedAt, started, undefined, undefined, undefined);
}

/**
 * How much longer than its calibrated bound a check may take because the receiver asked for a slower pace than
 * discovery saw: the per-poll cost the timing did not budget, for as many polls as a check's bound budgets.
 */
function paceOwedMs(timing: Timing): number {
  const learnedMs = timing.answerPace.asked.longestIntervalMs;
  return PACE_POLLS_PER_CHECK * Math.max(0, learnedMs - Math.max(timing.askedPollMs, PACED_POLL_MS));
}
/** As timing.ts budgets a check's bound: twenty polls at the asked pace. */
const PACE_POLLS_PER_CHECK = 20;

/** Runs the checks concurrently against fresh connections and gathers a report; the harness knows no individual check. */
export async function runSuite(options: RunOptions): Promise<RunReport> {
  const startedAt = new Date();
  const started = performance.now();
  const applicable = options.checks.filter((check) => check.roles.includes(options.role));
  let facts: TargetFacts;
  let timing: Timing;
  // Refusals for pace (HTTP 429) are heard from discovery on: a server that refuses them then starts the run narrow.
  const load = watchLoad(options.target);
  try {
    const discovered = await options.profile.driver.discover(options.target, options.timing, options.role, options.fixtureMappings ?? {});
    facts = discovered.facts;
    // From here on every bound and scenario duration follows the receiver's measured pace.
    timing = calibrate(options.timing, discovered.measured);
  } catch (error) {
    load.stop();
    if (error instanceof TargetUnreachable) error.report = notRunReport(options, error.why, startedAt, started);
    throw error;
  }
  const notices: string[] = [...facts.fixtures.values()].flatMap((binding) => [binding.standIn, binding.forced].filter((notice): notice is string => notice !== undefined));
  const wanted = options.profile.protocolVersion;
  if (facts.protocolVersion !== wanted) {
    notices.push(
      `The receiver negotiated protocol version ${facts.protocolVersion}, not ${wanted}; ` +
        `this profile (${options.profile.title}) is defined by ${wanted}, so verdicts may reflect the version mismatch.`,
    );
  }
  const runAbort = new AbortController();
  // Every running check listens on the run's signal; with --concurrency above 10 Node warned of a leak.
  setMaxListeners(0, runAbort.signal);
  const deadline = setTimeout(() => runAbort.abort(new RunDeadline(timing.runDeadlineMs)), timing.runDeadlineMs);
  options.signal?.addEventListener('abort', () => runAbort.abort(options.signal?.reason), { once: true });
  // The server under test is watched while the checks run (not for a client under test: the endpoint is ours).
  const watcher =
    options.target.transport === 'client'
      ? undefined
      : new TargetWatcher({
          url: options.target.transport === 'http' ? options.target.url : undefined,
          server: options.launched?.server,
          restart: options.launched?.restart,
          exitGraceMs: Math.max(1_000, timing.allowanceMs * 4),
          onNotice: options.onNotice,
        });
  const results: (CheckResult & RuleBookSightings)[] = new Array(applicable.length);
  // Longest expected first, so the run ends soon after its longest check; results keep the catalogue's order.
  const order = longestFirst(applicable, timing, facts);
  let next = 0;
  // Only process starts are gated (stdio servers, clients under test): an HTTP session costs the harness next to nothing.
  const broker = new ConnectionBroker(options.shareConnections ?? true, options.target.transport === 'http' ? undefined : (options.startGate ?? new StartGate()), options.onNotice);
  // A check that did not pass on a process other checks used (at once or before it) is run again on one of its own.
  // While checks are still queued, the run again goes on beside them and frees its worker, so that they start
  // meanwhile and the runs again end with the rest of the run instead of after it; at most `concurrency` such runs
  // at once, so a run limited to one check at a time has at most two.
  const againAlone: Promise<void>[] = [];
  let besideNow = 0;
  // The checks in flight follow what the server shows it can take (admission.ts): the whole --concurrency unless
  // discovery was already refused for pace, narrowed when it cannot keep up, widened while it does.
  const width = Math.max(1, Math.min(options.concurrency, applicable.length));
  const admission = new Admission(width, load.refusals > 0 ? 1 : width, Math.max(1_000, 4 * timing.allowanceMs));
  admission.refusals = load.refusals;
  load.attach(admission);
  // Checks whose only findings were bounds that ran out while other checks ran beside them: run again alone at the end.
  const loadBound = new Set<CheckDefinition>();
  const loadReruns: { index: number; first: CheckResult }[] = [];
  // Checks that skipped once under way beside others: run again alone at the end too, if the server showed it was loaded.
  const skippedUnderWay = new Set<CheckDefinition>();
  const skipReruns: { index: number; first: CheckResult }[] = [];
  const attempt = async (check: CheckDefinition, beside?: { result: CheckResult; sharers: Sharers }): Promise<CheckResult | { first: CheckResult; sharers: Sharers }> => {
    // A run again counts as a second try: one that never reached the server is not tried a third time.
    for (let tries = beside ? 2 : 1; ; tries += 1) {
      // While a launched server is being started again, no check starts against it. The state is read again after
      // each wait, and nothing is awaited between that read and the check registering with the watcher.
      while (watcher?.state === 'restarting' && !runAbort.signal.aborted) await watcher.whenUsable(runAbort.signal);
      if (runAbort.signal.aborted) {
        return notRun(check, options, runAbort.signal.reason instanceof RunDeadline ? `not run: ${runAbort.signal.reason.message}` : 'not run: the run was interrupted');
      }
      if (watcher?.state === 'gone') return notRun(check, options, watcher.notRunMessage());
      const ran = await attemptCheck(check, facts, { ...options, timing }, runAbort.signal, watcher, broker, beside !== undefined);
      if (ran.loadBound) loadBound.add(check);
      else loadBound.delete(check);
      if (ran.skippedUnderWay) skippedUnderWay.add(check);
      else skippedUnderWay.delete(check);
      // A check that started as the server died, and never reached it, runs again against the new process (once).
      if (ran.neverReached && tries === 1) continue;
      if (ran.againAlone && !beside && !runAbort.signal.aborted) return { first: ran.result, sharers: ran.againAlone };
      return beside ? { ...ran.result, info: [...ran.result.info, firstTryShared(beside.result, beside.sharers)] } : ran.result;
    }
  };
  const settle = (index: number, result: CheckResult) => {
    results[index] = result;
    // An inconclusive verdict is only final once the run is reconciled: it is told then, as it stands.
    if (result.outcome !== 'inconclusive') options.onResult?.(result);
  };
  /** How a check's end reads as a sign of the server's load; a result that only a run alone can decide waits for the end. */
  const ending = (index: number, check: CheckDefinition, slot: Slot, result: CheckResult): Ending => {
    if (skippedUnderWay.has(check) && slot.overlapped && !runAbort.signal.aborted) skipReruns.push({ index, first: result });
    if (!loadBound.has(check)) return result.outcome === 'pass' ? 'clean' : 'other';
    if (slot.overlapped && !runAbort.signal.aborted) loadReruns.push({ index, first: result });
    return 'load';
  };
  const worker = async () => {
    while (next < order.length) {
      const slot = await admission.acquire();
      if (next >= order.length) {
        admission.release(slot, 'clean');
        break;
      }
      const index = order[next++];
      const check = applicable[index];
      let ran: Awaited<ReturnType<typeof attempt>>;
      try {
        ran = await attempt(check);
      } catch (error) {
        admission.release(slot, 'other');
        throw error;
      }
      if (!('first' in ran)) {
        admission.release(slot, ending(index, check, slot, ran));
        // A check that runs again alone at the end is settled then, once; a skip under way now, and again if it reruns.
        if (loadReruns.at(-1)?.index !== index) settle(index, ran);
        continue;
      }
      admission.release(slot, 'other');
      const rerun = attempt(check, { result: ran.first, sharers: ran.sharers }).then((again) => settle(index, 'first' in again ? again.first : again));
      if (next >= order.length || besideNow >= options.concurrency) {
        await rerun;
        continue;
      }
      besideNow += 1;
      const beside = rerun.finally(() => (besideNow -= 1));
      // Awaited after the workers; until then a failure of the harness must not count as unhandled.
      beside.catch(() => undefined);
      againAlone.push(beside);
    }
  };
  try {
    await Promise.all(Array.from({ length: width }, worker));
    await Promise.all(againAlone);
    // A wait that ran out while other checks loaded the server is no verdict on the server's rules: each such check
    // runs again with nothing beside it, and that result stands (the first is said in its info). A server that truly
    // never answers, or a task that truly never ends, is judged again the same way alone.
    if (admission.showedLoad) loadReruns.push(...skipReruns);
    for (const { index, first } of loadReruns) {
      // Past the run's deadline (or interrupted) the first result stands: a run again that cannot happen decides nothing.
      if (runAbort.signal.aborted) {
        settle(index, first);
        continue;
      }
      const check = applicable[index];
      const again = await attempt(check, { result: first, sharers: { atOnce: [], before: [] } });
      const result = 'first' in again ? again.first : again;
      settle(index, { ...result, info: [...result.info.filter((line) => !line.startsWith('it ran first on a receiver process')), ranFirstUnderLoad(first)] });
    }
  } finally {
    clearTimeout(deadline);
    load.stop();
    await broker.end();
    await watcher?.stop();
  }
  const adapted = admission.describe(performance.now() - started, loadReruns.length);
  if (adapted) notices.push(adapted);
  if (watcher) notices.push(...watcher.notices());
  notices.push(...broker.notices());
  const reconciled = reconcileInconclusive(attributeRuleBookFindings(results, options.profile.requirements), options.profile.requirements);
  reconciled.forEach((result, index) => {
    if (results[index]?.outcome === 'inconclusive') options.onResult?.(result);
  });
  const report = assembleReport(options, applicable, reconciled, notices, startedAt, started, facts.protocolVersion, facts.serverInfo, timing.calibration);
  if (watcher && watcher.exits.length > 0) report.targetExits = watcher.exits;
  return report;
}

/**
 * A guess at one fixture task's work where the mapped tool ignores the suite's delay: only the order matters, and
 * such work (seconds, for a real tool) outlasts what any scenario waits of its own.
 */
const UNCONTROLLED_WORK_MS = 10_000;

/** Indices of the checks, longest expected duration first (ties in catalogue order). */
export function longestFirst(checks: readonly CheckDefinition[], timing: Timing, facts?: Pick<TargetFacts, 'fixtures'>): number[] {
  const workOwnPace = [...(facts?.fixtures.values() ?? [])].some((binding) => !binding.honoursDelay);
  const expected = checks.map((check) => timing.span(check.cost.waitMs, check.cost.roundTrips) + (workOwnPace ? (check.cost.awaitsWork ?? 0) * UNCONTROLLED_WORK_MS : 0));
  return checks.map((_, index) => index).sort((a, b) => expected[b] - expected[a] || a - b);
}

function assembleReport(
  options: RunOptions,
  applicable: readonly CheckDefinition[],
  results: CheckResult[],
  notices: string[],
  startedAt: Date,
  started: number,
  negotiatedProtocolVersion: string | undefined,
  serverInfo: unknown,
  calibration: Calibration | undefined,
): RunReport {
  return {
    tool: options.tool,
    specVersion: options.profile.id,
    profile: { id: options.profile.id, title: options.profile.title, specUrl: options.profile.specUrl },
    profiles: [{ id: options.profile.id, title: options.profile.title, specUrl: options.profile.specUrl }],
    target: { transport: wireTransport(options.target), description: describeTarget(options.target), bundledReference: options.bundledReference ?? false },
    role: options.role,
    negotiatedProtocolVersion,
    serverInfo,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    summary: summarize(results),
    results,
    notices,
    coverage: coverageMatrix(applicable, options.profile.requirements).map((row) => ({
      id: row.requirement.id,
      profile: options.profile.id,
      keyword: row.requirement.keyword,
      binds: row.requirement.binds,
      section: row.requirement.section,
      url: requirementUrl(row.requirement),
      summary: row.requirement.summary,
      checks: row.checks,
      ...(row.reason ? { reason: row.reason } : {}),
    })),
    ...(calibration ? { calibration } : {}),
  };
}

function strongestLevel(check: CheckDefinition, requirements: ReadonlyMap<string, Requirement>): Level {
  let level: Level = 'may';
  for (const id of check.requirements) {
    const requirement = requirements.get(id);
    if (requirement && LEVEL_RANK[levelOf(requirement.keyword)] < LEVEL_RANK[level]) level = levelOf(requirement.keyword);
  }
  return level;
}

function baseResult(check: CheckDefinition, options: RunOptions): Omit<CheckResult, 'outcome' | 'message' | 'durationMs' | 'transcript'> {
  return {
    id: check.id,
    profile: options.profile.id,
    title: check.title,
    suite: check.suite,
    role: options.role,
    requirements: [...check.requirements],
    level: strongestLevel(check, options.profile.requirements),
    findings: [],
    info: [],
  };
}

function notRun(check: CheckDefinition, options: RunOptions, reason: string): CheckResult {
  return { ...baseResult(check, options), outcome: 'error', message: reason, durationMs: 0, transcript: [] };
}

export async function runCheck(check: CheckDefinition, facts: TargetFacts, options: RunOptions, runSignal: AbortSignal, watcher?: TargetWatcher): Promise<CheckResult> {
  const broker = new ConnectionBroker(false);
  try {
    return (await attemptCheck(check, facts, options, runSignal, watcher, broker)).result;
  } finally {
    await broker.end();
  }
}

/** The checks that shared a receiver process with a check: at the same time, and before it in turn. */
type Sharers = { atOnce: string[]; before: string[] };

/** What the result of a check's run on a shared process was, said in the result of its run alone. */
function firstTryShared(first: CheckResult, sharers: Sharers): string {
  const count = (ids: string[]) => (ids.length === 1 ? `one other check (${ids[0]})` : `${ids.length} other checks`);
  const how = [sharers.atOnce.length > 0 ? `at the same time with ${count(sharers.atOnce)}` : '', sharers.before.length > 0 ? `before it by ${count(sharers.before)}` : '']
    .filter(Boolean)
    .join(' and ');
  return (
    `it ran first on a receiver process used ${how} and ended ${first.outcome} (${first.message.slice(0, 300)}); ` +
    'this result is from a run again on a process no other check used, so that nothing another check did decides it'
  );
}

/** What the first run of a check run again alone at the end of the run showed, said in the result that stands. */
function ranFirstUnderLoad(first: CheckResult): string {
  return (
    `it ran first while other checks loaded the server, and ended ${first.outcome} (${first.message.slice(0, 300)}): ` +
    'what the load did to it (a bound that ran out, a scenario that could not be staged) is no verdict on the server, ' +
    'so this result is from a run again with no other check in flight'
  );
}

/**
 * Runs the check once; `neverReached` when the server was already gone and none of its requests got through;
 * `againAlone` (the checks it shared a process with) when it did not pass on a shared process, so must run alone.
 */
async function attemptCheck(
  check: CheckDefinition,
  facts: TargetFacts,
  options: RunOptions,
  runSignal: AbortSignal,
  watcher: TargetWatcher | undefined,
  broker: ConnectionBroker,
  alone = false,
): Promise<{ result: CheckResult; neverReached?: boolean; againAlone?: Sharers; loadBound?: boolean; skippedUnderWay?: boolean }> {
  const base = baseResult(check, options);
  const skipReason = unmetPrecondition(check.needs, facts);
  if (skipReason) return { result: { ...base, outcome: 'skip', message: skipReason, durationMs: 0, transcript: [] } };

  const transcript = new Transcript();
  // Every message of the check, whole, past the era's rule book as it passes.
  // Identities count only where the run has a second one with credentials of its own; else B speaks for A's context.
  const traffic = options.profile.driver.judgeTraffic?.({
    role: options.role,
    requirements: options.profile.requirements,
    identityOf: facts.hasPeerIdentity ? identityOfLabel : () => undefined,
    transport: options.target.transport === 'http' ? 'http' : 'stdio',
  });
  if (traffic) transcript.read((entry) => traffic.observe(entry));
  const abort = new AbortController();
  const onRunAbort = () => abort.abort(new Error('the run ended'));
  runSignal.addEventListener('abort', onRunAbort, { once: true });
  const restarted = watcher?.restartInfo();
  if (restarted) base.info.push(restarted.line);
  // The check's connections report to its watch; when the server dies the check ends at once, its verdict the crash.
  // The watch counts the check's findings only once the check runs, after `context` below exists.
  const watch: CheckWatch | undefined = watcher?.watch(
    check.id,
    transcript,
    (): number => context.findings.length,
    () => abort.abort(new Error('the server under test died')),
  );
  const target: TargetSpec = watch && options.target.transport !== 'client' ? { ...options.target, observer: watch } : options.target;
  const context: RunningCheck = new RunningCheck({
    target,
    facts,
    timing: options.timing,
    transcript,
    requirements: options.profile.requirements,
    signal: abort.signal,
    verifies: check.requirements,
    broker,
    checkId: check.id,
    // Run again alone: on processes no other check has used or will use.
    shareable: !check.ownConnections && !alone,
    cohabits: (check.cohabits ?? false) && !alone,
  });
  const started = performance.now();
  let outcome: Outcome | undefined;
  let message = '';
  let blockedBy: BlockedBy | undefined;
  // Its receiver processes may serve other checks only when the scenario ended as written (done, or skipped) with no finding.
  let endedNormally = false;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    // A pace the receiver asked for only once the checks ran (discovery made no task) extends the bound as it was learned.
    let extendedMs = 0;
    // So does the time its requests were held on the suite's side to keep a rate-limited receiver's pace.
    const expire = () => {
      const owedMs = paceOwedMs(options.timing) + context.heldForPaceMs() - extendedMs;
      if (owedMs <= 0) return resolve('timeout');
      extendedMs += owedMs;
      timer = setTimeout(expire, owedMs);
    };
    timer = setTimeout(expire, options.timing.checkTimeoutMs);
  });
  const ended = new Promise<'ended'>((resolve) => abort.signal.addEventListener('abort', () => resolve('ended'), { once: true }));
  // Findings that are only a bound running out (a request unanswered, a wait for a state, the check's own bound): under
  // load they say how busy the server was, not which rule it broke.
  let boundFindings = 0;
  let waitRanOut = false;
  try {
    const running = check.run(options.profile.driver.checkContext?.(context) ?? context).then(() => 'done' as const);
    // A check abandoned at its deadline settles later, when its connections close; that must not crash the run.
    running.catch(() => undefined);
    const race = await Promise.race([running, timedOut, ended]);
    endedNormally = race === 'done';
    if (race === 'timeout') {
      boundFindings += 1;
      const seen = transcript.lastIncoming(1)[0];
      context.findings.push(
        hangFinding(
          `the check did not finish within ${options.timing.checkTimeoutMs} ms; the receiver stopped making progress` +
            (seen ? `; the last thing it sent was ${JSON.stringify(seen.message ?? seen.text).slice(0, 200)}` : ''),
        ),
      );
    } else if (race === 'ended') {
      outcome = 'error';
      message = 'not finished: the run ended (deadline or interruption) while this check ran';
    }
  } catch (error) {
    if (error instanceof CheckSkip || error instanceof StagingMissed) {
      endedNormally = true;
      // Findings recorded before the scenario gave up are real observations: they decide the outcome.
      const reason = error instanceof StagingMissed ? `the scenario could not be staged in time: ${error.reason}` : error.reason;
      if (context.findings.length === 0) {
        outcome = 'skip';
        message = reason;
      } else context.noteInTranscript(`the check then skipped (${reason}); the findings before it decide the outcome`);
    } else if (error instanceof IutError) {
      // Over HTTP a stream the server ended under load (a cap on open streams) leaves a request unanswered, as a bound does.
      if (error.kind === 'timeout' || options.target.transport === 'http') boundFindings += 1;
      context.findings.push(hangFinding(error.message));
    } else if (error instanceof UnexpectedReply) {
      if (error instanceof WaitRanOut) waitRanOut = true;
      const judged = judgeUnexpectedReply(error, check, options.profile.requirements, options.profile.checks);
      if (judged.finding) {
        if (waitRanOut) boundFindings += 1;
        context.findings.push(judged.finding);
      } else if (context.findings.length === 0) {
        outcome = judged.skipReason !== undefined ? 'skip' : 'inconclusive';
        message = judged.skipReason ?? judged.inconclusive ?? '';
        blockedBy = judged.inconclusive !== undefined ? judged.blockedBy : undefined;
      } else context.noteInTranscript(`the scenario then could not go on (${judged.skipReason ?? judged.inconclusive}); the findings before it decide the outcome`);
    } else if (!(error instanceof CheckStop)) {
      outcome = 'error';
      message = `the harness could not run the check: ${(error as Error)?.stack?.split('\n').slice(0, 2).join(' ') ?? String(error)}`;
    }
  } finally {
    clearTimeout(timer);
    runSignal.removeEventListener('abort', onRunAbort);
    watch?.scenarioEnded();
    abort.abort(new Error('check finished'));
    await context.closeAll(endedNormally && (watch?.quiet() ?? true));
  }
  let findings = context.findings;
  const death = await watch?.settle();
  watch?.release();
  const neverReached = watch?.neverReached() ?? false;
  if (death && watch && neverReached) {
    outcome = 'error';
    message = `not run: the server under test ${describeDeath(death)} at ${death.at}, before this check reached it`;
    findings = [];
  } else if (death && watch) ({ outcome, message, findings } = judgeDeath(death, watch, findings, transcript));
  if (!outcome) ({ outcome, message } = verdictOf(findings));
  const result: CheckResult & RuleBookSightings = {
    ...base,
    outcome,
    message,
    findings,
    info: [...base.info, ...context.infos],
    durationMs: Math.round(performance.now() - started),
    protocolVersion: [...context.protocolVersions].join(', ') || undefined,
    ...(restarted ? { targetRestarts: restarted.count } : {}),
    transcript: transcript.entries(),
    ...(outcome === 'inconclusive' && blockedBy ? { blockedBy } : {}),
    // What the rule book saw stands only where the server did not die under the check (its effects are no verdict).
    ...(death || !traffic ? {} : { ruleBook: traffic.findings() }),
  };
  const sharers = context.sharers();
  // Another check's doing (a crash, a slow answer, a busy event loop) must not decide this one's verdict.
  // Not so when all it found is silence the process kept towards its requests alone while answering later ones.
  const passedOver = findings.length > 0 && findings.every((finding) => finding.requirement === HANG_REQUIREMENT) && context.silenceWasSelective();
  // A skip after the scenario began counts too: what it missed may have gone to another check (a server that mixes
  // up progress tokens of requests in flight at once sends one check's progress under another's token).
  const suspect = (outcome === 'fail' || outcome === 'warn' || outcome === 'error' || outcome === 'inconclusive' || (outcome === 'skip' && context.connected)) && !passedOver;
  const againAlone = (sharers.atOnce.length > 0 || sharers.before.length > 0) && suspect;
  if (againAlone && watch) watcher?.withdraw(watch);
  // Every finding a bound that ran out (or the scenario could not go on for one): only a run alone can tell load from fault.
  const loadBound =
    !death && (outcome === 'fail' || outcome === 'warn' || outcome === 'inconclusive') && (findings.length > 0 ? findings.length === boundFindings + context.boundFindings : waitRanOut);
  // A skip once under way may be a scenario the load would not let be staged (work queued, a request held for pace).
  const skippedUnderWay = outcome === 'skip' && context.connected;
  return { result, neverReached, ...(againAlone ? { againAlone: sharers } : {}), ...(loadBound ? { loadBound } : {}), ...(skippedUnderWay ? { skippedUnderWay } : {}) };
}

/**
 * A check in flight when the server under test died: what it observed before stands, what came after is an effect
 * and is set aside (noted in the transcript), and the death itself is the one finding (or, after a clean shutdown
 * with nothing unanswered, the reason the check could not go on).
 */
function judgeDeath(death: TargetDeath, watch: CheckWatch, findings: Finding[], transcript: Transcript): { outcome?: Outcome; message: string; findings: Finding[] } {
  const before = findings.slice(0, watch.findingsBefore);
  for (const effect of findings.slice(watch.findingsBefore)) transcript.note(`not judged, an effect of the server's death: ${effect.requirement}: ${effect.message}`);
  const verdict = deathVerdict(death, transcript);
  if (!verdict.finding) return before.length > 0 ? { findings: before, message: '' } : { outcome: 'error', message: verdict.error, findings: before };
  return { findings: [...before, verdict.finding], message: '' };
}

/**
 * A scenario that cannot proceed. When the stalled step is what the check itself verifies (its requirements name the
 * prerequisite), it is judged by that requirement's keyword: a fail under MUST or MUST NOT, a warn under SHOULD.
 * Otherwise the check could not reach its purpose: inconclusive (ISO/IEC 9646 "inconc"), naming the prerequisite and
 * the checks that judge it, so that one root cause is failed once, where it belongs. Under a MAY the receiver was
 * free to refuse: a skip.
 */
export function judgeUnexpectedReply(
  error: UnexpectedReply,
  check: Pick<CheckDefinition, 'id' | 'requirements'>,
  requirements: ReadonlyMap<string, Requirement>,
  checks: readonly Pick<CheckDefinition, 'id' | 'requirements'>[] = [],
):
  | { finding: Finding; skipReason?: undefined; inconclusive?: undefined }
  | { finding?: undefined; skipReason: string; inconclusive?: undefined }
  | { finding?: undefined; skipReason?: undefined; inconclusive: string; blockedBy: BlockedBy } {
  const requirementId = error.requirementId ?? check.requirements[0];
  const requirement = requirements.get(requirementId);
  const keyword = requirement?.keyword ?? 'MUST';
  const level = levelOf(keyword);
  if (level === 'may') return { skipReason: `the scenario could not go on, and ${requirementId} is a MAY, so this is no violation: ${error.message}` };
  // A request left unanswered is judged wherever it happens: it is never a prerequisite another check stands for.
  if (check.requirements.includes(requirementId) || requirementId === HANG_REQUIREMENT) {
    const observation = error.observation ? { observation: error.observation } : {};
    return { finding: { requirement: requirementId, keyword, severity: level === 'must' ? 'fail' : 'warn', message: error.message, ...observation } };
  }
  const judges = checks.filter((other) => other.id !== check.id && other.requirements.includes(requirementId)).map((other) => other.id);
  const judgedBy = judges.length > 0 ? `judged by ${judges.join(', ')}` : 'which no check of this profile judges by itself';
  // Stays inconclusive only where the run's reconciliation finds a result failing the same observation (reconcile.ts).
  return {
    inconclusive: `prerequisite ${requirementId} not met (${judgedBy}): ${error.message}`,
    blockedBy: { requirement: requirementId, ...(error.observation ? { observation: error.observation } : {}) },
  };
}

/** What a receiver that stops answering violates. */
const HANG_REQUIREMENT = 'BASE-JSONRPC-RESPONSE';

function hangFinding(message: string): Finding {
  return { requirement: HANG_REQUIREMENT, keyword: 'MUST', severity: 'fail', message };
}

/** fail when a MUST was violated, warn when only SHOULDs were, pass otherwise; the first such finding explains it. */
export function verdictOf(findings: readonly Finding[]): { outcome: Outcome; message: string } {
  const failure = findings.find((finding) => finding.severity === 'fail');
  if (failure) return { outcome: 'fail', message: `${failure.requirement}: ${failure.message}` };
  const warning = findings.find((finding) => finding.severity === 'warn');
  if (warning) return { outcome: 'warn', message: `${warning.requirement}: ${warning.message}` };
  return { outcome: 'pass', message: 'all expectations met' };
}
