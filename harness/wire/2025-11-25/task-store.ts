// The tasks the harness itself holds as a strict 2025-11-25 receiver, for a peer under test acting as requestor: the
// client endpoint's tool tasks (harness/wire/connections/endpoint-tools.ts) and the harness client's sampling and elicitation
// tasks (harness/receivers/2025-11-25/client-task-receiver.ts). A task moves only when polled, when a tasks/result
// waits on it, or on its two timers, and no status notification goes out unless asked: the requestor's pace shows in
// what it asks, and every tasks/get and tasks/result is kept with its arrival time for the requestor checks to judge.
import { randomBytes } from 'node:crypto';
import type { HandlerAnswer, IncomingRequest, RpcSession } from '../session.js';

export type HeldStatus = 'working' | 'input_required' | 'completed' | 'cancelled';

/** One task the harness holds, and how the requestor followed it. */
export interface HeldTask {
  taskId: string;
  /** The request that created it. */
  method: string;
  status: HeldStatus;
  /** The JSON-RPC id of the request that created it, which a notifications/cancelled would name. */
  createdRequestId: string | number;
  /** performance.now() when it was created, and when it turned terminal. */
  createdAt: number;
  endedAt?: number;
  /** Each tasks/get answer: when (performance.now()), and the status it reported. */
  reported: { at: number; status: string }[];
  /** Whether the requestor asked for the result with tasks/result. */
  resultAsked: boolean;
  /** Each tasks/result request: when it arrived, and the task's status at that moment. */
  resultRequests: { at: number; status: string }[];
  /** How many tasks/cancel requests named the task. */
  cancelRequests: number;
  /** When the store sent a status notification of the task (option notifyStatus), if it did. */
  notifiedAt?: number;
  /** When the store cut off the task's tasks/result (option cutResult), if it did. */
  resultCutAt?: number;
}

/** How a store paces its tasks: long enough to judge a requestor's pace, short enough to keep checks brief. */
export interface TaskPace {
  /** The pollInterval every task suggests. */
  pollIntervalMs: number;
  /** Before this a task does not end, so that a requestor polling too fast shows it. */
  minWorkMs: number;
  /** A working task ends by then however little it was followed (a requestor may wait on tasks/result instead). */
  maxWorkMs: number;
  /** Polls a task must see, once it has worked minWorkMs, before it completes. */
  pollsBeforeDone: number;
}

export interface TaskStoreOptions<Extra> extends TaskPace {
  /** Who holds the tasks, as error messages say it: "no task … on this server". */
  holder: 'client' | 'server';
  /** Whether (and when) a task turns input_required: at its first poll, or once it has worked minWorkMs with no tasks/result waiting. */
  asksInput?: (task: HeldTask & Extra) => 'at-first-poll' | 'once-worked' | undefined;
  /** Called as a task turns input_required. */
  onInputRequired?: (task: HeldTask & Extra) => void;
  /** A task waiting for input is not ended by maxWorkMs, so that a slow requestor's tasks/result still finds it waiting. */
  inputOutlastsMaxWork?: boolean;
  /** A status notification (still working) of a task goes out at its first poll, before the poll's answer. */
  notifyStatus?: boolean;
  /** The first tasks/result of a task not yet terminal is never answered, and its id is listed in resultsToCut. */
  cutResult?: boolean;
  /** A task is deleted as soon as its tasks/cancel is acknowledged (a receiver may), so later lookups find nothing. */
  deleteCancelled?: boolean;
}

interface TaskState {
  deleted?: boolean;
  createdIso: string;
  updatedIso: string;
  result: Record<string, unknown>;
  /** tasks/get answers since the task last changed status. */
  polls: number;
  resultWaiters: number;
  /** performance.now() when the task last turned input_required. */
  inputAskedAt?: number;
  done: Promise<void>;
  finish: () => void;
}

/** tasks/list pages hold one task each, so that a walk over two tasks needs a cursor. */
const LIST_PAGE_SIZE = 1;
const TASK_TTL_MS = 60_000;
const INVALID_PARAMS = -32602;
const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const ACTIVE: readonly string[] = ['working', 'input_required'];

/** Serves tasks/get, tasks/result, tasks/list and tasks/cancel on one session for the tasks created through it. */
export class TaskStore<Extra extends object = object> {
  private readonly states: (HeldTask & Extra & TaskState)[] = [];
  private readonly cursors = new Map<string, number>();
  /** The ids of the tasks/result requests cut off (option cutResult): the endpoint drops their responses. */
  readonly resultsToCut = new Set<string | number>();

  constructor(
    private readonly session: RpcSession,
    private readonly options: TaskStoreOptions<Extra>,
  ) {
    session.onRequest('tasks/get', (request) => this.get(request));
    session.onRequest('tasks/result', (request) => this.result(request));
    session.onRequest('tasks/list', (request) => this.list(request));
    session.onRequest('tasks/cancel', (request) => this.cancel(request));
  }

  /** The tasks created here, in creation order (deleted ones too). */
  get tasks(): readonly (HeldTask & Extra)[] {
    return this.states;
  }

  /** Every tasks/list cursor the store handed out. */
  get cursorsIssued(): ReadonlySet<string> {
    return new Set(this.cursors.keys());
  }

  /** Makes a task of the request, whose work will produce this result; answers with its CreateTaskResult. */
  create(request: IncomingRequest, result: Record<string, unknown>, extra: Extra): HandlerAnswer {
    const now = new Date().toISOString();
    const held: HeldTask & TaskState = {
      taskId: randomBytes(24).toString('base64url'),
      method: request.method,
      status: 'working',
      createdRequestId: request.id,
      createdAt: performance.now(),
      reported: [],
      resultAsked: false,
      resultRequests: [],
      cancelRequests: 0,
      createdIso: now,
      updatedIso: now,
      result,
      polls: 0,
      resultWaiters: 0,
      done: Promise.resolve(),
      finish: () => undefined,
    };
    const task = Object.assign(held, extra);
    task.done = new Promise<void>((resolve) => (task.finish = resolve));
    this.states.push(task);
    setTimeout(() => this.advance(task, false), this.options.minWorkMs).unref();
    const endUnfollowed = () => {
      if (!ACTIVE.includes(task.status)) return;
      if (task.status === 'input_required' && task.inputAskedAt !== undefined) {
        if (this.options.inputOutlastsMaxWork) return;
        // A requestor gets as long to come back for the input as it took to see it, and maxWorkMs more (its pace under load).
        const laterMs = 2 * task.inputAskedAt - task.createdAt + this.options.maxWorkMs - performance.now();
        if (laterMs > 0) return void setTimeout(endUnfollowed, laterMs).unref();
      }
      this.move(task, 'completed');
    };
    setTimeout(endUnfollowed, this.options.maxWorkMs).unref();
    return { result: { task: this.view(task) } };
  }

  private view(task: HeldTask & TaskState): Record<string, unknown> {
    return { taskId: task.taskId, status: task.status, createdAt: task.createdIso, lastUpdatedAt: task.updatedIso, ttl: TASK_TTL_MS, pollInterval: this.options.pollIntervalMs };
  }

  private find(request: IncomingRequest): (HeldTask & Extra & TaskState) | undefined {
    return this.states.find((task) => task.taskId === request.params.taskId && !task.deleted);
  }

  private unknown(request: IncomingRequest): HandlerAnswer {
    return { error: { code: INVALID_PARAMS, message: `no task ${JSON.stringify(request.params.taskId)} on this ${this.options.holder}` } };
  }

  private move(task: HeldTask & Extra & TaskState, status: HeldStatus): void {
    if (task.status === status || !ACTIVE.includes(task.status)) return;
    Object.assign(task, { status, polls: 0, updatedIso: new Date().toISOString() });
    if (status === 'input_required') {
      task.inputAskedAt = performance.now();
      return this.options.onInputRequired?.(task);
    }
    task.endedAt = performance.now();
    task.finish();
  }

  /** Moves a task on: at a poll (polled), a waiting tasks/result, or its first timer. */
  private advance(task: HeldTask & Extra & TaskState, polled: boolean): void {
    const input = this.options.asksInput?.(task);
    // The requestor is asked for nothing more than to notice the status: a tasks/result then ends the task.
    if (polled && input === 'at-first-poll' && task.status === 'working' && task.reported.length === 0) return this.move(task, 'input_required');
    if (performance.now() - task.createdAt < this.options.minWorkMs) return;
    if (task.resultWaiters > 0) this.move(task, 'completed');
    else if (input === 'once-worked' && task.status === 'working') this.move(task, 'input_required');
    else if (task.polls >= this.options.pollsBeforeDone) this.move(task, 'completed');
  }

  private get(request: IncomingRequest): HandlerAnswer {
    const task = this.find(request);
    if (!task) return this.unknown(request);
    task.polls += 1;
    this.advance(task, true);
    task.reported.push({ at: request.receivedAt, status: task.status });
    // A hint that must not replace polling, sent before the poll's answer.
    if (this.options.notifyStatus && task.notifiedAt === undefined && task.status === 'working') {
      task.notifiedAt = performance.now();
      void this.session.notify('notifications/tasks/status', this.view(task)).catch(() => undefined);
    }
    return { result: this.view(task) };
  }

  private async result(request: IncomingRequest): Promise<HandlerAnswer> {
    const task = this.find(request);
    if (!task) return this.unknown(request);
    task.resultAsked = true;
    task.resultRequests.push({ at: request.receivedAt, status: task.status });
    // Cut off (the endpoint drops the response) and never answered: the requestor must go back to polling.
    if (this.options.cutResult && task.resultCutAt === undefined && ACTIVE.includes(task.status)) {
      task.resultCutAt = performance.now();
      this.resultsToCut.add(request.id);
      return new Promise<HandlerAnswer>(() => undefined);
    }
    task.resultWaiters += 1;
    this.advance(task, false);
    await task.done;
    task.resultWaiters -= 1;
    if (task.status === 'cancelled') return { error: { code: INVALID_PARAMS, message: `task ${task.taskId} was cancelled before it finished` } };
    return { result: { ...task.result, _meta: { [RELATED_TASK]: { taskId: task.taskId } } } };
  }

  private list(request: IncomingRequest): HandlerAnswer {
    const cursor = request.params.cursor;
    const start = cursor === undefined ? 0 : typeof cursor === 'string' ? this.cursors.get(cursor) : undefined;
    if (start === undefined) return { error: { code: INVALID_PARAMS, message: `tasks/list: unknown cursor ${JSON.stringify(cursor)}; pass back a nextCursor unchanged` } };
    const end = start + LIST_PAGE_SIZE;
    const live = this.states.filter((task) => !task.deleted);
    const page: Record<string, unknown> = { tasks: live.slice(start, end).map((task) => this.view(task)) };
    if (end < live.length) {
      // Opaque, and with capitals and punctuation, so a cursor that was decoded or normalized no longer matches.
      const next = `Pg.${randomBytes(12).toString('base64url')}`;
      this.cursors.set(next, end);
      page.nextCursor = next;
    }
    return { result: page };
  }

  private cancel(request: IncomingRequest): HandlerAnswer {
    const named = this.states.find((task) => task.taskId === request.params.taskId);
    if (named) named.cancelRequests += 1;
    const task = this.find(request);
    if (!task) return this.unknown(request);
    if (!ACTIVE.includes(task.status)) return { error: { code: INVALID_PARAMS, message: `task ${task.taskId} is already ${task.status}` } };
    this.move(task, 'cancelled');
    const answer = this.view(task);
    // A receiver may drop a cancelled task at once: from now on it is unknown, as the requestor must be ready for.
    if (this.options.deleteCancelled) task.deleted = true;
    return { result: answer };
  }
}
