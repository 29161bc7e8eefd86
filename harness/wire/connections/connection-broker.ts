// Opens the checks' connections, and on stdio lets one receiver process serve several checks in turn. Starting a
// process costs ~85 ms of CPU for the bundled reference and ~300 ms for a server on the SDK; a run that starts one
// per check spends most of its time starting processes. A process goes back to the pool only after a check that
// found nothing wrong left it quiet (no request outstanding, none of the receiver's taken, every task it created
// seen in a terminal status); the next check of the same kind (identity, capabilities) takes it, and the hand-over
// is said in that check's transcript. Process starts pass a gate of one per core, and a check waiting at the gate
// takes a process that comes free meanwhile instead. Checks that declare they touch only what they create (cohabits)
// share a process at the same time as well, up to HOUSEHOLD_SEATS of them: the first starts it, the others take a
// seat and join once it is up (shared-wire.ts routes each one's messages).
import type { StartGate, StartSlot } from '../start-gate.js';
import { clientCapabilities, withEnvelope } from '../2026-07-28/envelope.js';
import { withinMs } from '../timing.js';
import { Transcript } from '../transcript.js';
import type { Connection } from './connect.js';
import { endEscapedProcesses, escapedNotice, takeUntold, type EscapedProcess } from './process-group.js';
import type { ConnectionObserver } from './target-watch.js';

export interface ConnectionRequest {
  /** Connections of the same kind can serve one another's checks; undefined: always a new one, never shared. */
  kind?: string;
  checkId: string;
  transcript: Transcript;
  label: string;
  observer?: ConnectionObserver;
  /** Ends the wait for a start slot (the check's deadline passed). */
  signal: AbortSignal;
  /** The check may share a process of its kind with other such checks at the same time. */
  cohabits?: boolean;
}

/**
 * Checks sharing one process at once, at most. Each joins with a session of its own and the process answers them
 * concurrently; more seats mean fewer starts (a server on the SDK costs ~300 ms of CPU to start) but more work
 * interleaved on one event loop. Measured against server-everything on 2 cores (npm run bench).
 */
export const HOUSEHOLD_SEATS = 8;

/** A process checks share at once: taken seats, the checks in it now, whether it may take more. */
interface Household {
  kind: string;
  /** Settles with the first check's connection once the process is up (undefined: it could not start). */
  ready: Promise<Connection | undefined>;
  seats: number;
  members: Map<Connection, Transcript>;
  /** Every check that held a seat, for what the run says about the process once it is closed. */
  checks: string[];
  /** A member ended with something wrong or outstanding: no more join, and the process is not kept after. */
  spoiled: boolean;
}

interface IdleConnection {
  connection: Connection;
  /** The checks it served, oldest first. */
  served: string[];
  /** How many tasks its last check left unfinished, seen ended before it was kept. */
  tidied?: number;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

export class ConnectionBroker {
  private readonly idle = new Map<string, IdleConnection[]>();
  private readonly waiting = new Map<string, Set<(idle: IdleConnection) => void>>();
  private readonly served = new WeakMap<Connection, string[]>();
  private ended = false;
  private readonly tidying = new Set<Promise<unknown>>();
  private readonly lost: string[] = [];
  private readonly households: Household[] = [];
  private readonly householdOf = new Map<Connection, Household>();
  /** For each check (its transcript), the checks that shared a process with it at the same time. */
  private readonly cohabitants = new WeakMap<Transcript, Set<string>>();
  private readonly checkOf = new WeakMap<Transcript, string>();
  /** For each check handed a process another check used, the checks that used it before. */
  private readonly predecessors = new WeakMap<Transcript, string[]>();

  /**
   * `shares`: whether processes serve several checks (false: each check its own, as --fresh-connections asks).
   * `gate`: bounds process starts (absent: connections that start no process, such as HTTP sessions, are not gated).
   */
  constructor(
    readonly shares: boolean,
    private readonly gate?: StartGate,
    /** Told at once when processes that escaped a receiver's process group were ended, for the live console. */
    private readonly onNotice?: (line: string) => void,
  ) {}

  /** A start slot for a process the caller starts itself (a 2026-07-28 client under test); a no-op slot when starts are not gated. */
  async startSlot(signal?: AbortSignal): Promise<StartSlot> {
    return this.gate ? this.gate.enter(signal) : { leave: () => undefined };
  }

  /** A connection for the check: one of its kind that came free, or a new one from `open` once a start slot is free. */
  async connect(request: ConnectionRequest, open: () => Promise<Connection>): Promise<Connection> {
    const kind = this.shares ? request.kind : undefined;
    if (kind === undefined || !request.cohabits) return this.connectAlone(request, kind, open);
    // A household with room is looked for and, when there is none, founded in the same turn: checks asking at once
    // find the one the first of them founded.
    for (let household = this.roomIn(kind); household; household = this.roomIn(kind)) {
      const joined = await this.join(household, request);
      if (joined) return joined;
    }
    // The first of a household: it starts (or takes) the process, the seats fill while it starts.
    let settle!: (connection: Connection | undefined) => void;
    const household: Household = { kind, ready: new Promise((resolve) => (settle = resolve)), seats: 1, members: new Map(), checks: [], spoiled: false };
    this.households.push(household);
    try {
      const connection = await this.connectAlone(request, kind, open);
      if (connection.admit) this.seat(household, connection, request);
      else this.vacate(household);
      settle(connection.admit ? connection : undefined);
      return connection;
    } catch (error) {
      this.vacate(household);
      settle(undefined);
      throw error;
    }
  }

  private roomIn(kind: string): Household | undefined {
    return this.households.find((candidate) => candidate.kind === kind && !candidate.spoiled && candidate.seats < HOUSEHOLD_SEATS);
  }

  /** A seat in the household, once its process is up; undefined when it could not start or went wrong meanwhile. */
  private async join(household: Household, request: ConnectionRequest): Promise<Connection | undefined> {
    household.seats += 1;
    const first = await household.ready;
    // The seat is given back; the caller looks for another household or founds one.
    if (!first || first.session.closed || household.spoiled || household.members.size === 0 || !this.households.includes(household) || request.signal.aborted) {
      household.seats -= 1;
      if (first?.session.closed) household.spoiled = true;
      if (household.members.size === 0) this.vacate(household);
      if (request.signal.aborted) throw new Error('the check ended while waiting to join a receiver process');
      return undefined;
    }
    const connection = first.admit!({ transcript: request.transcript, label: request.label, observer: request.observer });
    const others = [...household.members.values()].map((transcript) => this.checkOf.get(transcript) ?? '?');
    request.transcript.note(
      `${request.label} is a session of its own on a receiver process that ${others.length === 1 ? `${others[0]} holds` : `${others.length} other checks hold`} ` +
        `at the same time (${others.join(', ')}); its requests are numbered apart and what the process sends is routed by request id, task and progress token`,
      request.label,
    );
    this.seat(household, connection, request);
    this.served.set(connection, [request.checkId]);
    return connection;
  }

  private seat(household: Household, connection: Connection, request: ConnectionRequest): void {
    this.checkOf.set(request.transcript, request.checkId);
    const mine = this.cohabitantsOf(request.transcript);
    for (const transcript of household.members.values()) {
      if (transcript === request.transcript) continue;
      mine.add(this.checkOf.get(transcript) ?? '?');
      this.cohabitantsOf(transcript).add(request.checkId);
    }
    household.members.set(connection, request.transcript);
    household.checks.push(request.checkId);
    this.householdOf.set(connection, household);
  }

  private vacate(household: Household): void {
    const at = this.households.indexOf(household);
    if (at >= 0) this.households.splice(at, 1);
  }

  /** The checks that shared a process with the check (by its transcript): at the same time, and before it in turn. */
  sharedWith(transcript: Transcript): { atOnce: string[]; before: string[] } {
    return { atOnce: [...(this.cohabitants.get(transcript) ?? [])], before: this.predecessors.get(transcript) ?? [] };
  }

  private cohabitantsOf(transcript: Transcript): Set<string> {
    let set = this.cohabitants.get(transcript);
    if (!set) this.cohabitants.set(transcript, (set = new Set()));
    return set;
  }

  private async connectAlone(request: ConnectionRequest, kind: string | undefined, open: () => Promise<Connection>): Promise<Connection> {
    const ready = kind === undefined ? undefined : this.takeIdle(kind);
    if (ready) return this.handOver(ready, request);
    if (!this.gate) return this.opened(request, await open());
    const withdraw = new AbortController();
    const stop = () => withdraw.abort(new Error('the check ended while waiting to start a receiver process'));
    request.signal.addEventListener('abort', stop, { once: true });
    let handed: IdleConnection | undefined;
    const freed = new Promise<IdleConnection>((resolve) => {
      if (kind === undefined) return;
      const take = (idle: IdleConnection) => {
        handed = idle;
        resolve(idle);
      };
      this.waitersOf(kind).add(take);
      withdraw.signal.addEventListener('abort', () => this.waitersOf(kind).delete(take), { once: true });
    });
    const slotWanted = this.gate.enter(withdraw.signal);
    slotWanted.catch(() => undefined);
    let first: { slot: StartSlot } | { idle: IdleConnection } | undefined;
    try {
      first = await Promise.race([slotWanted.then((slot) => ({ slot })), freed.then((idle) => ({ idle }))]);
    } finally {
      // No more hand-overs to this check and no more wish for a slot; what came meanwhile is passed on below.
      withdraw.abort(new Error('done waiting'));
      request.signal.removeEventListener('abort', stop);
      if (handed && !(first && 'idle' in first)) this.offer(kind!, handed);
    }
    if ('idle' in first) {
      // A slot granted at the same moment passes on at once.
      void slotWanted.then(
        (slot) => slot.leave(),
        () => undefined,
      );
      return this.handOver(first.idle, request);
    }
    try {
      return this.opened(request, await open());
    } finally {
      first.slot.leave();
    }
  }

  /**
   * The check is over with this connection: kept for the next check of its kind when `reusable` (the check found
   * nothing wrong and left the receiver with nothing outstanding) and the session is quiet; closed otherwise.
   */
  async release(connection: Connection, kind: string | undefined, reusable: boolean, unfinishedTasks: readonly string[] = []): Promise<void> {
    const household = this.householdOf.get(connection);
    if (household) {
      this.householdOf.delete(connection);
      household.members.delete(connection);
      household.seats -= 1;
      // A member that went wrong or left work running: the process takes no one new and is not kept after.
      if (!reusable || !connection.session.quiescent || (household.members.size > 0 && unfinishedTasks.length > 0)) household.spoiled = true;
      if (household.members.size > 0) {
        await this.close(connection);
        return;
      }
      this.vacate(household);
      if (household.spoiled) {
        await this.close(connection, household.checks);
        return;
      }
    }
    if (!this.shares || this.ended || kind === undefined || !reusable || !connection.handOver || !connection.session.quiescent) {
      await this.close(connection);
      return;
    }
    const idle = { connection, served: this.served.get(connection) ?? [] };
    if (unfinishedTasks.length === 0) return this.offer(kind, idle);
    // Tasks the check did not follow to their end (most have ended by now): asked after once, out of the check's
    // time; kept only when every one has ended.
    const tidying = this.tidy(connection, unfinishedTasks).then(
      (ended) => (ended && !this.ended ? this.offer(kind, { ...idle, tidied: unfinishedTasks.length }) : this.close(connection)),
      () => this.close(connection),
    );
    this.tidying.add(tidying);
    void tidying.finally(() => this.tidying.delete(tidying));
  }

  /** Whether each task has ended, asked by tasks/get on a session no check holds (its exchanges go to no transcript). */
  private async tidy(connection: Connection, taskIds: readonly string[]): Promise<boolean> {
    connection.handOver!({ transcript: new Transcript(), label: 'between checks' });
    // A 2026-07-28 request carries its own envelope (there is no session to carry it).
    const params = (taskId: string) => (connection.era === 'modern' ? withEnvelope({ taskId }, clientCapabilities(true)) : { taskId });
    const answers = await Promise.all(taskIds.map((taskId) => connection.session.request('tasks/get', params(taskId))));
    return answers.every((reply) => reply.ok && TERMINAL.has(reply.result.status as string)) && connection.session.quiescent;
  }

  /** Closes every connection still kept; the run is over. */
  async end(): Promise<void> {
    this.ended = true;
    await Promise.all(this.tidying);
    const kept = [...this.idle.values()].flat();
    this.idle.clear();
    for (const idle of kept) if (idle.connection.session.closed) this.endedWhileKept(idle);
    await Promise.all(kept.map(({ connection }) => this.close(connection)));
    // What escaped a process that no check closed (discovery's, one closed at a check's deadline): ended now.
    this.tellEscaped([...takeUntold(), ...(await endEscapedProcesses())], "outside the checks (from the discovery connection, or a process closed at a check's deadline)");
  }

  /** Closes a connection, bounded; what its process left running outside its group is ended with it and told, naming the checks it `served`. */
  private async close(connection: Connection, served = this.served.get(connection) ?? []): Promise<void> {
    const closing = connection.close().then(() => this.tellEscaped(takeUntold(connection.escaped?.() ?? []), `after ${served.length === 1 ? 'check' : 'checks'} ${served.join(', ')}`));
    await withinMs(closing, 5000);
  }

  /** A run notice for processes the suite started that outlived the process they came from, and were ended. */
  private tellEscaped(escaped: readonly EscapedProcess[], when: string): void {
    if (escaped.length === 0) return;
    const line = escapedNotice(escaped, 'the receiver under test', when);
    this.lost.push(line);
    this.onNotice?.(line);
  }

  private opened(request: ConnectionRequest, connection: Connection): Connection {
    this.served.set(connection, [request.checkId]);
    return connection;
  }

  private offer(kind: string, idle: IdleConnection): void {
    const waiters = this.waitersOf(kind);
    const [next] = waiters;
    if (next) {
      waiters.delete(next);
      next(idle);
      return;
    }
    const list = this.idle.get(kind) ?? [];
    list.push(idle);
    this.idle.set(kind, list);
  }

  private takeIdle(kind: string): IdleConnection | undefined {
    const list = this.idle.get(kind) ?? [];
    for (let idle = list.shift(); idle; idle = list.shift()) {
      if (!idle.connection.session.closed) return idle;
      // It ended while kept: reaped, not reused, and told in the run's notices (no check held it).
      this.endedWhileKept(idle);
      void this.close(idle.connection);
    }
    return undefined;
  }

  /** What happened to the processes that ended while no check held them, for the run's notices. */
  notices(): string[] {
    return [...this.lost];
  }

  private endedWhileKept(idle: IdleConnection): void {
    void idle.connection.session
      .whenClosed()
      .then((reason) =>
        this.lost.push(`A receiver process ended while it was kept between checks (${reason}), after serving ${idle.served.join(', ')}; those checks had ended with nothing outstanding.`),
      );
  }

  private handOver(idle: IdleConnection, request: ConnectionRequest): Connection {
    const { connection, served, tidied } = idle;
    connection.handOver!({ transcript: request.transcript, label: request.label, observer: request.observer });
    const last = served[served.length - 1];
    request.transcript.note(
      `${request.label} is a receiver process that served ${served.length === 1 ? 'one check' : `${served.length} checks`} before (last ${last}), ` +
        'each ending with nothing outstanding' +
        (tidied ? ` (the ${tidied === 1 ? 'task' : `${tidied} tasks`} the last one left unfollowed seen ended by tasks/get first)` : '') +
        '; --fresh-connections gives every check its own',
      request.label,
    );
    this.served.set(connection, [...served, request.checkId]);
    this.predecessors.set(request.transcript, [...(this.predecessors.get(request.transcript) ?? []), ...served]);
    return connection;
  }

  private waitersOf(kind: string): Set<(idle: IdleConnection) => void> {
    let waiters = this.waiting.get(kind);
    if (!waiters) this.waiting.set(kind, (waiters = new Set()));
    return waiters;
  }
}
