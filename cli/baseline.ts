// Expected-failures baseline (--baseline FILE, --write-baseline FILE): a file listing checks known to fail,
// so CI can gate on new regressions while known gaps are being fixed. This module reads, validates and writes
// the file; how a baseline decides the run's verdict lives in the run policy (harness/engine/run-policy.ts).
//
// An entry names one check by its exact ID. Globs are refused: a pattern could hide a new regression.

import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';

import YAML from 'yaml';
import { z } from 'zod';

import type { RunReport } from '../harness/model/model.js';
import { isFailingOutcome, type Baseline, type BaselineEntry } from '../harness/engine/run-policy.js';
import { oneLine } from '../harness/model/words.js';
import { writeFileAtomic } from '../reports/json.js';

export type { Baseline, BaselineEntry } from '../harness/engine/run-policy.js';

export type BaselineFormat = 'yaml' | 'json';

import { BaselineError } from './options.js';
export { BaselineError };

export interface BaselineOptions {
  /** Count a warn as failing, as --strict does. */
  strict?: boolean;
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

const BaselineSchema = z.strictObject({ entries: z.array(EntrySchema) }).superRefine((baseline, ctx) => {
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
    throw new BaselineError(`${file}: cannot be read (${code}); check the --baseline path, or create the file with --write-baseline ${file}`);
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

const YAML_HEADER = `# Expected failures for mcp-tasks-conformance (Tasks in MCP; check IDs of any profile): use it with --baseline FILE.
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
