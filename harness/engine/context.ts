import { expectedAndActual } from '../model/describe.js';
import { CheckSkip, CheckStop, StagingMissed, UnexpectedReply, type CheckHost, type HeldTasks, type TargetFacts } from '../receivers/check.js';
import { missingFixtureReason } from '../model/skip-causes.js';
import type { Connection, TargetSpec } from '../wire/connections/connect.js';
import { FIXTURE_TOOL_NAMES, type FixtureBinding } from '../model/fixtures.js';
import { levelOf } from '../model/model-basics.js';
import type { Finding, FixtureRole, Observation, Requirement } from '../model/model.js';
import { validateTaskMessage, type TaskSchemaName } from '../model/schemas/validate.js';
import type { Timing } from '../wire/timing.js';
import type { ConnectionBroker } from '../wire/connections/connection-broker.js';
import type { Transcript } from '../wire/transcript.js';
import type { StartSlot } from '../wire/start-gate.js';

export interface ContextDeps {
  target: TargetSpec;
  facts: TargetFacts;
  timing: Timing;
  transcript: Transcript;
  requirements: ReadonlyMap<string, Requirement>;
  signal: AbortSignal;
  /** The requirements the check verifies: a task shape rule is a finding only where the check verifies its requirement. */
  verifies: readonly string[];
  /** Opens the connections: one receiver process may serve several checks in turn (harness/wire/connections/connection-broker.ts). */
  broker: ConnectionBroker;
  checkId: string;
  /** False when the check needs receiver processes no other check has used (CheckDefinition.ownConnections). */
  shareable: boolean;
  /** The check may share a receiver process with other checks at the same time (CheckDefinition.cohabits). */
  cohabits?: boolean;
}

/** A staged scenario runs with durations ×1, ×2 and ×4 before the check gives up and skips. */
const STAGING_MAX_STRETCH = 4;

/**
 * One check's view of the run: its connections, its findings, its transcript. It is the API every era shares, and
 * the host of the era's check context (the profile's driver builds that on it), which opens the era's connections.
 */
export class RunningCheck implements CheckHost {
  readonly findings: Finding[] = [];
  readonly infos: string[] = [];
  readonly protocolVersions = new Set<string>();
  private readonly connections: { connection: Connection; kind?: string; tasks: HeldTasks }[] = [];
  /** Every connection the check held, also after it let them go. */
  private readonly everHeld: Connection[] = [];
  private connectionCount = 0;
  /** Whether the check reached the target without a connection of the broker's (a client under test it drove). */
  private reachedOtherwise = false;

  constructor(private readonly deps: ContextDeps) {}

  get facts(): TargetFacts {
    return this.deps.facts;
  }

  get timing(): Timing {
    return this.deps.timing;
  }

  get signal(): AbortSignal {
    return this.deps.signal;
  }

  get target(): TargetSpec {
    return this.deps.target;
  }

  get transcript(): Transcript {
    return this.deps.transcript;
  }

  get checkId(): string {
    return this.deps.checkId;
  }

  get requirements(): ReadonlyMap<string, Requirement> {
    return this.deps.requirements;
  }

  get verifies(): readonly string[] {
    return this.deps.verifies;
  }

  get shareable(): boolean {
    return this.deps.shareable;
  }

  nextConnection(): number {
    this.connectionCount += 1;
    return this.connectionCount;
  }

  startSlot(): Promise<StartSlot> {
    return this.deps.broker.startSlot(this.signal);
  }

  reachedWithoutConnection(): void {
    this.reachedOtherwise = true;
  }

  /** A connection from the broker, held until the check ends. */
  async open(request: { label: string; kind: string | undefined; mayCohabit: boolean; tasks: HeldTasks }, opener: () => Promise<Connection>): Promise<Connection> {
    const { label, kind, tasks } = request;
    let connection: Connection;
    try {
      connection = await this.deps.broker.connect(
        {
          kind,
          checkId: this.deps.checkId,
          transcript: this.deps.transcript,
          label,
          observer: this.deps.target.transport === 'client' ? undefined : this.deps.target.observer,
          signal: this.signal,
          cohabits: this.deps.cohabits && request.mayCohabit,
        },
        opener,
      );
    } catch (error) {
      if (this.signal.aborted) throw new CheckStop();
      throw error;
    }
    // The check's deadline passed while connecting: closeAll has run or is running, so close this one here.
    if (this.signal.aborted) {
      await connection.close();
      throw new CheckStop();
    }
    this.connections.push({ connection, kind, tasks });
    this.everHeld.push(connection);
    this.protocolVersions.add(connection.init.protocolVersion);
    return connection;
  }

  fixture(role: FixtureRole): FixtureBinding {
    const binding = this.facts.fixtures.get(role);
    if (!binding) this.skip(missingFixtureReason(FIXTURE_TOOL_NAMES[role], role));
    return binding;
  }

  expect(requirementId: string, ok: boolean, message: string | (() => string), observation?: Observation): boolean {
    if (ok) return true;
    const requirement = this.requirement(requirementId);
    const level = levelOf(requirement.keyword);
    const text = typeof message === 'function' ? message() : message;
    const latest = this.deps.transcript.lastIncoming(1)[0];
    this.findings.push({
      requirement: requirementId,
      keyword: requirement.keyword,
      severity: level === 'must' ? 'fail' : 'warn',
      message: text,
      ...(observation ? { observation } : {}),
      ...expectedAndActual(text),
      ...(latest ? { seenAt: { t: latest.t, ...(latest.conn ? { conn: latest.conn } : {}) } } : {}),
    });
    return false;
  }

  /** Findings that only a bound decided (expectWithinBound): a run under load runs such a check again alone. */
  boundFindings = 0;

  expectWithinBound(requirementId: string, ok: boolean, message: string | (() => string)): boolean {
    if (ok) return true;
    this.boundFindings += 1;
    return this.expect(requirementId, ok, message);
  }

  require(requirementId: string, ok: boolean, message: string | (() => string), observation?: Observation): asserts ok {
    if (!this.expect(requirementId, ok, message, observation)) throw new CheckStop();
  }

  lenient(requirementId: string, message: string): void {
    const requirement = this.requirement(requirementId);
    this.findings.push({ requirement: requirementId, keyword: requirement.keyword, severity: 'warn', message });
  }

  validate(requirementId: string, schema: TaskSchemaName, value: unknown, what: string, observation?: Observation): boolean {
    const verdict = validateTaskMessage(schema, value);
    return this.expect(requirementId, verdict.valid, () => `${what} is not a valid ${schema}: ${verdict.errors.slice(0, 3).join('; ')}`, observation);
  }

  skip(reason: string): never {
    throw new CheckSkip(reason);
  }

  unmet(requirementId: string, message: string, observation?: Observation): never {
    this.requirement(requirementId);
    throw new UnexpectedReply(message, requirementId, observation);
  }

  async staged<T>(scenario: (stretch: number) => Promise<T>): Promise<T> {
    const reasons: string[] = [];
    for (let stretch = 1; stretch <= STAGING_MAX_STRETCH; stretch *= 2) {
      try {
        return await scenario(stretch);
      } catch (error) {
        if (!(error instanceof StagingMissed)) throw error;
        reasons.push(stretch === 1 ? error.reason : `with durations ×${stretch}: ${error.reason}`);
        this.noteInTranscript(`the scenario could not be staged in time (${error.reason}); ${stretch * 2 <= STAGING_MAX_STRETCH ? `trying again with durations ×${stretch * 2}` : 'giving up'}`);
      }
    }
    this.skip(`the scenario could not be staged against this receiver's pace, tried ${reasons.length} times: ${reasons.join('; ')}`);
  }

  missed(reason: string): never {
    throw new StagingMissed(reason);
  }

  reportInfo(text: string): void {
    this.infos.push(text);
  }

  noteInTranscript(text: string): void {
    this.deps.transcript.note(text);
  }

  /**
   * Whether the requests this check gave up on were passed over: the process answered later ones meanwhile, so their
   * silence was its own doing and not the load of checks sharing it. False when nothing was given up.
   */
  silenceWasSelective(): boolean {
    const givenUp = this.everHeld.flatMap((connection) => connection.session.givenUp().map((id) => ({ connection, id })));
    return givenUp.length > 0 && givenUp.every(({ connection, id }) => connection.passedOver?.(id) ?? false);
  }

  /** How long the check's requests waited on the suite's side to keep a rate-limited receiver's pace: its bound grows by it. */
  heldForPaceMs(): number {
    return this.everHeld.reduce((total, connection) => total + connection.session.heldForPaceMs(), 0);
  }

  /** Whether the check opened a connection: a skip after that is a scenario that could not go on, not a precondition. */
  get connected(): boolean {
    return this.everHeld.length > 0 || this.reachedOtherwise;
  }

  /** The checks that shared a receiver process with this one: at the same time, and before it in turn. */
  sharers(): { atOnce: string[]; before: string[] } {
    return this.deps.broker.sharedWith(this.deps.transcript);
  }

  /**
   * Ends the check's hold on its connections, bounded so a hung receiver cannot hold the run. With `reusable` (the
   * check ended normally and found nothing wrong), a process whose tasks all ended may serve the next check.
   */
  async closeAll(reusable = false): Promise<void> {
    const held = this.connections.splice(0);
    await Promise.all(
      held.map(({ connection, kind, tasks }) =>
        this.deps.broker.release(
          connection,
          kind,
          reusable && this.findings.length === 0 && !actedAsRequestor(connection) && (tasks.handOn?.() ?? true),
          tasks.unfinished(connection.session.notifications),
        ),
      ),
    );
  }

  private requirement(id: string): Requirement {
    const requirement = this.deps.requirements.get(id);
    if (!requirement) throw new Error(`the check names requirement ${id}, which is not in the catalogue`);
    return requirement;
  }
}

/** The receiver under test asked for tasks or tools of its own on the connection: what it started may go on after the check. */
function actedAsRequestor(connection: Connection): boolean {
  return connection.session.requestsReceived.some((request) => request.method.startsWith('tasks/') || request.method === 'tools/call' || request.params.task !== undefined);
}
