import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { brief, describeReply, errorCodeOf } from '../../../harness/model/describe.js';
import { taskOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { pause } from '../../../harness/wire/timing.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { MCP_FRAMEWORK, INVALID_PARAMS_FIX } from '../explain-words.js';

export default defineCheck({
  id: 'ttl.expiry',
  title: 'After its ttl has run out, a task is either still there or answered with -32602, and it is cleaned up after a grace',
  suite: 'ttl',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#resource-management',
  cohabits: true,
  requirements: ['TASKS-ERROR-INVALID-TASK-ID', 'TASKS-RES-CLEANUP'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  cost: { waitMs: 1500, roundTrips: 8 },
  provenBy: ['expired-task-wrong-error', 'expired-tasks-kept'],
  explain: {
    does:
      "Asks for a short ttl (about a second, stretched to the receiver's pace), waits until it has run out and sends tasks/get: " +
      'the task may still be there or be gone, but a deleted task must be answered with -32602. A task still there is looked up ' +
      'once more after a grace of twice its ttl (2 s at least): still served then, it is warned, as expired tasks should be ' +
      'cleaned up. Skips when the ttl granted is null or too long to wait for.',
    causes: [
      {
        cause: 'Expired tasks are only hidden from tasks/list, or never removed at all, so the store grows without end.',
        fix: 'Remove a task (and its result) once its ttl has run out: a timer per task, or a periodic sweep.',
        faults: ['expired-tasks-kept'],
      },
      {
        cause: 'After deletion, tasks/get answers -32603 ("Task not found").',
        fix: `Answer an expired ID like an unknown one: ${INVALID_PARAMS_FIX}.`,
        seenIn: MCP_FRAMEWORK,
        faults: ['expired-task-wrong-error'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // Long enough that the CreateTaskResult reaches us well before the task may go; the wait grows with the receiver's pace.
    const askedTtl = ctx.timing.span(1000, 3);
    const { task, reply } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('ttl-expiry'), delayMs: 0 }, { task: { ttl: askedTtl } });
    const ttl = task.ttl;
    const longest = ctx.timing.span(5000, 4);
    if (typeof ttl !== 'number') ctx.skip(`the receiver granted ttl ${brief(ttl)} instead of a number of milliseconds, so the task never expires within a check`);
    if (ttl > longest) ctx.skip(`the receiver granted a ttl of ${ttl} ms (asked for ${askedTtl}); expiry is only awaited up to ${longest} ms`);
    // An answer after expiry tells something only if tasks/get answered for the live task: otherwise it is tasks/get itself that fails.
    const before = await receiver.getTask(task.taskId);
    // The task is created no sooner than its tools/call was sent: under load its answer can arrive after much of the ttl.
    const createSentAt = reply.receivedAt - reply.elapsedMs;
    const lapsed = !before.ok && before.error.code === -32602 && before.receivedAt - createSentAt >= ttl;
    if (!taskOf(before) && !lapsed) ctx.unmet('TASKS-TASK-SHAPE', `tasks/get for task ${task.taskId}, before its ttl ran out, should return the task; got ${describeReply(before)}`);
    // Counted from our receipt of the CreateTaskResult (no earlier than the task's creation), so clock skew cannot shorten the wait.
    const waitMs = reply.receivedAt + ttl + ctx.timing.span(500, 1) - performance.now();
    if (waitMs > 0) await pause(waitMs, ctx.signal);
    const after = await receiver.getTask(task.taskId);
    const kept = taskOf(after);
    if (kept) {
      ctx.reportInfo(`the receiver kept the task after its ttl of ${ttl} ms (allowed)`);
      ctx.expect('TASKS-ERROR-INVALID-TASK-ID', kept.taskId === task.taskId, `expected tasks/get to answer with task ${task.taskId} or error -32602, got task ${brief(kept.taskId)}`);
      // Cleanup may lag, so only a task still served after a generous grace (twice its ttl, 2 s at least) is warned.
      const graceMs = ctx.timing.span(Math.max(2 * ttl, 2000), 2);
      const laterMs = reply.receivedAt + ttl + graceMs - performance.now();
      if (laterMs > 0) await pause(laterMs, ctx.signal);
      const still = taskOf(await receiver.getTask(task.taskId));
      ctx.expect(
        'TASKS-RES-CLEANUP',
        still === undefined,
        `expected the task to be cleaned up some time after its ttl of ${ttl} ms ran out, got it still served (status ${String(still?.status)}) ${graceMs} ms after that`,
      );
      return;
    }
    if (!after.ok && after.error.code === -32602) return ctx.reportInfo(`the receiver deleted the task after its ttl of ${ttl} ms and answered -32602 (allowed)`);
    ctx.expect('TASKS-ERROR-INVALID-TASK-ID', false, `expected tasks/get ${ttl} ms after creation to answer with the task (kept) or error -32602 (deleted), got ${errorCodeOf(after)}`);
  },
});
