// The rule book's stateful rules of issue 39, on traffic written out by hand: what each judges, and the readings that
// keep it from judging what the text allows (a same-millisecond working-then-ended pair, an update's effect that trails).
import { describe, it } from 'vitest';
import { RuleBook, type WireViolation } from '../../../harness/rules/rule-book.js';
import type { Party, WireEntry } from '../../../harness/rules/traffic.js';
import { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION, TASKS_EXTENSION } from '../../../harness/wire/2026-07-28/envelope.js';
import { REQUIREMENTS_BY_ID } from '../../../suites/2025-11-25/requirements.js';
import { EXT_REQUIREMENTS_BY_ID } from '../../../suites/2026-07-28/requirements.js';

const CREATED = '2026-01-01T00:00:00.000Z';
const ENDED = '2026-01-01T00:00:05.000Z';

/** A conversation on one channel: each call is the next message, a few milliseconds after the one before. */
function conversation(era: 'legacy' | 'modern', stepMs = 5) {
  const violations: WireViolation[] = [];
  const book = new RuleBook({ requirements: { legacy: REQUIREMENTS_BY_ID, modern: EXT_REQUIREMENTS_BY_ID }, era, transport: 'stdio', onViolation: (v) => violations.push(v) });
  let t = 0;
  let id = 0;
  const send = (from: Party, message: Record<string, unknown>) => {
    t += stepMs;
    const entry: WireEntry = { t, at: new Date(t).toISOString(), from, channel: 'stdio', message: { jsonrpc: '2.0', ...message } };
    book.observe(entry);
  };
  const envelope = (declares = true) => ({
    [META_PROTOCOL_VERSION]: '2026-07-28',
    [META_CLIENT_CAPABILITIES]: declares ? { extensions: { [TASKS_EXTENSION]: {} } } : {},
  });
  /** A request from the host and the server's answer to it. */
  const exchange = (method: string, params: Record<string, unknown>, result: Record<string, unknown>) => {
    id += 1;
    send('host', { id, method, params: era === 'modern' ? { ...params, _meta: { ...envelope(), ...(params._meta as object) } } : params });
    send('server', { id, result });
  };
  /** The conversation ends `afterMs` after its last message. */
  const end = (afterMs: number) => book.end(t + afterMs);
  return { violations, send, exchange, envelope, end, requirements: () => violations.map((v) => v.requirement) };
}

const task = (status: string, lastUpdatedAt: string, extra: Record<string, unknown> = {}) => ({ taskId: 't1', status, createdAt: CREATED, lastUpdatedAt, ttlMs: 60_000, ...extra });
const legacyTask = (status: string, lastUpdatedAt: string) => ({ taskId: 't1', status, createdAt: CREATED, lastUpdatedAt, ttl: 60_000 });

describe('a status notification set against the terminal status', () => {
  it('2026-07-28: the notification of the end saying working, before tasks/get shows the end at its moment, fails EXT-NOTIFY-FULL-TASK', ({ expect }) => {
    const c = conversation('modern');
    c.exchange('tools/call', { name: 'slow' }, { resultType: 'task', ...task('working', CREATED) });
    c.send('server', { method: 'notifications/tasks', params: task('working', ENDED) });
    c.exchange('tasks/get', { taskId: 't1' }, { resultType: 'complete', ...task('completed', ENDED, { result: { content: [] } }) });
    expect(c.requirements()).toEqual(['EXT-NOTIFY-FULL-TASK']);
  });

  it('2025-11-25: the same, after tasks/get showed the end, for a notification dated later fails TASKS-NOTIFY-FULL-TASK', ({ expect }) => {
    const c = conversation('legacy');
    c.exchange('tasks/get', { taskId: 't1' }, legacyTask('completed', ENDED));
    c.send('server', { method: 'notifications/tasks/status', params: legacyTask('working', '2026-01-01T00:00:06.000Z') });
    expect(c.requirements()).toContain('TASKS-NOTIFY-FULL-TASK');
  });

  it('2025-11-25: a cancel answered in the millisecond of a working notification, with no notification of it, is no violation', ({ expect }) => {
    const c = conversation('legacy');
    c.send('server', { method: 'notifications/tasks/status', params: legacyTask('working', ENDED) });
    c.exchange('tasks/cancel', { taskId: 't1' }, legacyTask('cancelled', ENDED));
    expect(c.requirements()).toEqual([]);
  });

  it('working then ended within one millisecond, each notified in order, is no violation', ({ expect }) => {
    const c = conversation('modern');
    c.send('server', { method: 'notifications/tasks', params: task('working', ENDED) });
    c.send('server', { method: 'notifications/tasks', params: task('completed', ENDED, { result: { content: [] } }) });
    c.exchange('tasks/get', { taskId: 't1' }, { resultType: 'complete', ...task('completed', ENDED, { result: { content: [] } }) });
    expect(c.requirements()).toEqual([]);
  });

  it('equal times on a clock of whole seconds, or at the moment of creation, prove no misreport: no violation', ({ expect }) => {
    const coarse = conversation('legacy');
    // A second-precision server: a working update and the end within one second share their lastUpdatedAt.
    coarse.send('server', { method: 'notifications/tasks/status', params: { ...legacyTask('working', '2026-01-01T00:00:05Z'), createdAt: '2026-01-01T00:00:00Z' } });
    coarse.exchange('tasks/get', { taskId: 't1' }, { ...legacyTask('completed', '2026-01-01T00:00:05Z'), createdAt: '2026-01-01T00:00:00Z' });
    expect(coarse.requirements()).toEqual([]);
    const instant = conversation('modern');
    // The notification of the task's creation, for work that ended in the same millisecond, with no notification of the end.
    instant.send('server', { method: 'notifications/tasks', params: task('working', CREATED) });
    instant.exchange('tasks/get', { taskId: 't1' }, { resultType: 'complete', ...task('completed', CREATED, { result: { content: [] } }) });
    expect(instant.requirements()).toEqual([]);
  });
});

describe('an answered input key listed once the task showed the answer taken', () => {
  const asking = (key: string) => ({ inputRequests: { [key]: { method: 'elicitation/create', params: { message: 'yes?' } } } });
  const start = () => {
    const c = conversation('modern');
    c.exchange('tools/call', { name: 'confirm' }, { resultType: 'task', ...task('working', CREATED) });
    c.exchange('tasks/get', { taskId: 't1' }, { resultType: 'complete', ...task('input_required', CREATED, asking('k1')) });
    c.exchange('tasks/update', { taskId: 't1', inputResponses: { k1: { action: 'accept', content: {} } } }, { resultType: 'complete' });
    return c;
  };

  it('still listed while the task has not shown the answer taken is allowed (the effect may trail the ack)', ({ expect }) => {
    const c = start();
    c.exchange('tasks/get', { taskId: 't1' }, { resultType: 'complete', ...task('input_required', CREATED, asking('k1')) });
    expect(c.requirements()).toEqual([]);
  });

  it('listed by a completed task fails EXT-UPDATE-KEY-NO-REUSE', ({ expect }) => {
    const c = start();
    c.exchange('tasks/get', { taskId: 't1' }, { resultType: 'complete', ...task('completed', ENDED, { result: { content: [] }, ...asking('k1') }) });
    expect(c.requirements()).toEqual(['EXT-UPDATE-KEY-NO-REUSE']);
  });

  it('listed again after a look without it fails EXT-UPDATE-KEY-NO-REUSE', ({ expect }) => {
    const c = start();
    c.exchange('tasks/get', { taskId: 't1' }, { resultType: 'complete', ...task('working', CREATED) });
    c.exchange('tasks/get', { taskId: 't1' }, { resultType: 'complete', ...task('input_required', CREATED, { inputRequests: { ...asking('k1').inputRequests, ...asking('k2').inputRequests } }) });
    expect(c.requirements()).toEqual(['EXT-UPDATE-KEY-NO-REUSE']);
  });
});

describe('2026-07-28: every task request declares the extension', () => {
  it('a tasks/get without it in its clientCapabilities fails EXT-ERR-CLIENT-DECLARES-ON-TASK-METHODS, on the host', ({ expect }) => {
    const c = conversation('modern');
    c.send('host', { id: 1, method: 'tasks/get', params: { taskId: 't1', _meta: c.envelope(false) } });
    c.send('host', { id: 2, method: 'tasks/get', params: { taskId: 't1', _meta: c.envelope(true) } });
    expect(c.violations.map((v) => [v.requirement, v.party])).toEqual([['EXT-ERR-CLIENT-DECLARES-ON-TASK-METHODS', 'host']]);
  });
});

describe('2025-11-25: an outcome from tasks/result, then a status that says the task still runs', () => {
  const created = () => {
    // Every message in one millisecond: a request seen after an answer still comes after it.
    const c = conversation('legacy', 0);
    c.exchange('tools/call', { name: 'slow', task: { ttl: 60_000 } }, { task: legacyTask('working', CREATED) });
    return c;
  };

  it('with no terminal status shown before, fails TASKS-RESULT-BLOCK (the outcome came early), not terminal-final', ({ expect }) => {
    const c = created();
    c.exchange('tasks/result', { taskId: 't1' }, { content: [], _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } });
    c.exchange('tasks/get', { taskId: 't1' }, legacyTask('working', CREATED));
    expect(c.requirements()).toEqual(['TASKS-RESULT-BLOCK']);
  });

  it('after a terminal status was shown, fails TASKS-LIFECYCLE-TERMINAL-FINAL (the status went back)', ({ expect }) => {
    const c = created();
    c.exchange('tasks/get', { taskId: 't1' }, legacyTask('completed', ENDED));
    c.exchange('tasks/result', { taskId: 't1' }, { content: [], _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } });
    c.exchange('tasks/get', { taskId: 't1' }, legacyTask('working', ENDED));
    expect(c.requirements()).toEqual(['TASKS-LIFECYCLE-TERMINAL-FINAL']);
  });
});

describe('2026-07-28: what the era took out of 2025-11-25 tasks', () => {
  it('tasks/result or tasks/list served, or refused with another code than -32601, fails EXT-REMOVED-METHODS', ({ expect }) => {
    const c = conversation('modern');
    c.exchange('tasks/result', { taskId: 't1' }, { content: [] });
    c.send('host', { id: 50, method: 'tasks/list', params: { _meta: c.envelope() } });
    c.send('server', { id: 50, error: { code: -32602, message: 'bad cursor' } });
    expect(c.requirements()).toEqual(['EXT-REMOVED-METHODS', 'EXT-REMOVED-METHODS']);
  });

  it('-32601 for each is no violation; a request that does not declare the extension is not judged', ({ expect }) => {
    const c = conversation('modern');
    c.send('host', { id: 60, method: 'tasks/result', params: { taskId: 't1', _meta: c.envelope() } });
    c.send('server', { id: 60, error: { code: -32601, message: 'Method not found' } });
    c.send('host', { id: 61, method: 'tasks/list', params: { _meta: c.envelope(false) } });
    c.send('server', { id: 61, error: { code: -32021, message: 'missing capability' } });
    expect(c.requirements()).toEqual([]);
  });

  it('a server/discover result with the 2025-11-25 tasks capability fails EXT-CAP-NO-LEGACY-CAPABILITY', ({ expect }) => {
    const extension = { extensions: { [TASKS_EXTENSION]: {} } };
    const c = conversation('modern');
    c.exchange('server/discover', {}, { supportedVersions: ['2026-07-28'], capabilities: extension });
    expect(c.requirements()).toEqual([]);
    c.exchange('server/discover', {}, { supportedVersions: ['2026-07-28'], capabilities: { ...extension, tasks: { list: {}, cancel: {} } } });
    expect(c.requirements()).toEqual(['EXT-CAP-NO-LEGACY-CAPABILITY']);
  });
});

describe('at the end of a conversation on stdio, a request that should have been answered at once and never was', () => {
  const started = () => {
    const c = conversation('legacy');
    c.send('host', { id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } });
    c.send('server', { id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tasks: { requests: { tools: { call: {} } } } } } });
    return c;
  };

  it('fails BASE-JSONRPC-RESPONSE on the server when later requests were answered and half a minute went by', ({ expect }) => {
    const c = started();
    c.send('host', { id: 2, method: 'tasks/get', params: { taskId: 't1' } });
    c.exchange('tasks/get', { taskId: 't2' }, legacyTask('working', CREATED));
    c.end(31_000);
    expect(c.violations.map((v) => [v.requirement, v.party])).toEqual([['BASE-JSONRPC-RESPONSE', 'server']]);
    expect(c.violations[0]!.message).toMatch(/^tasks\/get \(id 2\) was never answered: 31 s went by/);
  });

  it('is not judged when it was cancelled, may wait on work, came last, or the wait was short', ({ expect }) => {
    const cancelled = started();
    cancelled.send('host', { id: 2, method: 'tasks/get', params: { taskId: 't1' } });
    cancelled.send('host', { method: 'notifications/cancelled', params: { requestId: 2 } });
    cancelled.exchange('tasks/get', { taskId: 't2' }, legacyTask('working', CREATED));
    cancelled.end(60_000);
    const waitsOnWork = started();
    waitsOnWork.send('host', { id: 2, method: 'tasks/result', params: { taskId: 't1' } });
    waitsOnWork.exchange('tasks/get', { taskId: 't1' }, legacyTask('working', CREATED));
    waitsOnWork.end(60_000);
    const last = started();
    last.exchange('tasks/get', { taskId: 't2' }, legacyTask('working', CREATED));
    last.send('host', { id: 9, method: 'tasks/get', params: { taskId: 't1' } });
    last.end(60_000);
    const short = started();
    short.send('host', { id: 2, method: 'tasks/get', params: { taskId: 't1' } });
    short.exchange('tasks/get', { taskId: 't2' }, legacyTask('working', CREATED));
    short.end(5_000);
    expect([...cancelled.requirements(), ...waitsOnWork.requirements(), ...last.requirements(), ...short.requirements()]).toEqual([]);
  });
});
