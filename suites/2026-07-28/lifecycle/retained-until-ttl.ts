import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { extTaskOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, nextExtPollDelay, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import { pause } from '../../../harness/wire/timing.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Reads of the finished task, one poll interval apart: a store that drops a task as it ends shows it at the first. */
const READS_AFTER_END = 3;
/** A ttlMs whose end comes within this much (scaled) of the task's end is waited out: the task is read once more just before it. */
const SHORT_TTL_WAIT_MS = 10_000;

export default defineCheck({
  id: 'ext-lifecycle.retained-until-ttl',
  title: 'A task stays readable with tasks/get until its ttlMs has run out, also once it has finished',
  suite: 'ext-lifecycle',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#response',
  requirements: ['EXT-TASK-RETAINED'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: 12, awaitsWork: 1 },
  provenBy: ['ext-expires-at-half-ttl', 'ext-forgotten-at-end'],
  explain: {
    does:
      'Runs slow_compute for a second to its end, then reads it with tasks/get three more times at its ' +
      'poll interval; where its ttlMs is short (its end within ten seconds), it reads it once more just ' +
      'before that end. A task that was readable and then answers "not found" while the ttlMs it last ' +
      'reported has not run out (counted from when the call was sent) is a fail.',
    causes: [
      {
        cause: 'The store drops a task when its work ends (a job queue that forgets finished jobs, a map entry deleted on completion), while the task still advertises a ttlMs of minutes.',
        fix: 'Keep each task, with its result or error, until createdAt + ttlMs, and expire it from a timer or on lookup; or report the ttlMs the store really keeps it for.',
        faults: ['ext-forgotten-at-end'],
      },
      {
        cause: 'The store expires tasks on a clock of its own (a cache lifetime, half the advertised ttl) that ends before the ttlMs the task reports.',
        fix: 'Expire a task at createdAt + the ttlMs it reports, never sooner; report a shorter ttlMs if the store cannot keep it that long.',
        faults: ['ext-expires-at-half-ttl'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const binding = ctx.fixture('slow');
    const observation = { method: 'tasks/get', fixture: binding.tool };
    // The task cannot have been created before the call was sent: its ttl is counted from here, to the task's favour.
    const sentAt = performance.now();
    const { task } = await startExtTask(ctx, receiver, 'slow', { seconds: 1, label: uniqueText('retained') });
    let last = await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, 1) });
    for (let read = 0; read <= READS_AFTER_END; read++) {
      if (read < READS_AFTER_END) {
        await pause(nextExtPollDelay(last, ctx.timing), ctx.signal);
      } else {
        // A short ttl is waited out: one read just before its end, early by two round trips so that it arrives in time.
        const lateReadAt = typeof last.ttlMs === 'number' ? sentAt + last.ttlMs - 2 * ctx.timing.allowanceMs : undefined;
        const waitMs = lateReadAt === undefined ? undefined : lateReadAt - performance.now();
        if (waitMs === undefined || waitMs > ctx.timing.scaled(SHORT_TTL_WAIT_MS)) return;
        if (waitMs <= 0) {
          ctx.reportInfo(`the ttlMs ${String(last.ttlMs)} ends too soon after these reads to read the task once more safely before it (two round trips take ${2 * ctx.timing.allowanceMs} ms)`);
          return;
        }
        ctx.noteInTranscript(`the task's ttlMs ${String(last.ttlMs)} ends within ${Math.round(waitMs)} ms: it is read once more just before`);
        await pause(waitMs, ctx.signal);
      }
      const askedAt = performance.now();
      const reply = await receiver.getTask(task.taskId);
      const seen = extTaskOf(reply);
      if (seen) {
        last = seen;
        continue;
      }
      const ttlMs = last.ttlMs;
      const aliveMs = Math.round(askedAt - sentAt);
      if (typeof ttlMs !== 'number' || aliveMs >= ttlMs) {
        ctx.reportInfo(`tasks/get of the finished task answered ${describeReply(reply)} ${aliveMs} ms after the call, its ttlMs ${JSON.stringify(ttlMs)} having run out: a server may discard it then`);
        return;
      }
      ctx.expect(
        'EXT-TASK-RETAINED',
        false,
        `the ${binding.tool} task read "${last.status}" with ttlMs ${ttlMs}, then tasks/get answered ${describeReply(reply)} at most ${aliveMs} ms after it was created`,
        observation,
      );
      return;
    }
  },
});
