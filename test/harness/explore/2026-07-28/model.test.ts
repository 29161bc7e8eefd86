// `explore` under the 2026-07-28 profile: the model judged on hand-made logs (each property's violation names its
// requirement, the races the extension allows pass), then the engine against the reference's modern era: it passes,
// it finds an existing fault and shrinks it into a counterexample file that records its profile and replays.
import { describe, expect, it } from 'vitest';
import type { TargetSpec } from '../../../../harness/wire/connections/connect.js';
import { explore, type ExploreOptions } from '../../../../harness/explore/explore.js';
import {
  judgeAnswerForms,
  judgeDurable,
  judgeInput,
  judgeModernCancel,
  judgeModernIsolation,
  judgeModernResults,
  judgeRun as judgeModernRun,
  judgeModernStatuses,
  judgeModernTerminalFinal,
  judgeModernUnknownIds,
  judgeTaskIds,
} from '../../../../harness/rules/2026-07-28/lifecycle.js';
import { EXPLORE_PROPERTIES as MODERN_EXPLORE_PROPERTIES } from '../../../../harness/rules/2026-07-28/lifecycle.js';
import type { ExploreReport } from '../../../../harness/explore/report.js';
import type { Operation } from '../../../../harness/explore/operations.js';
import type { Answer, CreatedTask } from '../../../../harness/explore/run-log.js';
import { makeTiming } from '../../../../harness/wire/timing.js';
import { startReferenceHttpServer } from '../../../../reference-server/index.js';
import { TASKS_2026_07_28 } from '../../../../suites/2026-07-28/index.js';
import { broken, LogRecorder, passes } from '../../../support/explore-judgements.js';
import { REFERENCE_BUILT, TOKENS } from '../../../support/reference-runs.js';

const REQUIREMENTS = TASKS_2026_07_28.requirements;

/** A task ID long enough to pass for unguessable (explore.unguessable-ids judges their length). */
const idOf = (task: number) => `explore-task-${task}`;

/** Builds a 2026-07-28 run's log by hand: a CreateTaskResult and a tasks/get answer are the task itself. */
class ModernLog extends LogRecorder {
  protected override named(operation: Operation, task: number, sent: number, received: number, answer: Answer): this {
    this.push(operation, sent, received, answer, task, idOf(task));
    return this;
  }

  create(sent: number, received: number, options: { role?: CreatedTask['role']; status?: string; ttlMs?: number; filename?: string } = {}): number {
    const index = this.log.tasks.length;
    const role = options.role ?? 'slow';
    const taskId = idOf(index);
    const task = {
      resultType: 'task',
      taskId,
      status: options.status ?? 'working',
      createdAt: new Date(sent + 1).toISOString(),
      lastUpdatedAt: new Date(sent + 1).toISOString(),
      ttlMs: options.ttlMs ?? 60_000,
      pollIntervalMs: 50,
    };
    const input = role === 'confirm' ? { filename: options.filename ?? 'a.txt' } : {};
    this.log.tasks.push({ index, role, delayMs: 0, ttlRequested: null, input, comparesText: true, honoursDelay: true, taskId, created: task, position: this.position });
    this.push({ kind: 'create', role, delayMs: 0, ttl: null }, sent, received, { kind: 'result', result: task }, index, taskId);
    return index;
  }

  get(task: number, sent: number, received: number, answer: Answer | string, extra: Record<string, unknown> = {}): this {
    return this.named({ kind: 'get', task }, task, sent, received, typeof answer === 'string' ? shown(task, answer, extra) : answer);
  }

  peerGet(task: number, sent: number, received: number, answer: Answer | string): this {
    this.push({ kind: 'peer-get', task }, sent, received, typeof answer === 'string' ? shown(task, answer) : answer, task, idOf(task));
    return this;
  }

  /** Identity B's tasks/cancel or tasks/update of a task, or its subscription naming it (with the notifications/tasks it heard). */
  peer(kind: 'peer-cancel' | 'peer-update' | 'peer-listen', task: number, sent: number, received: number, answer: Answer): this {
    this.push({ kind, task }, sent, received, answer, task, idOf(task));
    return this;
  }

  cancel(task: number, sent: number, received: number, answer: Answer = ACK): this {
    return this.named({ kind: 'cancel', task }, task, sent, received, answer);
  }

  update(task: number, sent: number, received: number, keys: string[], answer: Answer = ACK): this {
    this.named({ kind: 'update', task }, task, sent, received, answer);
    this.log.operations[this.log.operations.length - 1].inputKeys = keys;
    return this;
  }

  unknown(kind: 'get' | 'cancel' | 'update', sent: number, received: number, answer: Answer): this {
    this.push({ kind, task: 'unknown' }, sent, received, answer, undefined, 'never-issued');
    return this;
  }
}

const ACK: Answer = { kind: 'result', result: { resultType: 'complete' } };
const error = (code: number): Answer => ({ kind: 'error', code, message: 'no such task' });
const textResult = (text: string, isError = false) => ({ content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) });
const confirmRequest = (message: string) => ({ method: 'elicitation/create', params: { message, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } } });

function shown(task: number, status: string, extra: Record<string, unknown> = {}): Answer {
  return { kind: 'result', result: { resultType: 'complete', taskId: idOf(task), status, createdAt: new Date(0).toISOString(), ttlMs: 60_000, ...extra } };
}

describe('explore model, 2026-07-28: statuses and finality', () => {
  it('accepts the five statuses and fails any other', () => {
    const ok = new ModernLog();
    const task = ok.create(0, 5);
    ok.get(task, 10, 12, 'working').get(task, 20, 22, 'completed', { result: textResult('done') });
    passes(judgeModernStatuses(ok.log));
    const bad = new ModernLog();
    bad.get(bad.create(0, 5), 10, 12, 'running');
    expect(broken(judgeModernStatuses(bad.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-GET-CURRENT-STATUS', severity: 'fail' });
  });

  it('fails a terminal status that changes, but not across overlapping requests', () => {
    const bad = new ModernLog();
    const task = bad.create(0, 5);
    bad
      .cancel(task, 10, 12)
      .get(task, 14, 16, 'cancelled')
      .get(task, 20, 22, 'completed', { result: textResult('done') });
    expect(broken(judgeModernTerminalFinal(bad.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-LIFECYCLE-TERMINAL-FINAL', severity: 'fail' });
    const racing = new ModernLog();
    const raced = racing.create(0, 5);
    racing.get(raced, 10, 30, 'cancelled').get(raced, 20, 25, 'completed', { result: textResult('done') });
    expect(judgeModernTerminalFinal(racing.log).violations).toEqual([]);
  });
});

describe('explore model, 2026-07-28: durability, cancel, unknown ids', () => {
  it('fails a task not found right after its CreateTaskResult, or gone within its ttlMs while it worked; accepts one gone after a cancel, its ttlMs or its end', () => {
    const first = new ModernLog();
    first.get(first.create(0, 5), 10, 12, error(-32602));
    expect(broken(judgeDurable(first.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-CREATE-DURABLE', severity: 'fail' });
    const later = new ModernLog();
    const task = later.create(0, 5);
    later.get(task, 10, 12, 'working').get(task, 20, 22, error(-32602));
    expect(broken(judgeDurable(later.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-GET-CURRENT-STATUS', severity: 'fail' });
    const allowed = new ModernLog();
    const cancelled = allowed.create(0, 5);
    const expired = allowed.create(0, 5, { ttlMs: 100 });
    const finished = allowed.create(0, 5);
    allowed.cancel(cancelled, 10, 12).get(cancelled, 20, 22, error(-32602)).get(expired, 200, 202, error(-32602));
    allowed.get(finished, 10, 12, 'completed', { result: textResult('done') }).get(finished, 20, 22, error(-32602));
    expect(judgeDurable(allowed.log).violations).toEqual([]);
  });

  it('fails a cancel refused while the task still works, not one that came after the end', () => {
    const refused = new ModernLog();
    const task = refused.create(0, 5);
    refused.cancel(task, 10, 12, error(-32603)).get(task, 20, 22, 'working');
    expect(broken(judgeModernCancel(refused.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-CANCEL-ACK', severity: 'fail' });
    const late = new ModernLog();
    const ended = late.create(0, 5);
    late
      .get(ended, 6, 8, 'completed', { result: textResult('done') })
      .cancel(ended, 10, 12, error(-32602))
      .get(ended, 20, 22, 'completed', { result: textResult('done') });
    passes(judgeModernCancel(late.log));
  });

  it('fails tasks/get of an unknown id answered otherwise than -32602, and warns of tasks/update or tasks/cancel', () => {
    const get = new ModernLog();
    get.unknown('get', 0, 2, error(-32603));
    expect(broken(judgeModernUnknownIds(get.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-ERR-UNKNOWN-TASK-GET', severity: 'fail' });
    const cancel = new ModernLog();
    cancel.unknown('cancel', 0, 2, ACK);
    expect(broken(judgeModernUnknownIds(cancel.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-ERR-UNKNOWN-TASK-UPDATE-CANCEL', severity: 'warn' });
  });
});

describe('explore model, 2026-07-28: outcomes, input, isolation', () => {
  it("accepts each fixture's outcome, the same at every look", () => {
    const ok = new ModernLog();
    const slow = ok.create(0, 5);
    const failing = ok.create(0, 5, { role: 'failing' });
    const failed = ok.create(0, 5, { role: 'protocolError' });
    const confirm = ok.create(0, 5, { role: 'confirm', filename: 'x.txt' });
    ok.get(slow, 10, 12, 'completed', { result: textResult('done') }).get(slow, 20, 22, 'completed', { result: textResult('done') });
    ok.get(failing, 10, 12, 'completed', { result: textResult('nope', true) });
    ok.get(failed, 10, 12, 'failed', { error: { code: -32603, message: 'broken' } });
    ok.get(confirm, 10, 12, 'completed', { result: textResult('deleted x.txt') });
    passes(judgeModernResults(ok.log));
  });

  it('fails a completed task without its result, a tool error ended failed, a failed task without its error, and a result that changes', () => {
    const cases: [(log: ModernLog) => void, string][] = [
      [(log) => log.get(log.create(0, 5), 10, 12, 'completed'), 'EXT-GET-COMPLETED-RESULT'],
      [(log) => log.get(log.create(0, 5, { role: 'failing' }), 10, 12, 'failed', { error: { code: -32603, message: 'nope' } }), 'EXT-EXEC-TOOL-ERROR-COMPLETED'],
      [(log) => log.get(log.create(0, 5, { role: 'protocolError' }), 10, 12, 'failed'), 'EXT-GET-FAILED-ERROR'],
      [
        (log) => {
          const task = log.create(0, 5);
          log.get(task, 10, 12, 'completed', { result: textResult('one') }).get(task, 20, 22, 'completed', { result: textResult('two') });
        },
        'EXT-EXEC-SAME-RESULT',
      ],
    ];
    for (const [build, requirement] of cases) {
      const log = new ModernLog();
      build(log);
      expect(broken(judgeModernResults(log.log), REQUIREMENTS).requirement).toBe(requirement);
    }
  });

  it('fails input_required without its requests, and an answered key naming a new request; accepts one not yet taken in', () => {
    const empty = new ModernLog();
    empty.get(empty.create(0, 5, { role: 'confirm' }), 10, 12, 'input_required');
    expect(broken(judgeInput(empty.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-GET-INPUT-REQUIRED', severity: 'fail' });
    const reused = new ModernLog();
    const task = reused.create(0, 5, { role: 'confirm' });
    reused.get(task, 10, 12, 'input_required', { inputRequests: { k1: confirmRequest('first') } }).update(task, 14, 16, ['k1']);
    reused.get(task, 20, 22, 'input_required', { inputRequests: { k1: confirmRequest('second') } });
    expect(broken(judgeInput(reused.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-UPDATE-KEY-NO-REUSE', severity: 'fail' });
    const eventual = new ModernLog();
    const same = eventual.create(0, 5, { role: 'confirm' });
    eventual.get(same, 10, 12, 'input_required', { inputRequests: { k1: confirmRequest('first') } }).update(same, 14, 16, ['k1']);
    eventual.get(same, 20, 22, 'input_required', { inputRequests: { k1: confirmRequest('first') } });
    passes(judgeInput(eventual.log));
  });

  it("fails identity B reading identity A's task once refused it, and accepts task IDs as bearer tokens", () => {
    const bearer = new ModernLog();
    bearer.peerGet(bearer.create(0, 5), 10, 12, 'working');
    passes(judgeModernIsolation(bearer.log));
    const log = new ModernLog();
    const task = log.create(0, 5);
    log.peerGet(task, 10, 12, error(-32602));
    log.peerGet(task, 14, 16, 'working');
    expect(broken(judgeModernIsolation(log.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-SEC-AUTH-EACH-REQUEST', severity: 'fail' });
  });

  it("fails a server that serves identity B one request on A's task and refuses it another; accepts refusals it may make", () => {
    const heard = (task: number, status: string): Answer => ({ kind: 'heard', acknowledged: true, notifications: [{ taskId: idOf(task), status }] });
    const cancelServed = new ModernLog();
    const task = cancelServed.create(0, 5);
    cancelServed.peer('peer-cancel', task, 10, 12, ACK).peerGet(task, 14, 16, error(-32602)).get(task, 20, 22, 'cancelled');
    expect(broken(judgeModernIsolation(cancelServed.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-SEC-AUTH-EACH-REQUEST', severity: 'fail' });
    const listened = new ModernLog();
    const other = listened.create(0, 5);
    listened.peer('peer-listen', other, 10, 2000, heard(other, 'completed')).peerGet(other, 2010, 2012, error(-32602)).get(other, 2020, 2022, 'completed');
    expect(broken(judgeModernIsolation(listened.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-SEC-AUTH-EACH-REQUEST', severity: 'fail' });
    // Bound throughout: refused, and a subscription that heard nothing of A's task.
    const bound = new ModernLog();
    const own = bound.create(0, 5);
    bound.peer('peer-listen', own, 10, 2000, { kind: 'heard', acknowledged: true, notifications: [] }).peer('peer-cancel', own, 12, 14, error(-32602)).peerGet(own, 2010, 2012, error(-32602));
    bound.get(own, 2020, 2022, 'completed');
    passes(judgeModernIsolation(bound.log));
    // A cancel of a finished task may be refused, and an update naming a key never issued may be: B is still served tasks/get.
    const finished = new ModernLog();
    const done = finished.create(0, 5, { role: 'failing', status: 'completed' });
    finished.peer('peer-cancel', done, 10, 12, error(-32602)).peer('peer-update', done, 14, 16, error(-32602)).peerGet(done, 20, 22, 'completed').get(done, 30, 32, 'completed');
    passes(judgeModernIsolation(finished.log));
    // A server refusing every cancel, A's too, refuses B's for that reason: cancel-answers judges it, not isolation.
    const noCancels = new ModernLog();
    const kept = noCancels.create(0, 5);
    noCancels.cancel(kept, 10, 12, error(-32603)).peer('peer-cancel', kept, 14, 16, error(-32603)).peerGet(kept, 20, 22, 'working').get(kept, 30, 32, 'working');
    passes(judgeModernIsolation(noCancels.log));
    // A task gone (deleted after its cancel) is refused to B without A seeing it again: no sign of binding.
    const gone = new ModernLog();
    const deleted = gone.create(0, 5);
    gone.peerGet(deleted, 10, 12, 'working').cancel(deleted, 14, 16).peerGet(deleted, 20, 22, error(-32602)).get(deleted, 30, 32, error(-32602));
    passes(judgeModernIsolation(gone.log));
  });

  it('fails an answer of the wrong form: resultType of a CreateTaskResult, of tasks/get, of an acknowledgement, and a body in an acknowledgement', () => {
    const good = new ModernLog();
    const task = good.create(0, 5);
    good.get(task, 10, 12, 'working').update(task, 14, 16, ['k']).cancel(task, 20, 22);
    passes(judgeAnswerForms(good.log));
    const labelled = new ModernLog();
    labelled.create(0, 5);
    (labelled.log.operations[0].answer as { result: Record<string, unknown> }).result.resultType = 'complete';
    expect(broken(judgeAnswerForms(labelled.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-RESULTTYPE-TASK', severity: 'fail' });
    const getTask = new ModernLog();
    getTask.get(getTask.create(0, 5), 10, 12, 'working', { resultType: 'task' });
    expect(broken(judgeAnswerForms(getTask.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-RESULTTYPE-NOT-TASK-ELSEWHERE', severity: 'fail' });
    const getUnlabelled = new ModernLog();
    getUnlabelled.get(getUnlabelled.create(0, 5), 10, 12, 'working', { resultType: undefined });
    expect(broken(judgeAnswerForms(getUnlabelled.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-GET-RESULTTYPE-COMPLETE', severity: 'fail' });
    const fullAck = new ModernLog();
    const cancelled = fullAck.create(0, 5);
    fullAck.cancel(cancelled, 10, 12, { kind: 'result', result: { resultType: 'complete', taskId: idOf(cancelled), status: 'cancelled' } });
    expect(broken(judgeAnswerForms(fullAck.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-CANCEL-ACK', severity: 'fail' });
    const bareAck = new ModernLog();
    bareAck.update(bareAck.create(0, 5), 10, 12, ['k'], { kind: 'result', result: {} });
    expect(broken(judgeAnswerForms(bareAck.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-UPDATE-RESULTTYPE-COMPLETE', severity: 'fail' });
  });

  it('fails a task ID too short to be unguessable, and one given to two tasks; accepts long distinct ones', () => {
    const log = new ModernLog();
    log.create(0, 5);
    log.create(6, 9);
    passes(judgeTaskIds(log.log));
    log.log.tasks[1].taskId = 'task-2';
    expect(broken(judgeTaskIds(log.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-SEC-UNGUESSABLE-IDS', severity: 'fail' });
    log.log.tasks[1].taskId = idOf(0);
    expect(broken(judgeTaskIds(log.log), REQUIREMENTS)).toEqual({ requirement: 'EXT-SEC-UNGUESSABLE-IDS', severity: 'fail' });
  });

  it("every requirement the model names is in the extension's catalogue", () => {
    for (const requirement of MODERN_EXPLORE_PROPERTIES.flatMap((property) => property.requirements)) expect(REQUIREMENTS.has(requirement), requirement).toBe(true);
  });

  it('a whole correct run passes every property', () => {
    const log = new ModernLog();
    const task = log.create(0, 5, { role: 'confirm', filename: 'y.txt' });
    log.get(task, 10, 12, 'input_required', { inputRequests: { k1: confirmRequest('sure?') } }).update(task, 14, 16, ['k1']);
    log
      .get(task, 30, 32, 'completed', { result: textResult('deleted y.txt') })
      .cancel(task, 40, 42, ACK)
      .get(task, 50, 52, 'completed', { result: textResult('deleted y.txt') });
    log.unknown('get', 60, 62, error(-32602));
    log.peerGet(task, 70, 72, error(-32602));
    for (const judgement of Object.values(judgeModernRun(log.log))) expect(judgement.violations).toEqual([]);
  });
});

function exploreModern(target: TargetSpec, options: Partial<ExploreOptions> = {}): Promise<ExploreReport> {
  return explore({
    target,
    timing: makeTiming(1),
    seed: 20260728,
    runs: 6,
    budgetMs: 20_000,
    maxOps: 12,
    tool: { name: 'mcp-tasks-conformance', version: 'test' },
    requirements: REQUIREMENTS,
    profile: { id: TASKS_2026_07_28.id, title: TASKS_2026_07_28.title, specUrl: TASKS_2026_07_28.specUrl, era: 'modern' },
    ...options,
  });
}

describe.skipIf(!REFERENCE_BUILT)('explore under 2026-07-28 against the reference (run "npm run build" first when running vitest alone)', () => {
  // Runs last a second or more: each follows its slow_compute tasks to their end.
  it.concurrent('passes over HTTP with a second identity', { timeout: 60_000 }, async () => {
    const server = await startReferenceHttpServer({ port: 0, tokens: TOKENS });
    try {
      const report = await exploreModern({ transport: 'http', url: server.url, headers: { Authorization: 'Bearer token-a' }, peerHeaders: { Authorization: 'Bearer token-b' } });
      // A property a few runs gave nothing to judge skips as not exercised: what matters here is that none is broken.
      expect(report.properties.filter((p) => p.outcome !== 'pass' && !(p.outcome === 'skip' && p.message.startsWith('not exercised'))).map((p) => `${p.id}: ${p.message}`)).toEqual([]);
      expect(report.profile.id).toBe('2026-07-28');
      expect(report.runsDone).toBe(6);
      expect(report.properties.find((p) => p.id === 'explore.terminal-final')?.observations).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
