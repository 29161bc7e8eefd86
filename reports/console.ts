// Console output: one line per finished check and a summary at the end of the run, ending with the run's verdict.
// Text only; colour (plain ANSI codes) only when the caller asks for it. It renders the verdict the report
// carries (harness/engine/run-policy.ts decided it); it never decides whether the run passes.

import type { CheckResult, Outcome, RunReport, RunVerdict } from '../harness/model/model.js';
import { reportVerdict } from '../harness/engine/run-policy.js';
import { plural, describeCalibration, describeRole, describePace, describeServer, EXIT_STDERR_LINES, exitHeadline, exitsToShow } from './text.js';

export interface ConsoleOptions {
  /** Colour the outcome tags and headings with ANSI escape codes. Default false. */
  color?: boolean;
  /** For a report without a verdict: a warn fails the run, as --strict does. Default false. */
  strict?: boolean;
}

/** Longest message shown on a check line. */
const LINE_MESSAGE_MAX = 160;
/** Longest message shown per failure in the summary. */
const SUMMARY_MESSAGE_MAX = 400;

const TAGS: Record<Outcome, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP', inconclusive: 'INCONC', error: 'ERROR' };
const TAG_WIDTH = 5;

const ANSI = {
  reset: '\u001b[0m',
  bold: '\u001b[1m',
  dim: '\u001b[2m',
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  magenta: '\u001b[35m',
  cyan: '\u001b[36m',
} as const;

const TAG_COLOUR: Record<Outcome, string> = {
  pass: ANSI.green,
  fail: ANSI.red,
  warn: ANSI.yellow,
  skip: ANSI.dim,
  inconclusive: ANSI.cyan,
  error: `${ANSI.bold}${ANSI.magenta}`,
};

function paint(text: string, code: string, color: boolean | undefined): string {
  return color ? `${code}${text}${ANSI.reset}` : text;
}

/**
 * Makes text from the implementation under test safe for one terminal line: control characters
 * (including ESC, so the peer cannot inject terminal sequences) are dropped, any whitespace run
 * becomes one space, and the result is cut at `max` characters with an ellipsis.
 */
function oneLine(text: string, max: number): string {
  const flat = text
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

/** Lines shown per list of the verdict (stale, unknown, not exercised, changed) before the rest is counted. */
const VERDICT_LIST_MAX = 20;

function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '? ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function tag(outcome: Outcome, color: boolean | undefined): string {
  const label = TAGS[outcome] ?? String(outcome).toUpperCase();
  return paint(label, TAG_COLOUR[outcome] ?? '', color) + ' '.repeat(Math.max(1, TAG_WIDTH + 2 - label.length));
}

/**
 * One line for a finished check:
 * `FAIL  result.exact-success  tasks/result returns what the plain call returns — expected …, got …  (312 ms)`.
 */
export function formatCheckLine(result: CheckResult, options: ConsoleOptions = {}): string {
  const title = oneLine(result.title, LINE_MESSAGE_MAX);
  const message = result.message ? oneLine(result.message, LINE_MESSAGE_MAX) : '';
  const what = message ? `${title} — ${message}` : title;
  const duration = paint(`(${formatDuration(result.durationMs)})`, ANSI.dim, options.color);
  return `${tag(result.outcome, options.color)}${oneLine(result.id, 200)}  ${what}  ${duration}`;
}

/**
 * The end-of-run summary, several lines: tool and profile (its spec link), target, role, negotiated protocol version
 * (said plainly when it is not the spec version), notices, counts, duration, and each failure and error.
 */
export function formatSummary(report: RunReport, options: ConsoleOptions = {}): string {
  const { color } = options;
  const lines: string[] = [];
  const label = (text: string) => labelFor(text, color);

  lines.push(paint(`${report.tool.name} ${report.tool.version} — ${oneLine(report.profile.title, 200)}`, ANSI.bold, color));
  lines.push(`${label('Spec:')}${oneLine(report.profile.specUrl, 300)}`);

  const target = report.target;
  lines.push(`${label('Target:')}${oneLine(target.description, 300)} (${target.transport}${target.bundledReference ? ', bundled reference receiver' : ''})`);
  lines.push(`${label('Role:')}${describeRole(report)}`);

  const negotiated = report.negotiatedProtocolVersion;
  if (negotiated === undefined || negotiated === '') {
    lines.push(`${label('Protocol:')}no protocol version was negotiated`);
  } else if (negotiated === report.specVersion) {
    lines.push(`${label('Protocol:')}${oneLine(negotiated, 100)}`);
  } else {
    lines.push(
      `${label('Protocol:')}${paint(
        `${oneLine(negotiated, 100)} — NOT ${report.specVersion}; the target negotiated another protocol version, so these results may not reflect its ${report.specVersion} behaviour`,
        ANSI.yellow,
        color,
      )}`,
    );
  }

  const described = describeServer(report.serverInfo);
  const server = described === undefined ? undefined : oneLine(described, 200);
  if (server) lines.push(`${label('Server:')}${server}`);
  if (report.calibration) lines.push(`${label('Calibration:')}${oneLine(describeCalibration(report.calibration), 300)}`);
  const pace = report.calibration && describePace(report.calibration);
  if (pace) lines.push(`${label('Pace:')}${oneLine(pace, 300)}`);

  if (report.notices.length > 0) {
    lines.push(label('Notices:').trimEnd());
    for (const notice of report.notices) lines.push(`  - ${oneLine(notice, SUMMARY_MESSAGE_MAX)}`);
  }
  // The server's own last words: what the user needs to find the crash, which no check's message has room for.
  for (const exit of exitsToShow(report.targetExits)) {
    lines.push(`${label('Server died:')}${paint(oneLine(exitHeadline(exit), 300), ANSI.red, color)}`);
    const tail = (exit.stderrTail ?? []).slice(-EXIT_STDERR_LINES);
    if (!exit.stderrTail) lines.push('  (the suite did not start it, so its stderr is not known)');
    else if (tail.length === 0) lines.push('  (it wrote nothing to stderr)');
    for (const line of tail) lines.push(`  stderr | ${oneLine(line.text, 300)}`);
  }

  const s = report.summary;
  const total = s.pass + s.fail + s.warn + s.skip + s.inconclusive + s.error;
  const counts = [
    paint(`${s.pass} passed`, ANSI.green, color && s.pass > 0),
    paint(`${s.fail} failed`, ANSI.red, color && s.fail > 0),
    paint(`${s.warn} warned`, ANSI.yellow, color && s.warn > 0),
    `${s.skip} skipped`,
    paint(`${s.inconclusive} inconclusive`, ANSI.cyan, color && s.inconclusive > 0),
    paint(plural(s.error, 'error', 'errors'), ANSI.magenta, color && s.error > 0),
  ].join(', ');
  lines.push(`${label('Results:')}${counts} (${plural(total, 'check', 'checks')})`);
  lines.push(`${label('Duration:')}${(Math.max(0, report.durationMs) / 1000).toFixed(1)} s`);

  const verdict = reportVerdict(report, options.strict);
  const expected = new Map(verdict.baseline?.expected.map((entry) => [entry.check, entry.reason]) ?? []);
  const broken = report.results.filter((result) => result.outcome === 'fail' || result.outcome === 'error');
  if (broken.length > 0) {
    lines.push('');
    lines.push(paint('Failures and errors:', ANSI.bold, color));
    for (const result of broken) {
      const reason = expected.get(result.id);
      const note = reason === undefined ? '' : paint(`  (expected by the baseline: ${oneLine(reason, 200)})`, ANSI.dim, color);
      lines.push(`  ${tag(result.outcome, color)}${oneLine(result.id, 200)}  ${oneLine(result.message, SUMMARY_MESSAGE_MAX)}${note}`);
    }
  }
  // A SHOULD not met: listed beside the failures, since under --strict they are failures.
  const warnings = report.results.filter((result) => result.outcome === 'warn');
  if (warnings.length > 0) {
    lines.push('');
    lines.push(paint(verdict.strict ? 'Warnings (they fail the run under --strict):' : 'Warnings (a SHOULD not met; they fail the run only under --strict):', ANSI.bold, color));
    for (const result of warnings.slice(0, VERDICT_LIST_MAX)) lines.push(`  ${tag(result.outcome, color)}${oneLine(result.id, 200)}  ${oneLine(result.message, SUMMARY_MESSAGE_MAX)}`);
    if (warnings.length > VERDICT_LIST_MAX) lines.push(`  … and ${warnings.length - VERDICT_LIST_MAX} more (the JSON report has them all)`);
  }
  // Each names the prerequisite that stopped it and the check that judges it: the root cause is failed there, once.
  const inconclusive = report.results.filter((result) => result.outcome === 'inconclusive');
  if (inconclusive.length > 0) {
    lines.push('');
    lines.push(paint('Inconclusive (a root cause the check named fails in this run; these do not fail the run by themselves):', ANSI.bold, color));
    for (const result of inconclusive.slice(0, VERDICT_LIST_MAX)) lines.push(`  ${tag(result.outcome, color)}${oneLine(result.id, 200)}  ${oneLine(result.message, SUMMARY_MESSAGE_MAX)}`);
    if (inconclusive.length > VERDICT_LIST_MAX) lines.push(`  … and ${inconclusive.length - VERDICT_LIST_MAX} more (the JSON report has them all)`);
  }
  lines.push(...verdictLines(verdict, color));
  return lines.join('\n');
}

/** A bold label padded so that the values after it line up. */
function labelFor(text: string, color: boolean | undefined): string {
  return paint(text.padEnd(13), ANSI.bold, color);
}

/** A heading and up to VERDICT_LIST_MAX indented lines, the rest counted. */
function listLines(heading: string, items: readonly string[], color: boolean | undefined): string[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, VERDICT_LIST_MAX).map((item) => `  ${oneLine(item, SUMMARY_MESSAGE_MAX)}`);
  const more = items.length > VERDICT_LIST_MAX ? [`  … and ${items.length - VERDICT_LIST_MAX} more (the JSON report has them all)`] : [];
  return ['', paint(heading, ANSI.bold, color), ...shown, ...more];
}

/** The baseline's accounting, the checks whose verdict changed between runs, and last the verdict itself. */
function verdictLines(verdict: RunVerdict, color: boolean | undefined): string[] {
  const lines: string[] = [];
  const { baseline } = verdict;
  if (baseline) {
    const counts = [
      plural(baseline.expected.length, 'expected failure'),
      plural(baseline.stale.length, 'stale entry', 'stale entries'),
      plural(baseline.unknown.length, 'unknown entry', 'unknown entries'),
      `${baseline.notExercised.length} not exercised`,
    ].join(', ');
    lines.push('', `${paint(`Baseline ${oneLine(baseline.file ?? '(given in code)', 300)}:`, ANSI.bold, color)} ${counts}`);
    lines.push(
      ...listLines(
        'Stale baseline entries (they fail the run):',
        baseline.stale.map((entry) => entry.message),
        color,
      ),
    );
    lines.push(
      ...listLines(
        'Unknown baseline entries (they fail the run):',
        baseline.unknown.map((entry) => entry.message),
        color,
      ),
    );
    lines.push(
      ...listLines(
        'Baseline entries not exercised:',
        baseline.notExercised.map((entry) => entry.message),
        color,
      ),
    );
  }
  if (verdict.unstable) {
    lines.push(
      ...listLines(
        'Verdicts that changed between runs:',
        verdict.unstable.map((entry) => `${entry.check}: ${entry.outcomes.join(' → ')}`),
        color,
      ),
    );
  }
  // How much the verdict rests on, said beside it: a pass that judged little must not read as a full one.
  if (verdict.evidence) lines.push('', `${labelFor('Judged:', color)}${paint(oneLine(verdict.evidence.line, SUMMARY_MESSAGE_MAX), ANSI.yellow, color && verdict.evidence.mostlySkipped)}`);
  const word = verdict.outcome === 'pass' ? paint('PASS', `${ANSI.bold}${ANSI.green}`, color) : paint('FAIL', `${ANSI.bold}${ANSI.red}`, color);
  lines.push('', `${labelFor('Verdict:', color)}${word} — ${oneLine(verdict.summary, SUMMARY_MESSAGE_MAX)}${verdict.strict ? ' (strict)' : ''}`);
  return lines;
}

/** A report file written, for the console's last lines. */
export interface WrittenReport {
  format: 'JSON' | 'JUnit' | 'Markdown' | 'HTML';
  path: string;
}

/** The console's last lines: where each report was written, so the reader knows what to open next. */
export function formatWrittenReports(written: readonly WrittenReport[]): string {
  if (written.length === 0) return 'Reports: none written (--json, --junit, --markdown or --html FILE writes one)';
  return ['Reports written:', ...written.map(({ format, path }) => `  ${format.padEnd(9)}${oneLine(path, 400)}`)].join('\n');
}
