// Watching the server under test while the checks run: when its process exits or its endpoint stops accepting
// connections, the checks in flight are told at once (their findings after that moment are effects, not
// observations), the run records when and why it went, and a server the suite launched is started again so the
// remaining checks still measure something. The harness knows no individual check here either.

import { brief } from '../../model/describe.js';
import type { Finding, TargetExit, TranscriptEntry } from '../../model/model.js';
import { withinMs } from '../timing.js';
import type { Transcript } from '../transcript.js';
import type { LaunchedServer } from './launch-http.js';
import type { OutputLine } from './output-tail.js';
import { processEnded } from './process-group.js';

/** The requirement a server breaks when a request brings it down (harness/model/base-requirements.ts). */
export const NO_CRASH_REQUIREMENT = 'BASE-NO-CRASH';
/** The label of the launched server's stderr lines in a transcript: written while this check alone ran, or while others ran too. */
const SERVER_STDERR = 'server';
const SHARED_SERVER_STDERR = 'shared server';
/** A run starts the server again at most this many times: a server that dies on every check cannot hold the run. */
export const MAX_RESTARTS = 3;
/** Requests sent this long before the server went are named in the finding: the culprit is among them. */
const CULPRIT_WINDOW_MS = 5_000;
/** A failed request this long before the death is already its effect: findings from then on are not judged. */
const SYMPTOM_WINDOW_MS = 5_000;
/** Stderr lines quoted in a check's finding; the run's record keeps more. */
const FINDING_STDERR_LINES = 12;
const FINDING_STDERR_CHARS = 1_500;
/** Bound on waiting for the exit reports of a check's own processes once its connections are closed. */
const EXIT_REPORT_WAIT_MS = 2_000;
/** Bound on one probe of the endpoint. */
const PROBE_TIMEOUT_MS = 1_000;
/** A probe cut off mid-connect (the server closing its sockets as it dies) says nothing yet: asked again this often, this long apart. */
const PROBE_ATTEMPTS = 5;
const PROBE_RETRY_MS = 100;

/** How a receiver process ended, as its transport saw it. */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
  /** Wall-clock time of the exit, ISO 8601. */
  at: string;
  /** performance.now() at the exit. */
  atMs: number;
  /** True when the harness ended it (closing the connection): no crash. */
  byHarness: boolean;
  /** The last lines it wrote to stderr, oldest first. */
  stderrTail: OutputLine[];
}

/** The server under test went away. */
export interface TargetDeath {
  /** exited: its process ended; refused: its endpoint stopped accepting connections. */
  how: 'exited' | 'refused';
  code: number | null;
  signal: string | null;
  at: string;
  atMs: number;
  /** Its last stderr lines; undefined when the suite did not start it and cannot see its stderr. */
  stderrTail?: OutputLine[];
  /** True when the process was this check's own (stdio); false for a server every check shares (HTTP). */
  own: boolean;
}

/** What a check's connections report below JSON-RPC, so that a server's death is attributed rather than misread. */
export interface ConnectionObserver {
  /** A request or stream failed in the transport (fetch failed, stream cut off): the server may be gone. `refused`: the connection was refused, so the request never reached it. */
  transportFailed(refused: boolean): void;
  /** The check's own receiver process (stdio) started; `exitReported` settles once its exit has been reported. */
  processStarted(exitReported: Promise<void>): void;
  /** The check's own receiver process (stdio) ended. */
  processExited(exit: ProcessExit): void;
}

/** "exited with code 1", "was ended by SIGKILL", "stopped accepting connections (connection refused)". */
export function describeDeath(death: { how: TargetDeath['how']; code?: number | null; signal?: string | null }): string {
  if (death.how === 'refused') return 'stopped accepting connections (connection refused)';
  return death.signal ? `was ended by ${death.signal}` : `exited with code ${death.code}`;
}

/** A clean exit with nothing left unanswered is a shutdown the lifecycle lets a server initiate, not a crash. */
function cleanShutdown(death: TargetDeath, unanswered: number): boolean {
  return death.how === 'exited' && death.code === 0 && !death.signal && unanswered === 0;
}

interface RequestSeen {
  t: number;
  conn?: string;
  id: unknown;
  method: string;
  params: Record<string, unknown>;
  answered: boolean;
}

/** The requests the check sent up to the death, each marked answered or not (an answer drained after the exit counts). */
function requestsBefore(entries: readonly TranscriptEntry[], deathT: number): RequestSeen[] {
  const answered = new Set<string>();
  for (const entry of entries) {
    const message = entry.message as Record<string, unknown> | undefined;
    if (entry.dir === 'in' && message && typeof message === 'object' && !('method' in message) && ('result' in message || 'error' in message)) {
      answered.add(`${entry.conn}\u0000${JSON.stringify(message.id)}`);
    }
  }
  const sent: RequestSeen[] = [];
  for (const entry of entries) {
    const message = entry.message as Record<string, unknown> | undefined;
    if (entry.dir !== 'out' || entry.t > deathT || !message || typeof message !== 'object') continue;
    if (typeof message.method !== 'string' || message.id === undefined) continue;
    const params = (typeof message.params === 'object' && message.params !== null ? message.params : {}) as Record<string, unknown>;
    sent.push({ t: entry.t, conn: entry.conn, id: message.id, method: message.method, params, answered: answered.has(`${entry.conn}\u0000${JSON.stringify(message.id)}`) });
  }
  return sent;
}

/** "tools/call conformance_echo as a task {"text":"x"}", "tasks/cancel {"taskId":"…"}". */
function describeRequest(request: RequestSeen): string {
  const { _meta: _ignored, ...params } = request.params;
  if (request.method === 'initialize') return 'initialize';
  if (request.method === 'tools/call') {
    const name = typeof params.name === 'string' ? params.name : brief(params.name, 60);
    return `tools/call ${name}${params.task ? ' as a task' : ''} ${brief(params.arguments ?? {}, 100)}`;
  }
  return Object.keys(params).length > 0 ? `${request.method} ${brief(params, 120)}` : request.method;
}

/** One request of the check's last ones: what it asked, on which connection, how long before the death, and whether it was answered. */
function describeRecentRequest(request: RequestSeen, deathT: number): string {
  const on = request.conn ? ` on ${request.conn}` : '';
  const before = Math.max(0, Math.round(deathT - request.t));
  return `${describeRequest(request)} (id ${brief(request.id, 40)}${on}, sent ${before} ms before, ${request.answered ? 'answered' : 'never answered'})`;
}

/** The last stderr lines as one quotable string, the most recent kept when it must be cut. */
function stderrQuote(tail: readonly OutputLine[] | undefined): string {
  if (!tail) return 'the suite did not start it, so its stderr is not known';
  const lines = tail
    .map((line) => line.text.trimEnd())
    .filter((text) => text.trim() !== '')
    .slice(-FINDING_STDERR_LINES);
  if (lines.length === 0) return 'it wrote nothing to stderr';
  let text = lines.map((line) => JSON.stringify(line.length > 300 ? `${line.slice(0, 300)}…` : line)).join(' | ');
  if (text.length > FINDING_STDERR_CHARS) text = `…${text.slice(-FINDING_STDERR_CHARS)}`;
  return `its stderr ended with: ${text}`;
}

/**
 * What a check in flight gets when the server went: one fail under the no-crash requirement naming how and when it
 * went, what it wrote last, and the check's requests just before (the culprit is among them); or, for a clean exit
 * with none of the check's requests unanswered, the reason the check could not go on (an error, no verdict).
 */
export function deathVerdict(death: TargetDeath, transcript: Transcript): { finding: Finding; error?: undefined } | { error: string; finding?: undefined } {
  const deathT = Math.round(death.atMs - transcript.startedAt);
  const sent = requestsBefore(transcript.entries(), deathT + 1);
  const unanswered = sent.filter((request) => !request.answered);
  const whose = death.own ? "the server under test (this check's own process)" : 'the server under test';
  const when = `${death.at}, ${Math.max(0, deathT)} ms into this check`;
  if (cleanShutdown(death, unanswered.length)) {
    return {
      error: `not finished: ${whose} exited with code 0 at ${when}, with no request of this check waiting for an answer: a shutdown the server may initiate, so no verdict; the check could not go on`,
    };
  }
  const recent = sent.filter((request) => request.t >= deathT - CULPRIT_WINDOW_MS || !request.answered).slice(-8);
  const requests = recent.length === 0 ? 'this check had sent it no request yet' : `this check's requests just before: ${recent.map((request) => describeRecentRequest(request, deathT)).join('; ')}`;
  const counts = new Map<string, number>();
  for (const request of unanswered) counts.set(request.method, (counts.get(request.method) ?? 0) + 1);
  const cause = unanswered.length > 0 ? `, leaving ${[...counts].map(([method, n]) => (n > 1 ? `${method} (${n}×)` : method)).join(', ')} unanswered` : '';
  return {
    finding: {
      requirement: NO_CRASH_REQUIREMENT,
      keyword: 'MUST',
      severity: 'fail',
      message: `${whose} ${describeDeath(death)} at ${when}${cause}; ${requests}; ${stderrQuote(death.stderrTail)}`,
    },
  };
}

/**
 * One check's view of the server's fate. The check's connections report to it (ConnectionObserver); the run's
 * watcher tells it when the server went; the runner reads the death once the check has ended.
 */
export class CheckWatch implements ConnectionObserver {
  /** Set when the server went while the check ran. */
  death?: TargetDeath;
  /** How many findings the check had recorded before the server went; those after are its effects, not judged. */
  findingsBefore = 0;
  private failures: { atMs: number; findings: number; refused: boolean }[] = [];
  private readonly exitReports: Promise<void>[] = [];
  /** The check's scenario is over (its connections are being closed): a death from now on is not its concern unless it met it. */
  private ended = false;
  /** The transcript says what "shared server" stderr lines are. */
  private toldShared = false;

  constructor(
    private readonly watcher: TargetWatcher,
    readonly checkId: string,
    readonly transcript: Transcript,
    private readonly findingsSoFar: () => number,
    private readonly onDeath: (death: TargetDeath) => void,
  ) {}

  transportFailed(refused: boolean): void {
    if (this.ended || this.death) return;
    this.failures.push({ atMs: performance.now(), findings: this.findingsSoFar(), refused });
    if (this.failures.length > 50) this.failures.shift();
    this.watcher.suspect();
  }

  processStarted(exitReported: Promise<void>): void {
    this.exitReports.push(exitReported);
  }

  processExited(exit: ProcessExit): void {
    if (exit.byHarness || this.death) return;
    const death: TargetDeath = { how: 'exited', code: exit.code, signal: exit.signal, at: exit.at, atMs: exit.atMs, stderrTail: exit.stderrTail, own: true };
    if (this.died(death)) this.watcher.recordOwnProcessDeath(this, death);
  }

  /**
   * A line the shared server (--launch) wrote while this check ran. Written while other checks ran too, it may be
   * theirs: labelled "shared server", and the first such line says so in the transcript.
   */
  serverStderr(text: string, othersRunning: number): void {
    if (othersRunning === 0) return this.transcript.stderr(SERVER_STDERR, text);
    if (!this.toldShared) {
      this.toldShared = true;
      this.transcript.note(
        `lines labelled "${SHARED_SERVER_STDERR}" are the launched server's stderr, ` +
          `written while other checks ran against the same server (${othersRunning} at the first such line): each may have been caused by another check's requests`,
      );
    }
    this.transcript.stderr(SHARED_SERVER_STDERR, text);
  }

  /** Nothing went wrong below JSON-RPC while the check ran: no failed request, no death. */
  quiet(): boolean {
    return this.failures.length === 0 && !this.death;
  }

  /** The check's scenario is over; its verdict no longer depends on the server unless a request of it failed. */
  scenarioEnded(): void {
    this.ended = true;
  }

  /** The server went while this check ran; false when that is no concern of the check (already judged, or its scenario was over). */
  died(death: TargetDeath): boolean {
    if (this.death || (this.ended && this.failures.length === 0)) return false;
    this.death = death;
    const symptom = this.failures.find((failure) => failure.atMs >= death.atMs - SYMPTOM_WINDOW_MS);
    this.findingsBefore = Math.min(this.findingsSoFar(), symptom?.findings ?? Number.POSITIVE_INFINITY);
    this.transcript.note(`the server under test ${describeDeath(death)} at ${death.at}; what this check observes from here on is an effect of that and is not judged`);
    this.onDeath(death);
    return true;
  }

  /**
   * The check has ended. When one of its requests failed in the transport, wait (bounded) until the watcher knows
   * whether that was the server going: an exit can reach the harness a moment after the failed request.
   */
  async settle(): Promise<TargetDeath | undefined> {
    const first = this.failures[0];
    if (this.death || !first) return this.death;
    // Own processes (stdio) were ended with the check's connections; their exits are reported within moments.
    await withinMs(Promise.all(this.exitReports), EXIT_REPORT_WAIT_MS);
    await this.watcher.verdictOn(first.atMs);
    return this.death;
  }

  /**
   * True when the shared server was already gone as this check began: it received nothing, and every request it tried
   * was refused a connection. Such a check met the dead server without reaching it; it is run again, not blamed.
   */
  neverReached(): boolean {
    if (!this.death || this.death.own || this.failures.length === 0 || !this.failures.every((failure) => failure.refused)) return false;
    return !this.transcript.entries().some((entry) => entry.dir === 'in');
  }

  release(): void {
    this.watcher.release(this);
  }
}

export interface WatcherOptions {
  /** The HTTP endpoint, probed when a request fails in the transport; absent on stdio. */
  url?: string;
  /** The server the suite launched (--launch); its exit is watched and its stderr goes into the running checks' transcripts. */
  server?: LaunchedServer;
  /** Starts the server again (waiting until its URL answers); without it a server that went stays gone. */
  restart?: () => Promise<LaunchedServer>;
  /** Bound on waiting for the exit of a launched server whose endpoint refuses connections. */
  exitGraceMs: number;
  /** Called with a line as soon as something happens, for the live console. */
  onNotice?: (line: string) => void;
}

type State = 'up' | 'restarting' | 'gone';

/** The run's watch over the server under test: one per run, consulted by every check's connections and by the runner. */
export class TargetWatcher {
  /** Every time the server went, in order. */
  readonly exits: TargetExit[] = [];
  /** Which check's watch recorded each exit of a process of its own. */
  private readonly recordedBy = new WeakMap<TargetExit, CheckWatch>();
  /** Times the server was started again in this run. */
  restarts = 0;
  /** Why the remaining checks cannot run, once the server is gone for good. */
  goneReason?: string;
  private current: State = 'up';
  private server?: LaunchedServer;
  private readonly running = new Set<CheckWatch>();
  private stopped = false;
  private stateListeners: (() => void)[] = [];
  private probe?: { startedAtMs: number; done: Promise<void>; finished: boolean };
  private exitHandled?: Promise<boolean>;
  /** The handling of a death under way (telling the checks, starting the server again). */
  private declaring?: Promise<void>;
  private notRunCount = 0;
  private restartedAt?: string;
  private stopListening?: () => void;
  /** The run's record of each death of the shared server, to keep its list of checks in flight true. */
  private readonly records = new Map<TargetDeath, TargetExit>();

  constructor(private readonly options: WatcherOptions) {
    if (options.server) this.attach(options.server);
  }

  /** up: checks may start; restarting: a launched server is being started again; gone: it will not come back. */
  get state(): State {
    // Once the run is over nothing waits for a restart.
    return this.stopped && this.current === 'restarting' ? 'gone' : this.current;
  }

  /** Registers a check as running; its connections report through the returned watch. */
  watch(checkId: string, transcript: Transcript, findingsSoFar: () => number, onDeath: (death: TargetDeath) => void): CheckWatch {
    const watch = new CheckWatch(this, checkId, transcript, findingsSoFar, onDeath);
    this.running.add(watch);
    return watch;
  }

  release(watch: CheckWatch): void {
    this.running.delete(watch);
    // A check that never reached the server is run again, not counted among those its death took along.
    const record = watch.death && this.records.get(watch.death);
    if (record && watch.neverReached()) {
      record.checks = record.checks.filter((id) => id !== watch.checkId);
      record.summary = summaryOf(record);
    }
  }

  /** Resolves once the server can take a check (up) or never will again (gone), or the signal aborts; waits while it is being restarted. */
  async whenUsable(signal: AbortSignal): Promise<void> {
    while (this.current === 'restarting' && !signal.aborted && !this.stopped) {
      await new Promise<void>((resolve) => {
        const done = () => {
          signal.removeEventListener('abort', done);
          resolve();
        };
        this.stateListeners.push(done);
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }

  /** The not-run message for a check the server's absence kept from running; counted for the run's notice. */
  notRunMessage(): string {
    this.notRunCount += 1;
    return `not run: ${this.goneReason ?? 'the server under test is gone'}`;
  }

  /** For a check starting now: how often the server had been restarted, and the line its result says so with. */
  restartInfo(): { count: number; line: string } | undefined {
    if (this.restarts === 0 || this.current !== 'up') return undefined;
    const last = this.exits[this.exits.length - 1];
    return {
      count: this.restarts,
      line:
        `ran against the server under test as started again at ${this.restartedAt} (restart ${this.restarts} of at most ${MAX_RESTARTS}) ` +
        `after it ${last ? `${describeDeath(last)} at ${last.at}` : 'went'}`,
    };
  }

  /** A request failed in the transport: find out (once for many such reports) whether the endpoint still accepts connections. */
  suspect(): void {
    void this.verdictOn(performance.now());
  }

  /** Resolves once a probe begun at or after `sinceMs` has said whether the endpoint accepts connections (and the death, if any, was declared). */
  async verdictOn(sinceMs: number): Promise<void> {
    if (!this.options.url || this.stopped) return;
    for (;;) {
      if (this.current !== 'up') return;
      const probe = this.probe;
      if (probe && probe.startedAtMs >= sinceMs) return probe.done;
      if (probe && !probe.finished) {
        await probe.done;
        continue;
      }
      this.startProbe(this.options.url);
    }
  }

  /** A check's own process (stdio) went: recorded for the run; nothing else is affected. */
  recordOwnProcessDeath(watch: CheckWatch, death: TargetDeath): void {
    if (this.stopped) return;
    const record = this.record(death, [watch.checkId], watch.checkId);
    this.exits.push(record);
    this.recordedBy.set(record, watch);
    this.options.onNotice?.(`${watch.checkId}: the server under test (the process it held) ${describeDeath(death)} while the check ran`);
  }

  /**
   * The check's run is set aside (it ran on a process shared with others at once, and runs again on one of its own):
   * the exit it saw is that run's, and the run again reports its own.
   */
  withdraw(watch: CheckWatch): void {
    for (let at = this.exits.length - 1; at >= 0; at -= 1) if (this.recordedBy.get(this.exits[at]) === watch) this.exits.splice(at, 1);
  }

  /**
   * Stops watching: the run is over, and the harness ending the server now is no crash. Resolves once a restart under
   * way has settled (bounded by the launch's own wait), so the process it started is among those the caller ends.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    this.setState(this.current);
    await this.declaring;
  }

  /** One line per thing the run must say about the server's fate, for the report's notices. */
  notices(): string[] {
    const lines: string[] = [];
    const own = this.exits.filter((exit) => exit.check !== undefined);
    if (own.length > 0) {
      const shown = own
        .slice(0, 10)
        .map((exit) => `${exit.check} (${describeDeath(exit)})`)
        .join(', ');
      lines.push(
        `The server under test's process exited in the middle of ${own.length === 1 ? 'one check' : `${own.length} checks`}: ${shown}${own.length > 10 ? `, and ${own.length - 10} more` : ''}. ` +
          'Each ran on a process no other check held at the time (checks that shared one when it died ran again on a process of their own), ' +
          'so no other check was affected; the result of each of these names the exit and the last stderr lines' +
          (own.every(cleanExit) ? '' : ` (a fail under ${NO_CRASH_REQUIREMENT}, unless the process exited with code 0 leaving nothing unanswered: then an error)`) +
          '.',
      );
    }
    for (const exit of this.exits.filter((e) => e.check === undefined)) lines.push(exit.summary);
    if (this.notRunCount > 0) lines.push(`${this.notRunCount === 1 ? '1 check' : `${this.notRunCount} checks`} did not run (error): ${this.goneReason}.`);
    return lines;
  }

  private attach(server: LaunchedServer): void {
    this.server = server;
    this.stopListening?.();
    // The server's stderr belongs to every check running while it is written.
    this.stopListening = server.stderr.onLine((line) => {
      if (this.server !== server || this.stopped) return;
      for (const watch of this.running) watch.serverStderr(line.text, this.running.size - 1);
    });
    this.exitHandled = server.exited.then(async ({ code, signal }) => {
      const at = new Date().toISOString();
      const atMs = performance.now();
      if (this.stopped || server.endedOnPurpose || this.server !== server) return false;
      // The last words on stderr (an unhandled rejection's stack) arrive just after the exit.
      await withinMs(server.stderr.ended, 500);
      await this.declare({ how: 'exited', code, signal, at, atMs, stderrTail: server.stderr.lines(), own: false });
      return true;
    });
  }

  private startProbe(url: string): void {
    const probe = { startedAtMs: performance.now(), finished: false, done: Promise.resolve() };
    probe.done = this.runProbe(url).finally(() => {
      probe.finished = true;
    });
    this.probe = probe;
  }

  private async runProbe(url: string): Promise<void> {
    const atMs = performance.now();
    const at = new Date().toISOString();
    const server = this.server;
    // A launched process already dead, its exit not yet handled: that exit (code, stderr) is the verdict.
    if (server && this.exitHandled && processEnded(server.pid) && (await withinMs(this.exitHandled, this.options.exitGraceMs))) return;
    if ((await endpointState(url)) !== 'refused' || this.stopped || this.current !== 'up') return;
    if (server && this.exitHandled) {
      // A launched server that refuses is usually on its way out: its exit (code, stderr) says more than a refusal.
      if (await withinMs(this.exitHandled, this.options.exitGraceMs)) return;
      if (this.current !== 'up') return;
    }
    await this.declare({ how: 'refused', code: null, signal: null, at, atMs, stderrTail: server?.stderr.lines(), own: false });
  }

  /** The shared server went: tell the checks in flight, record it, and start it again when the run may. */
  private declare(death: TargetDeath): Promise<void> {
    if (this.current !== 'up' || this.stopped) return Promise.resolve();
    this.declaring = this.handleDeath(death);
    return this.declaring;
  }

  private async handleDeath(death: TargetDeath): Promise<void> {
    const inFlight = [...this.running];
    const canRestart = this.options.restart !== undefined && this.restarts < MAX_RESTARTS;
    this.setState(canRestart ? 'restarting' : 'gone');
    const record = this.record(
      death,
      inFlight.map((watch) => watch.checkId),
    );
    this.exits.push(record);
    this.records.set(death, record);
    for (const watch of inFlight) watch.died(death);
    const what = `The server under test ${describeDeath(death)} at ${death.at}`;
    this.options.onNotice?.(
      `${what}${inFlight.length > 0 ? ` while ${inFlight.length === 1 ? '1 check was' : `${inFlight.length} checks were`} running` : ''}${canRestart ? '; starting it again' : ''}`,
    );
    if (!canRestart) {
      this.goneReason = this.options.restart
        ? `the server under test ${describeDeath(death)} at ${death.at}, after it had been started again ${MAX_RESTARTS} times, the most one run does`
        : `the server under test ${describeDeath(death)} at ${death.at}, and without --launch the suite cannot start it again`;
      record.restart = {
        outcome: 'not-attempted',
        message: this.options.restart ? `the run had already started it again ${MAX_RESTARTS} times, the most it does` : 'without --launch the suite has no way to start it again',
      };
      record.summary = summaryOf(record);
      this.setState('gone');
      return;
    }
    this.restarts += 1;
    const started = performance.now();
    try {
      // A process still alive while refusing connections holds its port: end it before starting another.
      if (this.server && !this.server.endedOnPurpose) await this.server.end();
      const next = await this.options.restart!();
      if (this.stopped) return;
      this.restartedAt = new Date().toISOString();
      record.restart = {
        outcome: 'restarted',
        at: this.restartedAt,
        message:
          `started again at ${this.restartedAt}, in ${Math.round(performance.now() - started)} ms (restart ${this.restarts} of at most ${MAX_RESTARTS}); ` +
          'the checks started after that ran against the new process and say so',
      };
      this.attach(next);
      this.options.onNotice?.(`The server under test was started again (restart ${this.restarts} of at most ${MAX_RESTARTS})`);
      record.summary = summaryOf(record);
      this.setState('up');
    } catch (error) {
      const why = (error as Error).message;
      this.goneReason = `the server under test ${describeDeath(death)} at ${death.at} and could not be started again: ${why}`;
      record.restart = { outcome: 'failed', message: why };
      record.summary = summaryOf(record);
      this.options.onNotice?.(`The server under test could not be started again: ${why}`);
      this.setState('gone');
    }
  }

  private record(death: TargetDeath, checks: string[], ownCheck?: string): TargetExit {
    const record: TargetExit = {
      at: death.at,
      how: death.how,
      code: death.code ?? undefined,
      signal: death.signal ?? undefined,
      check: ownCheck,
      checks,
      stderrTail: death.stderrTail?.map((line) => ({ at: line.at, text: line.text })),
      summary: '',
    };
    record.summary = summaryOf(record);
    return record;
  }

  private setState(state: State): void {
    this.current = state;
    const listeners = this.stateListeners;
    this.stateListeners = [];
    for (const listener of listeners) listener();
  }
}

/** An exit with code 0: a shutdown where the check was left nothing unanswered, a crash where it was. */
function cleanExit(exit: TargetExit): boolean {
  return exit.how === 'exited' && exit.code === 0 && !exit.signal;
}

/** The exit in one sentence, as the notices and reports say it. */
function summaryOf(exit: TargetExit): string {
  const whose = exit.check ? `The server under test (the process of check ${exit.check})` : 'The server under test';
  const consequence = cleanExit(exit)
    ? `each result says so: a fail under ${NO_CRASH_REQUIREMENT} where the check was left without an answer, otherwise an error`
    : `each carries the crash finding under ${NO_CRASH_REQUIREMENT}`;
  const running = exit.check
    ? ''
    : exit.checks.length === 0
      ? ' while no check was running'
      : ` while ${exit.checks.length === 1 ? '1 check was' : `${exit.checks.length} checks were`} running ` +
        `(${exit.checks.slice(0, 8).join(', ')}${exit.checks.length > 8 ? ', …' : ''}; ${consequence})`;
  const telling = tellingLine(exit.stderrTail ?? []);
  const stderr = !exit.stderrTail
    ? '; the suite did not start it, so its stderr is not known'
    : telling !== undefined
      ? `; on stderr: ${JSON.stringify(telling.length > 300 ? `${telling.slice(0, 300)}…` : telling)}`
      : '; it wrote nothing to stderr';
  const restart = !exit.restart
    ? ''
    : exit.restart.outcome === 'restarted'
      ? `. It was ${exit.restart.message}`
      : exit.restart.outcome === 'failed'
        ? `. It could not be started again: ${exit.restart.message}`
        : `. It was not started again: ${exit.restart.message}`;
  return `${whose} ${describeDeath(exit)} at ${exit.at}${running}${stderr}${restart}.`;
}

/** Stack frames and runtime banners say little by themselves; the line naming the error says what happened. */
const ERROR_LINE = /\b(error|exception|fatal|panic|unhandled|rejection|abort(ed)?|segmentation|killed|traceback)\b/i;
const NOISE_LINE = /^\s*(at\s|Node\.js v|\^+\s*$|File "|\.\.\.)/;

/** The stderr line that best says why it died: the last one naming an error, else the last one that is not a stack frame. */
function tellingLine(tail: readonly { text: string }[]): string | undefined {
  const lines = tail.map((line) => line.text.trim()).filter((text) => text !== '');
  const meaningful = lines.filter((text) => !NOISE_LINE.test(text));
  return [...meaningful].reverse().find((text) => ERROR_LINE.test(text)) ?? meaningful.at(-1) ?? lines.at(-1);
}

/**
 * 'refused' only when nothing listens at the URL's address any more. Any HTTP answer, or none within the bound (a
 * slow server), is 'accepting'. A connection cut off mid-way (a server closing its sockets as it dies) is asked again.
 */
async function endpointState(url: string): Promise<'accepting' | 'refused'> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      await response.body?.cancel().catch(() => undefined);
      return 'accepting';
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') return 'accepting';
      if ((error as { cause?: { code?: unknown } }).cause?.code === 'ECONNREFUSED') return 'refused';
      if (attempt >= PROBE_ATTEMPTS) return 'accepting';
      await new Promise((resolve) => setTimeout(resolve, PROBE_RETRY_MS));
    }
  }
}
