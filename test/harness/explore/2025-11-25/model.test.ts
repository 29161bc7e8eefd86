// The model of `explore`, judged on hand-made logs: what a correct receiver shows passes, each property's violation
// names its requirement (and the catalogue's keyword its severity), and the races the spec allows are accepted.
import { describe, expect, it } from 'vitest';
import {
  EXPLORE_PROPERTIES,
  firstViolation,
  judgeCancelAnswers,
  judgeIsolation,
  judgeListing,
  judgeResults,
  judgeStatusGraph,
  judgeTerminalFinal,
  judgeTtl,
  judgeUnknownIds,
} from '../../../../harness/rules/2025-11-25/lifecycle.js';
import { judgeLegacyRun as judgeRun } from '../../../../harness/explore/2025-11-25/answers.js';
import type { Operation } from '../../../../harness/explore/operations.js';
import { sequenceFromRecords, toRecord } from '../../../../harness/explore/operations.js';
import type { Answer, CreatedTask } from '../../../../harness/explore/run-log.js';
import { ALL_REQUIREMENTS } from '../../../../suites/2025-11-25/index.js';
import { broken, LogRecorder, passes } from '../../../support/explore-judgements.js';

/** Builds a run's log by hand: times are milliseconds of performance.now(), timeOrigin 0 so createdAt is the same clock. */
class LogBuilder extends LogRecorder {
  /** A task created by a request sent at `sent` and answered at `received`, reported with `status` and `ttl`. */
  create(sent: number, received: number, options: { role?: CreatedTask['role']; status?: string; ttl?: number | null; delayMs?: number; text?: string; method?: CreatedTask['method'] } = {}): number {
    const index = this.log.tasks.length;
    const role = options.role ?? 'echo';
    const input = role === 'error' ? { code: -32042, message: 'explore: deliberate failure' } : { text: options.text ?? `text-${index}` };
    const ttl = options.ttl === undefined ? 60_000 : options.ttl;
    const taskId = `task-${index}`;
    const task = { taskId, status: options.status ?? 'working', createdAt: new Date(sent + 1).toISOString(), lastUpdatedAt: new Date(sent + 1).toISOString(), ttl, pollInterval: 50 };
    this.log.tasks.push({
      index,
      role,
      ...(options.method ? { method: options.method } : {}),
      delayMs: options.delayMs ?? 0,
      ttlRequested: ttl,
      input,
      comparesText: true,
      honoursDelay: true,
      taskId,
      created: task,
      position: this.position,
    });
    this.push({ kind: 'create', role, delayMs: options.delayMs ?? 0, ttl: null }, sent, received, { kind: 'result', result: { task } }, index, taskId);
    return index;
  }

  get(task: number, sent: number, received: number, answer: Answer | string): this {
    return this.named({ kind: 'get', task }, task, sent, received, typeof answer === 'string' ? this.shown(task, answer) : answer);
  }

  cancel(task: number, sent: number, received: number, answer: Answer | string): this {
    return this.named({ kind: 'cancel', task }, task, sent, received, typeof answer === 'string' ? this.shown(task, answer) : answer);
  }

  /** The task in `status`, a well-formed Task with the timestamps it was created with (their form is answers.ts' to judge). */
  private shown(task: number, status: string): Answer {
    const answer = taskAnswer(task, status);
    const created = this.log.tasks.find((each) => each.index === task)?.created;
    if (answer.kind === 'result' && created) Object.assign(answer.result, { createdAt: created.createdAt, lastUpdatedAt: created.lastUpdatedAt, pollInterval: 50 });
    return answer;
  }

  result(task: number, sent: number, received: number, answer: Answer): this {
    return this.named({ kind: 'result', task }, task, sent, received, answer);
  }

  unknown(kind: 'get' | 'result' | 'cancel', sent: number, received: number, answer: Answer): this {
    this.push({ kind, task: 'unknown' }, sent, received, answer, undefined, 'never-issued');
    return this;
  }

  list(sent: number, received: number, shown: { task: number | string; status: string }[], peer = false): this {
    const tasks = shown.map(({ task, status }) => ({ taskId: typeof task === 'number' ? `task-${task}` : task, status, ttl: 60_000 }));
    this.push({ kind: peer ? 'peer-list' : 'list' }, sent, received, { kind: 'list', tasks, pages: 1 });
    return this;
  }

  peerGet(task: number, sent: number, received: number, answer: Answer | string): this {
    this.push({ kind: 'peer-get', task }, sent, received, typeof answer === 'string' ? taskAnswer(task, answer) : answer, task, `task-${task}`);
    return this;
  }
}

/** A tasks/get or tasks/cancel answer showing the task in `status`. */
function taskAnswer(task: number, status: string): Answer {
  return { kind: 'result', result: { taskId: `task-${task}`, status, ttl: 60_000 } };
}

const error = (code: number, message = 'no such task'): Answer => ({ kind: 'error', code, message });
const text = (value: string, isError = false): Answer => ({ kind: 'result', result: { content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) } });

describe('explore model: status graph', () => {
  it('accepts statuses of the lifecycle, in order', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    b.get(t, 5, 6, 'working').get(t, 10, 11, 'input_required').get(t, 20, 21, 'working').get(t, 30, 31, 'completed');
    passes(judgeStatusGraph(b.log));
  });

  it('fails a status that is no status of the lifecycle', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    b.get(t, 5, 6, 'running');
    expect(broken(judgeStatusGraph(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-LIFECYCLE-VALID-TRANSITIONS', severity: 'fail' });
  });
});

describe('explore model: terminal statuses are final', () => {
  it('accepts a terminal status that stays', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    b.get(t, 5, 6, 'completed')
      .get(t, 10, 11, 'completed')
      .list(12, 14, [{ task: t, status: 'completed' }]);
    passes(judgeTerminalFinal(b.log));
  });

  it('fails a terminal status that changes', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    b.get(t, 5, 6, 'completed').get(t, 10, 11, 'working');
    expect(broken(judgeTerminalFinal(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-LIFECYCLE-TERMINAL-FINAL', severity: 'fail' });
  });

  it('names the cancel rule when a task cancelled by tasks/cancel later completes', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    b.cancel(t, 5, 6, 'cancelled').get(t, 200, 201, 'completed');
    expect(broken(judgeTerminalFinal(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-CANCEL-STAYS-CANCELLED', severity: 'fail' });
  });

  it('takes an outcome from tasks/result as "terminal by now": a status still running afterwards, with no end ever shown, is a result that did not wait', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2, { text: 'hi' });
    b.result(t, 5, 60, text('hi')).get(t, 70, 71, 'working');
    expect(broken(judgeTerminalFinal(b.log), ALL_REQUIREMENTS).requirement).toBe('TASKS-RESULT-BLOCK');
  });

  it('after an end was shown, the same status going back breaks terminal-final', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2, { text: 'hi' });
    b.get(t, 3, 4, 'completed').result(t, 5, 60, text('hi')).get(t, 70, 71, 'working');
    expect(broken(judgeTerminalFinal(b.log), ALL_REQUIREMENTS).requirement).toBe('TASKS-LIFECYCLE-TERMINAL-FINAL');
  });

  it('judges nothing across overlapping requests: a get answered while a cancel was in flight may show either', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    // The get overlaps the cancel, so neither happens before the other.
    b.cancel(t, 10, 20, 'cancelled').get(t, 12, 25, 'working').get(t, 30, 31, 'cancelled');
    expect(judgeTerminalFinal(b.log).violations).toEqual([]);
  });
});

describe('explore model: cancel answers', () => {
  it('accepts cancel against completion both ways', () => {
    // The cancel won: answered with the task cancelled, and it stays cancelled.
    const won = new LogBuilder();
    const t1 = won.create(0, 2, { delayMs: 150 });
    won.get(t1, 5, 6, 'working').cancel(t1, 140, 141, 'cancelled').get(t1, 300, 301, 'cancelled');
    passes(judgeCancelAnswers(won.log));
    passes(judgeTerminalFinal(won.log));
    // The work won: it completed before the cancel arrived, which is then refused.
    const lost = new LogBuilder();
    const t2 = lost.create(0, 2, { delayMs: 150 });
    lost.get(t2, 5, 6, 'working').cancel(t2, 149, 151, error(-32602, 'already completed')).get(t2, 300, 301, 'completed');
    passes(judgeCancelAnswers(lost.log));
    expect(judgeTerminalFinal(lost.log).violations).toEqual([]);
  });

  it('fails a cancel of a task seen terminal before it was sent that is not refused with -32602', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    b.get(t, 5, 6, 'completed').cancel(t, 10, 11, 'cancelled');
    expect(broken(judgeCancelAnswers(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-CANCEL-TERMINAL-REJECTED', severity: 'fail' });
    const other = new LogBuilder();
    const u = other.create(0, 2);
    other.get(u, 5, 6, 'failed').cancel(u, 10, 11, error(-32603, 'internal'));
    expect(broken(judgeCancelAnswers(other.log), ALL_REQUIREMENTS).requirement).toBe('TASKS-CANCEL-TERMINAL-REJECTED');
  });

  it('fails a cancel answered with the task not yet cancelled', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2, { delayMs: 600 });
    b.cancel(t, 5, 6, 'working');
    expect(broken(judgeCancelAnswers(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-CANCEL-BEFORE-RESPONSE', severity: 'fail' });
  });
});

describe('explore model: unknown ids', () => {
  it('accepts -32602 for every operation on an id never issued', () => {
    const b = new LogBuilder();
    b.create(0, 2);
    b.unknown('get', 5, 6, error(-32602)).unknown('result', 7, 8, error(-32602)).unknown('cancel', 9, 10, error(-32602));
    passes(judgeUnknownIds(b.log));
  });

  it('fails any other answer', () => {
    const b = new LogBuilder();
    b.unknown('cancel', 5, 6, error(-32603));
    expect(broken(judgeUnknownIds(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-ERROR-INVALID-TASK-ID', severity: 'fail' });
  });
});

describe('explore model: results', () => {
  it("accepts each fixture's exact outcome", () => {
    const b = new LogBuilder();
    const echo = b.create(0, 2, { text: 'hello' });
    const fail = b.create(0, 2, { role: 'fail', text: 'oops' });
    const err = b.create(0, 2, { role: 'error' });
    b.result(echo, 5, 6, text('hello')).result(fail, 5, 6, text('oops', true)).result(err, 5, 6, error(-32042, 'explore: deliberate failure'));
    passes(judgeResults(b.log));
  });

  it('fails an echo result with other text, and an error replayed wrongly', () => {
    const b = new LogBuilder();
    const echo = b.create(0, 2, { text: 'hello' });
    b.result(echo, 5, 6, text('hello (from task)'));
    expect(broken(judgeResults(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-RESULT-EXACT', severity: 'fail' });
    const c = new LogBuilder();
    const err = c.create(0, 2, { role: 'error' });
    c.result(err, 5, 6, text('explore: deliberate failure', true));
    expect(broken(judgeResults(c.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-EXEC-SAME-ERROR', severity: 'fail' });
  });

  it("judges a client's echo by its method: the sampled message's text, or the accepted elicitation's answer", () => {
    const b = new LogBuilder();
    const sampled = b.create(0, 2, { text: 'hello', method: 'sampling/createMessage' });
    const elicited = b.create(0, 2, { text: 'hello', method: 'elicitation/create' });
    const err = b.create(0, 2, { role: 'error', method: 'sampling/createMessage' });
    b.result(sampled, 5, 6, { kind: 'result', result: { role: 'assistant', content: { type: 'text', text: 'hello' }, model: 'm' } });
    b.result(elicited, 5, 6, { kind: 'result', result: { action: 'accept', content: { answer: 'hello' } } });
    b.result(err, 5, 6, error(-32042, 'explore: deliberate failure'));
    passes(judgeResults(b.log));
    const c = new LogBuilder();
    const declined = c.create(0, 2, { text: 'hello', method: 'elicitation/create' });
    c.result(declined, 5, 6, { kind: 'result', result: { action: 'cancel' } });
    expect(broken(judgeResults(c.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-RESULT-EXACT', severity: 'fail' });
    const d = new LogBuilder();
    const other = d.create(0, 2, { text: 'hello', method: 'sampling/createMessage' });
    d.result(other, 5, 6, { kind: 'result', result: { role: 'assistant', content: [{ type: 'text', text: 'hello (from task)' }], model: 'm' } });
    expect(broken(judgeResults(d.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-RESULT-EXACT', severity: 'fail' });
  });

  it('accepts any answer for a task that was cancelled, or whose ttl may have run out', () => {
    const b = new LogBuilder();
    const cancelled = b.create(0, 2, { text: 'hello', delayMs: 300 });
    const expiring = b.create(0, 2, { text: 'bye', delayMs: 600, ttl: 300 });
    b.cancel(cancelled, 10, 11, 'cancelled').result(cancelled, 20, 21, error(-32602, 'cancelled, no result'));
    b.result(expiring, 20, 400, error(-32602, 'expired'));
    expect(judgeResults(b.log).violations).toEqual([]);
  });

  it('fails a tasks/result refused with -32602 while the task is still there, leaving one never seen again to the ttl property', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2, { delayMs: 600 });
    b.result(t, 5, 6, error(-32602, 'not ready')).get(t, 10, 11, 'working');
    expect(broken(judgeResults(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-RESULT-BLOCK', severity: 'fail' });
    const ended = new LogBuilder();
    const e = ended.create(0, 2);
    ended.get(e, 5, 6, 'completed').result(e, 10, 11, error(-32602, 'finished')).get(e, 20, 21, 'completed');
    expect(broken(judgeResults(ended.log), ALL_REQUIREMENTS).requirement).toBe('TASKS-RESULT-TERMINAL-RETURNS');
    const gone = new LogBuilder();
    const g = gone.create(0, 2);
    gone.result(g, 5, 6, error(-32602, 'no such task'));
    expect(judgeResults(gone.log).violations).toEqual([]);
  });

  it('names the blocking rule for another error answered while the work still ran, and exactness once it was done', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2, { delayMs: 600 });
    b.result(t, 5, 6, error(-32603, 'not completed yet, poll tasks/get'));
    expect(broken(judgeResults(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-RESULT-BLOCK', severity: 'fail' });
    const done = new LogBuilder();
    const d = done.create(0, 2);
    done.get(d, 5, 6, 'completed').result(d, 10, 11, error(-32603, 'lost'));
    expect(broken(judgeResults(done.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-RESULT-EXACT', severity: 'fail' });
    // Asked while the work ran, answered after it: it may have waited, and the answer is not the work's error.
    const waited = new LogBuilder();
    const w = waited.create(0, 2, { role: 'error', delayMs: 50 });
    waited.result(w, 5, 70, error(-32603, 'no result stored'));
    expect(broken(judgeResults(waited.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-EXEC-SAME-ERROR', severity: 'fail' });
  });

  it('fails a tasks/result that never answers once the task was seen terminal, but not one still waiting on work', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    b.get(t, 5, 6, 'completed').result(t, 10, 760, { kind: 'no-answer', boundMs: 750 });
    expect(broken(judgeResults(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-RESULT-TERMINAL-RETURNS', severity: 'fail' });
    const cancelled = new LogBuilder();
    const c = cancelled.create(0, 2);
    cancelled.cancel(c, 5, 6, 'cancelled').result(c, 10, 760, { kind: 'no-answer', boundMs: 750 });
    expect(broken(judgeResults(cancelled.log), ALL_REQUIREMENTS).requirement).toBe('TASKS-CANCEL-RESULT-ANSWERS');
    const working = new LogBuilder();
    const w = working.create(0, 2, { delayMs: 600 });
    working.get(w, 5, 6, 'working').result(w, 10, 760, { kind: 'no-answer', boundMs: 750 });
    expect(judgeResults(working.log).violations).toEqual([]);
  });
});

describe('explore model: listing', () => {
  it('accepts a walk that shows every task created before it once', () => {
    const b = new LogBuilder();
    const t0 = b.create(0, 2);
    const t1 = b.create(3, 4);
    b.list(10, 12, [
      { task: t0, status: 'working' },
      { task: 'task-of-an-earlier-run', status: 'completed' },
      { task: t1, status: 'completed' },
    ]).get(t0, 20, 21, 'completed');
    passes(judgeListing(b.log));
  });

  it('warns of a task shown twice in one walk', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    b.list(10, 12, [
      { task: t, status: 'working' },
      { task: t, status: 'working' },
    ]);
    expect(broken(judgeListing(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-LIST-NO-DUPLICATES', severity: 'warn' });
  });

  it('fails a walk that leaves out a task created before it and still there after it', () => {
    const b = new LogBuilder();
    const t0 = b.create(0, 2);
    const t1 = b.create(3, 4);
    b.list(10, 12, [{ task: t1, status: 'working' }]).get(t0, 20, 21, 'working');
    expect(broken(judgeListing(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-LIST-GET-IMPLIES-LIST', severity: 'fail' });
  });

  it('accepts a walk with or without a task created while it ran', () => {
    for (const shown of [true, false]) {
      const b = new LogBuilder();
      const t0 = b.create(0, 2);
      b.list(
        10,
        30,
        shown
          ? [
              { task: 'task-1', status: 'working' },
              { task: t0, status: 'working' },
            ]
          : [{ task: t0, status: 'working' }],
      );
      // Created concurrently with the walk: its CreateTaskResult came after the walk began.
      const t1 = b.create(10, 15);
      b.get(t1, 40, 41, 'working').get(t0, 40, 41, 'working');
      expect(judgeListing(b.log).violations, `created during the walk, ${shown ? 'listed' : 'not listed'}`).toEqual([]);
    }
  });

  it('leaves a task missing and never seen again to the ttl property', () => {
    const b = new LogBuilder();
    const t0 = b.create(0, 2);
    b.create(3, 4);
    b.list(10, 12, [{ task: 1, status: 'working' }]);
    void t0;
    expect(judgeListing(b.log).violations).toEqual([]);
  });
});

describe('explore model: ttl', () => {
  it('fails a task deleted before the ttl it reports has run out', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2, { ttl: 800 });
    b.get(t, 100, 101, 'working').get(t, 450, 451, error(-32602, 'expired'));
    expect(broken(judgeTtl(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-TTL-INCLUDE-ACTUAL', severity: 'fail' });
  });

  it('fails a deletion of a task reported with an unlimited ttl', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2, { ttl: null });
    b.get(t, 450, 451, error(-32602, 'gone'));
    expect(broken(judgeTtl(b.log), ALL_REQUIREMENTS).requirement).toBe('TASKS-TTL-INCLUDE-ACTUAL');
  });

  it('accepts a deletion after the ttl, within the allowance, or after a cancel', () => {
    const b = new LogBuilder();
    const expired = b.create(0, 2, { ttl: 300 });
    const nearly = b.create(0, 2, { ttl: 300 });
    const cancelled = b.create(0, 2, { ttl: 60_000 });
    b.get(expired, 310, 311, error(-32602, 'expired'));
    // 40 ms early: within the 50 ms allowance for clocks and scheduling.
    b.get(nearly, 255, 261, error(-32602, 'expired'));
    b.cancel(cancelled, 10, 11, 'cancelled').get(cancelled, 20, 21, error(-32602, 'deleted on cancel'));
    expect(judgeTtl(b.log).violations).toEqual([]);
  });
});

describe('explore model: isolation', () => {
  it("accepts refusals of B's requests for A's tasks, and B's list without them", () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    b.peerGet(t, 5, 6, error(-32602)).list(7, 8, [{ task: 'a-task-of-b', status: 'working' }], true);
    passes(judgeIsolation(b.log));
  });

  it("fails B reading A's task, and B's list showing it", () => {
    const b = new LogBuilder();
    const t = b.create(0, 2);
    b.peerGet(t, 5, 6, 'working');
    expect(broken(judgeIsolation(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-SEC-REJECT-FOREIGN', severity: 'fail' });
    const c = new LogBuilder();
    const u = c.create(0, 2);
    c.list(5, 6, [{ task: u, status: 'working' }], true);
    expect(broken(judgeIsolation(c.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-SEC-LIST-OWN-ONLY', severity: 'fail' });
  });
});

describe('explore model: the run as a whole', () => {
  it('judges a correct run clean, and reports the violation that showed first', () => {
    const b = new LogBuilder();
    const t = b.create(0, 2, { text: 'x' });
    const related = { _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-0' } } };
    b.get(t, 5, 6, 'working')
      .result(t, 7, 50, { kind: 'result', result: { content: [{ type: 'text', text: 'x' }], ...related } })
      .get(t, 60, 61, 'completed');
    expect(firstViolation(judgeRun(b.log))).toBeUndefined();
    b.unknown('get', 70, 71, error(-32603)).get(t, 80, 81, 'working');
    const first = firstViolation(judgeRun(b.log));
    expect(first?.requirement).toBe('TASKS-ERROR-INVALID-TASK-ID');
    expect(firstViolation(judgeRun(b.log), { property: 'explore.terminal-final', requirement: 'TASKS-LIFECYCLE-TERMINAL-FINAL' })?.position).toBe(5);
  });

  it('every requirement the model names is in the catalogue', () => {
    for (const requirement of EXPLORE_PROPERTIES.flatMap((property) => property.requirements)) expect(ALL_REQUIREMENTS.has(requirement), requirement).toBe(true);
  });

  it('operations survive the trip through a counterexample file', () => {
    const steps: Operation[][] = [
      [{ kind: 'create', role: 'error', delayMs: 150, ttl: 800 }],
      [
        { kind: 'get', task: 0 },
        { kind: 'wait', ms: 50 },
      ],
      [{ kind: 'list' }],
    ];
    const records = steps.flatMap((step, index) => step.map((operation) => toRecord(operation, index, 'seen')));
    expect(sequenceFromRecords(JSON.parse(JSON.stringify(records)))).toEqual(steps);
    expect(() => sequenceFromRecords([{ step: 0, kind: 'teleport', args: {}, summary: '' }])).toThrow(/unknown kind/);
  });
});
