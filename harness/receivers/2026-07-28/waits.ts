import { WaitRanOut } from '../check-errors.js';
import { describeReply } from '../../model/describe.js';
import { pause, type Timing } from '../../wire/timing.js';
import { nextPollDelay, paceExtensionMs, unendedWork } from '../waits.js';
import { extTaskOf, isExtTerminal, unreadableTask, type ExtReceiver, type ExtTask, type Subscription } from './receiver.js';
import type { ReceivedNotification, RpcReply } from '../../model/rpc.js';

export interface ExtObservation {
  source: 'create' | 'get' | 'notification';
  task: ExtTask;
  at: number;
}

export interface ExtPollOptions {
  timing: Timing;
  signal?: AbortSignal;
  /** Bound on the whole wait; defaults to the request timeout. */
  timeoutMs?: number;
  /** Every tasks/get answer is appended here. */
  observations?: ExtObservation[];
  /** At the bound, hand back the last task seen instead of ending the check: for waits whose end is no verdict. */
  returnAtBound?: boolean;
}

/** The delay before the next poll: the receiver's pollIntervalMs (never less), or the harness's own when none. */
export function nextExtPollDelay(task: Record<string, unknown> | undefined, timing: Timing): number {
  return nextPollDelay(task, timing);
}

/**
 * Polls tasks/get at the receiver's pace until `done` holds. An answer that is no task ends the check; so does the
 * bound, unless returnAtBound (then `timedOut` says so). A notifications/tasks for the task brings the next poll forward.
 */
export async function pollExtTask(receiver: ExtReceiver, taskId: string, done: (task: ExtTask) => boolean, options: ExtPollOptions): Promise<{ task: ExtTask; timedOut: boolean }> {
  const boundMs = options.timeoutMs ?? options.timing.requestTimeoutMs;
  const deadline = performance.now() + boundMs;
  // A terminal status already seen is the task's last: a wait for it ends there, so a receiver whose finished task
  // reads otherwise later fails ext-lifecycle.terminal-final, not every check that waits for an end.
  const seenTerminal = receiver.terminalSeen(taskId);
  if (seenTerminal && done(seenTerminal)) {
    options.observations?.push({ source: 'get', task: seenTerminal, at: performance.now() });
    return { task: seenTerminal, timedOut: false };
  }
  for (;;) {
    const reply = await receiver.getTask(taskId);
    const task = extTaskOf(reply);
    // A task is readable with tasks/get from its CreateTaskResult on, and until its ttl has run out.
    if (!task) throw unreadableTask(`tasks/get for task ${taskId} should return the task; got ${describeReply(reply)}`, receiver.lastReadOf(taskId));
    options.observations?.push({ source: 'get', task, at: reply.receivedAt });
    if (done(task)) return { task, timedOut: false };
    if (performance.now() >= deadline + paceExtensionMs(receiver.session.pollSchedule.intervalOf(taskId))) {
      if (options.returnAtBound) return { task, timedOut: true };
      const unended = unendedWork(options.timing, taskId, task.status, boundMs);
      if (unended) throw unended;
      throw new WaitRanOut(`task ${taskId} did not reach the awaited state within ${boundMs} ms; the last status was "${task.status}"`);
    }
    const delayMs = nextExtPollDelay(task, options.timing);
    // A notification that came after this answer counts too, though it may arrive before the wait is armed.
    const changed = receiver.waitForNotification((n) => n.method === 'notifications/tasks' && n.params.taskId === taskId && n.receivedAt > reply.receivedAt, delayMs);
    await pause(delayMs, options.signal, changed);
  }
}

/** Polls until the task is terminal. */
export async function awaitExtTerminal(receiver: ExtReceiver, taskId: string, options: ExtPollOptions): Promise<ExtTask> {
  return (await pollExtTask(receiver, taskId, (task) => isExtTerminal(task.status), options)).task;
}

/** Polls until the task is terminal or asks for input. */
export async function awaitExtSettled(receiver: ExtReceiver, taskId: string, options: ExtPollOptions): Promise<ExtTask> {
  return (await pollExtTask(receiver, taskId, (task) => isExtTerminal(task.status) || task.status === 'input_required', options)).task;
}

/** The bound for a fixture's work of `seconds`, plus the receiver's pace. */
export function workBoundMs(timing: Timing, seconds: number): number {
  return timing.requestTimeoutMs + timing.scaled(seconds * 1000);
}

/**
 * Whole seconds of fixture work (slow_compute takes seconds) that outlast `roundTrips` exchanges at the receiver's
 * measured pace, at least one; times `stretch` when a staged scenario tries again. A slow receiver gets longer work.
 */
export function workSecondsFor(timing: Timing, roundTrips: number, stretch = 1): number {
  return Math.max(1, Math.ceil(timing.span(0, roundTrips) / 1000)) * stretch;
}

const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

/**
 * How a subscriptions/listen was taken, as soon as it shows: its acknowledgement, or its answer (an error refusing
 * it, or a result ending it). Both undefined when neither came within the bound.
 */
export async function listenOutcome(subscription: Subscription, boundMs: number): Promise<{ ack?: ReceivedNotification; answer?: RpcReply }> {
  await Promise.race([subscription.answered(boundMs), subscription.acknowledged(boundMs)]);
  return { ack: subscription.messages().find((n) => n.method === ACKNOWLEDGED), answer: subscription.answer() };
}
