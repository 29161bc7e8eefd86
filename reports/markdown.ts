// The Markdown summary (--markdown FILE, and GitHub's job summary via GITHUB_STEP_SUMMARY): the verdict, the
// counts, every fail and warn with linked requirements, and coverage by spec section. Format: docs/report-format.md.
// It renders what the runner decided and the run's verdict the report carries (harness/engine/run-policy.ts decided it);
// it never computes a check's outcome or whether the run passes.

import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

import type { CheckResult, CoverageEntry, Outcome, RunReport, RunVerdict } from '../harness/model/model.js';
import { reportVerdict } from '../harness/engine/run-policy.js';
import { writeFileAtomic } from './json.js';
import { describeCalibration, describePace, EXIT_STDERR_LINES, exitAftermath, exitHeadline, exitsToShow } from './text.js';

export interface MarkdownOptions {
  /** For a report without a verdict: a warn fails the run, as --strict does. Default false. */
  strict?: boolean;
  /** Rows per table before the rest is left out with a note; default MARKDOWN_MAX_ROWS. */
  maxRows?: number;
}

/** Rows per table before truncation: keeps the summary far below GitHub's 1 MiB per step. */
export const MARKDOWN_MAX_ROWS = 200;
/** Hard cap on the whole summary, in UTF-8 bytes (GitHub refuses a step summary over 1 MiB). */
export const MARKDOWN_MAX_BYTES = 900 * 1024;
/** Longest message shown in a table cell, in characters. */
const CELL_MAX_CHARS = 300;

const OUTCOME_LABEL: Record<Outcome, string> = {
  pass: '✅ pass',
  fail: '❌ fail',
  warn: '⚠️ warn',
  skip: '⏭️ skip',
  inconclusive: '❔ inconclusive',
  error: '💥 error',
};

// ------------------------------------------------------------------------------------------- escaping

/** One line of text: control characters dropped, every run of white space (line breaks too) one space, cut at `max`. */
function flatten(text: string, max = CELL_MAX_CHARS): string {
  const flat = text
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Text from the implementation under test, safe in a Markdown table cell: one line, every character that
 * Markdown or HTML could read as markup backslash-escaped, so it renders exactly as written and cannot inject
 * links, HTML or table columns ("|" becomes "\|").
 */
export function escapeMarkdown(text: string, max = CELL_MAX_CHARS): string {
  return flatten(text, max).replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);
}

/**
 * A code span for an ID or command line, fenced by more backticks than any run inside it. In a table cell "|"
 * is escaped even inside it, as GFM tables require; elsewhere a backslash in a code span would show.
 */
function code(text: string, options: { table?: boolean } = {}, max = CELL_MAX_CHARS): string {
  const flat = flatten(text, max);
  if (flat === '') return '';
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${options.table ? flat.replace(/\|/g, '\\|') : flat}${pad}${fence}`;
}

/** A link whose URL cannot break out of the Markdown link syntax. */
function link(label: string, url: string): string {
  const safeUrl = url.replace(/[\s()<>|\\"`]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return /^https?:\/\//.test(safeUrl) ? `[${escapeMarkdown(label)}](${safeUrl})` : escapeMarkdown(label);
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

// ------------------------------------------------------------------------------------------- sections

function verdictLines(verdict: RunVerdict): string[] {
  const passes = verdict.outcome === 'pass';
  const heading = passes ? '## ✅ MCP Tasks conformance: passed' : '## ❌ MCP Tasks conformance: failed';
  const lines = [heading, '', `${passes ? '**Passed**' : '**Failed**'}: ${escapeMarkdown(verdict.summary, 1000)}.`];
  // How much the verdict rests on; a warning sign when most checks skipped, since the pass then says little.
  if (verdict.evidence) lines.push('', `${verdict.evidence.mostlySkipped ? '⚠️ ' : ''}**Judged:** ${escapeMarkdown(verdict.evidence.line, 1000)}.`);
  return lines;
}

function contextLines(report: RunReport, verdict: RunVerdict): string[] {
  const target = report.target;
  const protocol = report.negotiatedProtocolVersion;
  const parts = [
    `**Target:** ${code(target.description) || '(none)'} (${target.transport}${target.bundledReference ? ', bundled reference receiver' : ''})`,
    `**Role:** ${escapeMarkdown(report.role)}`,
    `**Profile:** ${link(report.profile.title, report.profile.specUrl)}`,
    `**Protocol:** ${protocol ? escapeMarkdown(protocol, 100) : 'none negotiated'}${protocol && protocol !== report.specVersion ? ' ⚠️' : ''}`,
    `**Tool:** ${escapeMarkdown(`${report.tool.name} ${report.tool.version}`)}`,
    `**Duration:** ${formatDuration(report.durationMs)}`,
  ];
  if (verdict.strict) parts.push('**Strict:** yes');
  if (verdict.baseline) parts.push(`**Baseline:** ${verdict.baseline.file ? code(verdict.baseline.file) : 'yes'}`);
  const lines = [parts.join(' · ')];
  if (report.calibration) lines.push('', `**Calibration:** ${escapeMarkdown(describeCalibration(report.calibration), 500)}`);
  const pace = report.calibration && describePace(report.calibration);
  if (pace) lines.push('', `**Pace:** ${escapeMarkdown(pace, 500)}`);
  if (report.notices.length > 0) {
    lines.push('');
    for (const notice of report.notices) lines.push(`- ${escapeMarkdown(notice, 500)}`);
  }
  return lines;
}

/**
 * Lines of the target as a fenced block: each flattened to printable text and cut, the fence longer than any run of
 * backticks inside, so nothing the target wrote can close it or render as Markdown.
 */
function codeBlock(lines: readonly string[]): string[] {
  const flat = lines.map((line) => {
    const clean = line
      .replace(/\t/g, '  ')
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '')
      .trimEnd();
    const chars = Array.from(clean);
    return chars.length <= CELL_MAX_CHARS ? clean : `${chars.slice(0, CELL_MAX_CHARS - 1).join('')}…`;
  });
  const longest = Math.max(0, ...flat.flatMap((line) => [...line.matchAll(/`+/g)].map((m) => m[0].length)));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}text`, ...flat, fence];
}

/** The server under test died: when, how, which checks were in flight, what the suite did, and its last stderr lines. */
function exitLines(report: RunReport): string[] {
  const exits = exitsToShow(report.targetExits);
  if (exits.length === 0) return [];
  const lines = ['### ⚠️ The server under test died during the run'];
  for (const exit of exits) {
    const inFlight =
      exit.check === undefined && exit.checks.length > 0
        ? ` In flight: ${exit.checks
            .slice(0, 20)
            .map((check) => code(check))
            .join(', ')}${exit.checks.length > 20 ? ', …' : ''}.`
        : '';
    lines.push('', `**${escapeMarkdown(exitHeadline(exit), 500)}.**${inFlight} ${escapeMarkdown(exitAftermath(exit), 1000)}`.trimEnd());
    const tail = (exit.stderrTail ?? []).slice(-EXIT_STDERR_LINES).map((line) => line.text);
    if (!exit.stderrTail) lines.push('', '_The suite did not start it, so its stderr is not known._');
    else lines.push('', ...(tail.length > 0 ? codeBlock(tail) : ['_It wrote nothing to stderr._']));
  }
  const more = (report.targetExits?.length ?? 0) - exits.length;
  if (more > 0) lines.push('', `_${more} more not shown; the JSON report (--json) has every one._`);
  return lines;
}

function countLines(report: RunReport): string[] {
  const s = report.summary;
  const total = s.pass + s.fail + s.warn + s.skip + s.inconclusive + s.error;
  return [
    row(['✅ pass', '❌ fail', '⚠️ warn', '⏭️ skip', '❔ inconclusive', '💥 error', 'total']),
    row(['---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    row([s.pass, s.fail, s.warn, s.skip, s.inconclusive, s.error, total].map(String)),
  ];
}

function truncationNote(shown: number, total: number, what: string): string[] {
  return total > shown ? ['', `_${total - shown} more ${what} not shown; the JSON report (--json) has every result._`] : [];
}

function requirementLinks(result: CheckResult, urls: ReadonlyMap<string, string>): string {
  const ids = [...result.requirements];
  for (const finding of result.findings) if (!ids.includes(finding.requirement)) ids.push(finding.requirement);
  return ids
    .map((id) => {
      const url = urls.get(id);
      return url ? link(id, url) : escapeMarkdown(id);
    })
    .join(', ');
}

const PROBLEM_ORDER: Record<Outcome, number> = { fail: 0, error: 1, warn: 2, inconclusive: 3, pass: 4, skip: 5 };

function problemLines(report: RunReport, verdict: RunVerdict, maxRows: number): string[] {
  const { baseline } = verdict;
  const problems = report.results
    .map((result, index) => ({ result, index }))
    .filter(({ result }) => result.outcome === 'fail' || result.outcome === 'error' || result.outcome === 'warn')
    .sort((a, b) => PROBLEM_ORDER[a.result.outcome] - PROBLEM_ORDER[b.result.outcome] || a.index - b.index)
    .map(({ result }) => result);
  if (problems.length === 0) return [];

  const urls = new Map(report.coverage.map((entry) => [entry.id, entry.url]));
  const expected = new Map(baseline?.expected.map((entry) => [entry.check, entry]) ?? []);
  const stale = new Set(baseline?.stale.map((entry) => entry.check) ?? []);
  const unexpected = new Set(verdict.failing.map((entry) => entry.check));

  const header = ['check', 'outcome', 'requirements', 'reason'];
  if (baseline) header.push('baseline');
  const lines = [`### Failures and warnings (${problems.length})`, '', row(header), row(header.map(() => '---'))];
  for (const result of problems.slice(0, maxRows)) {
    const cells = [code(result.id, { table: true }), OUTCOME_LABEL[result.outcome], requirementLinks(result, urls), escapeMarkdown(result.message)];
    if (baseline) {
      const entry = expected.get(result.id);
      if (entry) {
        const reason = escapeMarkdown(entry.reason, 200);
        cells.push(`expected: ${entry.link ? `${reason} (${link('link', entry.link)})` : reason}`);
      } else if (stale.has(result.id)) {
        cells.push('**stale entry**');
      } else if (unexpected.has(result.id)) {
        cells.push('**new**');
      } else {
        cells.push('');
      }
    }
    lines.push(row(cells));
  }
  lines.push(...truncationNote(Math.min(maxRows, problems.length), problems.length, 'failures and warnings'));
  return lines;
}

/** Checks that could not reach their purpose: each names the prerequisite refused and the check that judges it. */
function inconclusiveLines(report: RunReport, maxRows: number): string[] {
  const inconclusive = report.results.filter((result) => result.outcome === 'inconclusive');
  if (inconclusive.length === 0) return [];
  const lines = [
    `### Inconclusive (${inconclusive.length})`,
    '',
    'These checks could not reach what they verify because of a root cause that the check named fails in this run; they do not fail the run by themselves.',
    '',
    row(['check', 'why']),
    row(['---', '---']),
  ];
  for (const result of inconclusive.slice(0, maxRows)) lines.push(row([code(result.id, { table: true }), escapeMarkdown(result.message)]));
  lines.push(...truncationNote(Math.min(maxRows, inconclusive.length), inconclusive.length, 'inconclusive checks'));
  return lines;
}

function baselineLines(verdict: NonNullable<RunVerdict['baseline']>, maxRows: number): string[] {
  const lines: string[] = [];
  const from = verdict.file ? code(verdict.file) : 'the baseline';
  if (verdict.stale.length > 0) {
    lines.push(`### Stale baseline entries (${verdict.stale.length})`, '', `These checks no longer fail: remove their entries from ${from}.`, '');
    lines.push(row(['check', 'listed reason', 'now']), row(['---', '---', '---']));
    for (const entry of verdict.stale.slice(0, maxRows)) {
      lines.push(row([code(entry.check, { table: true }), escapeMarkdown(entry.reason), escapeMarkdown(entry.message)]));
    }
    lines.push(...truncationNote(Math.min(maxRows, verdict.stale.length), verdict.stale.length, 'stale entries'), '');
  }
  if (verdict.unknown.length > 0) {
    lines.push(`### Unknown baseline entries (${verdict.unknown.length})`, '', `${from} names checks this suite does not have; fix the IDs or remove the entries:`, '');
    for (const entry of verdict.unknown.slice(0, maxRows)) lines.push(`- ${code(entry.check)}: ${escapeMarkdown(entry.message)}`);
    lines.push(...truncationNote(Math.min(maxRows, verdict.unknown.length), verdict.unknown.length, 'unknown entries'), '');
  }
  if (verdict.notExercised.length > 0) {
    lines.push(
      `### Baseline entries not exercised (${verdict.notExercised.length})`,
      '',
      'These listed checks were skipped, inconclusive or not selected, so this run cannot tell whether they still fail:',
      '',
    );
    for (const entry of verdict.notExercised.slice(0, maxRows)) lines.push(`- ${code(entry.check)}: ${escapeMarkdown(entry.message)}`);
    lines.push(...truncationNote(Math.min(maxRows, verdict.notExercised.length), verdict.notExercised.length, 'entries'), '');
  }
  return lines;
}

function unstableLines(unstable: NonNullable<RunVerdict['unstable']>, maxRows: number): string[] {
  const lines = [`### Verdicts that changed between runs (${unstable.length})`, '', 'Each of these fails the run: the same check gave different outcomes in the runs of `--repeat`.', ''];
  for (const entry of unstable.slice(0, maxRows)) lines.push(`- ${code(entry.check)}: ${entry.outcomes.join(' → ')}`);
  lines.push(...truncationNote(Math.min(maxRows, unstable.length), unstable.length, 'checks'));
  return lines;
}

type CoverageState = Outcome | 'explained' | 'none';
const COVERAGE_COLUMNS: { state: CoverageState; label: string }[] = [
  { state: 'pass', label: '✅ passed' },
  { state: 'fail', label: '❌ failed' },
  { state: 'warn', label: '⚠️ warned' },
  { state: 'error', label: '💥 error' },
  { state: 'inconclusive', label: '❔ inconclusive' },
  { state: 'skip', label: '⏭️ skipped' },
  { state: 'explained', label: 'explained, no check' },
  { state: 'none', label: 'no check in this run' },
];
/** A requirement takes the worst outcome among the checks that verify it (a fail outranks an error: it is a verdict). */
const STATE_RANK: Record<Outcome, number> = { fail: 5, error: 4, warn: 3, pass: 2, inconclusive: 1, skip: 0 };

function coverageState(entry: CoverageEntry, outcomes: ReadonlyMap<string, Outcome>): CoverageState {
  if (entry.checks.length === 0) return entry.reason ? 'explained' : 'none';
  let worst: Outcome = 'skip';
  for (const check of entry.checks) {
    const outcome = outcomes.get(check) ?? 'skip';
    if (STATE_RANK[outcome] > STATE_RANK[worst]) worst = outcome;
  }
  return worst;
}

function coverageLines(report: RunReport, maxRows: number): string[] {
  if (report.coverage.length === 0) return [];
  const outcomes = new Map<string, Outcome>();
  for (const result of report.results) {
    const seen = outcomes.get(result.id);
    if (seen === undefined || STATE_RANK[result.outcome] > STATE_RANK[seen]) outcomes.set(result.id, result.outcome);
  }
  const sections = new Map<string, { url: string; counts: Record<CoverageState, number>; total: number }>();
  const totals: Record<CoverageState, number> = { pass: 0, fail: 0, warn: 0, error: 0, inconclusive: 0, skip: 0, explained: 0, none: 0 };
  for (const entry of report.coverage) {
    let section = sections.get(entry.section);
    if (!section) {
      section = { url: entry.url, counts: { pass: 0, fail: 0, warn: 0, error: 0, inconclusive: 0, skip: 0, explained: 0, none: 0 }, total: 0 };
      sections.set(entry.section, section);
    }
    const state = coverageState(entry, outcomes);
    section.counts[state] += 1;
    section.total += 1;
    totals[state] += 1;
  }
  const header = ['spec section', 'requirements', ...COVERAGE_COLUMNS.map((c) => c.label)];
  const lines = [
    `### Coverage by spec section (${report.coverage.length} requirements)`,
    '',
    'A requirement counts under the worst outcome of the checks of this run that verify it. ' +
      '"Explained" requirements have no check for a stated reason (not testable, binding the requestor, a permission…).',
    '',
    row(header),
    row(['---', ...header.slice(1).map(() => '---:')]),
  ];
  const entries = [...sections.entries()];
  for (const [name, section] of entries.slice(0, maxRows)) {
    lines.push(row([link(name, section.url), String(section.total), ...COVERAGE_COLUMNS.map((c) => String(section.counts[c.state]))]));
  }
  lines.push(row(['**all**', `**${report.coverage.length}**`, ...COVERAGE_COLUMNS.map((c) => `**${totals[c.state]}**`)]));
  lines.push(...truncationNote(Math.min(maxRows, entries.length), entries.length, 'sections'));
  return lines;
}

function capBytes(text: string): string {
  if (Buffer.byteLength(text, 'utf8') <= MARKDOWN_MAX_BYTES) return text;
  const note = '\n\n_The summary was cut to stay within the size GitHub accepts; the JSON report has everything._\n';
  const budget = MARKDOWN_MAX_BYTES - Buffer.byteLength(note, 'utf8');
  const cut = Buffer.from(text, 'utf8')
    .subarray(0, budget)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  return `${cut.slice(0, Math.max(0, cut.lastIndexOf('\n')))}${note}`;
}

// ------------------------------------------------------------------------------------------- entry points

/** The Markdown summary of a run, ending with a newline. */
export function buildMarkdownSummary(report: RunReport, options: MarkdownOptions = {}): string {
  const maxRows = Math.max(1, Math.floor(options.maxRows ?? MARKDOWN_MAX_ROWS));
  const verdict = reportVerdict(report, options.strict);
  const blocks: string[][] = [verdictLines(verdict), contextLines(report, verdict)];
  const exits = exitLines(report);
  if (exits.length > 0) blocks.push(exits);
  blocks.push(countLines(report));
  const problems = problemLines(report, verdict, maxRows);
  if (problems.length > 0) blocks.push(problems);
  const inconclusive = inconclusiveLines(report, maxRows);
  if (inconclusive.length > 0) blocks.push(inconclusive);
  if (verdict.baseline) {
    const lines = baselineLines(verdict.baseline, maxRows);
    while (lines.at(-1) === '') lines.pop();
    if (lines.length > 0) blocks.push(lines);
  }
  if (verdict.unstable && verdict.unstable.length > 0) blocks.push(unstableLines(verdict.unstable, maxRows));
  const coverage = coverageLines(report, maxRows);
  if (coverage.length > 0) blocks.push(coverage);
  return capBytes(`${blocks.map((block) => block.join('\n')).join('\n\n')}\n`);
}

/**
 * Writes the Markdown summary to `file` (atomically) when given, and appends it to the file named by
 * GITHUB_STEP_SUMMARY when that is set, so each run adds to the job summary. Returns the paths written.
 */
export async function writeMarkdownSummary(file: string | undefined, report: RunReport, options: MarkdownOptions = {}): Promise<string[]> {
  const text = buildMarkdownSummary(report, options);
  const stepSummary = process.env.GITHUB_STEP_SUMMARY || undefined;
  const written: string[] = [];
  // When FILE is the step summary itself, append only: replacing it would drop what earlier steps wrote.
  if (file && !(stepSummary && resolve(stepSummary) === resolve(file))) {
    await writeFileAtomic(file, text);
    written.push(file);
  }
  if (stepSummary) {
    await mkdir(dirname(stepSummary), { recursive: true });
    await appendFile(stepSummary, `${text}\n`, 'utf8');
    written.push(stepSummary);
  }
  return written;
}
