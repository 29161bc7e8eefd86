import { expectedAndActual } from '../model/describe.js';
import { CheckSkip, CheckStop, StagingMissed, UnexpectedReply, type CheckContext, type TargetFacts } from '../receivers/check.js';
import { missingFixtureReason } from '../model/skip-causes.js';
import { HARNESS_CLIENT_CAPABILITIES, HARNESS_TASK_CLIENT_CAPABILITIES, openConnection, type Connection, type Identity, type TargetSpec } from '../wire/connections/connect.js';
import { FIXTURE_TOOL_NAMES, listAllTools, type FixtureBinding } from '../model/fixtures.js';
import type { HubOptions } from '../wire/2025-11-25/hub-record.js';
import { levelOf } from '../model/model-basics.js';
import type { Finding, FixtureRole, Observation, Requirement } from '../model/model.js';
import { isTerminal, Receiver } from '../receivers/2025-11-25/receiver.js';
import { createdTask, extTaskOf, ExtReceiver, isExtTerminal } from '../receivers/2026-07-28/receiver.js';
import { TASK_SHAPE_REQUIREMENTS, taskShapeViolations, type TaskSighting } from '../model/schemas/task-shape.js';
import { validateTaskMessage, type TaskSchemaName } from '../model/schemas/validate.js';
import type { Timing } from '../wire/timing.js';
import type { ConnectionBroker } from '../wire/connections/connection-broker.js';
import type { Transcript } from '../wire/transcript.js';
import type { RpcReply } from '../wire/session.js';
import type { EndpointOptions, ModernClientRun } from '../wire/2026-07-28/client-record.js';
import { ENDPOINT_POLL_INTERVAL_MS } from '../wire/2026-07-28/endpoint-tasks.js';

/** The longest a 2026-07-28 client's run on its endpoint may take (before the multiplier); within the check's bound. */
const MODERN_CLIENT_BOUND_MS = 25_000;
/** A client silent this long after its last request (before the multiplier), and for three poll intervals, is done. */
const MODERN_CLIENT_QUIET_MS = 1_500;
/** The same while a task the client got is still open: it may poll at a slower pace of its own. */
const MODERN_CLIENT_OPEN_TASK_QUIET_MS = 10_000;

/** The client's tasks capability for sampling only: a requestor must then send elicitation/create plainly. */
const SAMPLING_TASKS_ONLY = { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } };

export interface ContextDeps {
  target: TargetSpec;
  facts: TargetFacts;
  timing: Timing;
  transcript: Transcript;
  requirements: ReadonlyMap<string, Requirement>;
  signal: AbortSignal;
  clientCapabilities?: Record<string, unknown>;
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
/** Further malformed tasks of an already judged requirement noted in the transcript; beyond them they are only counted. */
const SHAPE_NOTES_MAX = 5;

/** One check's view of the run: its connections, its findings, its transcript. */
export class RunningCheck implements CheckContext {
  readonly findings: Finding[] = [];
  readonly infos: string[] = [];
  readonly protocolVersions = new Set<string>();
  private readonly connections: { connection: Connection; kind?: string; tasks: TaskLedger | ExtTaskLedger }[] = [];
  /** Every connection the check held, also after it let them go. */
  private readonly everHeld: Connection[] = [];
  private connectionCount = 0;
  /** Whether the check drove a 2026-07-28 client under test (which holds no connection of the broker's). */
  private everDrove = false;
  /** The requirements of the Task schema's rules that this check verifies (none: the harness validates nothing for it). */
  private readonly verified: ReadonlySet<string>;
  /** Requirements a malformed task has already been recorded against in this check, and how many more were seen. */
  private readonly shapeJudged = new Map<string, number>();

  constructor(private readonly deps: ContextDeps) {
    this.verified = new Set(deps.verifies.filter((id) => (TASK_SHAPE_REQUIREMENTS as readonly string[]).includes(id)));
  }

  get facts(): TargetFacts {
    return this.deps.facts;
  }

  get timing(): Timing {
    return this.deps.timing;
  }

  get signal(): AbortSignal {
    return this.deps.signal;
  }

  async connect(options: { identity?: Identity; label?: string; taskCapableClient?: boolean | 'sampling'; hub?: HubOptions } = {}): Promise<Receiver> {
    if (this.signal.aborted) throw new CheckStop();
    this.connectionCount += 1;
    const label = options.label ?? (options.identity === 'peer' ? `B${this.connectionCount}` : `A${this.connectionCount}`);
    const clientCapabilities = options.taskCapableClient
      ? { ...(this.deps.clientCapabilities ?? HARNESS_CLIENT_CAPABILITIES), tasks: options.taskCapableClient === 'sampling' ? SAMPLING_TASKS_ONLY : HARNESS_TASK_CLIENT_CAPABILITIES.tasks }
      : this.deps.clientCapabilities;
    // Processes of a stdio server with the same identity and client capabilities can serve one another's checks.
    // So can clients under test that the hub presents itself to alike.
    const transport = this.deps.target.transport;
    const kind = !this.deps.shareable
      ? undefined
      : transport === 'stdio'
        ? `${options.identity ?? 'primary'} ${JSON.stringify(clientCapabilities ?? HARNESS_CLIENT_CAPABILITIES)}`
        : transport === 'client'
          ? `client ${JSON.stringify(options.hub ?? {})}`
          : undefined;
    const connection = await this.open(label, kind, () =>
      openConnection(this.deps.target, {
        transcript: this.deps.transcript,
        label,
        identity: options.identity,
        requestTimeoutMs: this.timing.requestTimeoutMs,
        answerPace: this.timing.answerPace,
        connectTimeoutMs: this.timing.connectTimeoutMs,
        hub: options.hub,
        clientCapabilities,
      }),
    );
    const held = this.connections[this.connections.length - 1] as { tasks: TaskLedger };
    this.protocolVersions.add(connection.init.protocolVersion);
    if (this.facts.toolsAppearLate) await this.awaitFixtureTools(connection, Boolean(options.taskCapableClient));
    return new Receiver(
      connection,
      (sighting) => {
        held.tasks.saw(sighting);
        this.taskSeen(sighting);
      },
      (method, params, reply) => held.tasks.answered(method, params, reply),
    );
  }

  /** A connection from the broker, held until the check ends. */
  private async open(label: string, kind: string | undefined, opener: () => Promise<Connection>, tasks: TaskLedger | ExtTaskLedger = new TaskLedger()): Promise<Connection> {
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
          // Processes shared at once route what they send by the 2025-11-25 task messages: that era only.
          cohabits: this.deps.cohabits && !(tasks instanceof ExtTaskLedger),
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
    return connection;
  }

  /**
   * Every task the receiver reports is validated here, and a broken rule lands on the requirement it belongs to
   * (harness/model/schemas/task-shape.ts), but only in a check that verifies that requirement, and once per requirement
   * (further ones go to the transcript). Recorded everywhere, a receiver that drops ttl from tasks/get would fail
   * every check that polls, and the fault matrix could no longer tell which check verifies which rule; so the
   * checks of each rule see everything their scenarios bring, and task-data.valid-everywhere brings every operation.
   */
  private taskSeen(sighting: TaskSighting): void {
    // After the scenario: an outcome may already be decided, and nothing arriving now is the check's to judge.
    if (this.signal.aborted || this.verified.size === 0) return;
    for (const violation of taskShapeViolations(sighting)) {
      if (!this.verified.has(violation.requirement) || !this.deps.requirements.has(violation.requirement)) continue;
      // A failure the check recorded itself on the requirement (its own validation) counts as the first one.
      const failedAlready = this.findings.some((finding) => finding.requirement === violation.requirement && finding.severity === 'fail');
      const before = this.shapeJudged.get(violation.requirement) ?? (failedAlready ? 0 : undefined);
      this.shapeJudged.set(violation.requirement, (before ?? -1) + 1);
      if (before === undefined) this.expect(violation.requirement, false, violation.message);
      else if (before < SHAPE_NOTES_MAX) this.noteInTranscript(`also under ${violation.requirement}: ${violation.message}`);
    }
  }

  /** Receivers that register tools after initialization: wait (bounded) until the fixtures are listed on this connection too. */
  private async awaitFixtureTools(connection: Connection, taskCapableClient: boolean): Promise<void> {
    // A server may offer its ask tool only to clients that take tasks (server-everything does): not awaited elsewhere.
    const wanted = [...this.facts.fixtures.values()].filter((binding) => taskCapableClient || binding.role !== 'ask').map((binding) => binding.tool);
    const deadline = performance.now() + this.timing.scaled(3000);
    while (performance.now() < deadline) {
      const names = new Set((await listAllTools(connection.session.request.bind(connection.session))).map((tool) => tool.name));
      if (wanted.every((name) => names.has(name))) return;
      await connection.session.waitForNotification((n) => n.method === 'notifications/tools/list_changed', Math.max(0, deadline - performance.now()), { includePast: false });
    }
    this.noteInTranscript('the fixture tools did not appear on this connection in time');
  }

  async connectModern(options: { identity?: Identity; label?: string; extension?: boolean } = {}): Promise<ExtReceiver> {
    if (this.signal.aborted) throw new CheckStop();
    this.connectionCount += 1;
    const label = options.label ?? (options.identity === 'peer' ? `B${this.connectionCount}` : `A${this.connectionCount}`);
    const { facts } = this;
    // A modern requestor on stdio is its process: one another check left clean (its tasks ended, no subscription
    // open, no 2025-11-25 session opened on it) serves the next check of the same identity, as in the other era.
    const kind = this.deps.shareable && this.deps.target.transport === 'stdio' ? `modern ${options.identity ?? 'primary'}` : undefined;
    const tasks = new ExtTaskLedger();
    const connection = await this.open(
      label,
      kind,
      () =>
        openConnection(this.deps.target, {
          transcript: this.deps.transcript,
          label,
          identity: options.identity,
          requestTimeoutMs: this.timing.requestTimeoutMs,
          answerPace: this.timing.answerPace,
          connectTimeoutMs: this.timing.connectTimeoutMs,
          era: 'modern',
          awaitAnswer: true,
          discovered: { protocolVersion: facts.protocolVersion, capabilities: facts.capabilities, serverInfo: facts.serverInfo, raw: {} },
        }),
      tasks,
    );
    this.protocolVersions.add(connection.init.protocolVersion);
    return new ExtReceiver(connection, options.extension ?? true, (method, params, reply) => tasks.answered(method, params, reply));
  }

  async driveModernClient(options: { endpoint: EndpointOptions; restartAfterFirstPoll?: boolean }): Promise<ModernClientRun> {
    if (this.signal.aborted) throw new CheckStop();
    const target = this.deps.target;
    if (target.transport !== 'client') throw new Error('driveModernClient needs a client under test');
    this.connectionCount += 1;
    const label = `C${this.connectionCount}`;
    const pollIntervalMs = options.endpoint.pollIntervalMs ?? ENDPOINT_POLL_INTERVAL_MS;
    // Loaded on first use: a server run never needs the suite's own extension server.
    const { driveModernClient } = await import('../wire/2026-07-28/modern-client-run.js');
    const run = await driveModernClient(target, {
      endpoint: options.endpoint,
      scenario: this.deps.checkId,
      restartAfterFirstPoll: options.restartAfterFirstPoll,
      transcript: this.deps.transcript,
      label,
      connectTimeoutMs: this.timing.connectTimeoutMs,
      quietMs: Math.max(this.timing.scaled(MODERN_CLIENT_QUIET_MS), 3 * pollIntervalMs + this.timing.allowanceMs),
      openTaskQuietMs: Math.max(this.timing.scaled(MODERN_CLIENT_OPEN_TASK_QUIET_MS), 3 * pollIntervalMs + this.timing.allowanceMs),
      boundMs: this.timing.scaled(MODERN_CLIENT_BOUND_MS),
      signal: this.signal,
      startSlot: () => this.deps.broker.startSlot(this.signal),
    });
    for (const process of run.escaped) this.noteInTranscript(`a process the client started outlived it and was ended: pid ${process.pid} (${process.command})`);
    this.everDrove = true;
    return { record: run.record, ended: run.ended, ...(run.restartedAt !== undefined ? { restartedAt: run.restartedAt } : {}) };
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
    return this.everHeld.length > 0 || this.everDrove;
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
          reusable && this.findings.length === 0 && !actedAsRequestor(connection) && !(tasks instanceof ExtTaskLedger && tasks.openedLegacySession),
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

/**
 * The tasks a check created on one 2026-07-28 connection and the last status seen of each (a CreateTaskResult, a
 * tasks/get or tasks/cancel answer, a notifications/tasks), and whether the check opened a 2025-11-25 session on the
 * process (an initialize answered): a process in another era is not one to hand on.
 */
class ExtTaskLedger {
  private readonly statuses = new Map<string, unknown>();
  openedLegacySession = false;

  answered(method: string, _params: Record<string, unknown>, reply: RpcReply): void {
    if (method === 'initialize' && reply.ok) this.openedLegacySession = true;
    const created = method === 'tools/call' ? createdTask(reply) : undefined;
    if (created) this.statuses.set(created.taskId, created.status);
    else this.update(extTaskOf(reply));
  }

  unfinished(notifications: readonly { method: string; params: Record<string, unknown> }[]): string[] {
    for (const notification of notifications) if (notification.method === 'notifications/tasks') this.update(notification.params);
    return [...this.statuses].filter(([, status]) => !isExtTerminal(status)).map(([taskId]) => taskId);
  }

  private update(task: Record<string, unknown> | undefined): void {
    if (task && typeof task.taskId === 'string' && this.statuses.has(task.taskId) && typeof task.status === 'string') this.statuses.set(task.taskId, task.status);
  }
}

/** The tasks a check created on one connection and the last status seen of each, by every way the receiver told it. */
class TaskLedger {
  private readonly statuses = new Map<string, unknown>();

  saw(sighting: TaskSighting): void {
    const value = sighting.value as Record<string, unknown> | undefined;
    if (!value || typeof value !== 'object') return;
    if (sighting.kind === 'create') {
      const task = value.task as Record<string, unknown> | undefined;
      if (task && typeof task.taskId === 'string') this.statuses.set(task.taskId, task.status);
    } else if (sighting.kind === 'list') {
      for (const task of Array.isArray(value.tasks) ? (value.tasks as Record<string, unknown>[]) : []) this.update(task);
    } else this.update(value);
  }

  /** tasks/result answered, with the result or an error: the task has ended, or is gone. */
  answered(method: string, params: Record<string, unknown> | undefined, reply: RpcReply): void {
    if (method === 'tasks/result' && typeof params?.taskId === 'string' && this.statuses.has(params.taskId) && (reply.ok || reply.error)) this.statuses.set(params.taskId, 'answered');
  }

  /** The tasks created here not last seen completed, failed or cancelled, nor their result given. */
  unfinished(_notifications?: unknown): string[] {
    return [...this.statuses].filter(([, status]) => !isTerminal(status) && status !== 'answered').map(([taskId]) => taskId);
  }

  private update(task: Record<string, unknown> | null): void {
    if (task && typeof task.taskId === 'string' && this.statuses.has(task.taskId)) this.statuses.set(task.taskId, task.status);
  }
}
