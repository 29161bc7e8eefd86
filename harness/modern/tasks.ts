import type { CheckContext } from '../check.js';
import { describeReply } from '../describe.js';
import type { FixtureRole } from '../model.js';
import type { RpcReply } from '../session.js';
import { createdTask, type ExtReceiver, type ExtTask } from './receiver.js';

/**
 * Calls a fixture with the extension declared and hands back the task it made. The extension leaves task creation
 * to the server, so a plain answer is no violation: the check skips, saying so. An error answer ends the check.
 */
export async function startExtTask(ctx: CheckContext, receiver: ExtReceiver, role: FixtureRole, input: Record<string, unknown>): Promise<{ task: ExtTask; reply: RpcReply & { ok: true } }> {
  const binding = ctx.fixture(role);
  const reply = await receiver.callFixture(binding, input);
  const task = createdTask(reply);
  if (task && reply.ok) return { task, reply };
  if (reply.ok) {
    ctx.skip(
      `${binding.tool} was answered without a task (resultType ${JSON.stringify(reply.result.resultType)}); the extension lets the server decide per request, so there is no task to judge here`,
    );
  }
  ctx.skip(`${binding.tool} could not be started as a task: ${describeReply(reply)}`);
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

function describeValue(value: unknown): string {
  return value === undefined ? 'missing' : JSON.stringify(value);
}
