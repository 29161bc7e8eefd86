// Runs one sequence against a fresh requestor (stdio: a new process; HTTP: a new session, and identity B when the
// sequence needs it), speaking the profile's era (2026-07-28: the per-request envelope, harness/explore/2026-07-28/execute.ts), logging what each operation sent and saw and when. Every wait is bounded by the calibrated timing.
import { openConnection, type Connection } from '../wire/connections/connect.js';
import { ExtReceiver } from '../receivers/2026-07-28/receiver.js';
import { ConnectionReserve } from './connection-reserve.js';
import { Receiver } from '../receivers/2025-11-25/receiver.js';
import { pause } from '../wire/timing.js';
import { Transcript } from '../wire/transcript.js';
import { uniqueText, walkTaskList } from '../receivers/2025-11-25/waits.js';
import { toRecord, type Operation, type Sequence } from './operations.js';
import type { OperationRecord } from './report.js';
import type { CreatedTask, ObservedOperation, RunLog } from './run-log.js';
import { answerOf, RunnerBase, timesOf, type ExecutionSetup, type OperationBase } from './runner-base.js';

export type { ExecutionSetup } from './runner-base.js';

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
  const connections: Connection[] = [];
  const closeAll = () => Promise.all(connections.map((connection) => connection.close().catch(() => undefined)));
  // Closing ends every pending request at once, so an aborted run settles promptly.
  abort.signal.addEventListener('abort', () => void closeAll(), { once: true });
  try {
    const needsPeer = sequence.some((step) => step.some((operation) => operation.kind.startsWith('peer-')));
    const withPeer = needsPeer && target.transport === 'http' && target.peerHeaders !== undefined;
    const open = async (label: string, identity: 'primary' | 'peer') => {
      const connection = identity === 'primary' && setup.reserve ? await setup.reserve.take(transcript, label) : await openFor(setup, transcript, label, identity);
      connections.push(connection);
      if (abort.signal.aborted) void closeAll();
      return connection;
    };
    let runner: RunnerBase<unknown>;
    if (setup.modern) {
      const { ModernRunner } = await import('./2026-07-28/execute.js');
      const primary = new ExtReceiver(await open('A', 'primary'));
      const peer = withPeer ? new ExtReceiver(await open('B', 'peer')) : undefined;
      runner = new ModernRunner(setup, log, primary, peer, abort.signal);
    } else {
      const receiverOf = (connection: Connection) => {
        const receiver = new Receiver(connection);
        // A mapped tool may ask for input; the answer lets its task go on.
        receiver.onRequest('elicitation/create', () => ({ result: { action: 'accept', content: { answer: 'explore' } } }));
        return receiver;
      };
      const primary = receiverOf(await open('A', 'primary'));
      const peer = withPeer ? receiverOf(await open('B', 'peer')) : undefined;
      runner = new SequenceRunner(setup, log, primary, peer, abort.signal);
    }
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
    // What the sequence set in motion is followed to its end where the profile's requestor does so (runner-base.ts).
    if (!log.error && !abort.signal.aborted) await runner.followUp(position).catch((error: unknown) => (log.error = reasonText(error)));
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

/** One connection of a run, as the setup reaches the target. */
function openFor(setup: Omit<ExecutionSetup, 'signal' | 'reserve'>, transcript: Transcript, label: string, identity: 'primary' | 'peer'): Promise<Connection> {
  const { target, timing } = setup;
  return openConnection(target, {
    transcript,
    label,
    identity,
    requestTimeoutMs: timing.requestTimeoutMs,
    connectTimeoutMs: timing.connectTimeoutMs,
    ...(setup.modern ? { era: 'modern' as const, discovered: { ...setup.modern, raw: {} } } : {}),
  });
}

/**
 * Identity A's connections started one run ahead where a run starts a process (a stdio server, a client under test)
 * and a connection can be handed to the run's transcript (2025-11-25); none over HTTP, where a session costs little.
 */
export function connectionReserve(setup: Omit<ExecutionSetup, 'signal' | 'reserve'>): ConnectionReserve | undefined {
  if (setup.target.transport === 'http' || setup.modern) return undefined;
  return new ConnectionReserve((transcript) => openFor(setup, transcript, 'A', 'primary'));
}

/** The 2025-11-25 requestor: tasks/get, tasks/result, tasks/cancel and tasks/list walks through a Receiver. */
class SequenceRunner extends RunnerBase<Receiver> {
  protected async send(operation: Exclude<Operation, { kind: 'create' }>, base: OperationBase): Promise<ObservedOperation> {
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

  /**
   * After the last step, one more tasks/get of two kinds of task, so the model can judge what the run alone could not:
   * each a walk of identity A left out that no later answer showed (else it may have been deleted, for all the model
   * can tell), and each cancelled while its work would still have run, looked at once that work would be over (a cancel
   * that lost the race shows only then). Each is looked at once; the run waits at most for the longest work.
   */
  override async followUp(position: number): Promise<void> {
    const operations = this.log.operations;
    const shownAfter = (taskId: string, at: number) =>
      operations.some(
        (operation) =>
          !operation.peer && operation.receivedAt > at && (operation.taskId === taskId || (operation.answer.kind === 'list' && operation.answer.tasks.some((task) => task.taskId === taskId))),
      );
    const looks = new Map<CreatedTask, number>();
    for (const walk of operations) {
      if (walk.peer || walk.answer.kind !== 'list') continue;
      const listed = new Set(walk.answer.tasks.map((task) => task.taskId));
      for (const task of this.log.tasks) {
        const createdBefore = operations.some((operation) => operation.task === task.index && operation.operation.kind === 'create' && operation.receivedAt < walk.sentAt);
        if (task.taskId && createdBefore && !listed.has(task.taskId) && !shownAfter(task.taskId, walk.receivedAt)) looks.set(task, 0);
      }
    }
    for (const cancel of operations) {
      const task = this.log.tasks.find((created) => created.index === cancel.task);
      if (cancel.operation.kind !== 'cancel' || !task?.taskId || !task.honoursDelay || cancel.answer.kind !== 'result') continue;
      const workOver = (this.createSentAt.get(task.index) ?? 0) + task.delayMs + this.setup.timing.allowanceMs;
      if (cancel.sentAt < workOver && !shownAfter(task.taskId, workOver)) looks.set(task, Math.max(looks.get(task) ?? 0, workOver));
    }
    let next = position;
    await Promise.all(
      [...looks].map(async ([task, notBefore]) => {
        if (notBefore > performance.now()) await pause(notBefore - performance.now(), this.signal);
        const reply = await this.primary.getTask(task.taskId!);
        const base = { position: next++, step: Number.MAX_SAFE_INTEGER, operation: { kind: 'get' as const, task: task.index }, peer: false, task: task.index, taskId: task.taskId };
        operations.push({ ...base, followUp: true, ...timesOf(reply), answer: answerOf(reply) });
      }),
    );
  }

  protected async create(operation: Extract<Operation, { kind: 'create' }>, index: number, base: OperationBase): Promise<ObservedOperation> {
    const binding = this.setup.fixtures.get(operation.role)!;
    const input = operation.role === 'error' ? { ...EXPLORE_ERROR, delayMs: operation.delayMs } : { text: uniqueText(`explore-${operation.role}`), delayMs: operation.delayMs };
    const created = this.recordCreate(operation, index, base, input);
    const reply = await this.primary.invoke(binding, input, { task: operation.ttl === null ? {} : { ttl: operation.ttl } });
    this.createSentAt.set(index, reply.receivedAt - reply.elapsedMs);
    const task = reply.ok ? reply.result.task : undefined;
    if (typeof task === 'object' && task !== null && typeof (task as Record<string, unknown>).taskId === 'string') {
      created.taskId = (task as { taskId: string }).taskId;
      created.created = task as Record<string, unknown>;
    }
    return { ...base, task: index, taskId: created.taskId, ...timesOf(reply), answer: answerOf(reply) };
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

function reasonText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
