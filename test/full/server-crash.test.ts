// Servers that die mid-run: the real CLI against a Streamable HTTP server that dies of an unhandled rejection a moment
// after a legal tasks/cancel (started by the suite with --launch, or by the test with --url only), and a stdio server
// that dies just after answering. The run must say that the server died, when and why (every report), put the
// crash on the checks in flight as one finding naming the exit, the stderr tail and the culprit request, never
// misread the dead server as wrong answers, start a launched server again and go on (bounded), and leave nothing behind.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../reports/json.js';
import { validateReport } from '../support/report-schema.js';
import { BROKEN_FIXTURES, BUILT, freePort, leftBehind, removeRunFolders, runCli, runFolder, type CliRun } from '../support/cli-run.js';

/** No run may take longer: one that does is a hang, ended and failed by runCli. */
const RUN_BOUND_MS = 90_000;
const MULTIPLIER = '0.5';
const HTTP_CRASH = join(BROKEN_FIXTURES, 'http-crash.mjs');
/** Checks that never send tasks/cancel, to run before and after the crash; progress.* last, as the catalogue orders them. */
const BYSTANDERS = 'creation.create-task-result-shape,creation.status-working,lifecycle.*,related-task.*,notifications.*,progress.*';

const XSD_PATH = fileURLToPath(new URL('../../../shared/reference/junit-10.xsd', import.meta.url));
const XSD = existsSync(XSD_PATH) ? readFileSync(XSD_PATH, 'utf8') : undefined;

afterAll(removeRunFolders);

type Result = JsonReport['results'][number];

interface Reports {
  json: JsonReport;
  junit: string;
  markdown: string;
  html: string;
}

/** Bounded, exit 1, every report written and valid (JSON schema, JUnit against Jenkins' XSD), nothing left running. */
async function expectSoundRun(run: CliRun): Promise<Reports> {
  expect(run.signal, `${run.name}: the CLI was killed`).toBeNull();
  expect(run.stderr, `${run.name}: the CLI complained of an internal error`).not.toMatch(/internal error|unhandled rejection|MaxListenersExceeded/i);
  for (const file of [run.jsonFile, run.junitFile, run.markdownFile, run.htmlFile]) expect(existsSync(file), `${run.name}: ${file} was not written; stderr: ${run.stderr.slice(-1500)}`).toBe(true);
  const json = JSON.parse(readFileSync(run.jsonFile, 'utf8')) as JsonReport;
  const schemaErrors = validateReport(json) ? [] : (validateReport.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message}`);
  expect(schemaErrors, `${run.name}: results.json does not follow reports/report.schema.json`).toEqual([]);
  expect(run.code, `${run.name}: exit status; results: ${json.results.map((r) => `${r.id}: ${r.outcome} — ${r.message}`).join(' | ')}`).toBe(1);
  const junit = readFileSync(run.junitFile, 'utf8');
  if (XSD) {
    const validation = await validateXML({ xml: [{ fileName: 'junit.xml', contents: junit }], schema: [XSD] });
    expect(validation.errors.map((e) => e.rawMessage).slice(0, 3), `${run.name}: junit.xml does not validate against junit-10.xsd`).toEqual([]);
  }
  expect(run.processes.length, `${run.name}: no descendant of the CLI was ever seen`).toBeGreaterThan(0);
  expect(leftBehind(run), `${run.name}: processes or process groups outlived the run`).toEqual([]);
  return { json, junit, markdown: readFileSync(run.markdownFile, 'utf8'), html: readFileSync(run.htmlFile, 'utf8') };
}

/** Every selected check that sends tasks/cancel: the cancellation checks, and bystanders that cancel a task of theirs. */
const CANCELLING_CHECKS = [
  'cancellation.cancel-working',
  'cancellation.stays-cancelled',
  'related-task.not-on-operation-results',
  'related-task.param-is-source-of-truth',
  'progress.stops-at-terminal',
];

/** The check whose tasks/cancel the server died on: whichever cancelling check sent the first tasks/cancel. */
function cancellingCulprit(report: JsonReport): JsonReport['results'][number] {
  const culprits = report.results.filter((r) => /leaving tasks\/cancel unanswered/.test(r.message));
  expect(
    culprits.map((r) => r.id),
    'only a check that sends tasks/cancel can be the culprit',
  ).toEqual(culprits.map((r) => r.id).filter((id) => CANCELLING_CHECKS.includes(id)));
  expect(culprits.length).toBeGreaterThan(0);
  return culprits[0];
}

const show = (results: Result[]) => results.map((r) => `${r.id}: ${r.outcome} — ${r.message}`);

/** No check misread the dead server as a wrong answer: no finding under BASE-JSONRPC-RESPONSE anywhere. */
function expectNoFalseJsonRpcFails(report: JsonReport): void {
  expect(show(report.results.filter((r) => r.findings.some((f) => f.requirement === 'BASE-JSONRPC-RESPONSE')))).toEqual([]);
}

/** Every failed check failed of the crash alone, and exactly the checks the run names as in flight did. */
function expectCrashFindingsOnly(report: JsonReport, inFlight: string[]): Result[] {
  const failed = report.results.filter((r) => r.outcome === 'fail');
  expect(show(failed.filter((r) => r.findings.length !== 1 || r.findings[0].requirement !== 'BASE-NO-CRASH'))).toEqual([]);
  expect(failed.map((r) => r.id).sort()).toEqual([...inFlight].sort());
  return failed;
}

/** Every report says the server died and shows what it wrote last. */
function expectEveryReportShows(run: CliRun, reports: Reports, said: RegExp): void {
  expect(run.stdout).toMatch(/Server died: +The server under test (exited with code 1|stopped accepting connections)/);
  expect(reports.json.notices.join(' ')).toMatch(/The server under test (exited with code 1|stopped accepting connections)/);
  expect(reports.junit).toMatch(/<property name="targetExit\.1" value="The server under test /);
  expect(reports.junit).toMatch(/<system-err><!\[CDATA\[The server under test /);
  expect(reports.markdown).toContain('### ⚠️ The server under test died during the run');
  expect(reports.html).toContain('id="target-exits"');
  for (const text of [run.stdout, reports.junit, reports.markdown, reports.html]) expect(text).toMatch(said);
}

describe.skipIf(!BUILT).concurrent('a server under test that dies mid-run (run "npm run build" first when running vitest alone)', () => {
  it('--launch: the checks in flight carry the crash with its exit, stderr and culprit; the server is started again and the rest pass', async () => {
    const port = await freePort();
    const dir = runFolder('launch-once');
    const run = await runCli(
      'launch-once',
      [
        '--url',
        `http://127.0.0.1:${port}/mcp`,
        // Dies on the first tasks/cancel only: the process started again serves normally.
        '--launch',
        `node ${HTTP_CRASH} --port ${port} --crashes 1 --state ${join(dir, 'crashes')}`,
        '--only',
        `${BYSTANDERS},cancellation.cancel-working,cancellation.stays-cancelled`,
        '--concurrency',
        '2',
        '--timeout-multiplier',
        MULTIPLIER,
      ],
      { boundMs: RUN_BOUND_MS, allReports: true, dir },
    );
    const reports = await expectSoundRun(run);
    const report = reports.json;
    expect(report.targetExits).toHaveLength(1);
    const [exit] = report.targetExits;
    expect(exit).toMatchObject({ how: 'exited', code: 1, signal: null, check: null, restart: { outcome: 'restarted' } });
    expect(exit.stderrTail?.map((line) => line.text).join('\n')).toContain('simulated bug: the tasks/cancel handler');
    // The culprit (whichever cancelling check ran first: the runner starts the longest expected first): its one
    // finding names the exit, the request left unanswered, and the stack on stderr.
    const culprit = cancellingCulprit(report);
    expect(culprit.outcome).toBe('fail');
    expect(culprit.message).toMatch(
      /^BASE-NO-CRASH: the server under test exited with code 1 at \S+Z, \d+ ms into this check, leaving tasks\/cancel unanswered; .*tasks\/cancel \{"taskId".*never answered.*simulated bug: the tasks\/cancel handler/,
    );
    expectCrashFindingsOnly(report, exit.checks);
    expectNoFalseJsonRpcFails(report);
    // The server's stderr went into the transcripts of the checks in flight.
    expect(culprit.transcript.some((e) => e.dir === 'stderr' && (e.conn === 'server' || e.conn === 'shared server') && e.text?.includes('simulated bug'))).toBe(true);
    // The rest ran against the new process, say so, and pass.
    const after = report.results.filter((r) => r.targetRestarts > 0);
    expect(after.length).toBeGreaterThan(0);
    expect(show(after.filter((r) => r.outcome !== 'pass' || !r.info.some((line) => /^ran against the server under test as started again at \S+ \(restart 1 of at most 3\)/.test(line))))).toEqual([]);
    expect(report.results.filter((r) => r.outcome === 'error')).toEqual([]);
    expect(reports.junit).toContain('targetRestarts: 1');
    expectEveryReportShows(run, reports, /simulated bug: the tasks\/cancel handler/);
  });

  it('--launch: a server that dies on every tasks/cancel is started again at most 3 times; then the checks left are errors, not fails', async () => {
    const port = await freePort();
    const run = await runCli(
      'launch-always',
      [
        '--url',
        `http://127.0.0.1:${port}/mcp`,
        '--launch',
        `node ${HTTP_CRASH} --port ${port}`,
        // Every one of them cancels a task, so every one meets the crash whatever order the runner picks.
        '--only',
        'cancellation.*',
        '--concurrency',
        '1',
        '--timeout-multiplier',
        MULTIPLIER,
      ],
      { boundMs: RUN_BOUND_MS, allReports: true },
    );
    const reports = await expectSoundRun(run);
    const report = reports.json;
    expect(report.targetExits.map((exit) => exit.restart?.outcome)).toEqual(['restarted', 'restarted', 'restarted', 'not-attempted']);
    expect(report.targetExits.every((exit) => exit.checks.length === 1)).toBe(true);
    const failed = expectCrashFindingsOnly(
      report,
      report.targetExits.flatMap((exit) => exit.checks),
    );
    expect(failed).toHaveLength(4);
    expectNoFalseJsonRpcFails(report);
    const notRun = report.results.filter((r) => r.outcome === 'error');
    expect(notRun.length).toBeGreaterThan(0);
    expect(show(notRun.filter((r) => !/^not run: the server under test exited with code 1 at \S+, after it had been started again 3 times, the most one run does$/.test(r.message)))).toEqual([]);
    expect(report.results.filter((r) => r.outcome !== 'fail' && r.outcome !== 'error')).toEqual([]);
    expect(report.notices.filter((notice) => /did not run \(error\)/.test(notice))).toHaveLength(1);
    expectEveryReportShows(run, reports, /simulated bug: the tasks\/cancel handler/);
  });

  it('--url only: the checks in flight carry the crash; the checks left end as errors saying the server stopped accepting connections', async () => {
    const port = await freePort();
    const dir = runFolder('url-only');
    // Started by the test, not by the suite: it cannot be started again, and its stderr is not the suite's to see.
    // Not a descendant of the CLI, so not among the processes it must leave behind (the test ends it below).
    const server = spawn(process.execPath, [HTTP_CRASH, '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let serverErr = '';
    server.stderr.setEncoding('utf8').on('data', (chunk: string) => (serverErr += chunk));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the fixture did not start: ${serverErr}`)), 20_000);
        server.stderr.on('data', () => {
          if (serverErr.includes('listening')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const run = await runCli(
        'url-only',
        ['--url', `http://127.0.0.1:${port}/mcp`, '--only', `${BYSTANDERS},cancellation.cancel-working,cancellation.stays-cancelled`, '--concurrency', '2', '--timeout-multiplier', MULTIPLIER],
        { boundMs: RUN_BOUND_MS, allReports: true, dir },
      );
      const reports = await expectSoundRun(run);
      const report = reports.json;
      expect(report.targetExits).toHaveLength(1);
      const [exit] = report.targetExits;
      expect(exit).toMatchObject({ how: 'refused', code: null, signal: null, stderrTail: null, restart: { outcome: 'not-attempted' } });
      expect(cancellingCulprit(report).message).toMatch(
        /^BASE-NO-CRASH: the server under test stopped accepting connections \(connection refused\) at \S+Z, \d+ ms into this check, leaving tasks\/cancel unanswered; .*tasks\/cancel \{"taskId"/,
      );
      expectCrashFindingsOnly(report, exit.checks);
      expectNoFalseJsonRpcFails(report);
      const notRun = report.results.filter((r) => r.outcome === 'error');
      expect(notRun.length).toBeGreaterThan(0);
      expect(
        show(
          notRun.filter((r) => !/^not run: the server under test stopped accepting connections \(connection refused\) at \S+Z, and without --launch the suite cannot start it again$/.test(r.message)),
        ),
      ).toEqual([]);
      // Said once for the run, not once per check.
      expect(report.notices.filter((notice) => notice.includes('did not run (error)'))).toEqual([
        `${notRun.length === 1 ? '1 check' : `${notRun.length} checks`} did not run (error): ` +
          `the server under test stopped accepting connections (connection refused) at ${exit.at}, and without --launch the suite cannot start it again.`,
      ]);
      expectEveryReportShows(run, reports, /stopped accepting connections/);
    } finally {
      server.kill('SIGKILL');
    }
  });

  it('stdio: a process that dies just after answering tasks/cancel fails the checks it belonged to, with its exit and stderr; the others pass', async () => {
    const run = await runCli(
      'stdio-after-answer',
      [
        '--command',
        `node ${join(BROKEN_FIXTURES, 'crash-after-answer.mjs')}`,
        '--only',
        `cancellation.*,creation.create-task-result-shape,creation.status-working,lifecycle.*`,
        '--timeout-multiplier',
        MULTIPLIER,
      ],
      { boundMs: RUN_BOUND_MS, allReports: true },
    );
    const reports = await expectSoundRun(run);
    const report = reports.json;
    const own = report.targetExits;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((exit) => exit.check !== null && exit.checks.length === 1 && exit.checks[0] === exit.check && exit.code === 1 && exit.restart === null)).toBe(true);
    const failed = expectCrashFindingsOnly(
      report,
      own.map((exit) => exit.check!),
    );
    // The culprit request was answered; the finding still names it, with the exit and the stack.
    expect(
      show(
        failed.filter(
          (r) =>
            !/^BASE-NO-CRASH: the server under test \(this check's own process\) exited with code 1 at .*tasks\/cancel \{"taskId"[^;]*answered\).*simulated bug: cleanup after tasks\/cancel/.test(
              r.message,
            ),
        ),
      ),
    ).toEqual([]);
    expectNoFalseJsonRpcFails(report);
    // Each check has its own process: the checks that never cancel are untouched.
    const bystanders = report.results.filter((r) => r.id.startsWith('creation.') || r.id.startsWith('lifecycle.'));
    expect(show(bystanders.filter((r) => r.outcome !== 'pass'))).toEqual([]);
    expect(report.notices.join(' ')).toMatch(/The server under test's process exited in the middle of (one check|\d+ checks).*no other check was affected/);
    expect(reports.junit).toMatch(/<system-err><!\[CDATA\[The server under test \(the process of check cancellation\./);
    expect(reports.markdown).toContain('simulated bug: cleanup after tasks/cancel');
    expect(reports.html).toContain('id="target-exits"');
  });

  it('stdio: a process that exits with code 0 leaving nothing unanswered ended the connection as the lifecycle allows: an error, never a fail', async () => {
    const run = await runCli(
      'stdio-clean-exit',
      ['--command', `node ${join(BROKEN_FIXTURES, 'crash-after-answer.mjs')} --clean-exit`, '--only', 'cancellation.*,creation.status-working', '--timeout-multiplier', MULTIPLIER],
      { boundMs: RUN_BOUND_MS, allReports: true },
    );
    const reports = await expectSoundRun(run);
    const report = reports.json;
    expect(report.targetExits.length).toBeGreaterThan(0);
    expectNoFalseJsonRpcFails(report);
    const reached = report.results.filter((r) => report.targetExits.some((exit) => exit.check === r.id));
    // A check left waiting for an answer fails under the no-crash requirement; one that was not gets no verdict.
    const misjudged = reached.filter((r) =>
      r.outcome === 'fail'
        ? !/^BASE-NO-CRASH: .*exited with code 0 .*leaving \S+.* unanswered/.test(r.message)
        : !(r.outcome === 'error' && /^not finished: .*exited with code 0 .*with no request of this check waiting for an answer: a shutdown the server may initiate/.test(r.message)),
    );
    expect(show(misjudged)).toEqual([]);
    expect(show(report.results.filter((r) => !reached.includes(r) && r.outcome !== 'pass'))).toEqual([]);
  });
});
