import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, canonicalJson } from '../../../harness/model/describe.js';
import { isExtTerminal, subscriptionIdOf } from '../../../harness/receivers/2026-07-28/receiver.js';
import { extTaskShapeProblems } from '../../../harness/receivers/2026-07-28/tasks.js';
import { awaitExtTerminal, workBoundMs } from '../../../harness/receivers/2026-07-28/waits.js';
import type { ReceivedNotification } from '../../../harness/model/rpc.js';
import { listenToWorkingTask } from './scenario.js';

const TASK_NOTIFICATION = 'notifications/tasks';
/** Fields a terminal task keeps as they are, so its notification and a later tasks/get must agree on them (ttlMs and pollIntervalMs may change). */
const STABLE_FIELDS = ['taskId', 'status', 'statusMessage', 'createdAt', 'lastUpdatedAt', 'result', 'error'] as const;
/** Members of the tasks/get result that belong to the result, not to the task. */
const RESULT_ONLY = new Set(['resultType', '_meta']);

export default defineCheck({
  id: 'ext-notify.full-task',
  title: 'notifications/tasks carries the whole task, as tasks/get gives it, with the result once completed, and its subscription id',
  suite: 'ext-notify',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-status-notifications',
  requirements: ['EXT-NOTIFY-FULL-TASK', 'EXT-BASE-SUBSCRIPTION-ID-EACH'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { waitMs: 1000, awaitsWork: 1 },
  provenBy: ['ext-notify-no-subscription-id', 'ext-notify-other-subscription-id', 'ext-notify-partial-task'],
  explain: {
    does:
      'Listens to a working slow_compute task, polls it to completion, and judges every ' +
      'notifications/tasks of the subscription: each must be a whole task (the Task fields plus ' +
      '`inputRequests`, `result` or `error` for its status), and the one announcing the end must carry ' +
      'every field tasks/get returns, equal to it in the fields a finished task cannot change. Every ' +
      'notifications/tasks of the task (on the HTTP stream or on stdio) must also name the subscription in ' +
      '`_meta`: neither no id nor the id of another subscription.',
    causes: [
      {
        cause: 'The notification is built from the bare status record (id, status, timestamps) and leaves the inlined result or error out.',
        fix: 'Build notifications/tasks from the same function that builds the tasks/get answer (minus `resultType`), so a completed task’s notification carries `result`.',
        faults: ['ext-notify-partial-task'],
      },
      {
        cause: 'The subscription id is put on the acknowledgement only; later notifications are sent by a task listener that does not know which listen request it serves.',
        fix: 'Give each listener the listen request id and put it under `io.modelcontextprotocol/subscriptionId` in the `_meta` of every notification it sends.',
        faults: ['ext-notify-no-subscription-id'],
      },
      {
        cause: 'The id comes from state shared between subscriptions (the last one opened, a listener kept per task), so a notification names a subscription other than the one it is sent on.',
        fix: 'Capture the id in the closure of each subscription that sends, never from shared state.',
        faults: ['ext-notify-other-subscription-id'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { receiver, task, subscription, seconds } = await listenToWorkingTask(ctx, 'full-task');
    const final = await awaitExtTerminal(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, timeoutMs: workBoundMs(ctx.timing, seconds) });
    const about = (n: ReceivedNotification) => n.method === TASK_NOTIFICATION && n.params.taskId === task.taskId;
    const mine = (n: ReceivedNotification) => about(n) && subscriptionIdOf(n) === subscription.id;
    // Polls and the listen stream travel apart: give the notification of the end a moment to come.
    const last = await receiver.waitForNotification((n) => mine(n) && isExtTerminal(n.params.status), ctx.timing.span(1000, 2));
    await subscription.close();
    const notes = receiver.notifications().filter(mine);
    // Only this subscription names the task (on HTTP its stream is the connection's only one; on stdio no other
    // subscription lists it): every notifications/tasks of the task must name it, not none and not another. On stdio
    // one without an id may also be unasked news sent beside a subscription that names its own (EXT-BASE-NOTIFY-ONLY-REQUESTED,
    // ext-notify.only-when-subscribed): the id is found missing there only when none of them names the subscription.
    const stdioExtras = ctx.facts.transport === 'stdio' && receiver.notifications().some(mine);
    const unnamed = receiver.notifications().filter((n) => about(n) && subscriptionIdOf(n) !== subscription.id && !(stdioExtras && subscriptionIdOf(n) === undefined));
    if (stdioExtras && receiver.notifications().some((n) => about(n) && subscriptionIdOf(n) === undefined))
      ctx.reportInfo(`besides those naming the subscription, notifications/tasks for task ${task.taskId} came on stdio naming none (not judged here)`);
    const named = (n: ReceivedNotification | undefined) => {
      const id = n && subscriptionIdOf(n);
      return id === undefined ? 'no subscription id' : `subscription id "${id}"`;
    };
    const what = () =>
      `${unnamed.length} notifications/tasks for task ${task.taskId}, which only subscription "${subscription.id}" listens to, ` +
      `came with ${named(unnamed[0])} in _meta instead of its id, e.g. ${brief(unnamed[0]?.params)}`;
    if (!ctx.expect('EXT-BASE-SUBSCRIPTION-ID-EACH', unnamed.length === 0, what)) return;
    if (notes.length === 0) ctx.skip(`no notifications/tasks came on the subscription for task ${task.taskId} while it ran to "${final.status}", so there is no notification to judge`);

    for (const note of notes) {
      const { _meta: _ignored, ...fields } = note.params;
      const problems = [...extTaskShapeProblems(fields), ...payloadProblems(fields)];
      ctx.expect('EXT-NOTIFY-FULL-TASK', problems.length === 0, () => `the notifications/tasks saying "${String(fields.status)}" is not a whole task: ${problems.join('; ')}`);
    }
    if (!last) return ctx.reportInfo(`no notifications/tasks reported the end of the task (it ended "${final.status}"); ${notes.length} earlier ones were judged`);
    if (last.params.status !== final.status)
      return ctx.reportInfo(`the notification of the end says "${String(last.params.status)}" while tasks/get says "${final.status}"; the fields were not compared`);
    // Each field of the tasks/get answer is there too, and those a finished task cannot change are equal.
    const missing = Object.keys(final).filter((key) => !RESULT_ONLY.has(key) && !(key in last.params));
    ctx.expect('EXT-NOTIFY-FULL-TASK', missing.length === 0, () => `the notifications/tasks of the ${final.status} task lacks ${missing.join(', ')}, which tasks/get of it carries`);
    const differing = STABLE_FIELDS.filter((key) => key in final && key in last.params && canonicalJson(final[key]) !== canonicalJson(last.params[key]));
    ctx.expect(
      'EXT-NOTIFY-FULL-TASK',
      differing.length === 0,
      () =>
        `the notifications/tasks of the ${final.status} task differs from tasks/get of it in ` +
        `${differing.map((key) => `${key} (${brief(last.params[key], 80)} against ${brief(final[key], 80)})`).join(', ')}`,
    );
    ctx.reportInfo(`${notes.length} notifications/tasks came on the subscription (${notes.map((n) => String(n.params.status)).join(', ')}); the last matches tasks/get of the ${final.status} task`);
  },
});

/** The status-specific member a DetailedTask inlines: inputRequests, result or error. */
function payloadProblems(task: Record<string, unknown>): string[] {
  const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  const member = ({ input_required: 'inputRequests', completed: 'result', failed: 'error' } as Record<string, string>)[String(task.status)];
  if (member === undefined || isObject(task[member])) return [];
  return [`${member} is ${task[member] === undefined ? 'missing' : brief(task[member])}, not an object (a ${String(task.status)} task carries it)`];
}
