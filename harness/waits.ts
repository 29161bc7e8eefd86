import { UnexpectedReply } from './check.js';
import { describeReply } from './describe.js';
import { isTerminal, taskOf, type Receiver, type TaskRecord } from './receiver.js';
import { pause, type Timing } from './timing.js';

export interface TaskObservation {
  source: 'create' | 'get' | 'notification' | 'cancel';
  task: TaskRecord;
  /** performance.now() when it arrived, to merge polls and notifications in order. */
  at: number;
}

export interface PollOptions {
  timing: Timing;
  signal?: AbortSignal;
  /** Bound on the whole wait; defaults to the request timeout. */
  timeoutMs?: number;
  /** Every tasks/get answer is appended here. */
  observations?: TaskObservation[];
}

/** The delay before the next poll: the receiver's pollInterval, kept within the harness's bounds. */
export function nextPollDelay(task: Record<string, unknown> | undefined, timing: Timing): number {
  const suggested = typeof task?.pollInterval === 'number' && Number.isFinite(task.pollInterval) ? task.pollInterval : 100;
  return Math.min(Math.max(suggested, timing.minPollMs), timing.maxPollMs);
}

/** Polls tasks/get until the predicate holds; an error answer or the bound ends the check. */
export async function pollTaskUntil(receiver: Receiver, taskId: string, done: (task: TaskRecord) => boolean, options: PollOptions): Promise<TaskRecord> {
  const deadline = performance.now() + (options.timeoutMs ?? options.timing.requestTimeoutMs);
  let last: TaskRecord | undefined;
  for (;;) {
    const reply = await receiver.getTask(taskId);
    const task = taskOf(reply);
    if (!task) throw new UnexpectedReply(`tasks/get for task ${taskId} should return the task; got ${describeReply(reply)}`);
    options.observations?.push({ source: 'get', task, at: reply.receivedAt });
    last = task;
    if (done(task)) return task;
    if (performance.now() >= deadline) {
      throw new UnexpectedReply(`task ${taskId} did not reach the awaited state within ${options.timeoutMs ?? options.timing.requestTimeoutMs} ms; its last status was "${String(last.status)}"`);
    }
    await pause(nextPollDelay(task, options.timing), options.signal);
  }
}

export function awaitTerminalStatus(receiver: Receiver, taskId: string, options: PollOptions): Promise<TaskRecord> {
  return pollTaskUntil(receiver, taskId, (task) => isTerminal(task.status), options);
}

/** Status notifications for the task, as observations, to merge with polls. */
export function notificationObservations(receiver: Receiver, taskId: string): TaskObservation[] {
  return receiver.statusNotifications(taskId).map((n) => ({ source: 'notification' as const, task: n.params as TaskRecord, at: n.receivedAt }));
}

/**
 * Polls a task through to its terminal status and then a few polls more, so checks of the lifecycle see
 * what a receiver reports after the end too. The CreateTaskResult's task is the first observation.
 */
export async function followTask(receiver: Receiver, created: TaskRecord, options: PollOptions & { extraPolls?: number }): Promise<TaskObservation[]> {
  const observations: TaskObservation[] = [{ source: 'create', task: created, at: performance.now() }];
  const terminal = await awaitTerminalStatus(receiver, created.taskId, { ...options, observations });
  for (let poll = 0; poll < (options.extraPolls ?? 3); poll++) {
    await pause(nextPollDelay(terminal, options.timing), options.signal);
    const reply = await receiver.getTask(created.taskId);
    const task = taskOf(reply);
    // A receiver may delete a finished task at any time; an answer that is no task ends the follow-up, not the check.
    if (!task) break;
    observations.push({ source: 'get', task, at: reply.receivedAt });
  }
  return observations;
}

let uniqueCounter = 0;
/** Text no other check sends, so results can be told apart and compared exactly. */
export function uniqueText(label: string): string {
  uniqueCounter += 1;
  return `${label}-${process.pid}-${uniqueCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

export interface TaskListWalk {
  pages: { tasks: TaskRecord[]; nextCursor: unknown; replyId: string | number; result: Record<string, unknown> }[];
  /** Set when a page was answered with an error, or the walk hit its page bound. */
  stoppedBecause?: string;
}

/** Follows tasks/list cursors from the first page to the last, passing each cursor back unchanged (cursors are opaque). */
export async function walkTaskList(receiver: Receiver, maxPages = 200): Promise<TaskListWalk> {
  const walk: TaskListWalk = { pages: [] };
  let cursor: unknown;
  for (let page = 0; page < maxPages; page++) {
    const reply = await receiver.listTasks(cursor);
    if (!reply.ok) {
      walk.stoppedBecause = `tasks/list page ${page + 1} was answered with ${describeReply(reply)}`;
      return walk;
    }
    const tasks = Array.isArray(reply.result.tasks) ? (reply.result.tasks as TaskRecord[]) : [];
    walk.pages.push({ tasks, nextCursor: reply.result.nextCursor, replyId: reply.id, result: reply.result });
    if (reply.result.nextCursor === undefined || reply.result.nextCursor === null) return walk;
    cursor = reply.result.nextCursor;
  }
  walk.stoppedBecause = `tasks/list still offered a nextCursor after ${maxPages} pages`;
  return walk;
}
