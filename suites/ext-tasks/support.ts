// Shared by the extension's flow checks: answering input requests, reading them, the status graph, and a task
// listened to while it still works.
import type { CheckContext } from '../../harness/check.js';
import { brief } from '../../harness/describe.js';
import { type ExtReceiver, type ExtTask, type Subscription, isExtTerminal, requireExtTask, subscriptionIdOf } from '../../harness/modern/receiver.js';
import { startExtTask } from '../../harness/modern/tasks.js';
import type { ReceivedNotification, RpcReply } from '../../harness/rpc.js';
import { workSecondsFor } from '../../harness/modern/waits.js';
import { uniqueText } from '../../harness/waits.js';

export { uniqueText };

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The inputRequests of a task when it is an object (keys to requests), undefined otherwise. */
export function inputRequestsOf(task: JsonObject): JsonObject | undefined {
  return isObject(task.inputRequests) ? task.inputRequests : undefined;
}

/** The keys of a task's inputRequests, in the order sent; none when it has no such object. */
export function inputKeysOf(task: JsonObject): string[] {
  return Object.keys(inputRequestsOf(task) ?? {});
}

/** What keeps an entry of inputRequests from being a server-to-client request (a method name and params); none when it is one. */
export function inputRequestProblems(key: string, entry: unknown): string[] {
  if (!isObject(entry)) return [`inputRequests["${key}"] is ${brief(entry)}, not a request object`];
  const problems: string[] = [];
  if (typeof entry.method !== 'string' || entry.method === '') problems.push(`inputRequests["${key}"].method is ${brief(entry.method)}, not a method name`);
  if (!isObject(entry.params)) problems.push(`inputRequests["${key}"].params is ${brief(entry.params)}, not an object`);
  return problems;
}

/** A request of inputRequests in a few words: its method and, for an elicitation, its message. */
export function describeInputRequest(request: unknown): string {
  if (!isObject(request)) return brief(request, 120);
  const message = isObject(request.params) && typeof request.params.message === 'string' ? ` "${request.params.message}"` : '';
  return message ? `${String(request.method)}${message}` : brief(request, 120);
}

/**
 * The client's answer to an input request, as the MRTR page shapes it: an elicitation is accepted with a value for
 * every property its requestedSchema lists (boolean true, a number at its minimum, the first enum value, otherwise
 * `text`). Undefined for a request of another kind (sampling, roots), which the harness does not answer.
 */
export function answerFor(request: unknown, text: string): JsonObject | undefined {
  if (!isObject(request) || request.method !== 'elicitation/create') return undefined;
  const params = isObject(request.params) ? request.params : {};
  const schema = isObject(params.requestedSchema) ? params.requestedSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const content: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) content[name] = valueFor(isObject(property) ? property : {}, text);
  return { action: 'accept', content };
}

function valueFor(property: JsonObject, text: string): unknown {
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0];
  if (isObject(property.items) && Array.isArray(property.items.enum) && property.items.enum.length > 0) return [property.items.enum[0]];
  switch (property.type) {
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return typeof property.minimum === 'number' ? property.minimum : 1;
    case 'array':
      return [];
    default:
      return text;
  }
}

/** Answers for these keys of a task's inputRequests; a key whose request the harness cannot answer is left out. */
export function answersFor(task: JsonObject, keys: readonly string[], text: (key: string) => string): JsonObject {
  const requests = inputRequestsOf(task) ?? {};
  const answers: JsonObject = {};
  for (const key of keys) {
    const answer = answerFor(requests[key], text(key));
    if (answer) answers[key] = answer;
  }
  return answers;
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
