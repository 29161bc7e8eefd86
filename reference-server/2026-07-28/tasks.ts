// The modern era's tasks: records kept in their own TaskStore (ttl expiry, terminal states that stay put,
// per-context lookup), each with its input requests, and the running of a task's work through to its outcome.
import { randomBytes } from 'node:crypto';
import { AbortedError } from '../shared/fixture-tools.js';
import type { Faults } from '../faults.js';
import { INTERNAL_ERROR, RpcError, describeError, rateLimited } from '../shared/jsonrpc.js';
import { TaskStore, isTerminal, type TaskRecord, type TaskStatus, type ToolOutcome } from '../shared/task-store.js';
import { InputBook, type InputAnswer, type InputRequest } from './inputs.js';
import { TASK_TTL_MS } from './protocol.js';
import type { WorkLine } from '../shared/fixture-tools.js';

/** How long a task stays invisible after its CreateTaskResult under the fault ext-lazy-create. */
const LAZY_CREATE_MS = 300;

export interface ModernTask {
  readonly record: TaskRecord;
  readonly inputs: InputBook;
  /** Before this instant the task is not found (fault ext-lazy-create); 0 otherwise. */
  readonly visibleAtMs: number;
  /** When its work is due to end, where the work knows (slow_compute): the fault ext-cancel-race-completes looks at it. */
  workEndsAtMs?: number;
  /** The ttlMs shown instead of the record's (fault ext-update-dropped cuts it short). */
  ttlShownMs?: number;
  /** Set by ext-cancel-race-completes on a task cancelled late in its work (ext-cancel-not-final: on any): its outcome overwrites cancelled. */
  cancelLostRace?: boolean;
}

/** Under ext-cancel-race-completes, a cancel this close to the end of the work does not stop it. */
const CANCEL_RACE_WINDOW_MS = 600;

export type TaskLookup = { state: 'found'; task: ModernTask } | { state: 'expired' } | { state: 'missing' };

/** What a task's work may do besides computing its outcome. */
export interface TaskWork {
  signal: AbortSignal;
  /** Moves the task to input_required with these requests outstanding; resolves with the answers by prefix once all are in. */
  ask(entries: ReadonlyArray<readonly [prefix: string, request: InputRequest]>, statusMessage: string): Promise<Record<string, InputAnswer>>;
  /** Tells when the work will be done (Date.now() milliseconds), where it knows. */
  endsAt?(atMs: number): void;
  /** One piece of work at a time across the receiver (--serial-work). */
  workLine?: WorkLine;
}

export class ModernTasks {
  /** Contexts that declared the extension on some request (read only by the fault ext-remembers-extension). */
  readonly declaredBy = new Set<string>();
  private readonly store: TaskStore;
  private readonly byRecord = new WeakMap<TaskRecord, ModernTask>();
  private readonly changeListeners = new Set<(task: ModernTask) => void>();
  private sequence = 0;
  /** Answers of acknowledged tasks/update requests on their way to their tasks (--update-lag-ms). */
  private readonly lagging = new Set<NodeJS.Timeout>();

  constructor(
    private readonly faults: Faults,
    /**
     * The pace every task asks for, whether a poll sooner than it is refused (--poll-interval-ms, --rate-limit), how
     * long an acknowledged tasks/update takes to reach its task (--update-lag-ms), the line work waits in (--serial-work),
     * and the ttlMs every task is granted (--ttl-ms).
     */
    private readonly pace: { pollIntervalMs?: number; ttlMs?: number; rateLimit?: boolean; updateLagMs?: number; workLine?: WorkLine } = {},
  ) {
    this.store = new TaskStore({ pollIntervalMs: pace.pollIntervalMs });
  }

  /** The line fixture work waits in (--serial-work), for work outside a task too. */
  get workLine(): WorkLine | undefined {
    return this.pace.workLine;
  }

  /** A tasks/get of the task: refused when it comes sooner than the task's pollIntervalMs and the pace is enforced. */
  admitPoll(task: ModernTask): void {
    const waitMs = this.store.pollWaitMs(task.record);
    if (this.pace.rateLimit && waitMs > 0) throw rateLimited(waitMs, task.record.pollInterval);
    this.store.polled(task.record);
  }

  /** Stores a new working task of this context; it is found by tasks/get from now on (unless a fault delays that). */
  create(context: string): ModernTask {
    // 256 bits from the CSPRNG: a task id is as good as a bearer token for the task.
    const taskId = this.faults.has('ext-sequential-ids') ? `task-${++this.sequence}` : randomBytes(32).toString('base64url');
    const ttl = this.pace.ttlMs ?? TASK_TTL_MS;
    // ext-expires-at-half-ttl: the task is discarded when half the ttlMs it reports has run.
    const record = this.store.create({ taskId, context, ttl, lifetimeMs: this.faults.has('ext-expires-at-half-ttl') ? Math.round(ttl / 2) : ttl });
    const task: ModernTask = { record, inputs: new InputBook(), visibleAtMs: this.faults.has('ext-lazy-create') ? Date.now() + LAZY_CREATE_MS : 0 };
    this.byRecord.set(record, task);
    record.onStatusChange = () => {
      for (const listener of [...this.changeListeners]) listener(task);
    };
    return task;
  }

  /** Finds a task of the context (of any context when undefined); another context's task is missing, unless the fault ext-shared-tasks is active. */
  find(taskId: string, context: string | undefined): TaskLookup {
    const found = this.store.lookup(taskId, this.faults.has('ext-shared-tasks') ? undefined : context);
    if (found.state !== 'found') return found;
    const task = this.byRecord.get(found.record);
    if (!task || Date.now() < task.visibleAtMs) return { state: 'missing' };
    if (this.faults.has('ext-forgotten-at-end') && isTerminal(found.record.status)) return { state: 'missing' };
    return { state: 'found', task };
  }

  /** Hears every status change of every task; the returned function stops listening. */
  onChange(listener: (task: ModernTask) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Runs the work of a task and settles its outcome; a cancelled or expired task keeps its status. */
  async run(task: ModernTask, work: (work: TaskWork) => Promise<ToolOutcome>): Promise<void> {
    const { signal } = task.record.abort;
    let outcome: ToolOutcome;
    try {
      outcome = await work({ signal, ask: (entries, statusMessage) => this.ask(task, entries, statusMessage), endsAt: (atMs) => (task.workEndsAtMs = atMs), workLine: this.pace.workLine });
    } catch (error) {
      if (signal.aborted || error instanceof AbortedError) return;
      outcome = { kind: 'error', error: new RpcError(INTERNAL_ERROR, `Internal error in the task's work: ${describeError(error)}`) };
    }
    this.settle(task, outcome);
  }

  /** Cancels an unfinished task and stops its work; a terminal task stays as it is (unless a fault overrides it). */
  cancel(task: ModernTask): void {
    const { record } = task;
    const override = this.faults.has('ext-cancel-overrides-terminal') || (this.faults.has('ext-cancel-overrides-failed') && record.status === 'failed');
    if (isTerminal(record.status) && !override) return;
    this.transition(task, 'cancelled', 'Cancelled: the requestor sent tasks/cancel', override);
    const late = task.workEndsAtMs !== undefined && task.workEndsAtMs - Date.now() <= CANCEL_RACE_WINDOW_MS;
    if ((late && this.faults.has('ext-cancel-race-completes')) || this.faults.has('ext-cancel-not-final')) {
      task.cancelLostRace = true;
      return;
    }
    record.abort.abort(new Error('task cancelled'));
  }

  transition(task: ModernTask, status: TaskStatus, statusMessage?: string, force = false): void {
    this.store.transition(task.record, status, statusMessage, force);
  }

  /** Runs `apply` (an acknowledged update's effect) now, or after --update-lag-ms: the extension lets the ack come first. */
  afterUpdateLag(apply: () => void): void {
    const lagMs = this.pace.updateLagMs ?? 0;
    if (lagMs <= 0) return apply();
    const timer = setTimeout(() => {
      this.lagging.delete(timer);
      apply();
    }, lagMs);
    this.lagging.add(timer);
  }

  /** Ends every task's work and the store's timers. */
  close(): void {
    for (const timer of this.lagging) clearTimeout(timer);
    this.lagging.clear();
    this.changeListeners.clear();
    this.store.close();
  }

  private async ask(task: ModernTask, entries: ReadonlyArray<readonly [string, InputRequest]>, statusMessage: string): Promise<Record<string, InputAnswer>> {
    const answers = task.inputs.ask(entries, task.record.abort.signal, this.faults);
    this.transition(task, 'input_required', statusMessage);
    const answered = await answers;
    this.transition(task, 'working');
    return answered;
  }

  private settle(task: ModernTask, outcome: ToolOutcome): void {
    const { record } = task;
    if (record.removed || (isTerminal(record.status) && !task.cancelLostRace)) return;
    if (outcome.kind === 'result' && outcome.result.isError === true && this.faults.has('ext-tool-error-failed')) {
      const text = outcome.result.content.map((item) => (item.type === 'text' ? item.text : '')).join(' ');
      outcome = { kind: 'error', error: new RpcError(INTERNAL_ERROR, text || 'the tool reported an error') };
    }
    record.outcome = outcome;
    const force = task.cancelLostRace === true;
    if (outcome.kind === 'error') {
      this.transition(task, 'failed', `The work failed with JSON-RPC error ${outcome.error.code}: ${outcome.error.message}`, force);
    } else {
      this.transition(task, 'completed', undefined, force);
    }
  }
}
