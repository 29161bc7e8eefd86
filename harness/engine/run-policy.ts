// The run policy: the one place that decides whether a run passes. The CLI computes the verdict once, puts it
// in the report and takes the exit status from it; every report renders it, so none can disagree with the exit.
//
// Rules (docs/outcomes.md, docs/report-format.md "Expected-failures baseline"):
// - Failing outcomes are fail and error, and warn under strict. Without a baseline, each failing check fails the run.
// - With a baseline, an entry names one check by its exact ID. A listed check that fails is expected and does not
//   fail the run. An error counts as expected only when the check is listed; an error of an unlisted check fails
//   the run like a failure (errors are never hidden).
// - A listed check that passes (or only warns without strict) is stale and fails the run until its entry is
//   removed: the entry would otherwise hide the next regression of that check.
// - A listed check that is skipped, inconclusive, or not selected in this run, is "not exercised": not stale, since
//   it did not pass, and not expected, since it did not fail. It never changes whether the run passes.
// - Inconclusive never fails the run by itself, not even under strict: the runner's reconciliation (reconcile.ts)
//   leaves a result inconclusive only where another result of the run fails the same observation, and that one does.
// - An entry naming no check of the suite (a typo) fails the run.
// - With --repeat, a check whose outcome changed between the runs fails the run.
// - A run in which no check ran never passes, and neither does a run that could not happen, nor one that had
//   nothing to judge (a trace without task traffic).
// - If the same check ran more than once in a report, its worst outcome counts.
// - The verdict says how many checks judged the target of how many ran, and why most skipped when they did
//   (evidence.ts). With --min-judged N, a run that judged fewer than N checks fails.

import type { Outcome, RunReport, RunVerdict, VerdictEntry } from '../model/model.js';
import { oneLine, plural } from '../model/words.js';
import { runEvidence } from './evidence.js';

/** One expected failure: a check known to fail, and why. */
export interface BaselineEntry {
  /** Exact check ID, e.g. "result-retrieval.same-as-plain-call". */
  check: string;
  /** Why the check is expected to fail, in one line (an issue number helps). */
  reason: string;
  /** Where to read more: the spec section, an issue. */
  link?: string;
}

/** The expected failures the policy weighs a run against (read from a file by cli/baseline.ts). */
export interface Baseline {
  entries: BaselineEntry[];
  /** The file the baseline was read from, named in messages; never written to the file. */
  file?: string;
}

export interface RunPolicy {
  /** Count a warn as failing, as --strict does. */
  strict?: boolean;
  /** Expected failures (--baseline FILE). */
  baseline?: Baseline;
  /**
   * Every check ID of the suite (ALL_CHECKS), to tell a baseline typo from a check this run did not select.
   * Without it, only the checks of this run are known, and an entry for any other check counts as unknown.
   */
  knownChecks?: Iterable<string>;
  /** With --repeat: the checks whose outcome changed between the runs (harness/repeat.ts). */
  unstable?: readonly { id: string; outcomes: Outcome[] }[];
  /** The run could not happen (exit 2): why. The verdict fails and the baseline is not applied. */
  notRun?: string;
  /**
   * --min-judged N: a run in which fewer than N checks came to a judgement (pass, warn, fail, inconclusive) fails,
   * saying how many and why the rest skipped. Without it a run that judged little passes, but says so.
   */
  minJudged?: number;
  /** The run had nothing to judge (exit 3, as an empty selection): why, e.g. a trace with no task traffic. The verdict fails. */
  nothingToJudge?: string;
}

/** Whether an outcome fails the run: fail and error always, warn under strict. */
export function isFailingOutcome(outcome: Outcome, strict = false): boolean {
  return outcome === 'fail' || outcome === 'error' || (strict && outcome === 'warn');
}

// An inconclusive run of a check outranks a pass (TTCN-3: pass < inconc < fail), not a warn.
const OUTCOME_RANK: Record<Outcome, number> = { fail: 5, error: 4, warn: 3, inconclusive: 2, pass: 1, skip: 0 };

/** The outcome of each check ID in the run; with repeated runs of a check, the worst of its outcomes. */
function outcomesById(report: Pick<RunReport, 'results'>): Map<string, { outcome: Outcome; message: string }> {
  const out = new Map<string, { outcome: Outcome; message: string }>();
  for (const result of report.results) {
    const seen = out.get(result.id);
    if (!seen || OUTCOME_RANK[result.outcome] > OUTCOME_RANK[seen.outcome]) {
      out.set(result.id, { outcome: result.outcome, message: result.message });
    }
  }
  return out;
}

/** Levenshtein distance: how many single-character edits turn a into b (for "did you mean" suggestions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known name nearest to `id`, when it is near enough to be the one meant (a typo). */
export function closest(id: string, known: ReadonlySet<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(id, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(id.length / 4)) ? best : undefined;
}

type BaselineVerdict = NonNullable<RunVerdict['baseline']>;

/** Sorts the baseline's entries against the run: stale, unknown, not exercised; pushes a problem for each that fails the run. */
function judgeEntries(
  baseline: Baseline,
  outcomes: ReadonlyMap<string, { outcome: Outcome; message: string }>,
  known: ReadonlySet<string>,
  strict: boolean,
  sorted: BaselineVerdict,
  problems: string[],
): void {
  const where = baseline.file ?? 'the baseline';
  for (const { check, reason } of baseline.entries) {
    const result = outcomes.get(check);
    if (!known.has(check)) {
      const suggestion = closest(check, known);
      const message =
        `${where} lists "${check}", which is no check of this suite; ` +
        (suggestion ? `did you mean "${suggestion}"? ` : '') +
        'fix the ID ("mcp-tasks-conformance list" shows them) or remove the entry';
      sorted.unknown.push({ check, message });
      problems.push(message);
    } else if (result === undefined) {
      sorted.notExercised.push({ check, outcome: 'skip', reason, message: `${check} was not selected in this run, so the entry was not exercised` });
    } else if (result.outcome === 'skip' || result.outcome === 'inconclusive') {
      sorted.notExercised.push({
        check,
        outcome: result.outcome,
        reason,
        message: oneLine(`${check} was ${result.outcome === 'skip' ? 'skipped' : 'inconclusive'}${result.message ? ` (${result.message})` : ''}, so the entry was not exercised`),
      });
    } else if (!isFailingOutcome(result.outcome, strict)) {
      const message =
        result.outcome === 'warn'
          ? `${check} only warns (a SHOULD not met), which fails the run only under strict: remove its entry from ${where}, or run with --strict`
          : `${check} passes now: remove its entry from ${where}`;
      sorted.stale.push({ check, outcome: result.outcome, reason, message });
      problems.push(message);
    }
  }
}

/** The one line that says why the run passes or fails, with what does not fail it. */
function summaryLine(
  verdict: RunVerdict,
  outcomes: ReadonlyMap<string, { outcome: Outcome }>,
  { notRun, nothingToJudge, tooFewJudged }: { notRun?: string; nothingToJudge?: string; tooFewJudged: boolean },
): string {
  if (notRun !== undefined) return oneLine(`the run could not happen: ${notRun}`);
  if (nothingToJudge !== undefined) return oneLine(`nothing to judge: ${nothingToJudge}`);
  const count = (outcome: Outcome, among: Iterable<{ outcome: Outcome }>) => [...among].filter((entry) => entry.outcome === outcome).length;
  const why: string[] = [];
  if (outcomes.size === 0) why.push('no check ran');
  if (verdict.baseline) {
    const { stale, unknown } = verdict.baseline;
    if (verdict.failing.length > 0) why.push(`${plural(verdict.failing.length, 'unexpected failure')} (not in the baseline)`);
    if (stale.length > 0) why.push(`${plural(stale.length, 'stale baseline entry', 'stale baseline entries')} (the check no longer fails)`);
    if (unknown.length > 0) why.push(`${plural(unknown.length, 'baseline entry', 'baseline entries')} naming no check of the suite`);
  } else {
    const [fails, errors, warns] = (['fail', 'error', 'warn'] as const).map((outcome) => count(outcome, verdict.failing));
    if (fails > 0) why.push(`${plural(fails, 'check')} failed`);
    if (errors > 0) why.push(`${plural(errors, 'check')} could not run (harness error)`);
    if (warns > 0) why.push(`${plural(warns, 'warning')} count${warns === 1 ? 's' : ''} as failure under strict`);
  }
  if (tooFewJudged && verdict.evidence) why.push(`only ${verdict.evidence.judged} of ${plural(verdict.evidence.selected, 'check')} judged, fewer than --min-judged ${verdict.evidence.minJudged}`);
  if (verdict.unstable && verdict.unstable.length > 0) why.push(`${plural(verdict.unstable.length, 'check')} changed verdict between runs`);

  const notes: string[] = [];
  const expected = verdict.baseline?.expected.length ?? 0;
  if (expected > 0) notes.push(`${plural(expected, 'expected failure')} listed in the baseline`);
  const warns = count('warn', outcomes.values());
  if (!verdict.strict && warns > 0) notes.push(`${plural(warns, 'warning')} (a SHOULD not met) that do${warns === 1 ? 'es' : ''} not fail the run`);
  const inconclusive = count('inconclusive', outcomes.values());
  if (inconclusive > 0) notes.push(`${plural(inconclusive, 'inconclusive check')} (a root cause failed in this run by the check named) that do${inconclusive === 1 ? 'es' : ''} not fail the run`);
  const skipped = count('skip', outcomes.values());
  if (outcomes.size > 0 && skipped === outcomes.size) notes.push('every check was skipped');
  else if (verdict.evidence?.mostlySkipped) notes.push(`most checks were skipped (${skipped} of ${outcomes.size}), so the run says little`);

  const headline = verdict.outcome === 'fail' ? why.join(', ') : expected > 0 ? 'no unexpected failure' : 'no check failed';
  return notes.length > 0 ? `${headline} — ${notes.join('; ')}` : headline;
}

/**
 * The run's verdict under the run policy: which checks fail it, what the baseline expected, what is stale, and
 * one line for each thing that fails the run. The run passes exactly when there is no such thing; the CLI's exit
 * status is 0 exactly then.
 */
export function runVerdict(report: Pick<RunReport, 'results'>, policy: RunPolicy = {}): RunVerdict {
  const strict = policy.strict ?? false;
  const outcomes = outcomesById(report);
  // A run that could not happen exercised no baseline entry: every check is an error, none of them expected.
  const baseline = policy.notRun === undefined ? policy.baseline : undefined;
  const listed = new Map(baseline?.entries.map((entry) => [entry.check, entry]) ?? []);
  const where = baseline?.file ?? 'the baseline';
  const verdict: RunVerdict = { outcome: 'pass', strict, failing: [], problems: [], summary: '' };
  if (baseline) verdict.baseline = { ...(baseline.file !== undefined ? { file: baseline.file } : {}), expected: [], stale: [], unknown: [], notExercised: [] };

  for (const [check, { outcome, message }] of outcomes) {
    if (!isFailingOutcome(outcome, strict)) continue;
    const entry = listed.get(check);
    if (entry && verdict.baseline) {
      verdict.baseline.expected.push({ check, outcome, message, reason: entry.reason, ...(entry.link !== undefined ? { link: entry.link } : {}) });
      continue;
    }
    const failing: VerdictEntry = { check, outcome, message };
    verdict.failing.push(failing);
    if (policy.notRun === undefined) verdict.problems.push(oneLine(`${check}: ${outcome}${message ? ` — ${message}` : ''}${baseline ? ` (not listed in ${where})` : ''}`));
  }
  if (baseline && verdict.baseline) {
    const known = new Set<string>([...(policy.knownChecks ?? []), ...outcomes.keys()]);
    judgeEntries(baseline, outcomes, known, strict, verdict.baseline, verdict.problems);
  }
  if (policy.unstable) {
    verdict.unstable = policy.unstable.map(({ id, outcomes: seen }) => ({ check: id, outcomes: [...seen] }));
    for (const { check, outcomes: seen } of verdict.unstable) verdict.problems.push(`${check}: ${seen.join(' → ')} — the verdict changed between runs`);
  }
  if (policy.notRun !== undefined) verdict.problems.push(oneLine(`the run could not happen: ${policy.notRun}`));
  else if (policy.nothingToJudge !== undefined) verdict.problems.push(oneLine(`nothing to judge: ${policy.nothingToJudge}`));
  else if (outcomes.size === 0) verdict.problems.push('no check ran: an empty run never passes');
  verdict.evidence = runEvidence(outcomes, policy.minJudged);
  const { judged, selected, skipCauses } = verdict.evidence;
  // A run that could not happen, had nothing to judge or ran nothing already fails for that reason, said once.
  const tooFewJudged = policy.minJudged !== undefined && judged < policy.minJudged && policy.notRun === undefined && policy.nothingToJudge === undefined && outcomes.size > 0;
  if (tooFewJudged) {
    const why = skipCauses[0] ? `; skipped chiefly for ${skipCauses[0].cause}${skipCauses[0].mend ? ` — ${skipCauses[0].mend}` : ''}` : '';
    verdict.problems.push(oneLine(`only ${judged} of ${plural(selected, 'check')} judged the target, fewer than --min-judged ${policy.minJudged}${why}`));
  }

  verdict.outcome = verdict.problems.length === 0 ? 'pass' : 'fail';
  verdict.summary = summaryLine(verdict, outcomes, { notRun: policy.notRun, nothingToJudge: policy.nothingToJudge, tooFewJudged });
  return verdict;
}

/**
 * The verdict a report carries; for a report made without the CLI (a library user calling a writer), the one the
 * run policy gives its results under `strict`, without a baseline.
 */
export function reportVerdict(report: Pick<RunReport, 'results' | 'verdict'>, strict = false): RunVerdict {
  return report.verdict ?? runVerdict(report, { strict });
}
