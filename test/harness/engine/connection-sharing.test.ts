import { describe, expect, it } from 'vitest';
import { ConnectionBroker, HOUSEHOLD_SEATS, type ConnectionRequest } from '../../../harness/wire/connections/connection-broker.js';
import type { Connection } from '../../../harness/wire/connections/connect.js';
import type { CheckResult, RunReport } from '../../../harness/model/model.js';
import { runSuite } from '../../../harness/engine/runner.js';
import { StartGate } from '../../../harness/wire/start-gate.js';
import { makeTiming } from '../../../harness/wire/timing.js';
import { Transcript } from '../../../harness/wire/transcript.js';
import { TASKS_2025_11_25 } from '../../../suites/2025-11-25/index.js';
import { TASKS_2026_07_28 } from '../../../suites/2026-07-28/index.js';
import { REFERENCE_BUILT, REFERENCE_MAIN } from '../../support/reference-runs.js';

/** A connection that only records what the broker does with it. */
function fakeConnection(name: string, options: { quiescent?: boolean } = {}) {
  const events: string[] = [];
  const connection = {
    label: name,
    session: { quiescent: options.quiescent ?? true, closed: false },
    handOver: (next: { label: string }) => events.push(`handed to ${next.label}`),
    close: async () => {
      events.push('closed');
      connection.session.closed = true;
    },
  };
  return { connection: connection as unknown as Connection, events };
}

function request(checkId: string, kind: string | undefined = 'primary'): ConnectionRequest {
  return { kind, checkId, transcript: new Transcript(), label: 'A1', signal: new AbortController().signal };
}

describe('the connection broker', () => {
  it('gives a process a clean check left to the next check of its kind, and says so in that check’s transcript', async () => {
    const broker = new ConnectionBroker(true, new StartGate(2));
    const first = fakeConnection('first');
    const got = await broker.connect(request('a'), async () => first.connection);
    await broker.release(got, 'primary', true);
    const next = request('b');
    let opened = false;
    const again = await broker.connect(next, async () => {
      opened = true;
      return fakeConnection('new').connection;
    });
    expect(again).toBe(first.connection);
    expect(opened).toBe(false);
    expect(first.events).toEqual(['handed to A1']);
    expect(next.transcript.entries().map((entry) => entry.text)).toEqual([expect.stringMatching(/served one check before \(last a\)/)]);
    await broker.release(again, 'primary', true);
    await broker.end();
    expect(first.events).toEqual(['handed to A1', 'closed']);
  });

  it('closes instead of keeping: after a check that was not clean, of another kind, not quiet, or when sharing is off', async () => {
    for (const [shares, kind, reusable, quiescent] of [
      [true, 'primary', false, true],
      [true, undefined, true, true],
      [true, 'primary', true, false],
      [false, 'primary', true, true],
    ] as const) {
      const broker = new ConnectionBroker(shares, new StartGate(2));
      const used = fakeConnection('used', { quiescent });
      await broker.connect(request('a', kind), async () => used.connection);
      await broker.release(used.connection, kind, reusable);
      expect(used.events).toEqual(['closed']);
      const fresh = fakeConnection('fresh');
      expect(await broker.connect(request('b', kind), async () => fresh.connection)).toBe(fresh.connection);
      await broker.end();
    }
  });

  it('never hands a process to a check of another kind', async () => {
    const broker = new ConnectionBroker(true, new StartGate(2));
    const taskCapable = fakeConnection('task-capable');
    await broker.release(await broker.connect(request('a', 'task-capable'), async () => taskCapable.connection), 'task-capable', true);
    const plain = fakeConnection('plain');
    expect(await broker.connect(request('b', 'primary'), async () => plain.connection)).toBe(plain.connection);
    await broker.end();
  });

  it('a check waiting for a start slot takes a process that comes free meanwhile, and leaves the slot to the next', async () => {
    const gate = new StartGate(1);
    const broker = new ConnectionBroker(true, gate);
    const slow = fakeConnection('slow');
    let finishOpening!: () => void;
    // The only slot is taken by a start that has not finished.
    const opening = broker.connect(request('starting'), () => new Promise<Connection>((resolve) => (finishOpening = () => resolve(slow.connection))));
    const firstUsed = fakeConnection('first');
    const waiting = broker.connect(request('waiting'), async () => {
      throw new Error('the waiting check should not start a process');
    });
    await new Promise((resolve) => setImmediate(resolve));
    // A process another check held comes free: the waiting check takes it rather than waiting for the slot.
    await broker.release(firstUsed.connection, 'primary', true);
    expect(await waiting).toBe(firstUsed.connection);
    finishOpening();
    expect(await opening).toBe(slow.connection);
    // The slot is free again: a third check starts at once.
    const third = fakeConnection('third');
    expect(await broker.connect(request('third', undefined), async () => third.connection)).toBe(third.connection);
    await broker.end();
  });

  it('a process that ends while kept is not handed out, and the run is told', async () => {
    const broker = new ConnectionBroker(true, new StartGate(2));
    const kept = fakeConnection('kept');
    Object.assign(kept.connection.session, { whenClosed: async () => 'the receiver process exited with code 1' });
    await broker.release(await broker.connect(request('a'), async () => kept.connection), 'primary', true);
    (kept.connection.session as { closed: boolean }).closed = true;
    const fresh = fakeConnection('fresh');
    expect(await broker.connect(request('b'), async () => fresh.connection)).toBe(fresh.connection);
    await broker.end();
    expect(broker.notices()).toEqual([expect.stringMatching(/ended while it was kept between checks \(the receiver process exited with code 1\), after serving a/)]);
  });

  it('a check whose deadline passes while it waits for a start slot stops waiting', async () => {
    const broker = new ConnectionBroker(true, new StartGate(1));
    const blocker = broker.connect(request('blocker'), () => new Promise<Connection>(() => undefined));
    void blocker;
    const deadline = new AbortController();
    const waiting = broker.connect({ ...request('late'), signal: deadline.signal }, async () => fakeConnection('never').connection);
    deadline.abort(new Error('deadline'));
    await expect(waiting).rejects.toThrow(/ended while waiting/);
  });
});

// Three that create no task, one that leaves its tasks unfinished, one that judges a process from its start.
const SHORT_CHECKS = ['protocol-errors.unknown-task-get', 'protocol-errors.unknown-task-result', 'protocol-errors.unknown-task-cancel', 'creation.status-working', 'transport.stdout-only-mcp'];

function handOverNotes(result: CheckResult): string[] {
  return result.transcript.filter((entry) => /is a receiver process that served/.test(entry.text ?? '')).map((entry) => entry.text ?? '');
}

async function runStdio(options: { faults?: string[]; shareConnections?: boolean; concurrency?: number }): Promise<RunReport> {
  return runSuite({
    target: { transport: 'stdio', command: `"${process.execPath}" "${REFERENCE_MAIN}"`, env: options.faults ? { REFERENCE_FAULTS: options.faults.join(',') } : {} },
    role: 'server',
    checks: TASKS_2025_11_25.checks.filter((check) => SHORT_CHECKS.includes(check.id)),
    profile: TASKS_2025_11_25,
    timing: makeTiming(1),
    // One at a time unless asked: each check finds the process the one before left.
    concurrency: options.concurrency ?? 1,
    shareConnections: options.shareConnections,
    tool: { name: 'mcp-tasks-conformance', version: 'test' },
  });
}

describe.skipIf(!REFERENCE_BUILT)('stdio checks share receiver processes', () => {
  it('one process serves the checks in turn (after a check that left tasks unfollowed, once they are seen ended), never the one that judges a process from its start', async () => {
    const report = await runStdio({});
    expect(report.summary.fail + report.summary.error).toBe(0);
    const byId = new Map(report.results.map((result) => [result.id, result]));
    expect(handOverNotes(byId.get('transport.stdout-only-mcp')!)).toEqual([]);
    const notes = report.results.flatMap(handOverNotes);
    expect(notes.filter((note) => note.includes('last creation.status-working') && !/tasks the last one left unfollowed seen ended by tasks\/get first/.test(note))).toEqual([]);
    // The three that create no task: at most one of them starts a process, the others are handed one.
    expect(
      ['protocol-errors.unknown-task-get', 'protocol-errors.unknown-task-result', 'protocol-errors.unknown-task-cancel'].filter((id) => handOverNotes(byId.get(id)!).length > 0).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('--fresh-connections: every check its own process', async () => {
    const report = await runStdio({ shareConnections: false });
    expect(report.results.flatMap(handOverNotes)).toEqual([]);
  });

  it('checks running at once share a process; one that fails there runs again on a process of its own, and says so', async () => {
    const report = await runStdio({ faults: ['unknown-task-cancel-wrong-code'], concurrency: SHORT_CHECKS.length });
    const atOnce = report.results.filter((result) => result.transcript.some((entry) => /on a receiver process that .* at the same time/.test(entry.text ?? '')));
    expect(atOnce.length).toBeGreaterThan(0);
    const failed = report.results.find((result) => result.id === 'protocol-errors.unknown-task-cancel')!;
    expect(failed.outcome).toBe('fail');
    expect(failed.info.join(' ')).toMatch(/it ran first on a receiver process used .* and ended fail \(TASKS-ERROR-INVALID-TASK-ID.*this result is from a run again on a process no other check used/);
    // Its run alone had a process of its own.
    expect(failed.transcript.some((entry) => /at the same time|served .* before/.test(entry.text ?? ''))).toBe(false);
    expect(report.results.filter((result) => result.id !== failed.id).map((result) => `${result.id}: ${result.outcome}`)).toEqual(
      report.results.filter((result) => result.id !== failed.id).map((result) => `${result.id}: pass`),
    );
  });

  it('the process of a check that found a violation is not handed on', async () => {
    const report = await runStdio({ faults: ['unknown-task-cancel-wrong-code'] });
    const failed = report.results.find((result) => result.id === 'protocol-errors.unknown-task-cancel')!;
    expect(failed.outcome).toBe('fail');
    expect(report.results.flatMap(handOverNotes).filter((note) => note.includes('last protocol-errors.unknown-task-cancel'))).toEqual([]);
    expect(report.results.filter((result) => result.id !== failed.id).every((result) => result.outcome === 'pass')).toBe(true);
  });
});

// 2026-07-28: two that create no task, one that leaves a subscription it ended itself, one that opens a 2025-11-25 session.
const MODERN_CHECKS = ['ext-errors.unknown-task', 'ext-errors.removed-methods', 'ext-notify.only-when-subscribed', 'ext-negotiation.legacy-era-not-enabled'];

async function runModernStdio(faults: string[] = []): Promise<RunReport> {
  return runSuite({
    target: { transport: 'stdio', command: `"${process.execPath}" "${REFERENCE_MAIN}"`, env: { REFERENCE_FAULTS: faults.join(',') } },
    role: 'server',
    // legacy-era-not-enabled runs first: the process it opened a 2025-11-25 session on must serve no other check.
    checks: MODERN_CHECKS.map((id) => TASKS_2026_07_28.checks.find((check) => check.id === id)!).reverse(),
    profile: TASKS_2026_07_28,
    timing: makeTiming(1),
    concurrency: 1,
    tool: { name: 'mcp-tasks-conformance', version: 'test' },
  });
}

describe.skipIf(!REFERENCE_BUILT)('2026-07-28 stdio processes are shared in turn', () => {
  it('a requestor process a check left clean serves the next check; never one a 2025-11-25 session was opened on', async () => {
    const report = await runModernStdio();
    expect(report.results.map((result) => `${result.id}: ${result.outcome}`)).toEqual(report.results.map((result) => `${result.id}: pass`));
    const notes = report.results.flatMap(handOverNotes);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.filter((note) => note.includes('ext-negotiation.legacy-era-not-enabled'))).toEqual([]);
  });

  it('a check that fails on a process another check used runs again alone, and that result stands', async () => {
    const report = await runModernStdio(['ext-unknown-task-wrong-code']);
    const failed = report.results.find((result) => result.id === 'ext-errors.unknown-task')!;
    expect(failed.outcome).toBe('fail');
    expect(failed.info.join(' ')).toMatch(/it ran first on a receiver process used .* and ended fail .*this result is from a run again on a process no other check used/);
    expect(failed.transcript.some((entry) => /served .* before/.test(entry.text ?? ''))).toBe(false);
    expect(report.results.flatMap(handOverNotes).filter((note) => note.includes('last ext-errors.unknown-task'))).toEqual([]);
  });
});

/** A process that checks can share at once: each admit is a session of its own; the process ends with the last to leave. */
function fakeHousehold(name: string) {
  const events: string[] = [];
  let present = 0;
  const member = (label: string): Connection => {
    present += 1;
    const connection = {
      label,
      session: { quiescent: true, closed: false },
      handOver: (next: { label: string }) => events.push(`${label} handed to ${next.label}`),
      admit: (next: { label: string }) => member(`${name}/${next.label}`),
      close: async () => {
        connection.session.closed = true;
        present -= 1;
        events.push(present === 0 ? `${label} left, process ended` : `${label} left`);
      },
    };
    return connection as unknown as Connection;
  };
  return { first: member(`${name}/first`), events };
}

function cohabiting(checkId: string): ConnectionRequest {
  return { ...request(checkId), label: checkId, cohabits: true };
}

describe('checks sharing a process at the same time', () => {
  it('checks that ask at once join the process the first of them starts, each with a session of its own, up to the seats there are', async () => {
    const broker = new ConnectionBroker(true, new StartGate(2));
    const opened: string[] = [];
    const open = (name: string) => async () => {
      opened.push(name);
      return fakeHousehold(name).first;
    };
    const requests = Array.from({ length: HOUSEHOLD_SEATS + 1 }, (_, n) => cohabiting(`check-${n}`));
    const connections = await Promise.all(requests.map((asked, n) => broker.connect(asked, open(`process-${n}`))));
    // The first starts a process; the next HOUSEHOLD_SEATS - 1 join it; the one left over starts another.
    expect(opened).toEqual(['process-0', `process-${HOUSEHOLD_SEATS}`]);
    expect(new Set(connections).size).toBe(connections.length);
    expect(requests[1].transcript.entries()[0].text).toMatch(/session of its own on a receiver process that check-0 holds at the same time/);
    expect(broker.sharedWith(requests[0].transcript).atOnce).toHaveLength(HOUSEHOLD_SEATS - 1);
    expect(broker.sharedWith(requests[HOUSEHOLD_SEATS].transcript)).toEqual({ atOnce: [], before: [] });
    await Promise.all(connections.map((connection) => broker.release(connection, 'primary', true)));
    await broker.end();
  });

  it('a process a member left with something wrong takes no one new and is not kept; one all left clean serves the next check in turn', async () => {
    const broker = new ConnectionBroker(true, new StartGate(2));
    const spoiled = fakeHousehold('spoiled');
    const [a, b] = await Promise.all([broker.connect(cohabiting('a'), async () => spoiled.first), broker.connect(cohabiting('b'), async () => fakeHousehold('never').first)]);
    await broker.release(a, 'primary', false);
    const clean = fakeHousehold('clean');
    const c = await broker.connect(cohabiting('c'), async () => clean.first);
    expect(c).toBe(clean.first);
    await broker.release(b, 'primary', true);
    expect(spoiled.events).toEqual(['spoiled/first left', 'spoiled/b left, process ended']);
    await broker.release(c, 'primary', true);
    const next = cohabiting('d');
    expect(await broker.connect(next, async () => fakeHousehold('new').first)).toBe(clean.first);
    expect(broker.sharedWith(next.transcript)).toEqual({ atOnce: [], before: ['c'] });
    await broker.end();
  });
});
