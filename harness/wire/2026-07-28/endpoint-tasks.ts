// The tasks of the suite's extension server (client-endpoint.ts): when each kind of task moves on, what it asks the
// client for, and how tasks/get, tasks/update and tasks/cancel see it. Strict where the extension binds the server.
import { randomBytes } from 'node:crypto';
import type { EndpointOptions, EndpointTask, EndpointToolKind } from './client-record.js';

/** The pollIntervalMs of the endpoint's tasks unless a check asks for another. */
export const ENDPOINT_POLL_INTERVAL_MS = 200;
/** A task ends after this many polls (a long interval: two suffice to show the pace). */
const POLLS_BEFORE_DONE = 3;
/** An input_required task that got no answer after this many polls fails, so a client that never answers is not held for ever. */
const UNANSWERED_POLLS_BEFORE_FAILING = 6;
/** After the declared request of a mixed-input task is answered, polls before it completes without the other. */
const POLLS_AFTER_DECLARED_ANSWER = 2;
const TASK_TTL_MS = 60_000;

export type Wire = Record<string, unknown>;

interface TaskState extends EndpointTask {
  createdIso: string;
  updatedIso: string;
  polls: number;
  /** Outstanding inputRequests by key. */
  outstanding: Map<string, { method: string; params: Wire }>;
  /** Keys answered but shown once more, as a server that has not yet processed the answer does. */
  lagging: Set<string>;
  answered: Set<string>;
  round: number;
  /** Polls since the task last changed what it shows. */
  sinceChange: number;
  text: string;
  /** Capability names the creating request declared (elicitation, sampling, roots). */
  declared: ReadonlySet<string>;
}

/** The server-to-client request for each client capability, as inputRequests carry it. */
const INPUT_REQUESTS: Readonly<Record<string, { method: string; params: Wire }>> = {
  elicitation: {
    method: 'elicitation/create',
    params: { mode: 'form', message: 'conformance: type any answer', requestedSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] } },
  },
  sampling: { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'conformance: say anything' } }], maxTokens: 16 } },
  roots: { method: 'roots/list', params: {} },
};
/** The capability each input request needs, by method. */
export const CAPABILITY_OF_INPUT: Readonly<Record<string, string>> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling', 'roots/list': 'roots' };

export class EndpointTasks {
  readonly tasks: TaskState[] = [];
  readonly pollIntervalMs: number;
  private readonly minWorkMs: number;
  private readonly maxWorkMs: number;
  private readonly pollsBeforeDone: number;

  constructor(
    private readonly options: EndpointOptions,
    /** The client process start now being served (restarts count up). */
    private readonly run: () => number,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? ENDPOINT_POLL_INTERVAL_MS;
    this.minWorkMs = this.pollIntervalMs;
    this.pollsBeforeDone = options.pollIntervalMs === undefined ? POLLS_BEFORE_DONE : 2;
    this.maxWorkMs = Math.max(5_000, 3 * Math.max(this.pollIntervalMs, options.laterPollIntervalMs ?? 0));
  }

  create(kind: EndpointToolKind, requestId: string | number | null, text: string, declared: ReadonlySet<string>): Wire {
    const now = new Date().toISOString();
    const task: TaskState = {
      taskId: randomBytes(18).toString('base64url'),
      kind,
      status: 'working',
      createdByRequest: requestId,
      createdAt: performance.now(),
      reported: [],
      inputs: new Map(),
      updates: [],
      cancelRequests: 0,
      createdIso: now,
      updatedIso: now,
      polls: 0,
      outstanding: new Map(),
      lagging: new Set(),
      answered: new Set(),
      round: 0,
      sinceChange: 0,
      text,
      declared,
    };
    this.tasks.push(task);
    // A task to be cancelled waits longer, so that a slow client's tasks/cancel still finds it working.
    const bound = kind === 'cancel' ? 2 * this.maxWorkMs : this.maxWorkMs;
    setTimeout(() => {
      if (task.status === 'working') this.move(task, 'completed');
    }, bound).unref();
    return { resultType: 'task', ...this.fields(task) };
  }

  find(taskId: unknown): TaskState | undefined {
    return this.tasks.find((task) => task.taskId === taskId);
  }

  /** tasks/get: the task moves on as polls pass, then is shown as a DetailedTask. */
  get(task: TaskState, at: number): Wire {
    task.polls += 1;
    task.sinceChange += 1;
    this.advance(task);
    const keys = [...task.outstanding.keys(), ...task.lagging];
    const shown: Wire = { resultType: 'complete', ...this.fields(task) };
    task.reported.push({ at, status: task.status, keys, run: this.run(), pollIntervalMs: shown.pollIntervalMs as number });
    if (task.status === 'input_required') {
      const requests: Wire = {};
      for (const key of keys) requests[key] = structuredClone(task.inputs.get(key));
      shown.inputRequests = requests;
      // Shown once more after their answer, as the extension's own example shows; from now on they are gone.
      task.lagging.clear();
    }
    if (task.status === 'completed') shown.result = { resultType: 'complete', content: [{ type: 'text', text: task.text }], isError: false };
    if (task.status === 'failed') shown.statusMessage = 'the task got no answer to its input requests';
    return shown;
  }

  /** tasks/update: answers to outstanding keys are taken; others are ignored, as the extension asks of a server. */
  update(task: TaskState, responses: Wire, at: number): void {
    task.updates.push({ at, responses });
    for (const key of Object.keys(responses)) {
      if (!task.outstanding.has(key)) continue;
      task.outstanding.delete(key);
      task.answered.add(key);
      task.lagging.add(key);
      task.sinceChange = 0;
    }
  }

  cancel(task: TaskState): boolean {
    task.cancelRequests += 1;
    if (!['working', 'input_required'].includes(task.status)) return false;
    this.move(task, 'cancelled');
    return true;
  }

  private advance(task: TaskState): void {
    if (task.status !== 'working' && task.status !== 'input_required') return;
    if (task.kind === 'input') return this.advanceInput(task);
    if (task.kind === 'mixed-input') return this.advanceMixed(task);
    if (task.kind === 'cancel') return;
    const restartHeld = this.options.completeAfterRestart && this.run() < 2;
    if (!restartHeld && performance.now() - task.createdAt >= this.minWorkMs && task.polls >= this.pollsBeforeDone) this.move(task, 'completed');
  }

  /** One question per round, each under a fresh key; the next comes once the last answer has been shown processed. */
  private advanceInput(task: TaskState): void {
    const rounds = this.options.inputRounds ?? 2;
    if (task.outstanding.size > 0 || task.lagging.size > 0) {
      if (task.outstanding.size > 0 && task.sinceChange >= UNANSWERED_POLLS_BEFORE_FAILING) this.move(task, 'failed');
      return;
    }
    if (task.round >= rounds) return this.move(task, 'completed');
    task.round += 1;
    this.ask(task, [`ask-${task.round}`, pickKind(task.declared, true) ?? 'elicitation']);
  }

  /** Two requests at once: one the client declared the capability for, one it did not. */
  private advanceMixed(task: TaskState): void {
    if (task.round === 0) {
      task.round = 1;
      const declared = pickKind(task.declared, true);
      const undeclared = pickKind(task.declared, false);
      this.ask(task, ...(declared ? [['declared', declared] as [string, string]] : []), ...(undeclared ? [['undeclared', undeclared] as [string, string]] : []));
      return;
    }
    const declaredOpen = [...task.outstanding.keys()].some((key) => key.endsWith('declared') && !key.endsWith('undeclared'));
    if (task.outstanding.size === 0 || (!declaredOpen && task.sinceChange >= POLLS_AFTER_DECLARED_ANSWER) || task.sinceChange >= UNANSWERED_POLLS_BEFORE_FAILING) {
      task.outstanding.clear();
      this.move(task, 'completed');
    }
  }

  private ask(task: TaskState, ...entries: [suffix: string, capability: string][]): void {
    const prefix = task.taskId.slice(0, 6);
    for (const [suffix, capability] of entries) {
      const key = `${prefix}-${suffix}`;
      const request = structuredClone(INPUT_REQUESTS[capability]);
      task.inputs.set(key, request);
      task.outstanding.set(key, request);
    }
    task.sinceChange = 0;
    this.move(task, 'input_required');
  }

  private move(task: TaskState, status: string): void {
    if (task.status === status) return;
    Object.assign(task, { status, updatedIso: new Date().toISOString() });
  }

  private fields(task: TaskState): Wire {
    // The CreateTaskResult asks for the first pace; with laterPollIntervalMs every tasks/get answer asks for that one.
    const pollIntervalMs = task.polls > 0 ? (this.options.laterPollIntervalMs ?? this.pollIntervalMs) : this.pollIntervalMs;
    return { taskId: task.taskId, status: task.status, createdAt: task.createdIso, lastUpdatedAt: task.updatedIso, ttlMs: TASK_TTL_MS, pollIntervalMs };
  }
}

/** A capability the client declared (or, with declared false, one it did not), in the order elicitation, sampling, roots. */
function pickKind(declared: ReadonlySet<string>, wanted: boolean): string | undefined {
  return Object.keys(INPUT_REQUESTS).find((capability) => declared.has(capability) === wanted);
}
