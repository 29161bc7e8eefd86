// explore's judgements of each answer's form and of the probes (harness/explore/2025-11-25/answers.ts), on hand-made
// logs: for each property, a run that breaks it (its requirement, and the severity a lenient reading gives) and one that does not.
import { describe, expect, it } from 'vitest';
import {
  judgeCursors,
  judgeExpiry,
  judgeForeignRefusals,
  judgeListWithoutAuth,
  judgeMaxTtl,
  judgePagination,
  judgePlainCalls,
  judgeRelatedMeta,
  judgeTaskForm,
  judgeTaskIds,
  judgeTimestampOrder,
  judgeTimestamps,
} from '../../../../harness/explore/2025-11-25/answers.js';
import { judgeIsolation, judgeResults, judgeTerminalFinal, sightingsOf } from '../../../../harness/rules/2025-11-25/lifecycle.js';
import { TEN_YEARS_MS } from '../../../../harness/explore/operations.js';
import type { Answer, CreatedTask } from '../../../../harness/explore/run-log.js';
import { ALL_REQUIREMENTS } from '../../../../suites/2025-11-25/index.js';
import { broken, LogRecorder, passes } from '../../../support/explore-judgements.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A well-formed task as the receiver reports it; `fields` override or (undefined) remove fields. */
function task(index: number, status: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = { taskId: `task-${index}`, status, createdAt: iso(1_000), lastUpdatedAt: iso(1_000), ttl: 60_000, pollInterval: 50 };
  for (const [key, value] of Object.entries(fields))
    if (value === undefined) delete base[key];
    else base[key] = value;
  return base;
}

const shown = (index: number, status: string, fields: Record<string, unknown> = {}): Answer => ({ kind: 'result', result: task(index, status, fields) });
const error = (code: number, message = 'no such task'): Answer => ({ kind: 'error', code, message });

class Log extends LogRecorder {
  create(sent: number, received: number, fields: Record<string, unknown> = {}, options: { ttl?: number | null; role?: CreatedTask['role']; plainError?: CreatedTask['plainError'] } = {}): number {
    const index = this.log.tasks.length;
    const ttl = options.ttl === undefined ? 60_000 : options.ttl;
    const role = options.role ?? 'echo';
    const input = role === 'error' ? { code: -32042, message: 'explore: deliberate failure' } : { text: `text-${index}` };
    this.log.tasks.push({
      index,
      role,
      delayMs: 0,
      ttlRequested: ttl,
      input,
      comparesText: true,
      honoursDelay: true,
      taskId: `task-${index}`,
      position: this.position,
      ...(options.plainError ? { plainError: options.plainError } : {}),
    });
    this.push({ kind: 'create', role, delayMs: 0, ttl }, sent, received, { kind: 'result', result: { task: task(index, 'working', { ttl, ...fields }) } }, index, `task-${index}`);
    return index;
  }

  get(index: number, sent: number, received: number, answer: Answer): this {
    return this.named({ kind: 'get', task: index }, index, sent, received, answer);
  }

  result(index: number, sent: number, received: number, answer: Answer): this {
    return this.named({ kind: 'result', task: index }, index, sent, received, answer);
  }

  cancel(index: number, sent: number, received: number, answer: Answer): this {
    return this.named({ kind: 'cancel', task: index }, index, sent, received, answer);
  }

  /** Any other operation, as the runner logs it. */
  other(operation: Parameters<LogRecorder['push']>[0], sent: number, received: number, answer: Answer, extra: Record<string, unknown> = {}, index?: number): this {
    this.push(operation, sent, received, answer, index, index === undefined ? undefined : `task-${index}`);
    Object.assign(this.log.operations[this.log.operations.length - 1], extra);
    return this;
  }
}

describe('explore answers: the form of every task', () => {
  it('passes well-formed tasks in creates, gets and walks', () => {
    const b = new Log();
    const t = b.create(0, 2);
    b.get(t, 5, 6, shown(t, 'completed')).other({ kind: 'list' }, 7, 9, { kind: 'list', tasks: [task(t, 'completed')], pages: 1 });
    passes(judgeTaskForm(b.log));
  });

  it('fails a CreateTaskResult without lastUpdatedAt, a tasks/get without ttl, a timestamp that is no date-time', () => {
    const incomplete = new Log();
    incomplete.create(0, 2, { lastUpdatedAt: undefined });
    expect(broken(judgeTaskForm(incomplete.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-TTL-LAST-UPDATED-AT', severity: 'fail' });
    const noTtl = new Log();
    noTtl.get(noTtl.create(0, 2), 5, 6, shown(0, 'working', { ttl: undefined }));
    expect(broken(judgeTaskForm(noTtl.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-TTL-INCLUDE-ACTUAL', severity: 'fail' });
    const epoch = new Log();
    epoch.get(epoch.create(0, 2), 5, 6, shown(0, 'working', { createdAt: '1733356800000' }));
    expect(broken(judgeTaskForm(epoch.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-TTL-CREATED-AT', severity: 'fail' });
  });

  it('judges the status notifications sent, and only those', () => {
    const b = new Log();
    b.create(0, 2);
    passes({ ...judgeTaskForm(b.log), observations: 1 });
    b.log.notifications = [{ receivedAt: 3, params: task(0, 'working', { pollInterval: 50.5 }) }];
    expect(broken(judgeTaskForm(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-NOTIFY-FULL-TASK', severity: 'fail' });
  });
});

describe('explore answers: timestamps', () => {
  it('passes a createdAt kept and a lastUpdatedAt that moves on', () => {
    const b = new Log();
    const t = b.create(0, 2);
    b.get(t, 5, 6, shown(t, 'working', { lastUpdatedAt: iso(1_005) })).get(t, 10, 11, shown(t, 'completed', { lastUpdatedAt: iso(1_010), createdAt: '1970-01-01T00:00:01.000+00:00' }));
    passes(judgeTimestamps(b.log, sightingsOf(b.log)));
    passes(judgeTimestampOrder(b.log, sightingsOf(b.log)));
  });

  it('fails a createdAt that drifts, and a lastUpdatedAt that goes back', () => {
    const drifts = new Log();
    drifts.get(drifts.create(0, 2), 5, 6, shown(0, 'working', { createdAt: iso(1_006) }));
    expect(broken(judgeTimestamps(drifts.log, sightingsOf(drifts.log)), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-LIFECYCLE-STABLE-IDENTITY', severity: 'fail' });
    const back = new Log();
    const t = back.create(0, 2);
    back.get(t, 5, 6, shown(t, 'working', { lastUpdatedAt: iso(1_200) })).get(t, 10, 11, shown(t, 'completed', { lastUpdatedAt: iso(1_001) }));
    expect(broken(judgeTimestamps(back.log, sightingsOf(back.log)), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-LIFECYCLE-MONOTONIC-UPDATE', severity: 'fail' });
  });

  it('accepts an older lastUpdatedAt from a request that overlapped the newer one', () => {
    const b = new Log();
    const t = b.create(0, 2);
    b.get(t, 5, 20, shown(t, 'working', { lastUpdatedAt: iso(1_200) })).get(t, 6, 8, shown(t, 'working', { lastUpdatedAt: iso(1_001) }));
    passes(judgeTimestamps(b.log, sightingsOf(b.log)));
  });

  it('warns, not fails, a lastUpdatedAt before createdAt (no keyword orders them)', () => {
    const b = new Log();
    b.get(b.create(0, 2), 5, 6, shown(0, 'completed', { lastUpdatedAt: iso(0) }));
    expect(broken(judgeTimestampOrder(b.log, sightingsOf(b.log)), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-TTL-LAST-UPDATED-AT', severity: 'warn' });
  });
});

describe('explore answers: tasks/result', () => {
  const result = (related: unknown): Answer => ({
    kind: 'result',
    result: { content: [{ type: 'text', text: 'text-0' }], ...(related === undefined ? {} : { _meta: { 'io.modelcontextprotocol/related-task': { taskId: related } } }) },
  });

  it('passes a result naming its task, fails one without the related-task _meta', () => {
    const good = new Log();
    good.result(good.create(0, 2), 5, 9, result('task-0'));
    passes(judgeRelatedMeta(good.log));
    const bad = new Log();
    bad.result(bad.create(0, 2), 5, 9, result(undefined));
    expect(broken(judgeRelatedMeta(bad.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-META-RESULT-INCLUDES', severity: 'fail' });
  });

  it("fails an error replayed without the data the plain call's error carried", () => {
    const plainError = { code: -32042, message: 'explore: deliberate failure', data: { detail: 'x' } };
    const kept = new Log();
    kept.result(kept.create(0, 2, {}, { role: 'error', plainError }), 5, 9, { kind: 'error', code: -32042, message: 'explore: deliberate failure', data: { detail: 'x' } });
    passes(judgeResults(kept.log));
    const dropped = new Log();
    dropped.result(dropped.create(0, 2, {}, { role: 'error', plainError }), 5, 9, error(-32042, 'explore: deliberate failure'));
    expect(broken(judgeResults(dropped.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-EXEC-SAME-ERROR', severity: 'fail' });
  });

  it('fails a tasks/result of a cancelled task that never answers, even when the ttl ran out while it waited', () => {
    const b = new Log();
    const t = b.create(0, 2, {}, { ttl: 300 });
    b.cancel(t, 5, 6, shown(t, 'cancelled', { ttl: 300 })).result(t, 10, 4_010, { kind: 'no-answer', boundMs: 4_000 });
    expect(broken(judgeResults(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-CANCEL-RESULT-ANSWERS', severity: 'fail' });
  });
});

describe('explore answers: the probes', () => {
  it('fails a plain call of an optional tool answered with a task; passes its normal result', () => {
    const b = new Log();
    b.other({ kind: 'plain', role: 'echo' }, 0, 1, { kind: 'result', result: { content: [{ type: 'text', text: 'x' }] } });
    passes(judgePlainCalls(b.log));
    b.other({ kind: 'plain', role: 'echo' }, 2, 3, { kind: 'result', result: { task: task(9, 'working') } });
    expect(broken(judgePlainCalls(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-TOOL-OPTIONAL-SERVED', severity: 'fail' });
  });

  it('fails a forged cursor taken as the start of the list; passes -32602', () => {
    const b = new Log();
    b.other({ kind: 'forged-cursor' }, 0, 1, error(-32602, 'invalid cursor'));
    passes(judgeCursors(b.log));
    b.other({ kind: 'forged-cursor' }, 2, 3, { kind: 'result', result: { tasks: [] } });
    expect(broken(judgeCursors(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-ERROR-INVALID-CURSOR', severity: 'fail' });
  });

  it('warns a walk of more than a hundred tasks on one page; passes them in pages', () => {
    const tasks = Array.from({ length: 101 }, (_, index) => task(100 + index, 'completed'));
    const paged = new Log();
    paged.other({ kind: 'crowd' }, 0, 9, { kind: 'list', tasks, pages: 11 }, { crowd: { ids: [], pageSizes: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 1] } });
    passes(judgePagination(paged.log));
    const one = new Log();
    one.other({ kind: 'crowd' }, 0, 9, { kind: 'list', tasks, pages: 1 }, { crowd: { ids: [], pageSizes: [101] } });
    expect(broken(judgePagination(one.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-LIST-PAGINATE', severity: 'warn' });
  });

  it("fails identity B's tasks/cancel and tasks/result that reach A's task; warns a refusal unlike an unknown id's", () => {
    const reached = new Log();
    const t = reached.create(0, 2);
    reached.other({ kind: 'peer-cancel', task: t }, 5, 6, shown(t, 'cancelled'), {}, t);
    expect(broken(judgeIsolation(reached.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-SEC-REJECT-FOREIGN', severity: 'fail' });
    const waited = new Log();
    waited.other({ kind: 'peer-result', task: waited.create(0, 2) }, 5, 2_005, { kind: 'no-answer', boundMs: 2_000 }, {}, 0);
    expect(broken(judgeIsolation(waited.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-SEC-REJECT-FOREIGN', severity: 'fail' });
    const alike = new Log();
    alike.other({ kind: 'peer-get', task: alike.create(0, 2) }, 5, 6, error(-32602, 'Task task-0 not found'), { unknownTwin: { taskId: 'u-1', answer: error(-32602, 'Task u-1 not found') } }, 0);
    passes(judgeForeignRefusals(alike.log));
    passes(judgeIsolation(alike.log));
    const unlike = new Log();
    unlike.other(
      { kind: 'peer-get', task: unlike.create(0, 2) },
      5,
      6,
      error(-32602, 'Task belongs to another requestor'),
      { unknownTwin: { taskId: 'u-1', answer: error(-32602, 'Task u-1 not found') } },
      0,
    );
    expect(broken(judgeForeignRefusals(unlike.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-SEC-REJECT-FOREIGN', severity: 'warn' });
  });

  it('judges a crowd of ids as isolation.task-id-entropy does: fail without credentials, warn with them, nothing with a second identity', () => {
    const sequential = Array.from({ length: 101 }, (_, index) => `task-${index + 1}`);
    const random = Array.from({ length: 101 }, () => crypto.randomUUID());
    const run = (ids: string[], access: { credentials: boolean; peer: boolean }) => {
      const b = new Log();
      b.log.access = { http: true, listDeclared: true, ...access };
      b.other({ kind: 'crowd' }, 0, 9, { kind: 'list', tasks: [], pages: 1 }, { crowd: { ids, pageSizes: [0] } });
      return b.log;
    };
    passes(judgeTaskIds(run(random, { credentials: false, peer: false })));
    expect(broken(judgeTaskIds(run(sequential, { credentials: false, peer: false })), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-SEC-SECURE-IDS', severity: 'fail' });
    expect(broken(judgeTaskIds(run(sequential, { credentials: true, peer: false })), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-SEC-SECURE-IDS', severity: 'warn' });
    expect(judgeTaskIds(run(sequential, { credentials: true, peer: true })).observations).toBe(0);
  });

  it('warns tasks.list offered over HTTP without credentials; nothing to judge with them', () => {
    const b = new Log();
    b.create(0, 2);
    b.log.access = { http: true, credentials: false, listDeclared: false, peer: false };
    passes(judgeListWithoutAuth(b.log));
    b.log.access = { http: true, credentials: false, listDeclared: true, peer: false };
    expect(broken(judgeListWithoutAuth(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-SEC-NO-LIST-WITHOUT-AUTH', severity: 'warn' });
    b.log.access = { http: true, credentials: true, listDeclared: true, peer: false };
    expect(judgeListWithoutAuth(b.log).observations).toBe(0);
  });
});

describe('explore answers: ttl', () => {
  it('passes an expired task kept or answered -32602; fails another error', () => {
    const b = new Log();
    const t = b.create(0, 2, {}, { ttl: 300 });
    b.get(t, 500, 501, shown(t, 'completed', { ttl: 300 }));
    b.get(t, 600, 601, error(-32602));
    passes(judgeExpiry(b.log, sightingsOf(b.log)));
    b.get(t, 700, 701, error(-32603, 'internal error'));
    expect(broken(judgeExpiry(b.log, sightingsOf(b.log)), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-ERROR-INVALID-TASK-ID', severity: 'fail' });
  });

  it('does not judge an error before the ttl ran out (that is not expiry)', () => {
    const b = new Log();
    const t = b.create(0, 2, {}, { ttl: 300 });
    b.get(t, 100, 101, error(-32603, 'internal error'));
    expect(judgeExpiry(b.log, sightingsOf(b.log))).toEqual({ observations: 0, violations: [] });
  });

  it('warns a ten-year ttl granted in full; passes one capped', () => {
    const capped = new Log();
    capped.create(0, 2, { ttl: 3_600_000 }, { ttl: TEN_YEARS_MS });
    passes(judgeMaxTtl(capped.log, sightingsOf(capped.log)));
    const granted = new Log();
    granted.create(0, 2, {}, { ttl: TEN_YEARS_MS });
    expect(broken(judgeMaxTtl(granted.log, sightingsOf(granted.log)), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-RES-MAX-TTL', severity: 'warn' });
  });
});

describe('explore answers: status notifications', () => {
  it('fails a notification that reverts a terminal status one notified before; not over HTTP, where streams may reorder them', () => {
    const b = new Log();
    b.create(0, 2);
    b.log.notificationsInOrder = true;
    b.log.notifications = [
      { receivedAt: 10, params: task(0, 'completed') },
      { receivedAt: 12, params: task(0, 'working') },
    ];
    expect(broken(judgeTerminalFinal(b.log), ALL_REQUIREMENTS)).toEqual({ requirement: 'TASKS-LIFECYCLE-TERMINAL-FINAL', severity: 'fail' });
    b.log.notificationsInOrder = false;
    expect(judgeTerminalFinal(b.log).violations).toEqual([]);
  });
});
