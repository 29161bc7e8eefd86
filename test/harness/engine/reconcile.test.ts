// An observed violation always fails the run: an inconclusive result stands only where another result of the same
// run fails the same requirement on the same observation, and points at it; otherwise the first check that saw the
// violation fails it, once per observation, and the others that stalled on it point at that one.
import { describe, expect, it } from 'vitest';
import { reconcileInconclusive } from '../../../harness/engine/reconcile.js';
import { judgeUnexpectedReply } from '../../../harness/engine/runner.js';
import { UnexpectedReply } from '../../../harness/receivers/check-errors.js';
import type { CheckResult, Observation, Requirement } from '../../../harness/model/model.js';
import { runVerdict } from '../../../harness/engine/run-policy.js';
import { result, runReport } from '../../support/results.js';

const REQUIREMENTS = new Map<string, Requirement>([
  ['REQ-CREATE', { id: 'REQ-CREATE', keyword: 'MUST', binds: 'receiver', section: 's', anchor: 'a', summary: 'creates' }],
  ['REQ-SOFT', { id: 'REQ-SOFT', keyword: 'SHOULD', binds: 'receiver', section: 's', anchor: 'a', summary: 'soft' }],
  ['BASE-JSONRPC-RESPONSE', { id: 'BASE-JSONRPC-RESPONSE', keyword: 'MUST', binds: 'receiver', section: 's', anchor: 'a', summary: 'answers' }],
]);

const ON_FAIL_TOOL: Observation = { method: 'tools/call', fixture: 'conformance_fail' };
const ON_ECHO: Observation = { method: 'tools/call', fixture: 'conformance_echo' };

function stalled(id: string, observation: Observation | undefined, requirement = 'REQ-CREATE'): CheckResult {
  return {
    ...result({ id, outcome: 'inconclusive', message: `prerequisite ${requirement} not met (judged by creation.shape): no task from ${observation?.fixture ?? 'the tool'}` }),
    blockedBy: { requirement, ...(observation ? { observation } : {}) },
  };
}

function judge(observation: Observation | undefined, severity: 'fail' | 'warn' = 'fail'): CheckResult {
  return result({
    id: 'creation.shape',
    outcome: severity,
    message: 'REQ-CREATE: no task',
    findings: [{ requirement: 'REQ-CREATE', keyword: 'MUST', severity, message: 'no task', ...(observation ? { observation } : {}) }],
  });
}

describe('reconciling inconclusive results', () => {
  it('keeps an inconclusive that another result fails on the same observation, pointing at it', () => {
    const [, pointed] = reconcileInconclusive([judge(ON_FAIL_TOOL), stalled('ttl.stable', ON_FAIL_TOOL)], REQUIREMENTS);
    expect(pointed.outcome).toBe('inconclusive');
    expect(pointed.blockedBy?.judgedBy).toBe('creation.shape');
    expect(pointed.message).toMatch(/^prerequisite REQ-CREATE not met \(failed by creation\.shape in this run\): /);
  });

  it('fails the first check that saw a violation no result judges, once per observation; the rest point at it', () => {
    // The judge tried another fixture only: what the stalled checks saw was judged by nobody.
    const results = reconcileInconclusive([judge(ON_ECHO), stalled('a.one', ON_FAIL_TOOL), stalled('b.two', ON_FAIL_TOOL), stalled('c.three', ON_ECHO)], REQUIREMENTS);
    expect(results.map((r) => r.outcome)).toEqual(['fail', 'fail', 'inconclusive', 'inconclusive']);
    expect(results[1].findings).toEqual([{ requirement: 'REQ-CREATE', keyword: 'MUST', severity: 'fail', message: 'no task from conformance_fail', observation: ON_FAIL_TOOL }]);
    expect(results[1].message).toBe('REQ-CREATE: no task from conformance_fail');
    expect(results[2].blockedBy?.judgedBy).toBe('a.one');
    expect(results[3].blockedBy?.judgedBy).toBe('creation.shape');
    expect(runVerdict(runReport(results)).outcome).toBe('fail');
  });

  it('never lets a warn stand for a MUST it stalled on, and fails a SHOULD at its own severity', () => {
    const [, mustStall] = reconcileInconclusive([judge(ON_FAIL_TOOL, 'warn'), stalled('ttl.stable', ON_FAIL_TOOL)], REQUIREMENTS);
    expect(mustStall.outcome).toBe('fail');
    const [soft] = reconcileInconclusive([stalled('x.soft', undefined, 'REQ-SOFT')], REQUIREMENTS);
    expect(soft.outcome).toBe('warn');
  });

  it('a run of every kind of violation ends red: no inconclusive is left without a result that fails its cause', () => {
    const results = reconcileInconclusive([stalled('a.one', ON_FAIL_TOOL), stalled('b.two', undefined), result({ id: 'c.pass', outcome: 'pass' })], REQUIREMENTS);
    for (const r of results.filter((x) => x.outcome === 'inconclusive')) expect(results.find((x) => x.id === r.blockedBy?.judgedBy)?.outcome).toMatch(/fail|warn/);
    expect(runVerdict(runReport(results)).outcome).toBe('fail');
  });

  it('judges an unanswered request where it happens: never a prerequisite', () => {
    const judged = judgeUnexpectedReply(new UnexpectedReply('tasks/result went unanswered', 'BASE-JSONRPC-RESPONSE'), { id: 'x.y', requirements: ['REQ-CREATE'] }, REQUIREMENTS, []);
    expect(judged.finding?.severity).toBe('fail');
  });
});
