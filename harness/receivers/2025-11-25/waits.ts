import { UnexpectedReply, WaitRanOut } from '../check-errors.js';
import { describeReply } from '../../model/describe.js';
import { isTerminal, taskOf, type Receiver, type TaskRecord } from './receiver.js';
import { pause, type Timing } from '../../wire/timing.js';
import { nextPollDelay, paceExtensionMs, unendedWork } from '../waits.js';

export interface TaskObservation {
  source: 'create' | 'get' | 'notification' | 'cancel';
  task: TaskRecord;
  /** performance.now() when it arrived, to merge polls and notifications in order. */
  at: number;
  /** performance.now() when the request that brought it was sent (polls only). */
  sentAt?: number;
}

export interface PollOptions {
  timing: Timing;
  signal?: AbortSignal;
  /** Bound on the whole wait; defaults to the request timeout. */
  timeoutMs?: number;
  /** Every tasks/get answer is appended here. */
  observations?: TaskObservation[];
  /** Where the spec lets the receiver drop the task (cancelled, expired): -32602 ends the wait as `deleted` instead of ending the check. */
  deletionAllowed?: boolean;
  /** At the bound, hand back the last task seen (`timedOut`) instead of ending the check: for waits whose end is not a verdict. */
  returnAtBound?: boolean;
}

/** How a wait on a task ended: the predicate held, the bound passed (with returnAtBound), or the task was dropped (with deletionAllowed). */
export type PollEnd = { deleted: false; task: TaskRecord; timedOut: boolean } | { deleted: true; last?: TaskRecord };

/**
 * The one polling loop: tasks/get at the receiver's pace until `done` holds for every task, all polled together
 * (one pause per round). The predicate may also judge each answer as it comes. An answer that is no task ends the
 * check, unless it is -32602 and deletion is allowed; so does the bound, unless returnAtBound.
 */
export async function pollTasks(receiver: Receiver, taskIds: readonly string[], done: (task: TaskRecord) => boolean, options: PollOptions): Promise<Map<string, PollEnd>> {
  const boundMs = options.timeoutMs ?? options.timing.requestTimeoutMs;
  const deadline = performance.now() + boundMs;
  const ends = new Map<string, PollEnd>();
  const last = new Map<string, TaskRecord>();
  for (;;) {
    const pending = taskIds.filter((taskId) => !ends.has(taskId));
    const replies = await Promise.all(pending.map((taskId) => receiver.getTask(taskId)));
    replies.forEach((reply, index) => {
      const taskId = pending[index];
      const task = taskOf(reply);
      if (!task) {
        if (options.deletionAllowed && !reply.ok && reply.error.code === -32602) return void ends.set(taskId, { deleted: true, last: last.get(taskId) });
        // A tasks/get answer for a live task is a Task (TASKS-TASK-SHAPE, judged by task-data.valid-everywhere).
        throw new UnexpectedReply(`tasks/get for task ${taskId} should return the task; got ${describeReply(reply)}`, 'TASKS-TASK-SHAPE', {
          method: 'tasks/get',
          ...(last.has(taskId) ? { status: String(last.get(taskId)?.status) } : {}),
        });
      }
      options.observations?.push({ source: 'get', task, at: reply.receivedAt, sentAt: reply.receivedAt - reply.elapsedMs });
      last.set(taskId, task);
      if (done(task)) ends.set(taskId, { deleted: false, task, timedOut: false });
    });
    const still = taskIds.filter((taskId) => !ends.has(taskId));
    if (still.length === 0) return ends;
    const askedMs = Math.max(...still.map((taskId) => receiver.session.pollSchedule.intervalOf(taskId) ?? 0));
    if (performance.now() >= deadline + paceExtensionMs(askedMs)) {
      if (!options.returnAtBound) {
        const example = last.get(still[0]);
        const unended = unendedWork(options.timing, still[0], example?.status, boundMs);
        if (unended) throw unended;
        const which = still.length === 1 ? `task ${still[0]}` : `${still.length} of ${taskIds.length} tasks (e.g. ${still[0]})`;
        throw new WaitRanOut(`${which} did not reach the awaited state within ${boundMs} ms; the last status was "${String(example?.status)}"`);
      }
      for (const taskId of still) ends.set(taskId, { deleted: false, task: last.get(taskId)!, timedOut: true });
      return ends;
    }
    const delayMs = nextPollDelay(last.get(still[0]), options.timing);
    // A status notification for a polled task says it changed: poll at once instead of at the end of the interval.
    // Polling still decides; the notification only brings the next poll forward. One that came after this round's
    // last answer counts too (it may arrive before the wait is armed: a receiver announces "completed" just after
    // answering "working").
    const answeredAt = Math.max(...replies.map((reply) => reply.receivedAt));
    const changed = receiver.waitForNotification((n) => n.method === 'notifications/tasks/status' && still.includes(String(n.params?.taskId)) && n.receivedAt > answeredAt, delayMs);
    await pause(delayMs, options.signal, changed);
  }
}

/** pollTasks for one task: how the wait ended (the task, deleted, or the bound), for the check to judge. */
export async function pollTask(receiver: Receiver, taskId: string, done: (task: TaskRecord) => boolean, options: PollOptions): Promise<PollEnd> {
  return (await pollTasks(receiver, [taskId], done, options)).get(taskId)!;
}

/** Polls tasks/get until the predicate holds and returns the task: as the await* waits, an error answer or the bound ends the check. */
export async function awaitTaskState(receiver: Receiver, taskId: string, done: (task: TaskRecord) => boolean, options: Omit<PollOptions, 'deletionAllowed' | 'returnAtBound'>): Promise<TaskRecord> {
  const end = await pollTask(receiver, taskId, done, options);
  // Neither deletion nor the bound can end it here: both end the check inside pollTasks.
  return (end as Extract<PollEnd, { deleted: false }>).task;
}

export function awaitTerminalStatus(receiver: Receiver, taskId: string, options: PollOptions): Promise<TaskRecord> {
  return awaitTaskState(receiver, taskId, (task) => isTerminal(task.status), options);
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
  const extraPolls = options.extraPolls ?? 3;
  // Finality is probed by a few polls at the receiver's pace; one that asks for slow polling gets fewer of them
  // (at least one) rather than a check seconds longer. The window is time, not polls: span() would stretch it by
  // the asked interval per poll and give a slow receiver every poll after all.
  const windowEnds = performance.now() + options.timing.scaled(FINALITY_WINDOW_MS) + extraPolls * options.timing.allowanceMs;
  for (let poll = 0; poll < extraPolls; poll++) {
    const delayMs = nextPollDelay(terminal, options.timing);
    if (poll > 0 && performance.now() + delayMs > windowEnds) break;
    await pause(delayMs, options.signal);
    const reply = await receiver.getTask(created.taskId);
    const task = taskOf(reply);
    // A receiver may delete a finished task at any time; an answer that is no task ends the follow-up, not the check.
    if (!task) break;
    observations.push({ source: 'get', task, at: reply.receivedAt });
  }
  return observations;
}

/** How long polls after a terminal status may go on (plus a round trip per poll) when the receiver's pollInterval is long. */
const FINALITY_WINDOW_MS = 600;

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

export interface ProgressAfterEndOptions {
  /** The progressToken the task's work reports under. */
  token: unknown;
  taskId: string;
  /** When the answer that showed the task terminal arrived (tasks/result's, tasks/cancel's). */
  answeredAt: number;
  /** The interval the work was asked to report at. */
  intervalMs: number;
  /** How long to watch past the end. */
  watchMs: number;
  /**
   * The answer, the status notification and progress share one ordered stream (stdio): the end is the first of them
   * that shows the task terminal, what arrives after it was written after it, and no burst is forgiven. A loaded
   * harness reads a late stretch of the stream at once, which would squeeze progress sent well after the end into
   * the burst window.
   */
  ordered?: boolean;
}

/**
 * How many progress notifications of a token came after a task's end, watched for watchMs past it. The end is the
 * later of the answer that showed the task terminal and the task's terminal notifications/tasks/status, when one
 * came: sent on the stream progress travels on, it closes the backlog the work sent before its end. Over HTTP that
 * backlog can trail an answer sent on another stream, arriving as one burst (seen under load), so what arrives
 * within half an interval of the end is not counted either; work that goes on keeps reporting after it. On one ordered
 * stream (stdio) there is no such backlog, and the window is not given.
 */
export async function progressAfterEnd(receiver: Receiver, options: ProgressAfterEndOptions): Promise<number> {
  const { token, taskId, answeredAt, intervalMs, watchMs, ordered = false } = options;
  const terminalStatusAt = () => receiver.statusNotifications(taskId).find((n) => isTerminal(n.params.status))?.receivedAt ?? 0;
  // On one ordered stream the end is the first message of it that shows the task terminal: whatever the server wrote
  // after that came later, however late the answer to a request sent afterwards (a loaded harness may read the work's
  // whole life, and progress past its end, at once, before it even asks for the result).
  const end = () => {
    const statusAt = terminalStatusAt();
    if (ordered) return statusAt > 0 ? Math.min(answeredAt, statusAt) : answeredAt;
    return Math.max(answeredAt, statusAt);
  };
  // The whole window is waited out: a status notification arriving late moves the end, and what came before it.
  for (let remaining = end() + watchMs - performance.now(); remaining > 0; remaining = end() + watchMs - performance.now()) {
    await receiver.waitForNotification((n) => n.method === 'notifications/tasks/status' && n.params.taskId === taskId, remaining, { includePast: false });
  }
  const countedFrom = ordered ? end() : end() + intervalMs / 2;
  return receiver.notifications('notifications/progress').filter((n) => n.params.progressToken === token && n.receivedAt > countedFrom).length;
}
