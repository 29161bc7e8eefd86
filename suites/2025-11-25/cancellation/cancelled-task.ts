// Shared by the cancellation checks: a working task to cancel, and the wait until the receiver reports it cancelled.
import { UnexpectedReply, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { isTerminal, taskOf, type Receiver, type TaskRecord } from '../../../harness/receivers/2025-11-25/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { pollTask } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Starts an echo task whose work lasts `delayMs`; skips when the mapped echo tool ignores delayMs, and misses the staging when the work may be over already. */
export async function startWorkingTask(ctx: CheckContext, receiver: Receiver, label: string, delayMs: number): Promise<TaskRecord> {
  const binding = ctx.fixture('echo');
  if (!binding.honoursDelay) ctx.skip('the echo fixture is mapped to a tool that ignores delayMs, so no task is sure to be still working when cancelled');
  const { task, reply } = await receiver.startTask(binding, { text: uniqueText(label), delayMs }, { task: { ttl: 60_000 } });
  // A CreateTaskResult that comes only once the work is over leaves nothing to cancel (creation.prompt's concern).
  const late = `the CreateTaskResult came ${reply.elapsedMs} ms after the call, no sooner than the ${delayMs} ms of work, so the task could not be cancelled while working`;
  // Right after the work ended: the receiver holds its answer until done (creation.prompt's concern), and longer work would not help.
  if (reply.elapsedMs >= delayMs && reply.elapsedMs < delayMs + ctx.timing.allowanceMs) ctx.skip(`${late}; the receiver seems to answer only once the work is over`);
  if (reply.elapsedMs >= delayMs) ctx.missed(late);
  return task;
}

/**
 * Cancels a task started by startWorkingTask. A refusal is the check's concern only while the task is still
 * running: when tasks/get shows the work already over, the cancel simply came too late (a staging miss).
 */
export async function cancelWhileWorking(ctx: CheckContext, receiver: Receiver, taskId: string, requirementId: string): Promise<RpcReply & { ok: true }> {
  const reply = await receiver.cancelTask(taskId);
  if (reply.ok) return reply;
  const now = taskOf(await receiver.getTask(taskId));
  if (now && isTerminal(now.status) && now.status !== 'cancelled') ctx.missed(`the work ended ("${String(now.status)}") before tasks/cancel arrived`);
  throw new UnexpectedReply(`tasks/cancel of a task still working should succeed; got ${describeReply(reply)}`, requirementId);
}

/**
 * Polls until the task reports a terminal status ("cancelled" expected) or is gone (-32602: a receiver may delete
 * a cancelled task at once). Anything else, or no terminal status within the request timeout, ends the check.
 */
export async function awaitCancelled(ctx: CheckContext, receiver: Receiver, taskId: string): Promise<{ status: string } | { deleted: true }> {
  const end = await pollTask(receiver, taskId, (task) => isTerminal(task.status), { timing: ctx.timing, signal: ctx.signal, deletionAllowed: true });
  return end.deleted ? { deleted: true } : { status: String(end.task.status) };
}

export interface CancelledTask {
  receiver: Receiver;
  task: TaskRecord;
  /** The tasks/cancel answer (a success: a refusal while working ends the check). */
  reply: RpcReply & { ok: true };
  workMs: number;
  /** performance.now() when the task was started. */
  startedAt: number;
}

/**
 * A task cancelled while its work still ran, staged against the receiver's pace: the work lasts `workMs(stretch)`
 * (5 s plus four round trips by default), and a cancel that came too late runs the scenario again with longer work.
 */
export function stageCancelledTask(ctx: CheckContext, label: string, options: { receiver?: Receiver; workMs?: (stretch: number) => number } = {}): Promise<CancelledTask> {
  return ctx.staged(async (stretch) => {
    const receiver = options.receiver ?? (await ctx.connect());
    const workMs = options.workMs?.(stretch) ?? stretch * ctx.timing.span(5000, 4);
    const startedAt = performance.now();
    const task = await startWorkingTask(ctx, receiver, label, workMs);
    // A refused cancel of a working task breaks TASKS-CANCEL-BEFORE-RESPONSE (cancellation.cancel-working judges it).
    const reply = await cancelWhileWorking(ctx, receiver, task.taskId, 'TASKS-CANCEL-BEFORE-RESPONSE');
    return { receiver, task, reply, workMs, startedAt };
  });
}
