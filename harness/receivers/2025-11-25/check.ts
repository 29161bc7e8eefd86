// The check context of the 2025-11-25 era: a connection opens with initialize (a server's session, or a client under
// test reaching the suite's endpoint), and every task the receiver reports is validated on its way through.
import { CheckStop, defineCheck as defineAnyCheck, EraCheckContext, type CheckContext as SharedCheckContext, type CheckDeclaration, type CheckHost } from '../check.js';
import type { CheckDefinition as AnyCheckDefinition } from '../check.js';
import { HARNESS_CLIENT_CAPABILITIES, HARNESS_TASK_CLIENT_CAPABILITIES, openConnection, type Connection, type Identity } from '../../wire/connections/connect.js';
import { listAllTools } from '../../model/fixtures.js';
import type { EndpointOptions } from '../../wire/2025-11-25/client-record.js';
import { TASK_SHAPE_REQUIREMENTS, taskShapeViolations, type TaskSighting } from '../../model/schemas/task-shape.js';
import type { RpcReply } from '../../wire/session.js';
import { isTerminal, Receiver } from './receiver.js';

export { CheckSkip, CheckStop, StagingMissed, UnexpectedReply, WaitRanOut, type TargetFacts } from '../check.js';

/** The API a check of the 2025-11-25 era uses: what every era shares, and its connections. */
export interface CheckContext extends SharedCheckContext {
  /**
   * A fresh connection to the receiver under test, closed by the runner when the check ends. With taskCapableClient a
   * server's connection also declares the client's tasks capability (sampling and elicitation as tasks, or with
   * 'sampling' sampling only); with endpoint a client's connection gets an endpoint that presents itself so (e.g. without
   * tool tasks).
   */
  connect(options?: { identity?: Identity; label?: string; taskCapableClient?: boolean | 'sampling'; endpoint?: EndpointOptions }): Promise<Receiver>;
}

export type CheckDefinition = AnyCheckDefinition<CheckContext>;

/** A check of the 2025-11-25 era. */
export const defineCheck = (definition: CheckDeclaration<CheckContext>): CheckDefinition => defineAnyCheck(definition);

/** The era's context for one check (the era driver hands it to the engine). */
export const checkContext = (host: CheckHost): CheckContext => new ConnectingContext(host);

/** The client's tasks capability for sampling only: a requestor must then send elicitation/create plainly. */
const SAMPLING_TASKS_ONLY = { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } };
/** Further malformed tasks of an already judged requirement noted in the transcript; beyond them they are only counted. */
const SHAPE_NOTES_MAX = 5;

class ConnectingContext extends EraCheckContext implements CheckContext {
  /** The requirements of the Task schema's rules that this check verifies (none: the harness validates nothing for it). */
  private readonly verified: ReadonlySet<string>;
  /** Requirements a malformed task has already been recorded against in this check, and how many more were seen. */
  private readonly shapeJudged = new Map<string, number>();

  constructor(host: CheckHost) {
    super(host);
    this.verified = new Set(host.verifies.filter((id) => (TASK_SHAPE_REQUIREMENTS as readonly string[]).includes(id)));
  }

  async connect(options: { identity?: Identity; label?: string; taskCapableClient?: boolean | 'sampling'; endpoint?: EndpointOptions } = {}): Promise<Receiver> {
    const { host } = this;
    if (this.signal.aborted) throw new CheckStop();
    const number = host.nextConnection();
    const label = options.label ?? (options.identity === 'peer' ? `B${number}` : `A${number}`);
    const clientCapabilities = options.taskCapableClient
      ? { ...HARNESS_CLIENT_CAPABILITIES, tasks: options.taskCapableClient === 'sampling' ? SAMPLING_TASKS_ONLY : HARNESS_TASK_CLIENT_CAPABILITIES.tasks }
      : undefined;
    // Processes of a stdio server with the same identity and client capabilities can serve one another's checks.
    // So can clients under test that the endpoint presents itself to alike.
    const transport = host.target.transport;
    const kind = !host.shareable
      ? undefined
      : transport === 'stdio'
        ? `${options.identity ?? 'primary'} ${JSON.stringify(clientCapabilities ?? HARNESS_CLIENT_CAPABILITIES)}`
        : transport === 'client'
          ? `client ${JSON.stringify(options.endpoint ?? {})}`
          : undefined;
    const tasks = new TaskLedger();
    // Processes shared at once route what they send by this era's task messages.
    const connection = await host.open({ label, kind, mayCohabit: true, tasks }, () =>
      openConnection(host.target, {
        transcript: host.transcript,
        label,
        identity: options.identity,
        requestTimeoutMs: this.timing.requestTimeoutMs,
        answerPace: this.timing.answerPace,
        connectTimeoutMs: this.timing.connectTimeoutMs,
        endpoint: options.endpoint,
        clientCapabilities,
      }),
    );
    if (this.facts.toolsAppearLate) await this.awaitFixtureTools(connection, Boolean(options.taskCapableClient));
    return new Receiver(
      connection,
      (sighting) => {
        tasks.saw(sighting);
        this.taskSeen(sighting);
      },
      (method, params, reply) => tasks.answered(method, params, reply),
    );
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
      if (!this.verified.has(violation.requirement) || !this.host.requirements.has(violation.requirement)) continue;
      // A failure the check recorded itself on the requirement (its own validation) counts as the first one.
      const failedAlready = this.host.findings.some((finding) => finding.requirement === violation.requirement && finding.severity === 'fail');
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
  unfinished(): string[] {
    return [...this.statuses].filter(([, status]) => !isTerminal(status) && status !== 'answered').map(([taskId]) => taskId);
  }

  private update(task: Record<string, unknown> | null): void {
    if (task && typeof task.taskId === 'string' && this.statuses.has(task.taskId)) this.statuses.set(task.taskId, task.status);
  }
}
