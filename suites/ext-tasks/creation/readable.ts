// A task's first tasks/get, made tolerant: a store that shows a new task only some time after its CreateTaskResult
// breaks EXT-CREATE-DURABLE, which ext-creation.durable-before-reply judges; the checks of other rules wait for the
// task to appear instead of blaming their own requirement for it.
import type { CheckContext } from '../../../harness/check.js';
import { describeReply } from '../../../harness/describe.js';
import { extTaskOf, type ExtReceiver, type ExtTask } from '../../../harness/modern/receiver.js';
import { nextExtPollDelay } from '../../../harness/modern/waits.js';
import { pause } from '../../../harness/timing.js';

/**
 * Polls tasks/get until it returns the task, bounded by the request timeout, and hands back that first answer.
 * A task that never appears ends the check as a skip, pointing at the check that judges it.
 */
export async function awaitReadable(ctx: CheckContext, receiver: ExtReceiver, created: ExtTask): Promise<ExtTask> {
  const deadline = performance.now() + ctx.timing.requestTimeoutMs;
  for (let attempt = 1; ; attempt++) {
    const reply = await receiver.getTask(created.taskId);
    const task = extTaskOf(reply);
    if (task) {
      if (attempt > 1) ctx.info(`task ${created.taskId} could be read only after ${attempt} tasks/get; ext-creation.durable-before-reply judges that`);
      return task;
    }
    if (performance.now() >= deadline) ctx.skip(`tasks/get never returned task ${created.taskId} (last answer: ${describeReply(reply)}); ext-creation.durable-before-reply judges a task that cannot be read`);
    await pause(nextExtPollDelay(created, ctx.timing), ctx.signal);
  }
}
