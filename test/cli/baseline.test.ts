// The expected-failures baseline: loading (YAML and JSON) with one-line errors, the four categories plus
// "not exercised", strict handling, and writing a baseline from a run and reading it back. And the run policy
// (harness/engine/run-policy.ts) that turns results, strict, a baseline and --repeat into the run's one verdict.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BaselineError, baselineFromReport, loadBaseline, serializeBaseline, writeBaseline, type Baseline } from '../../cli/baseline.js';
import type { CheckResult, Outcome, RunReport } from '../../harness/model/model.js';
import { isFailingOutcome, reportVerdict, runVerdict, type RunPolicy } from '../../harness/engine/run-policy.js';
import { ALL_CHECKS } from '../../suites/2025-11-25/index.js';
import { runAgainstReferenceHttp } from '../support/reference-runs.js';

const TASKS = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks';

function result(id: string, outcome: Outcome, message = `${outcome} of ${id}`, requirements = ['REQ-A']): CheckResult {
  return {
    id,
    title: `title of ${id}`,
    suite: id.split('.')[0]!,
    role: 'server',
    requirements,
    level: 'must',
    outcome,
    message,
    findings: outcome === 'fail' || outcome === 'warn' ? [{ requirement: requirements.at(-1)!, keyword: 'MUST', severity: outcome, message }] : [],
    info: [],
    durationMs: 1,
    transcript: [],
  };
}

function report(results: CheckResult[]): RunReport {
  const summary = { pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, error: 0 };
  for (const r of results) summary[r.outcome] += 1;
  return {
    tool: { name: 'mcp-tasks-conformance', version: 'test' },
    specVersion: '2025-11-25',
    profile: { id: '2025-11-25', title: 'Tasks, MCP 2025-11-25', specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks' },
    target: { transport: 'stdio', description: 'node server.js', bundledReference: false },
    role: 'server',
    startedAt: '2025-11-25T10:20:30.456Z',
    durationMs: 10,
    summary,
    results,
    notices: [],
    coverage: [
      { id: 'REQ-A', keyword: 'MUST', binds: 'receiver', section: 'Tasks', url: `${TASKS}#tasks`, summary: 'a', checks: results.map((r) => r.id) },
      { id: 'REQ-B', keyword: 'SHOULD', binds: 'receiver', section: 'TTL', url: `${TASKS}#ttl`, summary: 'b', checks: [] },
    ],
  };
}

const RUN = report([
  result('a.pass', 'pass'),
  result('b.fail', 'fail', 'expected x, got y', ['REQ-A', 'REQ-B']),
  result('c.warn', 'warn'),
  result('d.skip', 'skip', 'tasks.cancel is not declared'),
  result('e.error', 'error', 'harness: connection closed'),
  result('f.fail', 'fail'),
]);
const KNOWN = [...RUN.results.map((r) => r.id), 'g.unselected'];

/** The run verdict under a baseline, as the CLI computes it. */
function applyBaseline(run: RunReport, baseline: Baseline, policy: Omit<RunPolicy, 'baseline'> = {}) {
  const verdict = runVerdict(run, { ...policy, baseline });
  return { ...verdict, ...verdict.baseline!, passes: verdict.outcome === 'pass' };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baseline-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function loadError(path: string): Promise<string> {
  const error = await loadBaseline(path).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BaselineError);
  const message = (error as Error).message;
  expect(message).not.toMatch(/[\r\n]/);
  expect(message.startsWith(`${path}: `)).toBe(true);
  return message;
}

describe('loading', () => {
  it('reads YAML (.yml and .yaml) and JSON, keeping the file name', async () => {
    const yaml = `# known gaps\nentries:\n  - check: b.fail\n    reason: "tracked in #12: result differs"\n    link: ${TASKS}#task-results\n  - check: e.error\n    reason: flaky transport\n`;
    for (const name of ['b.yml', 'b.yaml']) {
      const path = await file(name, yaml);
      expect(await loadBaseline(path)).toEqual({
        file: path,
        entries: [
          { check: 'b.fail', reason: 'tracked in #12: result differs', link: `${TASKS}#task-results` },
          { check: 'e.error', reason: 'flaky transport' },
        ],
      });
    }
    const json = await file('b.json', JSON.stringify({ entries: [{ check: 'b.fail', reason: 'r' }] }));
    expect(await loadBaseline(json)).toEqual({ file: json, entries: [{ check: 'b.fail', reason: 'r' }] });
    const empty = await file('empty.yml', 'entries: []\n');
    expect((await loadBaseline(empty)).entries).toEqual([]);
  });

  it('fails with one line naming the file, the field and the mend', async () => {
    expect(await loadError(join(dir, 'missing.yml'))).toMatch(/cannot be read \(ENOENT\); .*--write-baseline/);
    expect(await loadError(await file('syntax.yml', 'entries:\n  - check: a\n    check: b\n'))).toMatch(/is not valid YAML \(Map keys must be unique at line 3, column 5\); fix the syntax/);
    expect(await loadError(await file('syntax.json', '{"entries": ['))).toMatch(/is not valid JSON .*; fix the syntax/);
    expect(await loadError(await file('empty.yaml', ''))).toMatch(/\(top level\): .*; the file must hold an object with one field, entries/);
    expect(await loadError(await file('list.yml', '- check: a\n  reason: b\n'))).toMatch(/\(top level\): .*expected object/);
    expect(await loadError(await file('noentries.json', '{}'))).toMatch(/: entries: .*expected array.*give a list of entries/);
    expect(await loadError(await file('noreason.yml', 'entries:\n  - check: a.b\n'))).toMatch(/: entries\[0\]\.reason: .*; say in one line why/);
    expect(await loadError(await file('blank.yml', 'entries:\n  - check: a.b\n    reason: "  "\n'))).toMatch(/entries\[0\]\.reason: is empty/);
    expect(await loadError(await file('glob.yml', 'entries:\n  - check: "result-retrieval.*"\n    reason: r\n'))).toMatch(
      /entries\[0\]\.check: is a pattern; globs are not allowed; write the exact ID of one check/,
    );
    expect(await loadError(await file('number.yml', 'entries:\n  - check: 12\n    reason: r\n'))).toMatch(/entries\[0\]\.check: .*expected string/);
    expect(await loadError(await file('link.yml', 'entries:\n  - check: a.b\n    reason: r\n    link: see issue 4\n'))).toMatch(
      /entries\[0\]\.link: is not an http\(s\) URL; give an absolute http\(s\) URL, or leave the field out/,
    );
    expect(await loadError(await file('extra.yml', 'entries:\n  - check: a.b\n    reason: r\n    owner: me\n'))).toMatch(
      /entries\[0\]: .*; remove "owner"; the allowed fields are check, reason, link/,
    );
    expect(await loadError(await file('top.json', '{"entries": [], "version": 1}'))).toMatch(/\(top level\): .*remove "version"; the allowed fields are entries/);
    expect(await loadError(await file('dup.yml', 'entries:\n  - {check: a.b, reason: r}\n  - {check: x.y, reason: r}\n  - {check: a.b, reason: s}\n'))).toMatch(
      /entries\[2\]\.check: repeats entries\[0\]\.check "a\.b"; keep one entry per check/,
    );
    expect(await loadError(await file('many.yml', 'entries:\n  - {check: "*"}\n  - {}\n'))).toMatch(/\(and \d+ more problems\)$/);
    expect(await loadError(await file('baseline.txt', 'entries: []'))).toMatch(/unknown baseline format "\.txt"; name the file \*\.yml, \*\.yaml or \*\.json/);
  });
});

describe('applying', () => {
  const baseline: Baseline = {
    file: 'expected.yml',
    entries: [
      { check: 'b.fail', reason: 'known: result differs', link: `${TASKS}#task-results` },
      { check: 'e.error', reason: 'known: flaky' },
      { check: 'a.pass', reason: 'was broken' },
      { check: 'd.skip', reason: 'cancel broken' },
      { check: 'g.unselected', reason: 'not in this run' },
      { check: 'b.fial', reason: 'typo' },
    ],
  };

  it('sorts results into expected, unexpected, stale, unknown and not exercised', () => {
    const verdict = applyBaseline(RUN, baseline, { knownChecks: KNOWN });
    expect(verdict.expected).toEqual([
      { check: 'b.fail', outcome: 'fail', message: 'expected x, got y', reason: 'known: result differs', link: `${TASKS}#task-results` },
      { check: 'e.error', outcome: 'error', message: 'harness: connection closed', reason: 'known: flaky' },
    ]);
    expect(verdict.failing).toEqual([{ check: 'f.fail', outcome: 'fail', message: 'fail of f.fail' }]);
    expect(verdict.stale).toEqual([{ check: 'a.pass', outcome: 'pass', reason: 'was broken', message: 'a.pass passes now: remove its entry from expected.yml' }]);
    expect(verdict.unknown).toEqual([{ check: 'b.fial', message: expect.stringMatching(/^expected\.yml lists "b\.fial", which is no check of this suite; did you mean "b\.fail"\?/) }]);
    expect(verdict.notExercised.map((e) => `${e.check}:${e.outcome}`)).toEqual(['d.skip:skip', 'g.unselected:skip']);
    expect(verdict.notExercised[0]!.message).toBe('d.skip was skipped (tasks.cancel is not declared), so the entry was not exercised');
    expect(verdict.notExercised[1]!.message).toMatch(/not selected in this run/);
    expect(verdict.passes).toBe(false);
    expect(verdict.file).toBe('expected.yml');
    expect(verdict.problems).toHaveLength(3);
    expect(verdict.problems.join('\n')).toContain('f.fail: fail — fail of f.fail (not listed in expected.yml)');
    expect(verdict.problems.join('\n')).toContain('expected.yml lists "b.fial", which is no check of this suite; did you mean "b.fail"?');
    for (const line of verdict.problems) expect(line).not.toMatch(/[\r\n]/);
  });

  it('passes when every failure is listed and no entry is stale or unknown; a skipped entry does not matter', () => {
    const exact: Baseline = {
      entries: [
        { check: 'b.fail', reason: 'r' },
        { check: 'e.error', reason: 'r' },
        { check: 'f.fail', reason: 'r' },
        { check: 'd.skip', reason: 'r' },
      ],
    };
    const verdict = applyBaseline(RUN, exact, { knownChecks: KNOWN });
    expect(verdict.passes).toBe(true);
    expect(verdict.problems).toEqual([]);
    expect(verdict.expected.map((e) => e.check)).toEqual(['b.fail', 'e.error', 'f.fail']);
    expect(verdict.notExercised.map((e) => e.check)).toEqual(['d.skip']);
  });

  it('never hides an error of an unlisted check', () => {
    const verdict = applyBaseline(
      RUN,
      {
        entries: [
          { check: 'b.fail', reason: 'r' },
          { check: 'f.fail', reason: 'r' },
        ],
      },
      { knownChecks: KNOWN },
    );
    expect(verdict.failing).toEqual([{ check: 'e.error', outcome: 'error', message: 'harness: connection closed' }]);
    expect(verdict.passes).toBe(false);
  });

  it('without knownChecks, knows only the checks of the run', () => {
    const verdict = applyBaseline(RUN, { entries: [{ check: 'g.unselected', reason: 'r' }] });
    expect(verdict.unknown.map((u) => u.check)).toEqual(['g.unselected']);
    expect(verdict.problems.at(-1)).toMatch(/^the baseline lists "g\.unselected", which is no check of this suite/);
  });

  it('under strict, a warn fails unless listed; without strict, a listed warn is stale', () => {
    const all = ['b.fail', 'e.error', 'f.fail'].map((check) => ({ check, reason: 'r' }));
    const lenient = applyBaseline(RUN, { entries: [...all, { check: 'c.warn', reason: 'should' }] }, { knownChecks: KNOWN });
    expect(lenient.stale).toEqual([{ check: 'c.warn', outcome: 'warn', reason: 'should', message: expect.stringMatching(/only warns .* run with --strict/) }]);
    expect(lenient.passes).toBe(false);
    expect(applyBaseline(RUN, { entries: all }, { knownChecks: KNOWN }).passes).toBe(true);

    const strictUnlisted = applyBaseline(RUN, { entries: all }, { strict: true, knownChecks: KNOWN });
    expect(strictUnlisted.failing).toEqual([{ check: 'c.warn', outcome: 'warn', message: 'warn of c.warn' }]);
    expect(strictUnlisted.passes).toBe(false);

    const strictListed = applyBaseline(RUN, { entries: [...all, { check: 'c.warn', reason: 'should' }] }, { strict: true, knownChecks: KNOWN });
    expect(strictListed.expected.map((e) => `${e.check}:${e.outcome}`)).toContain('c.warn:warn');
    expect(strictListed.passes).toBe(true);
  });

  it('takes the worst outcome of a check that ran more than once', () => {
    const repeated = report([result('a.pass', 'pass'), result('a.pass', 'fail'), result('a.pass', 'pass')]);
    expect(applyBaseline(repeated, { entries: [] }).failing.map((u) => u.check)).toEqual(['a.pass']);
    expect(applyBaseline(repeated, { entries: [{ check: 'a.pass', reason: 'r' }] }).passes).toBe(true);
  });

  it('counts fail and error as failing, and warn only under strict', () => {
    expect(['pass', 'fail', 'warn', 'skip', 'error'].filter((o) => isFailingOutcome(o as Outcome))).toEqual(['fail', 'error']);
    expect(['pass', 'fail', 'warn', 'skip', 'error'].filter((o) => isFailingOutcome(o as Outcome, true))).toEqual(['fail', 'warn', 'error']);
  });
});

describe('the run verdict', () => {
  const clean = report([result('a.pass', 'pass'), result('c.warn', 'warn'), result('d.skip', 'skip', 'not declared')]);

  it('passes exactly when nothing fails the run, and says why in one line', () => {
    const passed = runVerdict(clean);
    expect(passed).toEqual({
      outcome: 'pass',
      strict: false,
      failing: [],
      problems: [],
      summary: 'no check failed — 1 warning (a SHOULD not met) that does not fail the run',
      evidence: { selected: 3, judged: 2, skipped: 1, mostlySkipped: false, skipCauses: [], line: '2 of 3 checks judged, 1 skipped' },
    });
    const failed = runVerdict(RUN);
    expect(failed.outcome).toBe('fail');
    expect(failed.failing.map((f) => `${f.check}:${f.outcome}`)).toEqual(['b.fail:fail', 'e.error:error', 'f.fail:fail']);
    expect(failed.problems).toEqual(['b.fail: fail — expected x, got y', 'e.error: error — harness: connection closed', 'f.fail: fail — fail of f.fail']);
    expect(failed.summary).toBe('2 checks failed, 1 check could not run (harness error) — 1 warning (a SHOULD not met) that does not fail the run');
    expect(failed.baseline).toBeUndefined();
    expect(failed.unstable).toBeUndefined();
  });

  it('under strict, a warn fails the run', () => {
    const strict = runVerdict(clean, { strict: true });
    expect(strict).toMatchObject({ outcome: 'fail', strict: true, failing: [{ check: 'c.warn', outcome: 'warn' }], summary: '1 warning counts as failure under strict' });
  });

  it('with a baseline, passes on expected failures only, and says so', () => {
    const all = ['b.fail', 'e.error', 'f.fail'].map((check) => ({ check, reason: 'known' }));
    const verdict = runVerdict(RUN, { baseline: { file: 'ci/expected.yml', entries: all }, knownChecks: KNOWN });
    expect(verdict.outcome).toBe('pass');
    expect(verdict.baseline?.file).toBe('ci/expected.yml');
    expect(verdict.summary).toBe('no unexpected failure — 3 expected failures listed in the baseline; 1 warning (a SHOULD not met) that does not fail the run');
    const stale = runVerdict(report([result('b.fail', 'pass'), result('e.error', 'error'), result('f.fail', 'fail')]), { baseline: { entries: all } });
    expect(stale.outcome).toBe('fail');
    expect(stale.failing).toEqual([]);
    expect(stale.problems).toEqual(['b.fail passes now: remove its entry from the baseline']);
    expect(stale.summary).toBe('1 stale baseline entry (the check no longer fails) — 2 expected failures listed in the baseline');
  });

  it('with --repeat, a check whose verdict changed fails the run', () => {
    const verdict = runVerdict(clean, { unstable: [{ id: 'a.pass', outcomes: ['pass', 'fail', 'pass'] }] });
    expect(verdict.outcome).toBe('fail');
    expect(verdict.unstable).toEqual([{ check: 'a.pass', outcomes: ['pass', 'fail', 'pass'] }]);
    expect(verdict.problems).toEqual(['a.pass: pass → fail → pass — the verdict changed between runs']);
    expect(verdict.summary).toMatch(/^1 check changed verdict between runs — /);
    expect(runVerdict(clean, { unstable: [] })).toMatchObject({ outcome: 'pass', unstable: [] });
  });

  it('a run that could not happen fails, whatever the baseline lists; an empty run never passes', () => {
    const notRun = report([result('a.x', 'error', 'not run: the receiver under test could not be reached: ECONNREFUSED')]);
    const verdict = runVerdict(notRun, { baseline: { entries: [{ check: 'a.x', reason: 'r' }] }, notRun: 'the receiver under test could not be reached: ECONNREFUSED' });
    expect(verdict).toMatchObject({ outcome: 'fail', failing: [{ check: 'a.x', outcome: 'error' }], summary: 'the run could not happen: the receiver under test could not be reached: ECONNREFUSED' });
    expect(verdict.problems).toEqual(['the run could not happen: the receiver under test could not be reached: ECONNREFUSED']);
    expect(verdict.baseline).toBeUndefined();
    expect(runVerdict(report([]))).toMatchObject({ outcome: 'fail', problems: ['no check ran: an empty run never passes'], summary: 'no check ran' });
    expect(runVerdict(report([result('d.skip', 'skip')]))).toMatchObject({ outcome: 'pass', summary: 'no check failed — every check was skipped' });
  });

  it('a report keeps the verdict it carries; without one, the policy gives it under strict', () => {
    const carried = { ...clean, verdict: runVerdict(clean, { strict: true }) };
    expect(reportVerdict(carried)).toBe(carried.verdict);
    expect(reportVerdict(clean).outcome).toBe('pass');
    expect(reportVerdict(clean, true).outcome).toBe('fail');
  });
});

describe('writing', () => {
  it('lists every failing check sorted by ID, with its message and the link of its violated requirement', () => {
    expect(baselineFromReport(RUN)).toEqual({
      entries: [
        { check: 'b.fail', reason: 'expected x, got y', link: `${TASKS}#ttl` },
        { check: 'e.error', reason: 'harness: connection closed', link: `${TASKS}#tasks` },
        { check: 'f.fail', reason: 'fail of f.fail', link: `${TASKS}#tasks` },
      ],
    });
    expect(baselineFromReport(RUN, { strict: true }).entries.map((e) => e.check)).toEqual(['b.fail', 'c.warn', 'e.error', 'f.fail']);
    const messy = report([result('x.y', 'fail', `first line\nsecond line ${'z'.repeat(400)}`), result('x.z', 'fail', '', ['REQ-UNKNOWN'])]);
    const [long, empty] = baselineFromReport(messy).entries;
    expect(long!.reason).toMatch(/^first line second line z+…$/);
    expect(Array.from(long!.reason)).toHaveLength(300);
    expect(empty).toEqual({ check: 'x.z', reason: 'fail (no message)' });
  });

  it('serializes YAML with an explaining header, and JSON', () => {
    const baseline = baselineFromReport(RUN);
    const yaml = serializeBaseline({ ...baseline, file: 'ignored.yml' }, 'yaml');
    expect(yaml.split('\n')[0]).toMatch(/^# Expected failures for mcp-tasks-conformance/);
    expect(yaml).toMatch(/globs are not allowed/);
    expect(yaml).toMatch(/^entries:\n {2}- check: b\.fail\n {4}reason: /m);
    expect(yaml).not.toContain('ignored.yml');
    const json = serializeBaseline(baseline, 'json');
    expect(JSON.parse(json)).toEqual({ entries: baseline.entries });
    expect(json.endsWith('}\n')).toBe(true);
    expect(serializeBaseline({ entries: [] }, 'yaml')).toMatch(/\nentries: \[\]\n$/);
  });

  it('round-trips through a file, and the written baseline makes the same run pass', async () => {
    const baseline = baselineFromReport(RUN, { strict: true });
    for (const name of ['round.yml', 'round.yaml', 'round.json']) {
      const path = join(dir, 'nested', name);
      await writeBaseline(path, baseline);
      const back = await loadBaseline(path);
      expect(back).toEqual({ ...baseline, file: path });
      expect(applyBaseline(RUN, back, { strict: true, knownChecks: KNOWN }).passes).toBe(true);
    }
    expect(await readFile(join(dir, 'nested', 'round.json'), 'utf8')).toBe(serializeBaseline(baseline, 'json'));
    await expect(writeBaseline(join(dir, 'round.txt'), baseline)).rejects.toThrow(BaselineError);
  });

  it('round-trips reasons with YAML-hostile text', async () => {
    const hostile = report([result('a.b', 'fail', 'key: value # not a comment - [x] {y} "q" \'s\' & *alias !tag %p @at `tick`')]);
    const path = join(dir, 'hostile.yml');
    await writeBaseline(path, baselineFromReport(hostile));
    expect((await loadBaseline(path)).entries[0]!.reason).toBe(hostile.results[0]!.message);
  });

  it('covers a real run with faults: the written baseline passes it, and a clean run finds every entry stale', async () => {
    const knownChecks = ALL_CHECKS.map((check) => check.id);
    // Both runs at once: each mostly waits on its receiver.
    const [faulty, clean] = await Promise.all([runAgainstReferenceHttp({ faults: ['result-differs', 'failed-without-status-message'] }), runAgainstReferenceHttp()]);
    const baseline = baselineFromReport(faulty);
    expect(baseline.entries.map((e) => e.check)).toContain('result-retrieval.same-as-plain-call');
    for (const entry of baseline.entries) expect(entry.link).toMatch(/^https:\/\//);
    const path = join(dir, 'real.yml');
    await writeBaseline(path, baseline);
    const loaded = await loadBaseline(path);
    expect(applyBaseline(faulty, loaded, { knownChecks }).passes).toBe(true);

    const verdict = applyBaseline(clean, loaded, { knownChecks });
    expect(verdict.passes).toBe(false);
    expect(verdict.stale.map((s) => s.check)).toEqual(baseline.entries.map((e) => e.check));
    expect(verdict.stale[0]!.message).toContain(`remove its entry from ${path}`);
  });
});
