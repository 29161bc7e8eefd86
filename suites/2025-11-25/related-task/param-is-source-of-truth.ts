import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief, canonicalJson, describeReply } from '../../../harness/model/describe.js';
import { tasksCapability } from '../../../harness/receivers/preconditions.js';
import { RELATED_TASK_META, taskOf, type Receiver } from '../../../harness/receivers/2025-11-25/receiver.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { SERVER_EVERYTHING } from '../explain-words.js';

const REQUIREMENT = 'TASKS-META-PARAM-SOURCE-OF-TRUTH';

/** Request _meta naming `taskId` as the related task: the receiver must look past it to params.taskId. */
const naming = (taskId: string) => ({ [RELATED_TASK_META]: { taskId } });

/** A result without _meta, which legitimately carries related-task metadata. */
function comparable(result: Record<string, unknown>): string {
  const { _meta: _ignored, ...rest } = result;
  return canonicalJson(rest);
}

export default defineCheck({
  id: 'related-task.param-is-source-of-truth',
  title: "tasks/get, tasks/result and tasks/cancel act on params.taskId even when the request's related-task _meta names another task",
  suite: 'related-task',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#associating-task-related-messages',
  cohabits: true,
  requirements: [REQUIREMENT],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 0, roundTrips: 8, awaitsWork: 1 },
  provenBy: ['cancel-honours-meta-task', 'get-honours-meta-task', 'result-honours-meta-task'],
  explain: {
    does:
      'Creates tasks A and B, then sends tasks/get, tasks/result and tasks/cancel for A with a related-task `_meta` naming B: ' + 'each must act on A, the task in `params.taskId`, and leave B alone.',
    causes: [
      {
        cause: 'Requests are routed by their related-task `_meta` (e.g. into a message queue for that task), so they act on B, or are never answered.',
        fix: 'Take the task from `params.taskId` alone; `_meta` on a request never chooses the task it acts on.',
        seenIn: `${SERVER_EVERYTHING}, with a task message queue: never answered`,
        faults: ['get-honours-meta-task', 'result-honours-meta-task', 'cancel-honours-meta-task'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // Judged by identity (which task answers), never by status: a task's status may change between two requests.
    // The three are independent, so they run side by side: a receiver whose tasks take seconds costs that once.
    await Promise.all([judgeGet(ctx, receiver), judgeResult(ctx, receiver), tasksCapability(ctx.facts)?.cancel !== undefined ? judgeCancel(ctx, receiver) : undefined]);
  },
});

async function startEcho(ctx: CheckContext, receiver: Receiver, label: string, delayMs: number) {
  return (await receiver.startTask(ctx.fixture('echo'), { text: uniqueText(label), delayMs }, { task: { ttl: 60_000 } })).task;
}

async function judgeGet(ctx: CheckContext, receiver: Receiver): Promise<void> {
  const [a, b] = [await startEcho(ctx, receiver, 'truth-get-a', 0), await startEcho(ctx, receiver, 'truth-get-b', 0)];
  const reply = await receiver.getTask(a.taskId, naming(b.taskId));
  const answered = taskOf(reply);
  // An error here is the check's concern only if tasks/get without the _meta answers: otherwise tasks/get itself is broken.
  if (answered === undefined) {
    const plain = await receiver.getTask(a.taskId);
    if (taskOf(plain) === undefined) ctx.unmet('TASKS-TASK-SHAPE', `tasks/get for task ${a.taskId} should return the task, with or without related-task _meta; got ${describeReply(plain)}`);
  }
  if (!ctx.expect(REQUIREMENT, answered !== undefined, `expected tasks/get for task ${a.taskId} (with related-task _meta naming ${b.taskId}) to return task ${a.taskId}, got ${describeReply(reply)}`))
    return;
  ctx.expect(
    REQUIREMENT,
    answered?.taskId === a.taskId,
    `expected tasks/get with params.taskId ${a.taskId} to describe that task, got task ${brief(answered?.taskId)}${answered?.taskId === b.taskId ? ', the one named in the related-task _meta' : ''}`,
  );
}

async function judgeResult(ctx: CheckContext, receiver: Receiver): Promise<void> {
  if (!ctx.fixture('echo').echoesInput) return ctx.reportInfo("tasks/result was not judged: the tool standing in for echo does not echo its input, so two tasks' results cannot be told apart");
  const [a, b] = [await startEcho(ctx, receiver, 'truth-result-a', 0), await startEcho(ctx, receiver, 'truth-result-b', 0)];
  for (const task of [a, b]) await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
  const [misdirected, ownA, ownB] = [await receiver.taskResult(a.taskId, { meta: naming(b.taskId) }), await receiver.taskResult(a.taskId), await receiver.taskResult(b.taskId)];
  if (!ownA.ok || !ownB.ok || comparable(ownA.result) === comparable(ownB.result)) return ctx.reportInfo("tasks/result was not judged: the two tasks' own results could not be told apart");
  if (!misdirected.ok)
    return void ctx.expect(
      REQUIREMENT,
      false,
      `expected tasks/result for task ${a.taskId} (with related-task _meta naming ${b.taskId}) to return that task's result, got ${describeReply(misdirected)}`,
    );
  const got = comparable(misdirected.result);
  ctx.expect(
    REQUIREMENT,
    got === comparable(ownA.result),
    `expected tasks/result with params.taskId ${a.taskId} to return that task's result ` +
      `${brief(comparable(ownA.result))}, got ` +
      `${brief(got)}${got === comparable(ownB.result) ? `, the result of task ${b.taskId} named in the related-task _meta` : ''}`,
  );
}

async function judgeCancel(ctx: CheckContext, receiver: Receiver): Promise<void> {
  // Both still working when cancelled, so a cancel that lands on the wrong task shows on the other one.
  const workMs = ctx.timing.span(5_000, 4);
  const [a, b] = [await startEcho(ctx, receiver, 'truth-cancel-a', workMs), await startEcho(ctx, receiver, 'truth-cancel-b', workMs)];
  const reply = await receiver.cancelTask(a.taskId, naming(b.taskId));
  const bAfter = taskOf(await receiver.getTask(b.taskId));
  await receiver.cancelTask(b.taskId);
  if (!reply.ok) return ctx.reportInfo(`tasks/cancel was not judged: cancelling task ${a.taskId} was answered with ${describeReply(reply)}`);
  ctx.expect(
    REQUIREMENT,
    reply.result.taskId === a.taskId,
    `expected tasks/cancel with params.taskId ${a.taskId} to answer about that task, got task ` +
      `${brief(reply.result.taskId)}${reply.result.taskId === b.taskId ? ', the one named in the related-task _meta' : ''}`,
  );
  ctx.expect(
    REQUIREMENT,
    bAfter?.status !== 'cancelled',
    `expected task ${b.taskId}, named only in the related-task _meta of a tasks/cancel for ${a.taskId}, to be left alone, got status "cancelled"`,
  );
}
