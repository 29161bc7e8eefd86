// Expected-failures baseline (--baseline FILE, --write-baseline FILE): a file listing checks known to fail,
// so CI can gate on new regressions while known gaps are being fixed. It reads results; it never changes one.
//
// Rules (docs/report-format.md, "Expected-failures baseline"):
// - An entry names one check by its exact ID. Globs are refused: a pattern could hide a new regression.
// - Failing outcomes are fail and error, and warn under strict.
// - A listed check that fails is expected and does not fail the run. An error counts as expected only when the
//   check is listed; an error of an unlisted check fails the run like a failure (errors are never hidden).
// - A listed check that passes (or only warns without strict) is stale and fails the run until its entry is
//   removed: the entry would otherwise hide the next regression of that check.
// - A listed check that is skipped, or not selected in this run, is "not exercised": not stale, since it did not
//   pass, and not expected, since it did not fail. It never changes whether the run passes.
// - An entry naming no check of the suite (a typo) fails the run.

import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';

import YAML from 'yaml';
import { z } from 'zod';

import { writeFileAtomic } from '../reports/json.js';
import type { Outcome, RunReport } from './model.js';

export interface BaselineEntry {
  /** Exact check ID, e.g. "result-retrieval.same-as-plain-call". */
  check: string;
  /** Why the check is expected to fail, in one line (an issue number helps). */
  reason: string;
  /** Where to read more: the spec section, an issue. */
  link?: string;
}

export interface Baseline {
  entries: BaselineEntry[];
  /** The file the baseline was read from, named in messages; never written to the file. */
  file?: string;
}

export type BaselineFormat = 'yaml' | 'json';

/** A baseline file that cannot be used: the message is one line naming the file, the field and how to mend it. */
export class BaselineError extends Error {
  override name = 'BaselineError';
}

export interface BaselineOptions {
  /** Count a warn as failing, as --strict does. */
  strict?: boolean;
}

export interface ApplyBaselineOptions extends BaselineOptions {
  /**
   * Every check ID of the suite (ALL_CHECKS), to tell a typo from a check this run did not select.
   * Without it, only the checks of this run are known, and an entry for any other check counts as unknown.
   */
  knownChecks?: Iterable<string>;
}

export interface BaselineVerdict {
  /** Listed checks that failed (or errored, or warned under strict): they do not fail the run. */
  expected: { check: string; outcome: Outcome; reason: string; link?: string }[];
  /** Failing checks that are not listed: they fail the run. */
  unexpected: { check: string; outcome: Outcome; message: string }[];
  /** Listed checks that passed (or only warned without strict): they fail the run until the entry is removed. */
  stale: { check: string; reason: string; message: string }[];
  /** Entries naming no check of the suite (typos): they fail the run. */
  unknown: string[];
  /** Listed checks that were skipped or not selected: reported, never failing the run. */
  notExercised: { check: string; reason: string; message: string }[];
  /** One line for each thing that fails the run (unexpected, stale, unknown), ready for the console. */
  problems: string[];
  /** The baseline file, when the baseline was read from one. */
  file?: string;
  passes: boolean;
}

/** Whether an outcome fails the run: fail and error always, warn under strict. */
export function isFailingOutcome(outcome: Outcome, strict = false): boolean {
  return outcome === 'fail' || outcome === 'error' || (strict && outcome === 'warn');
}

// ------------------------------------------------------------------------------------------------ loading

const GLOB_CHARS = /[*?[\]{}]/;

const EntrySchema = z.strictObject({
  check: z
    .string()
    .trim()
    .min(1, 'is empty')
    .refine((id) => !GLOB_CHARS.test(id), 'is a pattern; globs are not allowed')
    .refine((id) => !/\s/.test(id), 'contains white space'),
  reason: z.string().trim().min(1, 'is empty'),
  link: z.url({ protocol: /^https?$/, error: 'is not an http(s) URL' }).optional(),
});

const BaselineSchema = z
  .strictObject({ entries: z.array(EntrySchema) })
  .superRefine((baseline, ctx) => {
    const seen = new Map<string, number>();
    baseline.entries.forEach((entry, index) => {
      const first = seen.get(entry.check);
      if (first === undefined) seen.set(entry.check, index);
      else ctx.addIssue({ code: 'custom', path: ['entries', index, 'check'], message: `repeats entries[${first}].check "${entry.check}"` });
    });
  });

const HINTS: Record<string, string> = {
  entries: 'give a list of entries, each { check, reason, link? }; an empty list is "entries: []"',
  check: 'write the exact ID of one check, as "mcp-tasks-conformance list" prints it; list each check on its own entry',
  reason: 'say in one line why the check is expected to fail, e.g. the issue that tracks it',
  link: 'give an absolute http(s) URL, or leave the field out',
  top: 'the file must hold an object with one field, entries: a list of { check, reason, link? }',
};

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
  return out;
}

function issueLine(file: string, issue: z.core.$ZodIssue, total: number): string {
  const where = issue.path.length ? fieldPath(issue.path) : '(top level)';
  const last = [...issue.path].reverse().find((key) => typeof key === 'string');
  let hint: string;
  if (issue.code === 'unrecognized_keys') {
    const allowed = issue.path.length === 0 ? 'entries' : 'check, reason, link';
    hint = `remove ${issue.keys.map((key) => `"${key}"`).join(', ')}; the allowed fields are ${allowed}`;
  } else if (issue.path.length === 0) {
    hint = HINTS.top!;
  } else if (last === 'check' && issue.code === 'custom' && issue.message.startsWith('repeats')) {
    hint = 'keep one entry per check';
  } else {
    hint = HINTS[String(last)] ?? HINTS.top!;
  }
  const more = total > 1 ? ` (and ${total - 1} more problem${total > 2 ? 's' : ''})` : '';
  return oneLine(`${file}: ${where}: ${issue.message}; ${hint}${more}`);
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** The format a baseline file has, by its extension: .yml/.yaml → yaml, .json → json. */
export function baselineFormat(file: string): BaselineFormat {
  const ext = extname(file).toLowerCase();
  if (ext === '.yml' || ext === '.yaml') return 'yaml';
  if (ext === '.json') return 'json';
  throw new BaselineError(`${file}: unknown baseline format "${ext || '(no extension)'}"; name the file *.yml, *.yaml or *.json`);
}

/** Validates parsed baseline data; `file` names the source in errors. */
export function parseBaseline(data: unknown, file = 'baseline'): Baseline {
  const parsed = BaselineSchema.safeParse(data);
  if (!parsed.success) throw new BaselineError(issueLine(file, parsed.error.issues[0]!, parsed.error.issues.length));
  return {
    entries: parsed.data.entries.map((entry) => ({
      check: entry.check,
      reason: entry.reason,
      ...(entry.link !== undefined ? { link: entry.link } : {}),
    })),
    file,
  };
}

/** Reads a baseline: YAML (.yml, .yaml) or JSON (.json). Throws BaselineError with a one-line message. */
export async function loadBaseline(file: string): Promise<Baseline> {
  const format = baselineFormat(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new BaselineError(
      `${file}: cannot be read (${code}); check the --baseline path, or create the file with --write-baseline ${file}`,
    );
  }
  let data: unknown;
  if (format === 'json') {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new BaselineError(oneLine(`${file}: is not valid JSON (${(error as Error).message}); fix the syntax`));
    }
  } else {
    const document = YAML.parseDocument(text, { prettyErrors: true });
    const first = document.errors[0];
    if (first) {
      const what = first.message.split('\n')[0]!.replace(/:$/, '');
      throw new BaselineError(oneLine(`${file}: is not valid YAML (${what}); fix the syntax`));
    }
    data = document.toJS();
  }
  return parseBaseline(data, file);
}

// ------------------------------------------------------------------------------------------------ applying

const OUTCOME_RANK: Record<Outcome, number> = { fail: 4, error: 3, warn: 2, pass: 1, skip: 0 };

/** The outcome of each check ID in the run; with repeated runs of a check, the worst of its outcomes. */
function outcomesById(report: RunReport): Map<string, { outcome: Outcome; message: string }> {
  const out = new Map<string, { outcome: Outcome; message: string }>();
  for (const result of report.results) {
    const seen = out.get(result.id);
    if (!seen || OUTCOME_RANK[result.outcome] > OUTCOME_RANK[seen.outcome]) {
      out.set(result.id, { outcome: result.outcome, message: result.message });
    }
  }
  return out;
}

function editDistance(a: string, b: string): number {
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

function closest(id: string, known: ReadonlySet<string>): string | undefined {
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

/** Sorts the run's results against a baseline. `passes` is false on any unexpected failure, stale or unknown entry. */
export function applyBaseline(report: RunReport, baseline: Baseline, options: ApplyBaselineOptions = {}): BaselineVerdict {
  const strict = options.strict ?? false;
  const where = baseline.file ?? 'the baseline';
  const outcomes = outcomesById(report);
  const known = new Set<string>([...(options.knownChecks ?? []), ...outcomes.keys()]);
  const listed = new Map(baseline.entries.map((entry) => [entry.check, entry]));

  const verdict: BaselineVerdict = { expected: [], unexpected: [], stale: [], unknown: [], notExercised: [], problems: [], passes: true };
  if (baseline.file !== undefined) verdict.file = baseline.file;

  for (const [check, { outcome, message }] of outcomes) {
    if (!isFailingOutcome(outcome, strict)) continue;
    const entry = listed.get(check);
    if (entry) {
      verdict.expected.push({ check, outcome, reason: entry.reason, ...(entry.link !== undefined ? { link: entry.link } : {}) });
    } else {
      verdict.unexpected.push({ check, outcome, message });
      verdict.problems.push(oneLine(`${check}: ${outcome}${message ? ` — ${message}` : ''} (not listed in ${where})`));
    }
  }

  for (const entry of baseline.entries) {
    const { check, reason } = entry;
    const result = outcomes.get(check);
    if (!known.has(check)) {
      verdict.unknown.push(check);
      const suggestion = closest(check, known);
      verdict.problems.push(
        `${where} lists "${check}", which is no check of this suite; ` +
          (suggestion ? `did you mean "${suggestion}"? ` : '') +
          'fix the ID ("mcp-tasks-conformance list" shows them) or remove the entry',
      );
    } else if (result === undefined) {
      verdict.notExercised.push({ check, reason, message: `${check} was not selected in this run, so the entry was not exercised` });
    } else if (result.outcome === 'skip') {
      verdict.notExercised.push({
        check,
        reason,
        message: oneLine(`${check} was skipped${result.message ? ` (${result.message})` : ''}, so the entry was not exercised`),
      });
    } else if (!isFailingOutcome(result.outcome, strict)) {
      const message =
        result.outcome === 'warn'
          ? `${check} only warns (a SHOULD not met), which fails the run only under strict: remove its entry from ${where}, or run with --strict`
          : `${check} passes now: remove its entry from ${where}`;
      verdict.stale.push({ check, reason, message });
      verdict.problems.push(message);
    }
  }

  verdict.passes = verdict.unexpected.length === 0 && verdict.stale.length === 0 && verdict.unknown.length === 0;
  return verdict;
}

// ------------------------------------------------------------------------------------------------ writing

const REASON_MAX_CHARS = 300;

/** A baseline listing every failing check of the run, sorted by ID: reason = its message, link = its first requirement's spec URL. */
export function baselineFromReport(report: RunReport, options: BaselineOptions = {}): Baseline {
  const urls = new Map(report.coverage.map((entry) => [entry.id, entry.url]));
  const entries = new Map<string, BaselineEntry>();
  for (const result of report.results) {
    if (!isFailingOutcome(result.outcome, options.strict) || entries.has(result.id)) continue;
    let reason = oneLine(result.message.replace(/\s+/g, ' ')) || `${result.outcome} (no message)`;
    const chars = Array.from(reason);
    if (chars.length > REASON_MAX_CHARS) reason = `${chars.slice(0, REASON_MAX_CHARS - 1).join('')}…`;
    const first = result.findings.find((finding) => isFailingOutcome(finding.severity, options.strict))?.requirement ?? result.requirements[0];
    const link = first !== undefined ? urls.get(first) : undefined;
    entries.set(result.id, { check: result.id, reason, ...(link !== undefined ? { link } : {}) });
  }
  return { entries: [...entries.values()].sort((a, b) => (a.check < b.check ? -1 : a.check > b.check ? 1 : 0)) };
}

const YAML_HEADER = `# Expected failures for mcp-tasks-conformance (Tasks in MCP spec 2025-11-25): use it with --baseline FILE.
# Each entry names one check by its exact ID (globs are not allowed), says why it is expected to fail,
# and may link to the spec section or an issue.
# A listed check that fails (or errors, or warns under --strict) does not fail the run.
# A listed check that passes fails the run until its entry is removed, so this file cannot hide a fixed bug's return.
# A listed check that is skipped or not selected is reported as not exercised.
# Write a fresh one from a run with --write-baseline FILE.
`;

/** The text of a baseline file: YAML with a header comment explaining the file, or pretty JSON. */
export function serializeBaseline(baseline: Baseline, format: BaselineFormat): string {
  const entries = baseline.entries.map((entry) => ({
    check: entry.check,
    reason: entry.reason,
    ...(entry.link !== undefined ? { link: entry.link } : {}),
  }));
  if (format === 'json') return `${JSON.stringify({ entries }, null, 2)}\n`;
  return `${YAML_HEADER}${YAML.stringify({ entries }, { lineWidth: 0 })}`;
}

/** Writes `baseline` to `file` atomically, in the format its extension names (see baselineFormat). */
export async function writeBaseline(file: string, baseline: Baseline): Promise<void> {
  await writeFileAtomic(file, serializeBaseline(baseline, baselineFormat(file)));
}
