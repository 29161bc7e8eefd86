// What every requestor of an exploration shares, whichever profile it speaks: creation indexes handed out in order,
// which operations of a step may run, the log of what each saw, and the ids it names.
import { randomUUID } from 'node:crypto';
import type { FixtureBinding } from '../model/fixtures.js';
import type { FixtureRole } from '../model/model.js';
import type { RpcReply } from '../wire/session.js';
import type { Timing } from '../wire/timing.js';
import type { TargetSpec } from '../wire/connections/connect.js';
import type { ConnectionReserve } from './connection-reserve.js';
import { expectedFor, type PlainError, type PlainResult } from './plain-results.js';
import type { Operation } from './operations.js';
import { describeAnswer, type Answer, type CreatedTask, type ObservedOperation, type RunLog } from './run-log.js';

export interface ExecutionSetup {
  target: TargetSpec;
  /** Calibrated: its bounds follow the receiver's measured pace. */
  timing: Timing;
  fixtures: ReadonlyMap<FixtureRole, FixtureBinding>;
  signal?: AbortSignal;
  /** 2026-07-28: what server/discover said, given to every connection (no initialize). Absent: 2025-11-25. */
  modern?: { protocolVersion: string; capabilities: Record<string, unknown>; serverInfo: unknown };
  /** Identity A's connection started ahead of the run (execute.ts, connectionReserve); absent: the run opens its own. */
  reserve?: ConnectionReserve;
  /** 2025-11-25 servers: the plain results tasks of the echo and fail tools are judged against (plain-results.ts); a role absent here is not compared by text. */
  plainResults?: ReadonlyMap<FixtureRole, PlainResult>;
  /** With plainResults: the error fixture's plain error; absent where it could not be had (its tasks are then only judged to fail). */
  plainError?: PlainError;
  /** 2025-11-25 servers: how the receiver is reached (RunLog.access). */
  access?: RunLog['access'];
}

export type Plan = { run: true; index?: number } | { run: false; index?: undefined };
export type OperationBase = Pick<ObservedOperation, 'position' | 'step' | 'operation' | 'peer'>;

/** The state of one run: the tasks created so far, and how each operation is sent (the profile's subclass sends through its receivers R). */
export abstract class RunnerBase<R = unknown> {
  /** Creation indexes handed out so far (a create gets one whether or not a task results). */
  private creations = 0;
  /** Creation indexes a step may name: those of earlier steps only. */
  private namable = 0;
  protected readonly createSentAt = new Map<number, number>();

  constructor(
    protected readonly setup: ExecutionSetup,
    protected readonly log: RunLog,
    /** Identity A, and identity B when the sequence has operations of it and a second identity is configured. */
    protected readonly primary: R,
    protected readonly peer: R | undefined,
    protected readonly signal: AbortSignal,
  ) {}

  /**
   * Whether the operation runs, and a create's index. Every create takes its index, so references keep their meaning
   * when a creation fails; an operation naming no created task, or needing what the target lacks, is dropped.
   */
  plan(operation: Operation): Plan {
    if (operation.kind === 'create') {
      const index = this.creations++;
      return this.setup.fixtures.has(operation.role as FixtureRole) ? { run: true, index } : { run: false };
    }
    if (operation.kind.startsWith('peer-') && !this.peer) return { run: false };
    if ('task' in operation && operation.task !== 'unknown') {
      const named = operation.task;
      if (named >= this.namable || !this.log.tasks.find((task) => task.index === named)?.taskId) return { run: false };
    }
    return { run: true };
  }

  /** The step is over: its creations may be named from the next step on. */
  endStep(): void {
    this.namable = this.creations;
  }

  async run(operation: Operation, plan: Plan, position: number, step: number): Promise<ObservedOperation> {
    const base = { position, step, operation, peer: operation.kind.startsWith('peer-') };
    const observed = operation.kind === 'create' ? await this.create(operation, plan.index!, base) : await this.send(operation, base);
    this.log.operations.push(observed);
    return observed;
  }

  summarise(observed: ObservedOperation): string {
    const label = (taskId: unknown) => {
      const task = taskId === undefined ? undefined : this.log.tasks.find((created) => created.taskId === taskId);
      return task ? `#${task.index}` : undefined;
    };
    return describeAnswer(observed, label);
  }

  /** After the last step: the 2025-11-25 runner looks again at tasks its walks left out; the 2026-07-28 one follows its tasks to their end. */
  async followUp(_position: number): Promise<void> {}

  protected abstract create(operation: Extract<Operation, { kind: 'create' }>, index: number, base: OperationBase): Promise<ObservedOperation>;
  protected abstract send(operation: Exclude<Operation, { kind: 'create' }>, base: OperationBase): Promise<ObservedOperation>;

  /** Logs the task a create asks for (before it is sent, so that a failed creation keeps its index) and when it was sent. */
  protected recordCreate(operation: Extract<Operation, { kind: 'create' }>, index: number, base: OperationBase, input: Record<string, unknown>): CreatedTask {
    const binding = this.setup.fixtures.get(operation.role as FixtureRole)!;
    const created: CreatedTask = {
      index,
      role: operation.role,
      ...(binding.method === 'tools/call' ? {} : { method: binding.method }),
      delayMs: operation.delayMs,
      ttlRequested: operation.ttl,
      input,
      comparesText: binding.echoesInput,
      honoursDelay: binding.honoursDelay,
      position: base.position,
    };
    // Judged against the plain call where it was made: its text compared only where the plain result showed how.
    const plains = this.setup.plainResults;
    if (plains && binding.method === 'tools/call' && (operation.role === 'echo' || operation.role === 'fail')) {
      const plain = plains.get(operation.role);
      created.comparesText = plain !== undefined;
      if (plain && typeof input.text === 'string') created.plainResult = expectedFor(plain, input.text);
    }
    if (plains && binding.method === 'tools/call' && operation.role === 'error') {
      created.comparesText = this.setup.plainError !== undefined;
      if (this.setup.plainError) created.plainError = this.setup.plainError;
    }
    this.log.tasks.push(created);
    this.createSentAt.set(index, performance.now());
    return created;
  }

  /** The task a reference names, or a fresh id no receiver issued. */
  protected resolve(ref: number | 'unknown'): { task?: CreatedTask; taskId: string } {
    if (ref === 'unknown') return { taskId: `explore-unknown-${randomUUID()}` };
    const task = this.log.tasks.find((created) => created.index === ref)!;
    return { task, taskId: task.taskId! };
  }
}

export function timesOf(reply: RpcReply): { sentAt: number; receivedAt: number } {
  return { sentAt: reply.receivedAt - reply.elapsedMs, receivedAt: reply.receivedAt };
}

export function answerOf(reply: RpcReply): Answer {
  if (reply.ok) return { kind: 'result', result: reply.result };
  const { code, message, data } = reply.error;
  return { kind: 'error', code, message, ...(data === undefined ? {} : { data }) };
}
