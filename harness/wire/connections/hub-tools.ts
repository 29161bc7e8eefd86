import { randomBytes } from 'node:crypto';
import { REQUESTOR_POLL_INTERVAL_MS } from '../../model/fixtures.js';
import { HUB_INPUT_TOOL, type HubOptions, type HubRecord, type HubTask } from '../hub-record.js';
import type { HandlerAnswer, IncomingRequest, RpcSession } from '../session.js';

/**
 * What the hub serves a client under test acting as a requestor: tools with each taskSupport and a small, strict
 * task receiver for the tasks the client creates. The client checks judge how the client used them.
 */
export const HUB_TOOLS = [
  { name: 'conformance_echo', execution: { taskSupport: 'optional' } },
  { name: 'conformance_required', execution: { taskSupport: 'required' } },
  { name: 'conformance_forbidden', execution: { taskSupport: 'forbidden' } },
  { name: 'conformance_plain' },
  // Its task turns input_required, so the client shows what it does on seeing that status.
  { name: HUB_INPUT_TOOL, execution: { taskSupport: 'required' } },
].map((tool) => ({ ...tool, description: 'Echoes text (mcp-tasks-conformance hub).', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }));

/** The hub's capabilities; without tool tasks it still declares tasks/list and tasks/cancel, so only the rule under test differs. */
export function hubCapabilities(options: HubOptions = {}): Record<string, unknown> {
  if (options.toolTasks === false) return { tools: {}, tasks: { list: {}, cancel: {} } };
  return { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
}

/** Before this a task does not end, so that a client polling too fast shows it. */
const MIN_WORK_MS = 300;
/** A task ends after this many polls (once it has worked MIN_WORK_MS), or as soon as a tasks/result waits for it. */
const POLLS_BEFORE_DONE = 3;
/** A working task ends by then however little it was followed, so the hub never holds a client that stopped; one waiting for input does not, so a slow client's tasks/result still finds it waiting. */
const MAX_WORK_MS = 5_000;
/** tasks/list pages hold one task each, so a walk over two tasks needs a cursor. */
const LIST_PAGE_SIZE = 1;
const TASK_TTL_MS = 60_000;
const INVALID_PARAMS = -32602;
const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const INPUT_SCHEMA = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
/** How long the input tool's elicitation waits for the client's answer (option askInput). */
const INPUT_ANSWER_MS = 5_000;

interface TaskState extends HubTask {
  /** The JSON-RPC id of the tools/call that created it, which a notifications/cancelled would name. */
  createdRequestId: string | number;
  /** Deleted after a cancel (option deleteCancelled): lookups no longer find it. */
  deleted?: boolean;
  createdIso: string;
  updatedIso: string;
  createdAt: number;
  result: Record<string, unknown>;
  /** tasks/get answers since the task last changed status. */
  polls: number;
  resultWaiters: number;
  done: Promise<void>;
  finish: () => void;
}

/**
 * Serves the hub's tools and tasks on one endpoint. A task stays working until it has been polled a few times or a
 * tasks/result waits for it, and the hub sends no status notifications: a client learns the end only by asking. The
 * input tool's task turns input_required once it has worked a while, and stays so until a tasks/result arrives (the
 * requestor is then listening, which is all this hub needs) or a few more polls pass, however long that takes.
 */
export function serveHubTools(session: RpcSession, options: HubOptions = {}): HubRecord {
  const toolTasks = options.toolTasks !== false;
  // A long interval is asked for to tell a fixed pace from obedience: two polls then suffice, and the work outlasts them.
  const pollIntervalMs = options.pollIntervalMs ?? REQUESTOR_POLL_INTERVAL_MS;
  const minWorkMs = Math.max(MIN_WORK_MS, pollIntervalMs);
  const pollsBeforeDone = options.pollIntervalMs === undefined ? POLLS_BEFORE_DONE : 2;
  const maxWorkMs = Math.max(MAX_WORK_MS, 3 * pollIntervalMs);
  const tasks: TaskState[] = [];
  const cursors = new Map<string, number>();
  const resultsToCut = new Set<string | number>();
  const view = (task: TaskState) => ({
    taskId: task.taskId,
    status: task.status,
    createdAt: task.createdIso,
    lastUpdatedAt: task.updatedIso,
    ttl: TASK_TTL_MS,
    pollInterval: pollIntervalMs,
  });
  const find = (request: IncomingRequest) => tasks.find((task) => task.taskId === request.params.taskId && !task.deleted);
  const unknown = (request: IncomingRequest): HandlerAnswer => ({ error: { code: INVALID_PARAMS, message: `no task ${JSON.stringify(request.params.taskId)} on this server` } });

  const move = (task: TaskState, status: string) => {
    if (task.status === status || !['working', 'input_required'].includes(task.status)) return;
    Object.assign(task, { status, polls: 0, updatedIso: new Date().toISOString() });
    if (status === 'input_required' && options.askInput) task.inputAnswered = askForInput(task);
    if (status !== 'input_required') task.finish();
  };
  // Not in answer to any request of the client's, so the transport sends it on the client's GET stream.
  const askForInput = async (task: TaskState): Promise<boolean> => {
    const message = `conformance:${JSON.stringify({ reply: 'echo', text: 'input for the hub' })}`;
    const params = { mode: 'form', message, requestedSchema: INPUT_SCHEMA, _meta: { [RELATED_TASK]: { taskId: task.taskId } } };
    const reply = await session.request('elicitation/create', params, { timeoutMs: INPUT_ANSWER_MS }).catch(() => undefined);
    return reply !== undefined;
  };
  const advance = (task: TaskState) => {
    if (performance.now() - task.createdAt < minWorkMs) return;
    if (task.resultWaiters > 0) move(task, 'completed');
    else if (task.tool === HUB_INPUT_TOOL && task.status === 'working') move(task, 'input_required');
    else if (task.polls >= pollsBeforeDone) move(task, 'completed');
  };

  session.onRequest('tools/list', () => ({ result: { tools: HUB_TOOLS } }));
  session.onRequest('tools/call', (request) => {
    const tool = HUB_TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) return { error: { code: INVALID_PARAMS, message: `unknown tool ${JSON.stringify(request.params.name)}` } };
    const support = (tool.execution as { taskSupport?: string } | undefined)?.taskSupport ?? 'forbidden';
    // Without tasks.requests.tools.call the hub ignores a task field and runs the call normally, as a receiver must.
    const asTask = toolTasks && typeof request.params.task === 'object' && request.params.task !== null;
    if (toolTasks && support === 'required' && !asTask) return { error: { code: -32601, message: `${tool.name} must be called as a task` } };
    if (support === 'forbidden' && asTask) return { error: { code: -32601, message: `${tool.name} cannot be called as a task` } };
    const text = String((request.params.arguments as { text?: unknown } | undefined)?.text ?? '');
    const result = { content: [{ type: 'text', text }] };
    if (!asTask) return { result };
    const now = new Date().toISOString();
    const task: TaskState = {
      taskId: randomBytes(24).toString('base64url'),
      method: 'tools/call',
      tool: tool.name,
      status: 'working',
      reported: [],
      resultAsked: false,
      resultRequests: [],
      cancelRequests: 0,
      cancelledByNotification: false,
      createdRequestId: request.id,
      createdIso: now,
      updatedIso: now,
      createdAt: performance.now(),
      result,
      polls: 0,
      resultWaiters: 0,
      done: Promise.resolve(),
      finish: () => undefined,
    };
    task.done = new Promise<void>((resolve) => (task.finish = resolve));
    tasks.push(task);
    setTimeout(() => advance(task), minWorkMs).unref();
    setTimeout(() => {
      if (task.status === 'working') move(task, 'completed');
    }, maxWorkMs).unref();
    return { result: { task: view(task) } };
  });
  session.onRequest('tasks/get', (request) => {
    const task = find(request);
    if (!task) return unknown(request);
    task.polls += 1;
    advance(task);
    task.reported.push({ at: request.receivedAt, status: task.status });
    // A status notification after the first poll, sent before its answer: a hint that must not replace polling.
    if (options.notifyStatus && task.notifiedAt === undefined && task.status === 'working') {
      task.notifiedAt = performance.now();
      void session.notify('notifications/tasks/status', view(task)).catch(() => undefined);
    }
    return { result: view(task) };
  });
  session.onRequest('tasks/result', async (request) => {
    const task = find(request);
    if (!task) return unknown(request);
    task.resultAsked = true;
    task.resultRequests.push({ at: request.receivedAt, status: task.status });
    // Cut off (the endpoint drops the response) and never answered: the requestor must go back to polling.
    if (options.cutResult && task.resultCutAt === undefined && ['working', 'input_required'].includes(task.status)) {
      task.resultCutAt = performance.now();
      resultsToCut.add(request.id);
      return new Promise<HandlerAnswer>(() => undefined);
    }
    task.resultWaiters += 1;
    advance(task);
    await task.done;
    task.resultWaiters -= 1;
    if (task.status === 'cancelled') return { error: { code: INVALID_PARAMS, message: 'the task was cancelled before it finished' } };
    return { result: { ...task.result, _meta: { [RELATED_TASK]: { taskId: task.taskId } } } };
  });
  session.onRequest('tasks/list', (request) => {
    const cursor = request.params.cursor;
    const start = cursor === undefined ? 0 : typeof cursor === 'string' ? cursors.get(cursor) : undefined;
    if (start === undefined) return { error: { code: INVALID_PARAMS, message: `tasks/list: unknown cursor ${JSON.stringify(cursor)}; pass back a nextCursor unchanged` } };
    const end = start + LIST_PAGE_SIZE;
    const live = tasks.filter((task) => !task.deleted);
    const page: Record<string, unknown> = { tasks: live.slice(start, end).map(view) };
    if (end < live.length) {
      // Opaque, and with capitals and punctuation, so a cursor that was decoded or normalized no longer matches.
      const next = `Pg.${randomBytes(12).toString('base64url')}`;
      cursors.set(next, end);
      page.nextCursor = next;
    }
    return { result: page };
  });
  session.onRequest('tasks/cancel', (request) => {
    const named = tasks.find((task) => task.taskId === request.params.taskId);
    if (named) named.cancelRequests += 1;
    const task = find(request);
    if (!task) return unknown(request);
    if (!['working', 'input_required'].includes(task.status)) return { error: { code: INVALID_PARAMS, message: `the task is already ${task.status}` } };
    move(task, 'cancelled');
    const answer = view(task);
    // A receiver may drop a cancelled task at once: from now on it is unknown, as the requestor must be ready for.
    if (options.deleteCancelled) task.deleted = true;
    return { result: answer };
  });
  session.onNotification((notification) => {
    if (notification.method !== 'notifications/cancelled') return;
    const task = tasks.find((candidate) => candidate.createdRequestId === notification.params.requestId);
    if (task) task.cancelledByNotification = true;
  });
  return {
    tasks,
    resultsToCut,
    get cursorsIssued() {
      return new Set(cursors.keys());
    },
  };
}
