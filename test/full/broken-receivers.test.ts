// The suite against receivers that break in ways a conformance run must survive: crashes, silence,
// garbage, floods, huge messages, broken HTTP streams. Each runs the real CLI as a child process (in its
// own process group) and shows that the run ends in bounded time, that the checks which met the breakage
// say what happened while the others still pass, that every report is written and parses, that the exit
// status follows the contract, and that no process is left behind.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../reports/json.js';
import { validateReport } from '../support/report-schema.js';
import { BROKEN_FIXTURES as FIXTURES, BUILT, freePort, leftBehind, removeRunFolders, runCli as runCliWith, type CliRun } from '../support/cli-run.js';

/** Time bounds scaled down so the file stays short; still long enough for verdicts on a loaded 2-core machine. */
const MULTIPLIER = '0.5';
/** No run may take longer than this: a run that does is a hang, and the test ends it and fails. */
const RUN_BOUND_MS = 60_000;

interface Figure {
  fixture: string;
  wall: string;
  exit: string;
  pass: number | string;
  fail: number | string;
  warn: number | string;
  skip: number | string;
  error: number | string;
  jsonKB: string;
  junitKB: string;
  processes: number;
}

const figures: Figure[] = [];

afterAll(() => {
  removeRunFolders();
  if (figures.length === 0) return;
  const order = ['crash-before-initialize', 'crash-on-cancel', 'silent-result', 'never-finishes', 'garbage-stdout', 'invalid-jsonrpc', 'unknown-ids', 'huge-message', 'flood', 'http-drop'];
  figures.sort((a, b) => order.indexOf(a.fixture) - order.indexOf(b.fixture));
  const columns = Object.keys(figures[0]) as (keyof Figure)[];
  const widths = columns.map((column) => Math.max(column.length, ...figures.map((row) => String(row[column]).length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(['', 'broken receivers: one CLI run each', line(columns), line(widths.map((w) => '-'.repeat(w))), ...figures.map((row) => line(columns.map((c) => String(row[c]))))].join('\n'));
});

/** The CLI on ARGS with --json and --junit, bounded by RUN_BOUND_MS. */
function runCli(name: string, args: string[]): Promise<CliRun> {
  return runCliWith(name, args, { boundMs: RUN_BOUND_MS });
}

function stdioArgs(fixture: string, only?: string, multiplier = MULTIPLIER): string[] {
  return ['--command', `node ${join(FIXTURES, `${fixture}.mjs`)}`, '--timeout-multiplier', multiplier, ...(only ? ['--only', only] : [])];
}

/**
 * What holds for every run: bounded time, the exit status, both reports written and well-formed, the
 * summary consistent with the results, no process left running. Returns the parsed JSON report.
 */
async function expectSoundRun(run: CliRun, expectedExit: number): Promise<JsonReport> {
  expect(run.signal, `${run.name}: the CLI was killed`).toBeNull();
  expect(run.wallSeconds).toBeLessThan(RUN_BOUND_MS / 1000);
  expect(run.stderr, `${run.name}: the CLI complained of an internal error`).not.toMatch(/internal error|unhandled rejection|MaxListenersExceeded/i);

  // Reports: written, parse, agree with themselves.
  expect(existsSync(run.jsonFile), `${run.name}: the JSON report was not written; exit ${run.code}; stderr: ${run.stderr.slice(-1500)}`).toBe(true);
  expect(existsSync(run.junitFile), `${run.name}: the JUnit report was not written`).toBe(true);
  const report = JSON.parse(readFileSync(run.jsonFile, 'utf8')) as JsonReport;
  const schemaErrors = validateReport(report) ? [] : (validateReport.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message}`);
  expect(schemaErrors, `${run.name}: results.json does not follow reports/report.schema.json`).toEqual([]);
  const notable = report.results.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip').map((r) => `${r.id}: ${r.outcome} — ${r.message}`);
  expect(run.code, `${run.name}: exit status; stderr: ${run.stderr.slice(-1500)}; checks not passed: ${notable.join(' | ')}`).toBe(expectedExit);
  expect(report.results.length).toBeGreaterThan(0);
  const counted = { pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, error: 0 };
  for (const result of report.results) counted[result.outcome] += 1;
  expect(report.summary).toEqual(counted);
  for (const result of report.results) expect(result.transcript.length).toBeLessThanOrEqual(2001);
  const xml = readFileSync(run.junitFile, 'utf8');
  // No schema: xmllint parses the document (canonicalising it) and reports what is not well-formed.
  const wellFormed = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], normalization: 'c14n' });
  expect(wellFormed.errors.map((e) => e.rawMessage).slice(0, 3), `${run.name}: junit.xml is not well-formed XML`).toEqual([]);
  expect((xml.match(/<testcase\b/g) ?? []).length).toBe(report.results.length);

  // Exit status follows the verdicts (2 only when the run could not happen).
  if (expectedExit !== 2) expect(expectedExit).toBe(counted.fail + counted.error > 0 ? 1 : 0);

  // Nothing left behind: no process we saw, and no process group of one, is still running.
  expect(run.processes.length, `${run.name}: no descendant of the CLI was ever seen`).toBeGreaterThan(0);
  expect(leftBehind(run), `${run.name}: processes or process groups outlived the run`).toEqual([]);

  figures.push({
    fixture: run.name,
    wall: `${run.wallSeconds.toFixed(1)} s`,
    exit: String(run.code),
    pass: counted.pass,
    fail: counted.fail,
    warn: counted.warn,
    skip: counted.skip,
    error: counted.error,
    jsonKB: (statSync(run.jsonFile).size / 1024).toFixed(0),
    junitKB: (statSync(run.junitFile).size / 1024).toFixed(0),
    processes: new Set(run.processes.map((p) => p.pid)).size,
  });
  return report;
}

type Result = JsonReport['results'][number];

/**
 * Checks that no fixture here breaks (they use neither tasks/result, tasks/list nor tasks/cancel): they must
 * still pass next to the ones that meet the breakage. Not creation.prompt: it times the CreateTaskResult
 * against a SHOULD bound, which two loaded cores running several suites at once can miss (an honest warn,
 * but not what these tests are about).
 */
const BYSTANDERS = 'creation.create-task-result-shape,creation.status-working,creation.task-ids,lifecycle.*';
/** For the receivers that break nothing the checks judge (huge message, flood): notifications and results. */
const UNTIMED_CHECKS = 'creation.create-task-result-shape,creation.status-working,creation.task-ids,progress.*,related-task.*,notifications.*';

function byId(report: JsonReport, id: string): Result {
  const result = report.results.find((r) => r.id === id);
  if (!result) throw new Error(`no result for ${id}; ran: ${report.results.map((r) => r.id).join(', ')}`);
  return result;
}

/** The checks that failed or errored, as "id: message" for readable assertion output. */
function broken(report: JsonReport): Result[] {
  return report.results.filter((r) => r.outcome === 'fail' || r.outcome === 'error');
}

/** Every check of these suites (by ID prefix) passed or skipped with a reason: the breakage did not reach them. */
function expectUntouched(report: JsonReport, prefixes: string[]): void {
  const untouched = report.results.filter((r) => prefixes.some((p) => r.id.startsWith(p)));
  expect(untouched.length).toBeGreaterThan(0);
  expect(untouched.filter((r) => r.outcome !== 'pass' && r.outcome !== 'skip').map((r) => `${r.id}: ${r.outcome} — ${r.message}`)).toEqual([]);
  expect(untouched.some((r) => r.outcome === 'pass')).toBe(true);
}

/** Every check that failed says what happened, in terms of the breakage. */
function expectExplained(report: JsonReport, pattern: RegExp, atLeast = 1): Result[] {
  const failed = broken(report);
  expect(failed.length).toBeGreaterThanOrEqual(atLeast);
  expect(failed.filter((r) => !pattern.test(r.message)).map((r) => `${r.id}: ${r.outcome} — ${r.message}`)).toEqual([]);
  return failed;
}

describe.skipIf(!BUILT).concurrent('broken receivers: the suite survives them (run "npm run build" first when running vitest alone)', () => {
  it('1. crashes before initialize: exit 2 with one line on stderr, and the reports still say why', async () => {
    const run = await runCli('crash-before-initialize', stdioArgs('crash-before-initialize'));
    const report = await expectSoundRun(run, 2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^mcp-tasks-conformance: the receiver under test could not be reached: .*exited with code 1.*simulated start-up crash/);
    // Every selected check is reported as not run, with the reason, so CI reading the JUnit file sees errors.
    expect(report.results.every((r) => r.outcome === 'error' && /not run: the receiver under test could not be reached/.test(r.message))).toBe(true);
    expect(report.notices.join(' ')).toMatch(/could not happen/);
  });

  it('2. crashes mid-run (on tasks/cancel, leaving a background child): the cancelling checks fail with the crash, the rest pass', async () => {
    const run = await runCli('crash-on-cancel', stdioArgs('crash-on-cancel', `cancellation.*,${BYSTANDERS}`));
    const report = await expectSoundRun(run, 1);
    // One finding each, on the no-crash requirement: the exit code, the request left unanswered, the last stderr line.
    expectExplained(report, /^BASE-NO-CRASH: .*exited with code 70.*leaving [^;]*tasks\/cancel[^;]* unanswered.*segmentation fault while answering tasks\/cancel/, 3);
    expect(broken(report).flatMap((r) => r.findings.map((f) => f.requirement))).not.toContain('BASE-JSONRPC-RESPONSE');
    expect(byId(report, 'cancellation.cancel-working').outcome).toBe('fail');
    expect(report.targetExits.map((exit) => exit.check).sort()).toEqual(
      broken(report)
        .map((r) => r.id)
        .sort(),
    );
    expectUntouched(report, ['creation.', 'lifecycle.']);
    // The half-written answer is in the transcript.
    const transcript = byId(report, 'cancellation.cancel-working').transcript;
    expect(transcript.some((e) => e.dir === 'in' && e.text?.startsWith('{"jsonrpc":"2.0","id":'))).toBe(true);
    // The `sleep 600` each fixture process left in its group was ended with it (checked in expectSoundRun).
    expect(run.processes.filter((p) => p.command === 'sleep' || p.start === 'recorded').length).toBeGreaterThan(1);
  });

  it('3. never answers tasks/result: those checks time out saying so, the others pass', async () => {
    const run = await runCli('silent-result', stdioArgs('silent-result', `result-retrieval.*,${BYSTANDERS}`));
    const report = await expectSoundRun(run, 1);
    expectExplained(report, /did not answer tasks\/result within \d+ ms/, 3);
    expectUntouched(report, ['creation.', 'lifecycle.']);
  });

  it('4. never finishes its tasks: the checks waiting for an end say the task stayed working, the others pass', async () => {
    const run = await runCli('never-finishes', stdioArgs('never-finishes', `${BYSTANDERS},protocol-errors.unknown-task-*,cancellation.cancel-working`));
    const report = await expectSoundRun(run, 1);
    expectExplained(report, /(last status was "working"|did not answer tasks\/result within)/, 3);
    expectUntouched(report, ['creation.', 'protocol-errors.', 'cancellation.cancel-working']);
  });

  it('5. writes non-JSON to stdout: garbage between messages is shown, and a cut-off tasks/list answer is named', async () => {
    const run = await runCli('garbage-stdout', stdioArgs('garbage-stdout', `listing.*,${BYSTANDERS}`));
    const report = await expectSoundRun(run, 1);
    expectExplained(report, /did not answer tasks\/list within \d+ ms; meanwhile the receiver sent \d+ lines? that (is|are) not JSON/, 3);
    expectUntouched(report, ['creation.', 'lifecycle.']);
    const entries = report.results.flatMap((r) => r.transcript);
    expect(entries.some((e) => e.dir === 'in' && e.text?.startsWith('DEBUG '))).toBe(true);
    expect(entries.some((e) => e.dir === 'in' && e.text?.includes('\u0000'))).toBe(true);
  });

  it('5b. writes non-JSON to stdout: the stdio transport rule fails by name, quoting the garbage', async () => {
    const run = await runCli('garbage-stdout-rule', stdioArgs('garbage-stdout', 'transport.stdout-only-mcp'));
    const report = await expectSoundRun(run, 1);
    expectExplained(report, /^BASE-STDIO-STDOUT-MCP-ONLY: expected only MCP messages on stdout \(logs belong on stderr\), got \d+ × line that is not JSON/, 1);
  });

  it('6. sends valid JSON that is not JSON-RPC: a response with both result and error fails its check by name, the rest pass', async () => {
    const run = await runCli('invalid-jsonrpc', stdioArgs('invalid-jsonrpc', `listing.*,${BYSTANDERS}`));
    const report = await expectSoundRun(run, 1);
    expectExplained(report, /answered tasks\/list .*both result and error, which JSON-RPC 2\.0 forbids/, 3);
    expectUntouched(report, ['creation.', 'lifecycle.']);
    const notes = report.results
      .flatMap((r) => r.transcript)
      .filter((e) => e.dir === 'note')
      .map((e) => e.text);
    expect(notes).toContain('received something that is not a JSON-RPC message object');
  });

  it('7. answers with unknown response ids (never the right one for tasks/result): the timeouts name the stray ids', async () => {
    const run = await runCli('unknown-ids', stdioArgs('unknown-ids', `result-retrieval.*,${BYSTANDERS}`));
    const report = await expectSoundRun(run, 1);
    const failed = expectExplained(report, /did not answer tasks\/result within \d+ ms/, 3);
    expect(failed.some((r) => /responses? to (an )?unknown request ids?.*wrong-/.test(r.message))).toBe(true);
    expectUntouched(report, ['creation.', 'lifecycle.']);
  });

  it('8. sends a 10 MB message on every connection: verdicts as for the reference, and the report stays small', async () => {
    // The default time bounds: nothing here should time out, and the CPU it costs to parse a 10 MB message per
    // connection (a flood of 20,000 below) must not be mistaken for a silent receiver on two loaded cores.
    const run = await runCli('huge-message', stdioArgs('huge-message', UNTIMED_CHECKS, '1'));
    const report = await expectSoundRun(run, 0);
    expectUntouched(report, ['creation.', 'progress.', 'related-task.', 'notifications.']);
    const cut = report.results.flatMap((r) => r.transcript).find((e) => JSON.stringify(e.message ?? '').includes('[cut: 10485760 characters in all]'));
    expect(cut, 'the 10 MB message is kept cut down in the transcript').toBeDefined();
    // 10 MB per check would be hundreds of MB; cut down, the report is that of a well-behaved receiver.
    expect(statSync(run.jsonFile).size).toBeLessThan(8 * 1024 * 1024);
  });

  it('9. floods 20,000 notifications on every connection: verdicts as for the reference, transcripts and report bounded', async () => {
    const run = await runCli('flood', stdioArgs('flood', `${UNTIMED_CHECKS},cancellation.stops-work`, '1'));
    const report = await expectSoundRun(run, 0);
    expectUntouched(report, ['creation.', 'progress.', 'related-task.', 'notifications.', 'cancellation.stops-work']);
    // The progress notifications that followed the flood were still kept and judged (not skipped as absent).
    expect(byId(report, 'related-task.progress-notifications').outcome).toBe('pass');
    const longest = Math.max(...report.results.map((r) => r.transcript.length));
    expect(longest).toBe(2001);
    expect(report.results.some((r) => r.transcript.at(-1)?.text?.match(/^\d+ further entries were not kept/))).toBe(true);
    // At most 2,000 entries per check: the size follows the number of checks, not the flood.
    expect(statSync(run.jsonFile).size).toBeLessThan(report.results.length * 1024 * 1024);
  });

  it('10. closes its HTTP stream mid-response: the checks meeting it say how the answer broke off, the rest pass', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    const run = await runCli('http-drop', [
      '--url',
      url,
      '--launch',
      `node ${join(FIXTURES, 'http-drop.mjs')} --port ${port}`,
      '--header',
      'Authorization: Bearer token-a',
      '--peer-header',
      'Authorization: Bearer token-b',
      '--timeout-multiplier',
      MULTIPLIER,
      '--only',
      `result-retrieval.*,cancellation.*,listing.*,${BYSTANDERS}`,
    ]);
    const report = await expectSoundRun(run, 1);
    expectExplained(report, /(SSE stream disconnected|terminated|other side closed|socket|fetch failed)/, 3);
    expect(byId(report, 'cancellation.cancel-working').message).toMatch(/tasks\/cancel .*terminated/);
    expect(byId(report, 'listing.paginates').message).toMatch(/tasks\/list .*failed/);
    expect(byId(report, 'result-retrieval.same-as-plain-call').message).toMatch(/did not answer tasks\/result .*SSE stream disconnected/);
    expectUntouched(report, ['creation.', 'lifecycle.']);
  });
});
