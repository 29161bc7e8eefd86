// The pace a receiver asks of its requestor. Where the suite polls (both eras, the client role, explore) the next
// tasks/get of a task waits at least the pollInterval (pollIntervalMs) that task's last answer gave, creation
// included; a refusal that is plainly about pace (HTTP 429, Retry-After, "rate limit") is a reason to wait and ask
// again, never a finding by itself.
import type { AskedPace } from './answer-pace.js';
import type { RpcReply } from '../model/rpc.js';
import { pause } from './timing.js';

/** What the transport saw of one request's HTTP exchange that speaks of pace. */
export interface PaceHint {
  status: number;
  /** From Retry-After (seconds or an HTTP date), in milliseconds. */
  retryAfterMs?: number;
}

/** A transport that records HTTP pace hints by request id (both HTTP transports of the harness do). */
export interface PaceHintSource {
  readonly paceHints: Map<string | number, PaceHint>;
  /** How long each request waited on the suite's side before the receiver took it (the identity's pacing, refusals waited out). */
  heldMsOf?(id: string | number): number;
  /** Where the transport says what it did about pace (a refusal waited out): the session's transcript. */
  paceNote?: (line: string) => void;
}

/** Words a receiver uses to refuse a request for its pace. */
const PACE_WORDS = /rate[\s_-]?limit|too many requests|slow down|throttl|poll(?:ed|ing)? too (?:fast|often|soon|frequently)|retry[\s_-]?after/i;

/** Bounds on asking again after pace refusals: the back-off doubles from the given interval up to this many tries. */
export const PACE_RETRIES = 6;

/** The interval a task's answer asks for: pollInterval (2025-11-25) or pollIntervalMs (2026-07-28), whole milliseconds. */
export function askedIntervalMs(task: Record<string, unknown> | undefined): number | undefined {
  const value = task?.pollInterval ?? task?.pollIntervalMs;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}

/** The task an answer reports with its pace: a tasks/get result, a legacy CreateTaskResult (`task`), a modern one (flat). */
export function pacedTaskOf(method: string, result: Record<string, unknown>): { taskId: string; intervalMs: number | undefined } | undefined {
  const legacyCreated = method !== 'tasks/get' && typeof result.task === 'object' && result.task !== null ? (result.task as Record<string, unknown>) : undefined;
  const task = legacyCreated ?? (method === 'tasks/get' || result.resultType === 'task' ? result : undefined);
  if (!task || typeof task.taskId !== 'string') return undefined;
  return { taskId: task.taskId, intervalMs: askedIntervalMs(task) };
}

/** Why an answer is a refusal for pace, with the wait it asked for; undefined when it is not one. */
export function paceRefusal(reply: RpcReply, hint: PaceHint | undefined): { why: string; retryAfterMs?: number } | undefined {
  if (hint?.status === 429) return { why: 'HTTP 429 Too Many Requests', retryAfterMs: hint.retryAfterMs };
  if (reply.ok) return undefined;
  if (hint?.retryAfterMs !== undefined) return { why: `HTTP ${hint.status} with Retry-After`, retryAfterMs: hint.retryAfterMs };
  const data = reply.error.data;
  const text = `${reply.error.message} ${data === undefined ? '' : JSON.stringify(data)}`;
  if (!PACE_WORDS.test(text)) return undefined;
  const asked = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const retryAfterMs = typeof asked.retryAfterMs === 'number' ? asked.retryAfterMs : typeof asked.retryAfter === 'number' ? asked.retryAfter * 1000 : undefined;
  return { why: `error ${reply.error.code} "${reply.error.message.slice(0, 120)}"`, retryAfterMs };
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

interface TaskPace {
  /** performance.now() before which the next tasks/get of the task would come sooner than asked. */
  notBefore: number;
  intervalMs: number;
  /** The back-off after the latest pace refusal; 0 once the task was served again. */
  backOffMs: number;
}

/** Per connection: when each task may next be polled. */
export class PollSchedule {
  private readonly tasks = new Map<string, TaskPace>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly settlers = new Map<string, () => void>();

  constructor(private readonly asked?: AskedPace) {}

  /** After an answer that reported the task: the next poll waits the interval it asked for, counted from its arrival. */
  answered(taskId: string, intervalMs: number | undefined, at: number): void {
    const interval = intervalMs ?? this.tasks.get(taskId)?.intervalMs ?? 0;
    if (intervalMs !== undefined) this.asked?.record(intervalMs);
    this.tasks.set(taskId, { notBefore: at + interval, intervalMs: interval, backOffMs: 0 });
  }

  intervalOf(taskId: string): number | undefined {
    return this.tasks.get(taskId)?.intervalMs;
  }

  /** How long a tasks/get of the task must wait now to keep the pace (0 for a task never reported). */
  waitFor(taskId: string): number {
    const pace = this.tasks.get(taskId);
    return pace ? Math.max(0, Math.ceil(pace.notBefore - performance.now())) : 0;
  }

  /**
   * Waits until a tasks/get of the task keeps the pace, after any of ours still in flight for it has been answered
   * (its answer restarts the interval); then the poll is in flight until `answered` or `settled`. Ends early (false)
   * when `closed` settles.
   */
  async ready(taskId: string, closed: Promise<unknown>): Promise<boolean> {
    let ended = false;
    const whenClosed = closed.then(() => (ended = true));
    for (;;) {
      const earlier = this.inFlight.get(taskId);
      if (earlier) await Promise.race([earlier, whenClosed]);
      else {
        const waitMs = this.waitFor(taskId);
        if (waitMs > 0) await pause(waitMs, undefined, whenClosed);
        // Another poll of the task may have started meanwhile: it goes first.
        if (!this.inFlight.has(taskId) || ended) break;
      }
      if (ended) break;
    }
    if (ended) return false;
    let settle!: () => void;
    this.inFlight.set(taskId, new Promise<void>((resolve) => (settle = resolve)));
    this.settlers.set(taskId, settle);
    return true;
  }

  /** The poll in flight for the task got its answer (or none): the next may go once the pace allows. */
  settled(taskId: string): void {
    this.settlers.get(taskId)?.();
    this.settlers.delete(taskId);
    this.inFlight.delete(taskId);
  }

  /** After a refusal for pace: the next try waits what it asked, or the interval doubled each time, at least. */
  refused(taskId: string, retryAfterMs: number | undefined, at: number): number {
    const pace = this.tasks.get(taskId) ?? { notBefore: at, intervalMs: 0, backOffMs: 0 };
    const doubled = pace.backOffMs > 0 ? 2 * pace.backOffMs : Math.max(pace.intervalMs, 100);
    const backOffMs = Math.max(doubled, retryAfterMs ?? 0);
    this.tasks.set(taskId, { ...pace, notBefore: at + backOffMs, backOffMs });
    return backOffMs;
  }
}
