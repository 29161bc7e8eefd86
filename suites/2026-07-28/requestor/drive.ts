// The scenario every 2026-07-28 requestor check shares: the client under test, started on an endpoint of the suite's
// extension server that offers the tools the check needs (docs/client-fixture-contract-2026-07-28.md), does what the
// contract asks; the checks judge what it sent. A client that sends nothing, or never declares the extension, skips.
import type { CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import type { EndpointOptions, EndpointTask, ClientRun, SeenRequest } from '../../../harness/wire/2026-07-28/client-record.js';
import { declaresExtension, META_CLIENT_CAPABILITIES } from '../../../harness/wire/2026-07-28/envelope.js';

/** The statuses after which a task never changes. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);
/** The methods that name a task by params.taskId. */
export const TASK_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);

export interface DriveOptions {
  restartAfterFirstPoll?: boolean;
}

export async function driveClient(ctx: CheckContext, endpoint: EndpointOptions, options: DriveOptions = {}): Promise<ClientRun> {
  const run = await ctx.runClient({ endpoint, ...options });
  const { requests } = run.record;
  if (requests.length === 0)
    ctx.skip('the client sent its endpoint no request: it did not connect to the URL given as its last argument and in MCP_CONFORMANCE_URL (docs/client-fixture-contract-2026-07-28.md)');
  if (!requests.some((request) => declaresExtension(capabilitiesOf(request))))
    ctx.skip(`the client declared the extension io.modelcontextprotocol/tasks on none of its ${requests.length} request(s): it does not use tasks, so no requestor rule of the extension applies`);
  ctx.reportInfo(
    `the client sent ${requests.length} request(s) and ${run.record.notifications.length} notification(s) and created ${run.record.tasks.length} task(s); its run ended ${describeEnd(run)}`,
  );
  return run;
}

/** The client capabilities a request declared in its `_meta`, or undefined. */
export function capabilitiesOf(request: SeenRequest): Record<string, unknown> | undefined {
  const meta = request.params._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const capabilities = (meta as Record<string, unknown>)[META_CLIENT_CAPABILITIES];
  return typeof capabilities === 'object' && capabilities !== null ? (capabilities as Record<string, unknown>) : undefined;
}

/** The client's requests naming this task by params.taskId. */
export function requestsFor(run: ClientRun, taskId: string, methods: ReadonlySet<string> = TASK_METHODS): SeenRequest[] {
  return run.record.requests.filter((request) => methods.has(request.method) && request.params.taskId === taskId);
}

/** Whether the client saw the task terminal (a tasks/get answer) or cancelled it. */
export function followedToEnd(task: EndpointTask): boolean {
  return task.reported.some((report) => TERMINAL_STATUSES.has(report.status)) || task.cancelRequests > 0;
}

/**
 * Whether the run shows the client done with the task, so that a missing poll or answer is its choice: it exited, or
 * went quiet after polling the task, for longer than three of its own longest gaps. Otherwise (the scenario's bound
 * passed, or it never showed its pace on the task) a client slower than the suite's pace may still be about to act.
 */
export function clientWasDone(run: ClientRun, task: EndpointTask): boolean {
  return run.ended === 'exited' || (run.ended === 'quiet' && task.reported.length > 0);
}

/** Why a check cannot judge a task the client may still be following. */
export const STILL_FOLLOWING = 'the client neither exited nor went quiet after polling the task before the scenario ended, so a slower pace of its own cannot be told from stopping';

/** The tasks of one tool kind. */
export function tasksOf(run: ClientRun, kind: EndpointTask['kind']): EndpointTask[] {
  return run.record.tasks.filter((task) => task.kind === kind);
}

function describeEnd(run: ClientRun): string {
  if (run.ended === 'exited') return 'with the client exiting';
  if (run.ended === 'quiet') return 'with the client going quiet';
  return 'at the scenario bound, the client still active';
}
