// Shared by the listing checks: tasks of the check's own, confirmed through tasks/get, and where a walk showed them.
import { UnexpectedReply, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { isTerminal, type Receiver } from '../../../harness/receivers/2025-11-25/receiver.js';
import { pollTasks, walkTaskList, type TaskListWalk } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** More than most receivers put on one page, so a walk has to follow cursors. */
export const LISTING_TASK_COUNT = 25;
/**
 * What a listing scenario costs: 25 tasks created at once load the receiver about as much as a dozen exchanges in a
 * row, then the polls and the walk; declared so that these checks start early rather than end a run.
 */
export const LISTING_COST = { roundTrips: 12, awaitsWork: 1 } as const;

export interface OwnTask {
  taskId: string;
  /** The terminal status tasks/get confirmed. */
  status: string;
}

/**
 * Creates `count` tasks at once (with `mixed`, every third one with the fail fixture when the receiver offers it)
 * and polls each with tasks/get until it is terminal, so the listing is judged against a settled set.
 */
export async function createConfirmedTasks(ctx: CheckContext, receiver: Receiver, count: number, mixed: boolean): Promise<OwnTask[]> {
  const echo = ctx.fixture('echo');
  // A failing task: an isError tool on a server, an error answer on a client.
  const failRole = ctx.facts.fixtures.has('fail') ? 'fail' : ctx.facts.fixtures.has('error') ? 'error' : undefined;
  const fail = mixed && failRole ? ctx.fixture(failRole) : undefined;
  const failInput = failRole === 'error' ? { code: -32042, message: 'conformance: deliberate failure', delayMs: 0 } : undefined;
  const created = await Promise.all(
    Array.from({ length: count }, (_, index) => {
      const failing = fail && index % 3 === 2;
      return receiver.startTask(failing ? fail : echo, failing && failInput ? failInput : { text: uniqueText('listing'), delayMs: 0 }, { task: { ttl: 60_000 } });
    }),
  );
  // Polled together, one pause per round, until every task is terminal.
  const ends = await pollTasks(
    receiver,
    created.map(({ task }) => task.taskId),
    (task) => isTerminal(task.status),
    { timing: ctx.timing, signal: ctx.signal },
  );
  return created.map(({ task }) => {
    const end = ends.get(task.taskId);
    return { taskId: task.taskId, status: end && !end.deleted ? String(end.task.status) : '' };
  });
}

/** For every task ID in the walk, the (1-based) pages it appeared on. */
export function pagesById(walk: TaskListWalk): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  walk.pages.forEach((page, index) => {
    for (const entry of page.tasks) {
      const id = typeof entry === 'object' && entry !== null ? String((entry as { taskId?: unknown }).taskId) : String(entry);
      seen.set(id, [...(seen.get(id) ?? []), index + 1]);
    }
  });
  return seen;
}

/** "3 of 25 (e.g. id1 (failed), id2 (completed))": the own tasks a walk never showed, for messages. */
export function describeMissing(missing: readonly OwnTask[], total: number): string {
  const examples = missing
    .slice(0, 3)
    .map((task) => `${task.taskId} (${task.status})`)
    .join(', ');
  return `${missing.length} of ${total} (e.g. ${examples})`;
}

export function walkSummary(walk: TaskListWalk): string {
  const listed = walk.pages.reduce((sum, page) => sum + page.tasks.length, 0);
  return `${walk.pages.length} page(s), ${listed} task(s) in all`;
}

/** Walks tasks/list from the first page to the last; a walk that cannot finish (an error page, an endless cursor) ends the check. */
export async function walkCompletely(receiver: Receiver): Promise<TaskListWalk> {
  const walk = await walkTaskList(receiver);
  // Every task tasks/get can fetch must show in tasks/list: a walk that cannot finish breaks that first.
  if (walk.stoppedBecause) throw new UnexpectedReply(`the walk through tasks/list could not finish: ${walk.stoppedBecause}`, 'TASKS-LIST-GET-IMPLIES-LIST');
  return walk;
}

/** The check's own tasks that the walk never showed. */
export function missingFromWalk(own: readonly OwnTask[], walk: TaskListWalk): OwnTask[] {
  const listed = pagesById(walk);
  return own.filter((task) => !listed.has(task.taskId));
}
