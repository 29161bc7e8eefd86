import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { tasksCapability } from '../../../harness/receivers/preconditions.js';
import { isTerminal, type TaskRecord } from '../../../harness/receivers/2025-11-25/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { pollTasks, walkTaskList } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** The task of a CreateTaskResult, or undefined for any other answer (judged by the creation checks, not here). */
function createdTask(reply: RpcReply): TaskRecord | undefined {
  const task = reply.ok ? reply.result.task : undefined;
  return typeof task === 'object' && task !== null && typeof (task as TaskRecord).taskId === 'string' ? (task as TaskRecord) : undefined;
}

export default defineCheck({
  id: 'task-data.valid-everywhere',
  title: 'Every task the receiver reports, in a CreateTaskResult and in tasks/get, tasks/list and tasks/cancel answers, is a valid Task',
  suite: 'task-data',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task',
  cohabits: true,
  requirements: ['TASKS-TASK-SHAPE'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 200, roundTrips: 13 },
  provenBy: ['cancel-status-misspelt', 'list-entries-without-ttl', 'poll-interval-not-integer', 'status-unknown-while-working', 'ttl-missing-unrequested'],
  explain: {
    does:
      'Creates echo tasks with and without a requested ttl (and fail and error tasks where offered), polls them to their end, ' +
      'walks tasks/list (when list is declared), and polls a working task once, then cancels it (when cancel is declared). The harness validates ' +
      'every task in these answers as it arrives: each must be a well-formed Task, with every required field, a status of the ' +
      'five, and integer ttl (or null) and pollInterval. Timestamps, a string taskId and the ttl of tasks/get are judged by ' +
      'their own checks.',
    causes: [
      {
        cause: 'One kind of answer is serialised by other code than the rest and leaves a field out, often ttl in tasks/list entries.',
        fix: 'Render every answer (CreateTaskResult, tasks/get, tasks/list, tasks/cancel) from the one stored task record.',
        faults: ['list-entries-without-ttl', 'ttl-missing-unrequested'],
      },
      {
        cause: 'A status outside the five ("canceled", "running", "done").',
        fix: 'Use exactly working, input_required, completed, failed and cancelled.',
        faults: ['cancel-status-misspelt'],
      },
      {
        cause: 'pollInterval (or ttl) is computed with a fraction.',
        fix: 'Round it to whole milliseconds.',
        faults: ['poll-interval-not-integer'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // The verdict is the harness's: it validates every task the receiver reports on this check's connection as it
    // arrives, and records a broken rule of the Task's shape against TASKS-TASK-SHAPE. The scenario brings every
    // operation and every status the fixtures can reach, so that each kind of answer is seen at least once; how the
    // tasks behave (their status, their end) is left to the other checks, so nothing here waits for a verdict.
    const receiver = await ctx.connect();
    const capability = tasksCapability(ctx.facts);
    const echo = ctx.fixture('echo');
    const delayMs = ctx.timing.scaled(200);
    const task = (ttl?: number) => ({ task: ttl === undefined ? {} : { ttl } });
    const starts: Promise<RpcReply>[] = [
      // No ttl asked for: the receiver's own choice must be reported all the same.
      receiver.invoke(echo, { text: uniqueText('shape-unrequested-ttl'), delayMs }, task()),
      receiver.invoke(echo, { text: uniqueText('shape'), delayMs }, task(60_000)),
    ];
    // Tasks that fail, where the receiver offers the fixtures for them.
    const fail = ctx.facts.fixtures.get('fail');
    if (fail) starts.push(receiver.invoke(fail, { text: uniqueText('shape-fail'), delayMs }, task(60_000)));
    const error = ctx.facts.fixtures.get('error');
    if (error) starts.push(receiver.invoke(error, { code: -32042, message: 'conformance: deliberate failure', delayMs }, task(60_000)));
    // A task still working when cancelled, where cancel is declared and the echo fixture honours delayMs.
    const toCancel = capability?.cancel !== undefined && echo.honoursDelay ? receiver.invoke(echo, { text: uniqueText('shape-cancel'), delayMs: ctx.timing.span(5000, 8) }, task(60_000)) : undefined;

    const [replies, cancelReply] = await Promise.all([Promise.all(starts), toCancel]);
    const created = replies.flatMap((reply) => createdTask(reply) ?? []);
    const running = cancelReply && createdTask(cancelReply);
    if (created.length === 0 && !running) ctx.skip('none of the task-augmented requests created a task (the creation checks say why), so there is no task to validate');
    const seen = [`${created.length + (running ? 1 : 0)} CreateTaskResults`];
    if (created.length > 0) {
      await pollTasks(
        receiver,
        created.map(({ taskId }) => taskId),
        (polled) => isTerminal(polled.status),
        { timing: ctx.timing, signal: ctx.signal, deletionAllowed: true, returnAtBound: true },
      );
      seen.push('their tasks/get results up to a terminal status');
    }
    if (capability?.list !== undefined) {
      const walk = await walkTaskList(receiver);
      seen.push(`${walk.pages.length} tasks/list page(s)${walk.stoppedBecause ? ` (the walk stopped: ${walk.stoppedBecause})` : ''}`);
    }
    if (running) {
      // One tasks/get while it surely works (its work is seconds long): the short tasks may end before their first poll.
      const polled = await receiver.getTask(running.taskId);
      seen.push(polled.ok ? 'a tasks/get result of a working task' : `no tasks/get result of the working task (${describeReply(polled)})`);
      const cancelled = await receiver.cancelTask(running.taskId);
      // A refusal (the work already over) leaves no cancel result to look at, which is the cancellation checks' concern.
      seen.push(cancelled.ok ? 'a tasks/cancel result' : `no tasks/cancel result (${describeReply(cancelled)})`);
      if (cancelled.ok) await receiver.getTask(running.taskId);
    }
    ctx.reportInfo(`validated the tasks in ${seen.join(', ')}`);
  },
});
