// The 2025-11-25 requestor of an exploration: fixture calls as task-augmented requests, tasks/get, tasks/result,
// tasks/cancel and tasks/list walks through a Receiver (execute.ts runs the sequence; this sends each operation).
import { Receiver } from '../../receivers/2025-11-25/receiver.js';
import { pause } from '../../wire/timing.js';
import { uniqueText } from '../../receivers/waits.js';
import { walkTaskList } from '../../receivers/2025-11-25/waits.js';
import type { Operation } from '../operations.js';
import type { CreatedTask, ObservedOperation } from '../run-log.js';
import { answerOf, RunnerBase, timesOf, type OperationBase } from '../runner-base.js';

/** What the error fixture is asked to fail with: a code no task layer uses, so its replay is recognisable. */
export const EXPLORE_ERROR = { code: -32042, message: 'explore: deliberate failure' } as const;

/**
 * tasks/result may block while the task works: its bound is the work left plus the floor the suite gives any prompt
 * answer (answer-pace.ts), plus a few round trips. Only a receiver that does not answer ever waits that long.
 */
const RESULT_SLACK_MS = 4_000;
/** Pages one tasks/list walk may take: tasks of earlier runs of the same identity stay listed on HTTP. */
const MAX_LIST_PAGES = 1000;

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
