// The JUnit XML report of an exploration (explore --junit FILE), built with junit-report-builder like reports/junit.ts:
// one <testsuite> "mcp-tasks-conformance <profile> · explore" whose properties say what ran (seed, runs, operations,
// budget, target), and one <testcase> per property of the model. A property broken under a MUST is a <failure> carrying
// the shrunk operations, the message, the requirement and the replay command; one broken under a SHOULD (warn) passes
// with the warning in <system-out>, unless the exploration's verdict fails on it (--strict); a property never exercised
// is <skipped>, one left without a verdict (the receiver hung, the harness failed) an <error>. It renders the report's
// outcomes and verdict; it decides neither.
//
// The text is cleaned, the builder found and its quirks handled by the run report's JUnit helpers (reports/junit.ts),
// and the file validates against Jenkins' junit-10.xsd (test/reports/explore-reports.test.ts): no `skipped` count on
// <testsuites>, no <properties> in a <testcase>.

import type { Builder } from 'junit-report-builder';

import type { Counterexample, ExploreReport, PropertyResult } from '../harness/explore/report.js';
import { writeFileAtomic } from './json.js';
import { attributeText, cdataText, freshBuilder, JUNIT_ROOT_NAME, junitTimestamp, RUN_VERDICT_CASE, seconds, SYSTEM_OUT_MAX_BYTES, withoutRootSkipped, withSkipMessage } from './junit.js';
import { EXPLORE_SUITE, formatMs, shrinkLine, stepLine, stepsOf, transcriptLine, verdictLine } from './explore-text.js';

export interface ExploreJunitOptions {
  /**
   * A warn fails JUnit consumers, as --strict does. Default: whatever the report's verdict says (the CLI sets its outcome
   * to fail under --strict when a property warned).
   */
  strict?: boolean;
}

/** Lines of text for <system-out>, each on one line and cleaned, cut at SYSTEM_OUT_MAX_BYTES with a note. */
function systemOut(lines: readonly string[]): string {
  const budget = SYSTEM_OUT_MAX_BYTES - 512;
  let out = '';
  for (let i = 0; i < lines.length; i += 1) {
    const line = `${cdataText(lines[i]!.replace(/\r\n|\r|\n/g, '\\n'))}\n`;
    if (Buffer.byteLength(out + line, 'utf8') > budget) {
      return `${out}note: system-out truncated at ${SYSTEM_OUT_MAX_BYTES / 1024} KB: the last ${lines.length - i} of ${lines.length} lines are left out; the JSON report has everything\n`;
    }
    out += line;
  }
  return out;
}

/** What a counterexample says, for a <failure> body or a warning's <system-out>: the operations, the requirement, the replay. */
function counterexampleLines(report: ExploreReport, counterexample: Counterexample): string[] {
  const lines = [
    counterexample.message,
    '',
    `Requirement: ${counterexample.requirement} [${counterexample.keyword}] ${report.profile.specUrl}`,
    '',
    `Operations (${shrinkLine(counterexample)}; operations with the same number were sent together):`,
    ...stepsOf(counterexample.operations).map((step, index) => `${String(index + 1).padStart(2)}. ${stepLine(step)}`),
    '',
    `Replay: ${counterexample.replayCommand}`,
  ];
  if (counterexample.file) lines.push(`Counterexample file: ${counterexample.file}`);
  lines.push(`fast-check seed ${counterexample.seed}${counterexample.path ? `, path ${counterexample.path}` : ''}`);
  return lines;
}

/** Adds the property's test case; returns whether it fails JUnit consumers (a <failure> or an <error>). */
function addPropertyCase(suite: ReturnType<Builder['testSuite']>, report: ExploreReport, property: PropertyResult, warnFails: boolean): boolean {
  const testCase = suite
    .testCase()
    .className(EXPLORE_SUITE)
    .name(attributeText(`${property.id}: ${property.title}`));
  const counterexample = property.counterexample;
  const lead = [`requirements: ${property.requirements.join(',')}`, `outcome: ${property.outcome}`, `observations: ${property.observations}`];
  const body = counterexample ? counterexampleLines(report, counterexample) : [property.message];
  let fails = false;
  switch (property.outcome) {
    case 'fail':
      testCase.failure(attributeText(property.message), counterexample?.keyword ?? 'MUST').stacktrace(cdataText(body.join('\n')));
      fails = true;
      break;
    case 'warn':
      lead.push(`WARN: ${property.message}`);
      if (warnFails) {
        testCase.failure(attributeText(property.message), counterexample?.keyword ?? 'SHOULD').stacktrace(cdataText(body.join('\n')));
        fails = true;
      } else if (counterexample) {
        lead.push('', ...counterexampleLines(report, counterexample));
      }
      break;
    case 'skip':
      testCase.skipped();
      withSkipMessage(testCase, attributeText(property.message));
      lead.push(`SKIP: ${property.message}`);
      break;
    case 'error':
      testCase.error(attributeText(property.message), 'harness-error', cdataText([property.message, '', `The exploration ended because ${report.endedBecause}.`].join('\n')));
      fails = true;
      break;
    default:
      lead.push(`PASS: ${property.message}`);
  }
  const transcript = counterexample ? ['', 'Transcript of the shrunk run:', ...counterexample.transcript.map(transcriptLine)] : [];
  testCase.standardOutput(systemOut([...lead, ...transcript]));
  return fails;
}

/** The JUnit XML document of an exploration. */
export function buildExploreJunit(report: ExploreReport, options: ExploreJunitOptions = {}): string {
  const builder = freshBuilder().name(JUNIT_ROOT_NAME);
  const suite = builder
    .testSuite()
    .name(attributeText(`${JUNIT_ROOT_NAME} ${report.profile.id} · ${EXPLORE_SUITE}`))
    .timestamp(junitTimestamp(report.startedAt));
  suite.property('seed', String(report.seed));
  suite.property('runs', `${report.runsDone} of ${report.runsRequested}`);
  suite.property('operations', String(report.operations));
  suite.property('budget', formatMs(report.budgetMs));
  suite.property('target', attributeText(report.target.description));
  suite.property('transport', attributeText(report.target.transport));
  suite.property('profile', attributeText(`${report.profile.title} <${report.profile.specUrl}>`));
  suite.property('tool', attributeText(`${report.tool.name} ${report.tool.version}`));
  suite.property('endedBecause', attributeText(report.endedBecause));
  report.notices.forEach((notice, index) => suite.property(`notice.${index + 1}`, attributeText(notice)));
  // What the runs exercised: one property per task state, its operations tried.
  for (const row of report.coverage ?? []) {
    const tried = Object.entries(row.operations).map(([kind, count]) => `${kind} ${count}`);
    suite.property(attributeText(`coverage.${row.state}`), attributeText(tried.join(', ')));
  }

  // Under --strict the verdict fails on a warn: then the warn fails JUnit consumers too.
  const failsOtherwise = report.properties.some((property) => property.outcome === 'fail' || property.outcome === 'error');
  const warnFails = options.strict ?? (report.outcome === 'fail' && !failsOtherwise);
  let failureWritten = false;
  for (const property of report.properties) if (addPropertyCase(suite, report, property, warnFails)) failureWritten = true;
  // What fails the exploration must fail JUnit consumers, also when no property's test case shows it.
  if (report.outcome === 'fail' && !failureWritten) {
    const verdict = `the exploration failed: ${verdictLine(report)}; ${report.endedBecause}`;
    suite.testCase().className(RUN_VERDICT_CASE).name(`${RUN_VERDICT_CASE}: the exploration passes`).failure(attributeText(verdict), RUN_VERDICT_CASE).stacktrace(cdataText(verdict));
  }
  suite.time(seconds(report.durationMs));
  // Jenkins' schema allows no `skipped` count on <testsuites> (each <testsuite> keeps its own).
  return withoutRootSkipped(builder.build());
}

/** Writes the JUnit XML atomically, creating the folder when needed. */
export async function writeExploreJunit(file: string, report: ExploreReport, options: ExploreJunitOptions = {}): Promise<void> {
  await writeFileAtomic(file, `${buildExploreJunit(report, options)}\n`);
}
