// The harness as the client a server under test asks for sampling or elicitation: plain requests get a plain
// answer; task-augmented ones, when the connection declared the client's tasks capability, get a task the harness
// runs as a strict receiver (tasks/get, tasks/result, tasks/list, tasks/cancel). Everything the server sent is kept
// with its arrival time, so the requestor checks can judge how the server followed its tasks.
import { randomBytes } from 'node:crypto';
import { isTerminal, RELATED_TASK_META, type Receiver } from './receiver.js';
import type { HandlerAnswer, IncomingRequest, RpcReply, RpcSession } from '../../wire/session.js';
import type { Timing } from '../../wire/timing.js';

/** The requests a server sends a client that the client may take as tasks. */
export const CLIENT_TASK_METHODS = ['sampling/createMessage', 'elicitation/create'];

/** Polls a task must see before it completes, so that two gaps between polls show the requestor's pace. */
const POLLS_BEFORE_DONE = 3;
/** tasks/list pages hold one task each, so that a walk over two tasks needs a cursor. */
const LIST_PAGE_SIZE = 1;
const TASK_TTL_MS = 60_000;
const UNKNOWN_TASK = -32602;

export interface ClientTask {
  taskId: string;
  method: string;
  status: 'working' | 'input_required' | 'completed' | 'cancelled';
  createdAt: number;
  /** performance.now() when it turned terminal. */
  endedAt?: number;
  /** Each tasks/get answer: when, and the status it reported. */
  reported: { at: number; status: string }[];
  /** Whether the server asked for the result with tasks/result. */
  resultAsked: boolean;
  /** Each tasks/result request: when it arrived, and the task's status at that moment. */
  resultRequests: { at: number; status: string }[];
  /** When the harness sent a status notification of the task (option notifyStatus), if it did. */
  notifiedAt?: number;
}

/** Something the server sent this client, or undefined for a call that ended without an answer. */

interface TaskState extends ClientTask {
  createdIso: string;
  updatedIso: string;
  result: Record<string, unknown>;
  polls: number;
  resultWaiters: number;
  done: Promise<void>;
  finish: () => void;
}

export interface ClientTaskOptions {
  /** Whether this connection declared the client's tasks capability (a task-capable client); without it a task field is ignored, as a receiver must. */
  tasksDeclared: boolean | 'sampling';
  timing: Timing;
  /** The pollInterval its tasks ask for, instead of a brisk one: long for the check that judges the pace (two polls then suffice). */
  pollIntervalMs?: number;
  /** A task turns input_required at its first poll, and stays so until a tasks/result waits for it (or three more polls pass). */
  inputRequired?: boolean;
  /** A status notification (still working) of a task goes out at its first poll, before the poll's answer. */
  notifyStatus?: boolean;
}

export class ClientTaskReceiver {
  /** The pollInterval every task of this harness client suggests: long enough to judge a pace, short enough to keep checks brief. */
  readonly pollIntervalMs: number;
  /** Before this a task does not complete, so that a requestor polling too fast shows it. */
  private readonly minWorkMs: number;
  /** A task completes by then however little it was polled (a requestor may wait on tasks/result instead). */
  readonly maxWorkMs: number;
  private readonly pollsBeforeDone: number;
  private readonly states: TaskState[] = [];
  private readonly cursors = new Map<string, number>();

  private readonly session: RpcSession;

  constructor(
    receiver: Receiver,
    private readonly options: ClientTaskOptions,
  ) {
    const { timing } = options;
    const session = receiver.session;
    this.session = session;
    this.pollIntervalMs = options.pollIntervalMs ?? Math.min(Math.max(200, 2 * timing.allowanceMs), timing.scaled(1000));
    this.minWorkMs = this.pollIntervalMs;
    this.maxWorkMs = Math.max(timing.span(3000, 3), 3 * this.pollIntervalMs);
    this.pollsBeforeDone = options.pollIntervalMs === undefined ? POLLS_BEFORE_DONE : 2;
    for (const method of CLIENT_TASK_METHODS) session.onRequest(method, (request) => this.take(request));
    session.onRequest('tasks/get', (request) => this.get(request));
    session.onRequest('tasks/result', (request) => this.result(request));
    session.onRequest('tasks/list', (request) => this.list(request));
    session.onRequest('tasks/cancel', (request) => this.cancel(request));
  }

  /** The tasks the server created here, in creation order. */
  get tasks(): readonly ClientTask[] {
    return this.states;
  }

  /** Every request the server sent this client so far, with its arrival time. */
  get requests(): IncomingRequest[] {
    return [...this.session.requestsReceived];
  }

  /** Every tasks/list cursor the harness handed out. */
  get cursorsIssued(): ReadonlySet<string> {
    return new Set(this.cursors.keys());
  }

  /**
   * Waits for the server's answer to the call, or until the server has gone quiet with every task of this client
   * ended (it stopped following them): undefined then. Quiet means no request for a few times its slowest pace so far.
   */
  async awaitRequestor(call: Promise<RpcReply>): Promise<RpcReply | undefined> {
    const settled = call.then(
      (reply) => ({ reply }),
      (error: unknown) => ({ error }),
    );
    for (;;) {
      const since = performance.now();
      const next = this.session.waitForRequest((request) => request.receivedAt > since, this.quietMs()).then((request) => ({ request }));
      const outcome = await Promise.race([settled, next]);
      if ('reply' in outcome) return outcome.reply;
      if ('error' in outcome) throw outcome.error;
      if (outcome.request) continue;
      if (this.session.closed) {
        // The pending call fails with the closed connection; that failure is the outcome.
        const final = await settled;
        if ('error' in final) throw final.error;
        return final.reply;
      }
      const asked = this.session.requestsReceived.some((request) => CLIENT_TASK_METHODS.includes(request.method));
      if (asked && this.states.every((task) => isTerminal(task.status))) return undefined;
    }
  }

  private quietMs(): number {
    const times = this.session.requestsReceived.map((request) => request.receivedAt);
    const slowest = times.slice(1).reduce((longest, time, index) => Math.max(longest, time - times[index]), 0);
    return Math.max(this.options.timing.span(5000, 2), Math.ceil(3 * slowest));
  }

  private take(request: IncomingRequest): HandlerAnswer {
    const result = answerFor(request);
    const task = request.params.task;
    // A task field on a request type this client declared no task support for is ignored, as a receiver must.
    const declared = this.options.tasksDeclared === 'sampling' ? request.method === 'sampling/createMessage' : this.options.tasksDeclared;
    if (!declared || typeof task !== 'object' || task === null) return { result };
    const now = new Date().toISOString();
    const state: TaskState = {
      taskId: randomBytes(18).toString('base64url'),
      method: request.method,
      status: 'working',
      createdAt: performance.now(),
      createdIso: now,
      updatedIso: now,
      reported: [],
      resultAsked: false,
      resultRequests: [],
      result,
      polls: 0,
      resultWaiters: 0,
      done: Promise.resolve(),
      finish: () => undefined,
    };
    state.done = new Promise<void>((resolve) => (state.finish = resolve));
    this.states.push(state);
    setTimeout(() => this.completeIfDue(state), this.minWorkMs).unref();
    setTimeout(() => this.end(state, 'completed'), this.maxWorkMs).unref();
    return { result: { task: this.view(state) } };
  }

  /** Completes a task once it has worked its minimum and the requestor has shown its pace (or waits on tasks/result). */
  private completeIfDue(state: TaskState): void {
    const worked = performance.now() - state.createdAt >= this.minWorkMs;
    if (worked && (state.polls >= this.pollsBeforeDone || state.resultWaiters > 0)) this.end(state, 'completed');
  }

  private end(state: TaskState, status: 'completed' | 'cancelled'): void {
    if (isTerminal(state.status)) return;
    Object.assign(state, { status, endedAt: performance.now(), updatedIso: new Date().toISOString() });
    state.finish();
  }

  private view(state: TaskState): Record<string, unknown> {
    return { taskId: state.taskId, status: state.status, createdAt: state.createdIso, lastUpdatedAt: state.updatedIso, ttl: TASK_TTL_MS, pollInterval: this.pollIntervalMs };
  }

  private find(request: IncomingRequest): TaskState | undefined {
    return this.states.find((state) => state.taskId === request.params.taskId);
  }

  private get(request: IncomingRequest): HandlerAnswer {
    const state = this.find(request);
    if (!state) return unknownTask(request);
    state.polls += 1;
    // The requestor is asked for nothing more than to notice the status: a tasks/result then ends the task.
    if (this.options.inputRequired && state.status === 'working' && state.reported.length === 0) Object.assign(state, { status: 'input_required', polls: 0, updatedIso: new Date().toISOString() });
    else this.completeIfDue(state);
    state.reported.push({ at: request.receivedAt, status: state.status });
    // A hint that must not replace polling.
    if (this.options.notifyStatus && state.notifiedAt === undefined && state.status === 'working') {
      state.notifiedAt = performance.now();
      void this.session.notify('notifications/tasks/status', this.view(state)).catch(() => undefined);
    }
    return { result: this.view(state) };
  }

  private async result(request: IncomingRequest): Promise<HandlerAnswer> {
    const state = this.find(request);
    if (!state) return unknownTask(request);
    state.resultAsked = true;
    state.resultRequests.push({ at: request.receivedAt, status: state.status });
    state.resultWaiters += 1;
    this.completeIfDue(state);
    await state.done;
    state.resultWaiters -= 1;
    if (state.status === 'cancelled') return { error: { code: UNKNOWN_TASK, message: `task ${state.taskId} was cancelled before it finished` } };
    return { result: { ...state.result, _meta: { [RELATED_TASK_META]: { taskId: state.taskId } } } };
  }

  private list(request: IncomingRequest): HandlerAnswer {
    const cursor = request.params.cursor;
    const start = cursor === undefined ? 0 : this.cursors.get(cursor as string);
    if (start === undefined || typeof cursor === 'number') return { error: { code: UNKNOWN_TASK, message: `tasks/list: unknown cursor ${JSON.stringify(cursor)}; pass back a nextCursor unchanged` } };
    const end = start + LIST_PAGE_SIZE;
    const page: Record<string, unknown> = { tasks: this.states.slice(start, end).map((state) => this.view(state)) };
    if (end < this.states.length) {
      // Opaque, and with capitals and punctuation, so a cursor that was decoded or normalized no longer matches.
      const next = `Pg.${randomBytes(12).toString('base64url')}`;
      this.cursors.set(next, end);
      page.nextCursor = next;
    }
    return { result: page };
  }

  private cancel(request: IncomingRequest): HandlerAnswer {
    const state = this.find(request);
    if (!state) return unknownTask(request);
    if (state.status !== 'working') return { error: { code: UNKNOWN_TASK, message: `task ${state.taskId} is already ${state.status}` } };
    this.end(state, 'cancelled');
    return { result: this.view(state) };
  }
}

function unknownTask(request: IncomingRequest): HandlerAnswer {
  return { error: { code: UNKNOWN_TASK, message: `no task ${JSON.stringify(request.params.taskId)} on this client` } };
}

/** What the harness answers a sampling or elicitation request with: the request's own text, echoed. */
function answerFor(request: IncomingRequest): Record<string, unknown> {
  if (request.method === 'sampling/createMessage') {
    const messages = Array.isArray(request.params.messages) ? (request.params.messages as { content?: { text?: unknown } }[]) : [];
    const text = messages.map((message) => message.content?.text).filter((value) => typeof value === 'string');
    return { role: 'assistant', content: { type: 'text', text: text[text.length - 1] ?? '' }, model: 'mcp-tasks-conformance', stopReason: 'endTurn' };
  }
  return { action: 'accept', content: formAnswer(request.params) };
}

/** Fills every field of the requested form: strings with the message, enums with their first value, numbers with their minimum. */
function formAnswer(params: Record<string, unknown>): Record<string, unknown> {
  const schema = params.requestedSchema as { properties?: Record<string, { type?: string; enum?: unknown[]; minimum?: number; default?: unknown }> } | undefined;
  const answer: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (property.default !== undefined) answer[name] = property.default;
    else if (Array.isArray(property.enum) && property.enum.length > 0) answer[name] = property.enum[0];
    else if (property.type === 'string') answer[name] = typeof params.message === 'string' ? params.message : '';
    else if (property.type === 'number' || property.type === 'integer') answer[name] = property.minimum ?? 0;
    else if (property.type === 'boolean') answer[name] = true;
  }
  return answer;
}
