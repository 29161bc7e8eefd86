// The check context of the 2026-07-28 era: a requestor of the receiver under test sends the per-request envelope and
// no handshake (a process on stdio, an identity on HTTP); a client under test is run on an endpoint of the suite's
// own extension server.
import { CheckStop, defineCheck as defineAnyCheck, EraCheckContext, type CheckContext as SharedCheckContext, type CheckDeclaration, type CheckHost } from '../check.js';
import type { CheckDefinition as AnyCheckDefinition } from '../check.js';
import { openConnection, type Identity } from '../../wire/connections/connect.js';
import type { EndpointOptions, ClientRun } from '../../wire/2026-07-28/client-record.js';
import { ENDPOINT_POLL_INTERVAL_MS } from '../../wire/2026-07-28/endpoint-tasks.js';
import type { RpcReply } from '../../wire/session.js';
import { createdTask, extTaskOf, ExtReceiver, isExtTerminal } from './receiver.js';

export { CheckSkip, CheckStop, StagingMissed, UnexpectedReply, WaitRanOut, type TargetFacts } from '../check.js';

/** The API a check of the 2026-07-28 era uses: what every era shares, and its requestors or the client it runs. */
export interface CheckContext extends SharedCheckContext {
  /**
   * A fresh requestor of the receiver (a new process on stdio, a new identity on HTTP) whose requests carry the
   * per-request envelope, declaring the Tasks extension unless `extension` is false.
   */
  connect(options?: { identity?: Identity; label?: string; extension?: boolean }): Promise<ExtReceiver>;
  /**
   * A client under test: serves it a fresh endpoint of the suite's extension server presenting itself as `endpoint`
   * says, starts the client on it and resolves with what the client did there once it exited or went quiet
   * (docs/client-fixture-contract-2026-07-28.md). With restartAfterFirstPoll the client is ended at its first
   * tasks/get and started again.
   */
  runClient(options: { endpoint: EndpointOptions; restartAfterFirstPoll?: boolean }): Promise<ClientRun>;
}

export type CheckDefinition = AnyCheckDefinition<CheckContext>;

/** A check of the 2026-07-28 era. */
export const defineCheck = (definition: CheckDeclaration<CheckContext>): CheckDefinition => defineAnyCheck(definition);

/** The era's context for one check (the era driver hands it to the engine). */
export const checkContext = (host: CheckHost): CheckContext => new ConnectingContext(host);

/** The longest a client's run on its endpoint may take (before the multiplier); within the check's bound. */
const CLIENT_RUN_BOUND_MS = 25_000;
/** A client silent this long after its last request (before the multiplier), and for three poll intervals, is done. */
const CLIENT_QUIET_MS = 1_500;
/** The same while a task the client got is still open: it may poll at a slower pace of its own. */
const CLIENT_OPEN_TASK_QUIET_MS = 10_000;

class ConnectingContext extends EraCheckContext implements CheckContext {
  async connect(options: { identity?: Identity; label?: string; extension?: boolean } = {}): Promise<ExtReceiver> {
    const { host, facts } = this;
    if (this.signal.aborted) throw new CheckStop();
    const number = host.nextConnection();
    const label = options.label ?? (options.identity === 'peer' ? `B${number}` : `A${number}`);
    // A requestor on stdio is its process: one another check left clean (its tasks ended, no subscription open, no
    // 2025-11-25 session opened on it) serves the next check of the same identity, as in the other era.
    const kind = host.shareable && host.target.transport === 'stdio' ? `modern ${options.identity ?? 'primary'}` : undefined;
    const tasks = new TaskLedger();
    // Processes shared at once route what they send by the 2025-11-25 task messages: never this era's.
    const connection = await host.open({ label, kind, mayCohabit: false, tasks }, () =>
      openConnection(host.target, {
        transcript: host.transcript,
        label,
        identity: options.identity,
        requestTimeoutMs: this.timing.requestTimeoutMs,
        answerPace: this.timing.answerPace,
        connectTimeoutMs: this.timing.connectTimeoutMs,
        era: 'modern',
        awaitAnswer: true,
        discovered: { protocolVersion: facts.protocolVersion, capabilities: facts.capabilities, serverInfo: facts.serverInfo, raw: {} },
      }),
    );
    return new ExtReceiver(connection, options.extension ?? true, (method, params, reply) => tasks.answered(method, params, reply));
  }

  async runClient(options: { endpoint: EndpointOptions; restartAfterFirstPoll?: boolean }): Promise<ClientRun> {
    const { host } = this;
    if (this.signal.aborted) throw new CheckStop();
    const target = host.target;
    if (target.transport !== 'client') throw new Error('runClient needs a client under test');
    const label = `C${host.nextConnection()}`;
    const pollIntervalMs = options.endpoint.pollIntervalMs ?? ENDPOINT_POLL_INTERVAL_MS;
    // Loaded on first use: a server run never needs the suite's own extension server.
    const { runClient } = await import('../../wire/2026-07-28/client-run.js');
    const run = await runClient(target, {
      endpoint: options.endpoint,
      scenario: host.checkId,
      restartAfterFirstPoll: options.restartAfterFirstPoll,
      transcript: host.transcript,
      label,
      connectTimeoutMs: this.timing.connectTimeoutMs,
      quietMs: Math.max(this.timing.scaled(CLIENT_QUIET_MS), 3 * pollIntervalMs + this.timing.allowanceMs),
      openTaskQuietMs: Math.max(this.timing.scaled(CLIENT_OPEN_TASK_QUIET_MS), 3 * pollIntervalMs + this.timing.allowanceMs),
      boundMs: this.timing.scaled(CLIENT_RUN_BOUND_MS),
      signal: this.signal,
      startSlot: () => host.startSlot(),
    });
    for (const process of run.escaped) this.noteInTranscript(`a process the client started outlived it and was ended: pid ${process.pid} (${process.command})`);
    host.reachedWithoutConnection();
    return { record: run.record, ended: run.ended, ...(run.restartedAt !== undefined ? { restartedAt: run.restartedAt } : {}) };
  }
}

/**
 * The tasks a check created on one connection and the last status seen of each (a CreateTaskResult, a tasks/get or
 * tasks/cancel answer, a notifications/tasks), and whether the check opened a 2025-11-25 session on the process (an
 * initialize answered): a process in another era is not one to hand on.
 */
class TaskLedger {
  private readonly statuses = new Map<string, unknown>();
  private openedOtherEraSession = false;

  answered(method: string, _params: Record<string, unknown>, reply: RpcReply): void {
    if (method === 'initialize' && reply.ok) this.openedOtherEraSession = true;
    const created = method === 'tools/call' ? createdTask(reply) : undefined;
    if (created) this.statuses.set(created.taskId, created.status);
    else this.update(extTaskOf(reply));
  }

  unfinished(notifications: readonly { method: string; params: Record<string, unknown> }[]): string[] {
    for (const notification of notifications) if (notification.method === 'notifications/tasks') this.update(notification.params);
    return [...this.statuses].filter(([, status]) => !isExtTerminal(status)).map(([taskId]) => taskId);
  }

  handOn(): boolean {
    return !this.openedOtherEraSession;
  }

  private update(task: Record<string, unknown> | undefined): void {
    if (task && typeof task.taskId === 'string' && this.statuses.has(task.taskId) && typeof task.status === 'string') this.statuses.set(task.taskId, task.status);
  }
}
