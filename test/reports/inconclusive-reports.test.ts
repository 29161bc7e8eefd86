// The inconclusive verdict through the run policy and every report: counted, shown with the prerequisite and the
// check that judges it, a <skipped> in JUnit, valid in the JSON schema, and never failing a run by itself.
import { readFileSync } from 'node:fs';
import AjvModule from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { AnySchemaObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { judgeUnexpectedReply } from '../../harness/engine/runner.js';
import { UnexpectedReply } from '../../harness/receivers/check-errors.js';
import type { Requirement, RunReport } from '../../harness/model/model.js';
import { runVerdict } from '../../harness/engine/run-policy.js';
import { buildHtmlReport, buildJunitXml, buildMarkdownSummary, formatCheckLine, formatSummary, toJsonReport } from '../../reports/index.js';
import { result, runReport } from '../support/results.js';

type AjvClass = typeof import('ajv/dist/2020.js').default;
type AddFormats = typeof import('ajv-formats').default;
const Ajv2020: AjvClass = (AjvModule as unknown as { default?: AjvClass }).default ?? (AjvModule as unknown as AjvClass);
const addFormats: AddFormats = (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

const WHY = 'prerequisite TASKS-RESULT-CREATE-TASK-RESULT not met (judged by creation.create-task-result-shape): a task-augmented call to conformance_echo should have created a task';
const PASS = result({ id: 'lifecycle.create', outcome: 'pass', message: 'all expectations met' });
const INCONCLUSIVE = result({ id: 'ttl.stable', outcome: 'inconclusive', suite: 'ttl', message: WHY });
const FAIL = result({
  id: 'creation.create-task-result-shape',
  outcome: 'fail',
  suite: 'creation',
  message: 'TASKS-RESULT-CREATE-TASK-RESULT: expected a CreateTaskResult, got error -32601',
  findings: [{ requirement: 'REQ-A', keyword: 'MUST', severity: 'fail', message: 'expected a CreateTaskResult, got error -32601' }],
});

function judged(report: RunReport, strict = false): RunReport {
  return { ...report, verdict: runVerdict(report, { strict }) };
}

describe('inconclusive', () => {
  it('is judged where the stalled step is not what the check verifies, and a fail where it is', () => {
    const requirements = new Map<string, Requirement>([
      ['REQ-CREATE', { id: 'REQ-CREATE', keyword: 'MUST', binds: 'receiver', section: 's', anchor: 'a', summary: 'creates' }],
      ['REQ-TTL', { id: 'REQ-TTL', keyword: 'MUST', binds: 'receiver', section: 's', anchor: 'a', summary: 'ttl' }],
      ['REQ-MAY', { id: 'REQ-MAY', keyword: 'MAY', binds: 'receiver', section: 's', anchor: 'a', summary: 'may' }],
    ]);
    const checks = [
      { id: 'creation.shape', requirements: ['REQ-CREATE'] },
      { id: 'ttl.stable', requirements: ['REQ-TTL'] },
    ];
    const refused = new UnexpectedReply('no task was created', 'REQ-CREATE');
    expect(judgeUnexpectedReply(refused, checks[1]!, requirements, checks)).toEqual({
      inconclusive: 'prerequisite REQ-CREATE not met (judged by creation.shape): no task was created',
      blockedBy: { requirement: 'REQ-CREATE' },
    });
    expect(judgeUnexpectedReply(refused, checks[0]!, requirements, checks).finding).toEqual({ requirement: 'REQ-CREATE', keyword: 'MUST', severity: 'fail', message: 'no task was created' });
    // A check's own requirement when none is named, as before.
    expect(judgeUnexpectedReply(new UnexpectedReply('stuck'), checks[1]!, requirements, checks).finding?.requirement).toBe('REQ-TTL');
    expect(judgeUnexpectedReply(new UnexpectedReply('refused', 'REQ-MAY'), checks[1]!, requirements, checks).skipReason).toContain('REQ-MAY is a MAY');
    expect(judgeUnexpectedReply(refused, checks[1]!, requirements, []).inconclusive).toContain('which no check of this profile judges by itself');
  });

  it('does not fail a run, not even under strict; with repeats it ranks above a pass; a baseline entry is not exercised', () => {
    const report = runReport([PASS, INCONCLUSIVE]);
    expect(report.summary.inconclusive).toBe(1);
    for (const strict of [false, true]) {
      const verdict = runVerdict(report, { strict });
      expect(verdict.outcome).toBe('pass');
      expect(verdict.summary).toBe('no check failed — 1 inconclusive check (a root cause failed in this run by the check named) that does not fail the run');
    }
    const repeated = runVerdict(runReport([result({ ...INCONCLUSIVE, outcome: 'pass' }), INCONCLUSIVE]), { baseline: { entries: [{ check: 'ttl.stable', reason: 'known' }] } });
    expect(repeated.outcome).toBe('pass');
    expect(repeated.baseline?.notExercised).toEqual([
      { check: 'ttl.stable', outcome: 'inconclusive', reason: 'known', message: `ttl.stable was inconclusive (${WHY}), so the entry was not exercised` },
    ]);
    expect(repeated.baseline?.stale).toEqual([]);
  });

  it('is counted and explained in the console, JSON, JUnit, Markdown and HTML reports', () => {
    const report = judged(runReport([PASS, INCONCLUSIVE, FAIL]));
    expect(formatCheckLine(INCONCLUSIVE)).toMatch(/^INCONC ttl\.stable {2}title of ttl\.stable — prerequisite TASKS-RESULT-CREATE-TASK-RESULT/);
    const text = formatSummary(report);
    expect(text).toContain('1 passed, 1 failed, 0 warned, 0 skipped, 1 inconclusive, 0 errors (3 checks)');
    expect(text).toContain('Inconclusive (a root cause the check named fails in this run; these do not fail the run by themselves):');
    expect(text).toContain(`INCONC ttl.stable  ${WHY}`);

    const json = toJsonReport(report);
    expect(json.summary).toEqual({ pass: 1, fail: 1, warn: 0, skip: 0, inconclusive: 1, error: 0 });
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(new URL('../../reports/report.schema.json', import.meta.url), 'utf8')) as AnySchemaObject);
    expect(validate(JSON.parse(JSON.stringify(json))), JSON.stringify(validate.errors)).toBe(true);

    const xml = buildJunitXml(report);
    expect(xml).toMatch(/<testcase classname="ttl" name="ttl\.stable: title of ttl\.stable"[^>]*>\s*<skipped message="inconclusive: prerequisite TASKS-RESULT-CREATE-TASK-RESULT not met/);
    expect(xml).toContain('INCONCLUSIVE: prerequisite TASKS-RESULT-CREATE-TASK-RESULT');

    const md = buildMarkdownSummary(report);
    expect(md).toContain('| 1 | 1 | 0 | 0 | 1 | 0 | 3 |');
    expect(md).toContain('### Inconclusive (1)');
    expect(md).toContain('| `ttl.stable` | prerequisite TASKS-RESULT-CREATE-TASK-RESULT not met (judged by creation.create-task-result-shape)');

    const html = buildHtmlReport(report);
    expect(html).toContain('1</b> inconclusive');
    expect(html).toContain('data-filter="inconclusive"');
  });
});
