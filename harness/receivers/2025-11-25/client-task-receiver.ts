// The harness as the client a server under test asks for sampling or elicitation: plain requests get a plain
// answer; task-augmented ones, when the connection declared the client's tasks capability, get a task the harness
// runs as a strict receiver (tasks/get, tasks/result, tasks/list, tasks/cancel). Everything the server sent is kept
// with its arrival time, so the requestor checks can judge how the server followed its tasks.
import { isTerminal, type Receiver } from './receiver.js';
import type { HandlerAnswer, IncomingRequest, RpcReply, RpcSession } from '../../wire/session.js';
import { TaskStore, type HeldTask } from '../../wire/2025-11-25/task-store.js';
import type { Timing } from '../../wire/timing.js';

/** The requests a server sends a client that the client may take as tasks. */
export const CLIENT_TASK_METHODS = ['sampling/createMessage', 'elicitation/create'];

/** Polls a task must see before it completes, so that two gaps between polls show the requestor's pace. */
const POLLS_BEFORE_DONE = 3;

/** One task the harness client made of a server's request, and how the server followed it. */
export type ClientTask = HeldTask;

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
  /** A task completes by then however little it was polled (a requestor may wait on tasks/result instead). */
  readonly maxWorkMs: number;
  private readonly store: TaskStore;
  private readonly session: RpcSession;

  constructor(
    receiver: Receiver,
    private readonly options: ClientTaskOptions,
  ) {
    const { timing } = options;
    const session = receiver.session;
    this.session = session;
    this.pollIntervalMs = options.pollIntervalMs ?? Math.min(Math.max(200, 2 * timing.allowanceMs), timing.scaled(1000));
    this.maxWorkMs = Math.max(timing.span(3000, 3), 3 * this.pollIntervalMs);
    this.store = new TaskStore(session, {
      holder: 'client',
      pollIntervalMs: this.pollIntervalMs,
      minWorkMs: this.pollIntervalMs,
      maxWorkMs: this.maxWorkMs,
      pollsBeforeDone: options.pollIntervalMs === undefined ? POLLS_BEFORE_DONE : 2,
      asksInput: () => (options.inputRequired ? 'at-first-poll' : undefined),
      notifyStatus: options.notifyStatus,
    });
    for (const method of CLIENT_TASK_METHODS) session.onRequest(method, (request) => this.take(request));
  }

  /** The tasks the server created here, in creation order. */
  get tasks(): readonly ClientTask[] {
    return this.store.tasks;
  }

  /** Every request the server sent this client so far, with its arrival time. */
  get requests(): IncomingRequest[] {
    return [...this.session.requestsReceived];
  }

  /** Every tasks/list cursor the harness handed out. */
  get cursorsIssued(): ReadonlySet<string> {
    return this.store.cursorsIssued;
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
      if (asked && this.store.tasks.every((task) => isTerminal(task.status))) return undefined;
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
    return this.store.create(request, result, {});
  }
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
