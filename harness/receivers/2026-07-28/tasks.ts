import type { CheckContext } from '../check.js';
import { describeReply } from '../../model/describe.js';
import type { FixtureRole } from '../../model/model.js';
import type { RpcReply } from '../../wire/session.js';
import { pause } from '../../wire/timing.js';
import { createdTask, extTaskOf, unreadableTask, type ExtReceiver, type ExtTask } from './receiver.js';
import { nextExtPollDelay } from './waits.js';

/**
 * Calls a fixture with the extension declared and hands back the task it made, once tasks/get can read it. The
 * extension leaves task creation to the server, so a plain answer is no violation: the check skips, saying so. An
 * error answer ends the check.
 */
export async function startExtTask(
  ctx: CheckContext,
  receiver: ExtReceiver,
  role: FixtureRole,
  input: Record<string, unknown>,
  /** readable false: hand the task back at once (for the check of that very rule). */
  options: { readable?: boolean } = {},
): Promise<{ task: ExtTask; reply: RpcReply & { ok: true } }> {
  const binding = ctx.fixture(role);
  const reply = await receiver.callFixture(binding, input);
  const task = createdTask(reply);
  if (task && reply.ok) {
    if (options.readable !== false) await awaitReadable(ctx, receiver, task);
    return { task, reply };
  }
  if (reply.ok) {
    ctx.skip(
      `${binding.tool} was answered without a task (resultType ${JSON.stringify(reply.result.resultType)}); the extension lets the server decide per request, so there is no task to judge here`,
    );
  }
  ctx.skip(`${binding.tool} could not be started as a task: ${describeReply(reply)}`);
}

/**
 * A task's first tasks/get, made tolerant: a store that shows a new task only some time after its CreateTaskResult
 * breaks EXT-CREATE-DURABLE, which ext-creation.durable-before-reply judges; the checks of other rules wait for the
 * task to appear (bounded by the request timeout) instead of blaming their own requirement, and hand back that
 * first answer. A task that never appears is that violation: inconclusive where the run fails it, else failed here.
 */
export async function awaitReadable(ctx: CheckContext, receiver: ExtReceiver, created: ExtTask): Promise<ExtTask> {
  const deadline = performance.now() + ctx.timing.requestTimeoutMs;
  for (let attempt = 1; ; attempt++) {
    const reply = await receiver.getTask(created.taskId);
    const task = extTaskOf(reply);
    if (task) {
      if (attempt > 1) ctx.reportInfo(`task ${created.taskId} could be read only after ${attempt} tasks/get; ext-creation.durable-before-reply judges that`);
      return task;
    }
    // A task that cannot be read is a finding wherever it shows, not a reason to skip: the run fails it once.
    if (performance.now() >= deadline)
      throw unreadableTask(`tasks/get never returned task ${created.taskId} within ${ctx.timing.requestTimeoutMs} ms (last answer: ${describeReply(reply)})`, receiver.lastReadOf(created.taskId));
    await pause(nextExtPollDelay(created, ctx.timing), ctx.signal);
  }
}

/** The extension's own flat Task fields and their types, as the schema gives them (status-specific fields aside). */
export function extTaskShapeProblems(task: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (typeof task.taskId !== 'string') problems.push(`taskId is ${describeValue(task.taskId)}, not a string`);
  if (!['working', 'input_required', 'completed', 'failed', 'cancelled'].includes(task.status as string)) problems.push(`status is ${describeValue(task.status)}, not one of the five statuses`);
  for (const field of ['createdAt', 'lastUpdatedAt'] as const) {
    const value = task[field];
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) problems.push(`${field} is ${describeValue(value)}, not an ISO 8601 timestamp`);
  }
  if (!('ttlMs' in task)) problems.push('ttlMs is missing (a number, or null for unlimited)');
  else if (task.ttlMs !== null && !Number.isInteger(task.ttlMs)) problems.push(`ttlMs is ${describeValue(task.ttlMs)}, not an integer or null`);
  if ('pollIntervalMs' in task && !Number.isInteger(task.pollIntervalMs)) problems.push(`pollIntervalMs is ${describeValue(task.pollIntervalMs)}, not an integer`);
  if ('statusMessage' in task && typeof task.statusMessage !== 'string') problems.push(`statusMessage is ${describeValue(task.statusMessage)}, not a string`);
  return problems;
}

/** The text of a CallToolResult's text content, joined; empty when it has none. */
export function resultText(result: unknown): string {
  if (!isJsonObject(result) || !Array.isArray(result.content)) return '';
  return result.content
    .map((item) => (isJsonObject(item) && item.type === 'text' && typeof item.text === 'string' ? item.text : ''))
    .filter((text) => text !== '')
    .join(' ');
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  return value === undefined ? 'missing' : JSON.stringify(value);
}
