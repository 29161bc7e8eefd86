// Runs one sequence against a fresh requestor (stdio: a new process; HTTP: a new session, and identity B when the
// sequence needs it), logging what each operation sent and saw and when. Every wait is bounded by the calibrated timing.
import { randomUUID } from 'node:crypto';
import { openConnection, type TargetSpec } from '../connections/connect.js';
import type { FixtureBinding } from '../fixtures.js';
import type { FixtureRole } from '../model.js';
import { Receiver } from '../receiver.js';
import type { RpcReply } from '../session.js';
import { pause, type Timing } from '../timing.js';
import { Transcript } from '../transcript.js';
import { uniqueText, walkTaskList } from '../waits.js';
import { toRecord, type Operation, type Sequence } from './operations.js';
import type { OperationRecord } from './report.js';
import { describeAnswer, type Answer, type CreatedTask, type ObservedOperation, type RunLog } from './run-log.js';

export interface ExecutionSetup {
  target: TargetSpec;
  /** Calibrated: its bounds follow the receiver's measured pace. */
  timing: Timing;
  fixtures: ReadonlyMap<FixtureRole, FixtureBinding>;
  signal?: AbortSignal;
}

export interface ExecutedRun {
  log: RunLog;
  /** The operations that ran, each with what it saw; dropped ones (naming no task) are left out. */
  records: OperationRecord[];
}

/** What the error fixture is asked to fail with: a code no task layer uses, so its replay is recognisable. */
export const EXPLORE_ERROR = { code: -32042, message: 'explore: deliberate failure' } as const;

/**
 * tasks/result may block while the task works: its bound is the work left plus the floor the suite gives any prompt
 * answer (answer-pace.ts), plus a few round trips. Only a receiver that does not answer ever waits that long.
 */
const RESULT_SLACK_MS = 4_000;
/** Pages one tasks/list walk may take: tasks of earlier runs of the same identity stay listed on HTTP. */
const MAX_LIST_PAGES = 1000;

/** Runs the steps in order, the operations of a step together; stops at the first request that cannot be completed. */
export async function executeSequence(sequence: Sequence, setup: ExecutionSetup): Promise<ExecutedRun> {
  const { target, timing } = setup;
  const transcript = new Transcript();
  // Taken afresh for each run: the wall clock may drift from performance.now() over a long exploration.
  const timeOrigin = Date.now() - performance.now();
  const log: RunLog = { operations: [], tasks: [], timeOrigin, allowanceMs: timing.allowanceMs, transcript: [] };
  const records: OperationRecord[] = [];
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort(new Error('the exploration was interrupted'));
  if (setup.signal?.aborted) onOuterAbort();
  setup.signal?.addEventListener('abort', onOuterAbort, { once: true });
  // A run that hangs ends at the same bound a scripted check gets.
  const deadline = setTimeout(() => abort.abort(new Error(`the run did not finish within ${timing.checkTimeoutMs} ms`)), timing.checkTimeoutMs);
  const receivers: Receiver[] = [];
  const closeAll = () => Promise.all(receivers.map((receiver) => receiver.connection.close().catch(() => undefined)));
  // Closing ends every pending request at once, so an aborted run settles promptly.
  abort.signal.addEventListener('abort', () => void closeAll(), { once: true });
  try {
    const connect = async (label: string, identity: 'primary' | 'peer') => {
      const connection = await openConnection(target, { transcript, label, identity, requestTimeoutMs: timing.requestTimeoutMs, connectTimeoutMs: timing.connectTimeoutMs });
      const receiver = new Receiver(connection);
      receivers.push(receiver);
      if (abort.signal.aborted) void closeAll();
      // A mapped tool may ask for input; the answer lets its task go on.
      receiver.onRequest('elicitation/create', () => ({ result: { action: 'accept', content: { answer: 'explore' } } }));
      return receiver;
    };
    const primary = await connect('A', 'primary');
    const needsPeer = sequence.some((step) => step.some((operation) => operation.kind.startsWith('peer-')));
    const peer = needsPeer && target.transport === 'http' && target.peerHeaders ? await connect('B', 'peer') : undefined;
    const runner = new SequenceRunner(setup, log, primary, peer, abort.signal);
    let position = 0;
    for (const step of sequence) {
      if (abort.signal.aborted) break;
      const planned = step.map((operation) => ({ operation, position: position++, plan: runner.plan(operation) })).filter((entry) => entry.plan.run);
      runner.endStep();
      if (planned.length === 0) continue;
      // Steps are numbered as they ran: a replay of the records gives the same steps.
      const stepNumber = records.length === 0 ? 0 : records[records.length - 1].step + 1;
      const settled = await Promise.allSettled(planned.map((entry) => runner.run(entry.operation, entry.plan, entry.position, stepNumber)));
      for (const outcome of settled) if (outcome.status === 'fulfilled') records.push(toRecord(outcome.value.operation, stepNumber, runner.summarise(outcome.value)));
      const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failure) {
        log.error = reasonText(abort.signal.aborted ? abort.signal.reason : failure.reason);
        break;
      }
    }
    if (abort.signal.aborted && !log.error) log.error = reasonText(abort.signal.reason);
  } catch (error) {
    log.error = abort.signal.aborted ? reasonText(abort.signal.reason) : `could not open a connection: ${reasonText(error)}`;
  } finally {
    clearTimeout(deadline);
    setup.signal?.removeEventListener('abort', onOuterAbort);
    await closeAll();
    log.transcript = transcript.entries();
  }
  log.operations.sort((a, b) => a.position - b.position);
  return { log, records };
}

/** The state of one run: the tasks created so far, and how each operation is sent. */
class SequenceRunner {
  /** Creation indexes handed out so far (a create gets one whether or not a task results). */
  private creations = 0;
  /** Creation indexes a step may name: those of earlier steps only. */
  private namable = 0;
  private readonly createSentAt = new Map<number, number>();

  constructor(
    private readonly setup: ExecutionSetup,
    private readonly log: RunLog,
    private readonly primary: Receiver,
    private readonly peer: Receiver | undefined,
    private readonly signal: AbortSignal,
  ) {}

  /**
   * Whether the operation runs, and a create's index. Every create takes its index, so references keep their meaning
   * when a creation fails; an operation naming no created task, or needing what the target lacks, is dropped.
   */
  plan(operation: Operation): Plan {
    if (operation.kind === 'create') {
      const index = this.creations++;
      return this.setup.fixtures.has(operation.role) ? { run: true, index } : { run: false };
    }
    if ((operation.kind === 'peer-get' || operation.kind === 'peer-list') && !this.peer) return { run: false };
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

  private async send(operation: Exclude<Operation, { kind: 'create' }>, base: OperationBase): Promise<ObservedOperation> {
    switch (operation.kind) {
      case 'wait': {
        const sentAt = performance.now();
        await pause(operation.ms, this.signal);
        return { ...base, sentAt, receivedAt: performance.now(), answer: { kind: 'waited' } };
      }
      case 'list':
      case 'peer-list': {
        const receiver = operation.kind === 'list' ? this.primary : this.peer!;
        const sentAt = performance.now();
        const walk = await walkTaskList(receiver, MAX_LIST_PAGES);
        const tasks = walk.pages.flatMap((page) => page.tasks as Record<string, unknown>[]);
        return { ...base, sentAt, receivedAt: performance.now(), answer: { kind: 'list', tasks, pages: walk.pages.length, stoppedBecause: walk.stoppedBecause } };
      }
      default: {
        const { task, taskId } = this.resolve(operation.task);
        const named = { ...base, taskId, ...(task ? { task: task.index } : {}) };
        if (operation.kind === 'result') {
          const boundMs = this.resultBound(task);
          const sentAt = performance.now();
          const reply = await this.primary.taskResultWithin(taskId, boundMs);
          if (!reply) return { ...named, sentAt, receivedAt: performance.now(), answer: { kind: 'no-answer', boundMs } };
          return { ...named, ...timesOf(reply), answer: answerOf(reply) };
        }
        const receiver = operation.kind === 'peer-get' ? this.peer! : this.primary;
        const reply = operation.kind === 'cancel' ? await receiver.cancelTask(taskId) : await receiver.getTask(taskId);
        return { ...named, ...timesOf(reply), answer: answerOf(reply) };
      }
    }
  }

  private async create(operation: Extract<Operation, { kind: 'create' }>, index: number, base: OperationBase): Promise<ObservedOperation> {
    const binding = this.setup.fixtures.get(operation.role)!;
    const input = operation.role === 'error' ? { ...EXPLORE_ERROR, delayMs: operation.delayMs } : { text: uniqueText(`explore-${operation.role}`), delayMs: operation.delayMs };
    const created: CreatedTask = {
      index,
      role: operation.role,
      delayMs: operation.delayMs,
      ttlRequested: operation.ttl,
      input,
      comparesText: binding.echoesInput,
      honoursDelay: binding.honoursDelay,
      position: base.position,
    };
    this.log.tasks.push(created);
    this.createSentAt.set(index, performance.now());
    const reply = await this.primary.invoke(binding, input, { task: operation.ttl === null ? {} : { ttl: operation.ttl } });
    this.createSentAt.set(index, reply.receivedAt - reply.elapsedMs);
    const task = reply.ok ? reply.result.task : undefined;
    if (typeof task === 'object' && task !== null && typeof (task as Record<string, unknown>).taskId === 'string') {
      created.taskId = (task as { taskId: string }).taskId;
      created.created = task as Record<string, unknown>;
    }
    return { ...base, task: index, taskId: created.taskId, ...timesOf(reply), answer: answerOf(reply) };
  }

  private resolve(ref: number | 'unknown'): { task?: CreatedTask; taskId: string } {
    if (ref === 'unknown') return { taskId: `explore-unknown-${randomUUID()}` };
    const task = this.log.tasks.find((created) => created.index === ref)!;
    return { task, taskId: task.taskId! };
  }

  /** The work left (as the fixture was asked for it) plus slack; a task of unknown length gets the request bound. */
  private resultBound(task: CreatedTask | undefined): number {
    const { timing } = this.setup;
    if (!task || !task.honoursDelay) return timing.requestTimeoutMs;
    const sentAt = this.createSentAt.get(task.index) ?? performance.now();
    const remaining = Math.max(0, sentAt + task.delayMs - performance.now());
    return Math.ceil(remaining + timing.span(RESULT_SLACK_MS, 4));
  }
}

type Plan = { run: true; index?: number } | { run: false; index?: undefined };
type OperationBase = Pick<ObservedOperation, 'position' | 'step' | 'operation' | 'peer'>;

function reasonText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

function timesOf(reply: RpcReply): { sentAt: number; receivedAt: number } {
  return { sentAt: reply.receivedAt - reply.elapsedMs, receivedAt: reply.receivedAt };
}

function answerOf(reply: RpcReply): Answer {
  if (reply.ok) return { kind: 'result', result: reply.result };
  const { code, message, data } = reply.error;
  return { kind: 'error', code, message, ...(data === undefined ? {} : { data }) };
}
