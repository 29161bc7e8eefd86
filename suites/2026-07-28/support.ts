// Shared by the extension's flow checks: answering input requests, reading them, the status graph, and a task
// listened to while it still works.
import type { CheckContext } from '../../harness/receivers/check.js';
import { type ExtReceiver, type ExtTask, type Subscription, isExtTerminal, requireExtTask, subscriptionIdOf } from '../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../harness/receivers/2026-07-28/tasks.js';
import type { ReceivedNotification, RpcReply } from '../../harness/model/rpc.js';
import { workSecondsFor } from '../../harness/receivers/2026-07-28/waits.js';
import { uniqueText } from '../../harness/receivers/2025-11-25/waits.js';

export { uniqueText };
export { answerFor, answersFor, inputKeysOf, inputRequestProblems, inputRequestsOf, describeInputRequest } from '../../harness/receivers/2026-07-28/inputs.js';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of a CallToolResult's text content, joined; empty when it has none. */
export function resultText(result: unknown): string {
  if (!isObject(result) || !Array.isArray(result.content)) return '';
  return result.content
    .map((item) => (isObject(item) && item.type === 'text' && typeof item.text === 'string' ? item.text : ''))
    .filter((text) => text !== '')
    .join(' ');
}

/** The extension's status graph: where each status may go next (a terminal status goes nowhere). */
const NEXT_STATUSES: Readonly<Record<string, readonly string[]>> = {
  working: ['input_required', 'completed', 'failed', 'cancelled'],
  input_required: ['working', 'completed', 'failed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

/**
 * The first step of a sequence of observed statuses that the graph forbids. Repeats are no step, and a status
 * outside the five is left to the shape checks (it is skipped, not judged as a move).
 */
export function firstForbiddenStep(statuses: readonly string[]): { from: string; to: string; allowed: readonly string[] } | undefined {
  const known = statuses.filter((status) => status in NEXT_STATUSES);
  for (let index = 1; index < known.length; index++) {
    const from = known[index - 1];
    const to = known[index];
    if (from !== to && !NEXT_STATUSES[from].includes(to)) return { from, to, allowed: NEXT_STATUSES[from] };
  }
  return undefined;
}

/** Notifications naming this subscription whose method is one of these. */
export function subscriptionMessages(receiver: ExtReceiver, subscription: Subscription, methods?: readonly string[]): ReceivedNotification[] {
  return receiver.notifications().filter((n) => subscriptionIdOf(n) === subscription.id && (methods === undefined || methods.includes(n.method)));
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

/** A slow_compute task listened to (subscriptions/listen naming it) while it still works. */
export interface ListenedTask {
  receiver: ExtReceiver;
  task: ExtTask;
  subscription: Subscription;
  /** The first message carrying the subscription's id, if one came within the bound. */
  first: ReceivedNotification | undefined;
  /** The work's length, in seconds. */
  seconds: number;
}

/**
 * Starts slow_compute (work that outlasts three round trips at the receiver's pace, longer when staged again) and listens to it. The listen comes too late when
 * tasks/get shows the task finished and nothing about it came on the subscription: the scenario is staged again with
 * longer work. A listen answered with an error is no subscription to judge: the check skips, saying so.
 */
export function listenToWorkingTask(ctx: CheckContext, label: string): Promise<ListenedTask> {
  return ctx.staged(async (stretch) => {
    const receiver = await ctx.connectModern();
    // Outlasting the call, the listen (or cancel) and a look at the task, at the receiver's pace.
    const seconds = workSecondsFor(ctx.timing, 3, stretch);
    const { task, reply } = await startExtTask(ctx, receiver, 'slow', { seconds, label: uniqueText(label) });
    if (isExtTerminal(task.status)) ctx.missed(`the CreateTaskResult already said "${task.status}"`);
    if (reply.elapsedMs >= seconds * 1000) ctx.missed(`the CreateTaskResult came ${Math.round(reply.elapsedMs)} ms after the call, once the ${seconds} s of work could be over`);
    const subscription = receiver.listen([task.taskId]);
    const first = await receiver.waitForNotification((n) => subscriptionIdOf(n) === subscription.id, ctx.timing.answerPace.boundMs());
    if (!first) {
      const answer = await subscription.answered(ctx.timing.allowanceMs);
      if (answer && !answer.ok) ctx.skip(`subscriptions/listen for a task was refused with error ${answer.error.code} "${answer.error.message}", so there is no subscription to judge`);
    }
    const now = requireExtTask(await receiver.getTask(task.taskId), 'tasks/get of the listened task');
    const heard = receiver.notifications('notifications/tasks').some((n) => subscriptionIdOf(n) === subscription.id && n.params.taskId === task.taskId);
    if (isExtTerminal(now.status) && !heard) {
      await subscription.close();
      ctx.missed(`the task was "${now.status}" by the time the subscription was answered, with nothing about it on the subscription`);
    }
    return { receiver, task, subscription, first, seconds };
  });
}

/**
 * B listens to A's task and to one of its own, A to its task; A cancels its task and, once A hears of it, B cancels
 * its own: what B hears of its own task marks the point by which news of A's task would have come on B's stream too.
 * `heard` is such news on B's stream; `notJudged` says why the marker could not be reached.
 */
export async function foreignListenHeard(ctx: CheckContext, a: ExtReceiver, b: ExtReceiver, taskId: string): Promise<{ heard?: ReceivedNotification; notJudged?: string }> {
  const bound = ctx.timing.answerPace.boundMs();
  const { task: mine } = await startExtTask(ctx, b, 'slow', { seconds: 1, label: uniqueText('marker') });
  const foreign = b.listen([taskId, mine.taskId]);
  const own = a.listen([taskId]);
  const [taken] = await Promise.all([listenOutcome(foreign, bound), listenOutcome(own, bound)]);
  const about = (id: string, task: string) => (n: ReceivedNotification) => n.method === 'notifications/tasks' && n.params.taskId === task && subscriptionIdOf(n) === id;
  let notJudged: string | undefined;
  if (!taken.ack && taken.answer && !taken.answer.ok) notJudged = `B's subscriptions/listen naming A's task was refused (error ${taken.answer.error.code})`;
  else {
    await a.cancelTask(taskId);
    if (!(await a.waitForNotification(about(own.id, taskId), bound, { includePast: true }))) notJudged = "A's own subscription carried no notifications/tasks for its cancelled task";
    else {
      await b.cancelTask(mine.taskId);
      if (!(await b.waitForNotification(about(foreign.id, mine.taskId), bound, { includePast: true }))) notJudged = "B's subscription carried nothing of B's own cancelled task";
    }
  }
  const heard = b.notifications().find(about(foreign.id, taskId));
  await Promise.all([foreign.close(), own.close(), b.cancelTask(mine.taskId)]);
  return { heard, notJudged };
}
