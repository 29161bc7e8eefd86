// The 2025-11-25 requestor of an exploration: fixture calls as task-augmented requests, tasks/get, tasks/result,
// tasks/cancel and tasks/list walks through a Receiver (execute.ts runs the sequence; this sends each operation).
import { Receiver } from '../../receivers/2025-11-25/receiver.js';
import { pause } from '../../wire/timing.js';
import { uniqueText } from '../../receivers/waits.js';
import { walkTaskList } from '../../receivers/2025-11-25/waits.js';
import { randomUUID } from 'node:crypto';
import { CLEANUP_GRACE_MS, CROWD_SIZE, LATE_GET_MAX_TTL_MS, type Operation } from '../operations.js';
import type { CreatedTask, ObservedOperation } from '../run-log.js';
import { answerOf, RunnerBase, timesOf, type OperationBase, type Plan } from '../runner-base.js';

/** What the error fixture is asked to fail with: a code no task layer uses, so its replay is recognisable. */
export const EXPLORE_ERROR = { code: -32042, message: 'explore: deliberate failure' } as const;
/** The data a tool's error fixture is asked to fail with too (the fixture contract allows it): its tasks' errors must keep it. */
export const EXPLORE_ERROR_DATA = { explore: 'the data of a deliberate failure' } as const;

/**
 * tasks/result may block while the task works: its bound is the work left plus the floor the suite gives any prompt
 * answer (answer-pace.ts), plus a few round trips. Only a receiver that does not answer ever waits that long.
 */
const RESULT_SLACK_MS = 4_000;
/** Pages one tasks/list walk may take: tasks of earlier runs of the same identity stay listed on HTTP. */
const MAX_LIST_PAGES = 1000;
/** A refusal comes at once: identity B's tasks/result that waits this long is waiting for the task instead. */
const FOREIGN_RESULT_BOUND_MS = 2_000;
/** A crowd's tasks: instant, gone soon (over HTTP the runs share one identity, whose walks they would lengthen). */
const CROWD_TTL_MS = 2_000;
/** The progress fixture's work in a cancel-progress probe: long enough to be cancelled well before its end. */
const PROGRESS_WORK = { steps: 40, intervalMs: 100 } as const;
/** Created this many at a time, as a requestor with many tasks would. */
const CROWD_BATCH = 10;

/** The 2025-11-25 requestor: tasks/get, tasks/result, tasks/cancel and tasks/list walks through a Receiver. */
export class SequenceRunner extends RunnerBase<Receiver> {
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
        return { ...base, sentAt, ...(await this.walk(receiver)) };
      }
      case 'forged-cursor': {
        const reply = await this.primary.listTasks(`explore-forged-cursor-${randomUUID()}`);
        return { ...base, ...timesOf(reply), answer: answerOf(reply) };
      }
      case 'plain': {
        const reply = await this.primary.invoke(this.setup.fixtures.get(operation.role)!, this.inputFor(operation.role, 0));
        return { ...base, ...timesOf(reply), answer: answerOf(reply) };
      }
      case 'cancel-progress':
        return { ...base, ...(await this.cancelProgress()) };
      case 'crowd': {
        const sentAt = performance.now();
        const ids: string[] = [];
        const binding = this.setup.fixtures.get('echo')!;
        for (let made = 0; made < CROWD_SIZE; made += CROWD_BATCH) {
          const replies = await Promise.all(
            Array.from({ length: Math.min(CROWD_BATCH, CROWD_SIZE - made) }, () => this.primary.invoke(binding, this.inputFor('echo', 0), { task: { ttl: CROWD_TTL_MS } })),
          );
          for (const reply of replies) {
            const task = reply.ok ? (reply.result.task as Record<string, unknown> | undefined) : undefined;
            if (typeof task?.taskId === 'string') ids.push(task.taskId);
          }
        }
        const walked = await this.walk(this.primary);
        return { ...base, sentAt, ...walked, crowd: { ids, pageSizes: walked.pageSizes } };
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
        if (operation.kind.startsWith('peer-')) {
          const observed = await this.foreign(operation.kind, taskId, named);
          // A refusal of A's task is compared with B's answer for an id no task has: a difference tells B the task exists.
          if (task && observed.answer.kind === 'error') {
            const unknownId = this.resolve('unknown').taskId;
            const twin = await this.foreign(operation.kind, unknownId, named);
            observed.unknownTwin = { taskId: unknownId, answer: twin.answer };
          }
          return observed;
        }
        if (operation.kind === 'late-get' && task) await pause(Math.max(0, this.lateLookAt(task)! - performance.now()), this.signal);
        const reply = operation.kind === 'cancel' ? await this.primary.cancelTask(taskId) : await this.primary.getTask(taskId);
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
    // Status notifications are optional; those sent are judged like any other answer about the task.
    this.log.notifications = this.primary.statusNotifications().map((notification) => ({ receivedAt: notification.receivedAt, params: notification.params }));
  }

  /** Identity B's tasks/get, tasks/result (bounded: a refusal comes at once) or tasks/cancel of a task id. */
  private async foreign(kind: string, taskId: string, named: OperationBase & { taskId: string; task?: number }): Promise<ObservedOperation> {
    const peer = this.peer!;
    if (kind === 'peer-result') {
      const boundMs = this.setup.timing.span(FOREIGN_RESULT_BOUND_MS, 2);
      const sentAt = performance.now();
      const reply = await peer.taskResultWithin(taskId, boundMs);
      if (!reply) return { ...named, sentAt, receivedAt: performance.now(), answer: { kind: 'no-answer', boundMs } };
      return { ...named, ...timesOf(reply), answer: answerOf(reply) };
    }
    const reply = kind === 'peer-cancel' ? await peer.cancelTask(taskId) : await peer.getTask(taskId);
    return { ...named, ...timesOf(reply), answer: answerOf(reply) };
  }

  /** A late look waits for a task of a short ttl the receiver reported; any other is not looked at (the operation is dropped). */
  override plan(operation: Operation): Plan {
    const plan = super.plan(operation);
    if (operation.kind !== 'late-get' || !plan.run || operation.task === 'unknown') return plan;
    const task = this.log.tasks.find((created) => created.index === operation.task);
    return task && this.lateLookAt(task) !== undefined ? plan : { run: false };
  }

  /** When a late look at the task goes: its reported ttl and the cleanup grace (twice the ttl, if longer) over, from its create's answer. */
  private lateLookAt(task: CreatedTask): number | undefined {
    const ttl = task.created?.ttl;
    const create = this.log.operations.find((operation) => operation.position === task.position);
    if (typeof ttl !== 'number' || ttl > LATE_GET_MAX_TTL_MS || !create) return undefined;
    return create.receivedAt + ttl + Math.max(2 * ttl, CLEANUP_GRACE_MS) + 2 * this.setup.timing.allowanceMs;
  }

  /**
   * A progress task, cancelled once two of its progress notifications came (as cancellation.stops-work does), then
   * watched for five of its intervals: the answer logged is the cancel's. Work whose progress never flowed is not cancelled.
   */
  private async cancelProgress(): Promise<Pick<ObservedOperation, 'sentAt' | 'receivedAt' | 'answer' | 'progress' | 'taskId'>> {
    const token = uniqueText('explore-progress');
    const ours = (notification: { method: string; params: Record<string, unknown> }) => notification.method === 'notifications/progress' && notification.params.progressToken === token;
    const { timing } = this.setup;
    const created = await this.primary.invoke(this.setup.fixtures.get('progress')!, { ...PROGRESS_WORK }, { meta: { progressToken: token }, task: { ttl: CROWD_TTL_MS } });
    const task = created.ok ? (created.result.task as Record<string, unknown> | undefined) : undefined;
    if (typeof task?.taskId !== 'string') return { ...timesOf(created), answer: answerOf(created) };
    const before = await this.primary.awaitNotificationCount(ours, 2, timing.span(3_000, 2) + 2 * PROGRESS_WORK.intervalMs);
    const cancel = await this.primary.cancelTask(task.taskId);
    if (before < 2 || !cancel.ok) return { taskId: task.taskId, ...timesOf(cancel), answer: answerOf(cancel), progress: { before, after: 0, watchedMs: 0 } };
    const watchedMs = 5 * PROGRESS_WORK.intervalMs;
    const after = await this.primary.awaitNotificationCount((notification) => ours(notification) && notification.receivedAt > cancel.receivedAt, 2, watchedMs);
    return { taskId: task.taskId, ...timesOf(cancel), answer: answerOf(cancel), progress: { before, after, watchedMs } };
  }

  /** A whole tasks/list walk as an answer, with each page's size; receivedAt when its last page came. */
  private async walk(receiver: Receiver): Promise<{ receivedAt: number; answer: ObservedOperation['answer']; pageSizes: number[] }> {
    const walk = await walkTaskList(receiver, MAX_LIST_PAGES);
    const tasks = walk.pages.flatMap((page) => page.tasks as Record<string, unknown>[]);
    return { receivedAt: performance.now(), answer: { kind: 'list', tasks, pages: walk.pages.length, stoppedBecause: walk.stoppedBecause }, pageSizes: walk.pages.map((page) => page.tasks.length) };
  }

  private inputFor(role: string, delayMs: number): Record<string, unknown> {
    if (role !== 'error') return { text: uniqueText(`explore-${role}`), delayMs };
    // A client's error directive carries a code and a message only.
    return this.setup.fixtures.get('error')?.method === 'tools/call' ? { ...EXPLORE_ERROR, data: EXPLORE_ERROR_DATA, delayMs } : { ...EXPLORE_ERROR, delayMs };
  }

  protected async create(operation: Extract<Operation, { kind: 'create' }>, index: number, base: OperationBase): Promise<ObservedOperation> {
    const binding = this.setup.fixtures.get(operation.role)!;
    const input = this.inputFor(operation.role, operation.delayMs);
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
