// The receiver's tasks: one record per task, bound to an authorization context, with ttl expiry,
// a per-context limit on unfinished tasks, and authenticated keyset cursors for tasks/list.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RpcError } from './jsonrpc.js';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export const MAX_TTL_MS = 3_600_000;
export const DEFAULT_TTL_MS = 300_000;
export const POLL_INTERVAL_MS = 50;
export const MAX_ACTIVE_TASKS_PER_CONTEXT = 200;
export const LIST_PAGE_SIZE = 10;
/** How many expired task ids are remembered so that their owner hears "expired" rather than "unknown". */
const TOMBSTONE_LIMIT = 10_000;
const SWEEP_INTERVAL_MS = 1_000;
/** Longest delay a Node timer accepts; later expiries are left to the sweep. */
const MAX_TIMER_MS = 2_147_483_647;

export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** What the work behind a task produced: the result its request would have answered, or the JSON-RPC error. */
export type TaskOutcome = { kind: 'result'; result: Record<string, unknown> } | { kind: 'error'; error: RpcError };

/** What the underlying tools/call produced: the result it would have answered, or the JSON-RPC error. */
export type ToolOutcome = { kind: 'result'; result: CallToolResult } | { kind: 'error'; error: RpcError };

export interface TaskRecord {
  readonly taskId: string;
  readonly context: string;
  /** Creation order across the whole store; the keyset for tasks/list cursors. */
  readonly seq: number;
  status: TaskStatus;
  statusMessage?: string;
  readonly createdAtMs: number;
  lastUpdatedAtMs: number;
  /** The ttl granted (null would mean unlimited; this receiver always grants a number). */
  readonly ttl: number;
  /** Set by the fault ttl-missing-unrequested on a task created without a requested ttl: every answer leaves ttl out. */
  ttlHidden?: boolean;
  /** Set by the fault numeric-task-id-when-offered when the requestor suggested an id: CreateTaskResult shows a number. */
  numericIdOnCreate?: boolean;
  readonly pollInterval: number;
  readonly expiresAtMs: number;
  /** Not expired while it works, only once it has ended (a fault: result-gives-up-at-ttl). */
  keptWhileWorking?: boolean;
  outcome?: TaskOutcome;
  /**
   * How the task's request type would carry an error as a successful result (for the fault
   * result-error-not-replayed); unset means tools/call, an isError CallToolResult.
   */
  errorAsResult?: (error: RpcError) => Record<string, unknown>;
  /** Aborts the work (delay timers, progress loops, pending elicitations). */
  readonly abort: AbortController;
  removed: boolean;
  /** Called after every status change and on removal; tasks/result waiters and relays listen here. */
  readonly listeners: Set<(record: TaskRecord) => void>;
  /** Sends notifications/tasks/status for this task (to the connection that created it). */
  onStatusChange?: (record: TaskRecord) => void;
  /** Bookkeeping for faults that distort what tasks/get reports. */
  getCount: number;
  getsSinceCompleted: number;
  /** Set by the fault cancel-race-completes when the work starts: when its delay runs out. */
  workEndsAtMs?: number;
  /** Set by the fault cancel-race-completes on a task cancelled late in its work: the work's outcome overwrites cancelled. */
  cancelOverwritable?: boolean;
  /** When a tasks/get of this task keeps the pace its pollInterval asks for (creation, then each served poll). */
  nextPollAtMs: number;
}

export type Lookup = { state: 'found'; record: TaskRecord } | { state: 'expired' } | { state: 'missing' };

export interface CreateTask {
  taskId: string;
  context: string;
  ttl: number;
  /** How long the task is kept; the ttl unless a fault (expires-at-half-ttl) keeps it shorter than it reports. */
  lifetimeMs?: number;
  /** Kept past its lifetime while it still works, expired once it ends (a fault: result-gives-up-at-ttl). */
  keptWhileWorking?: boolean;
}

export class TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly tombstones = new Map<string, string>(); // expired taskId -> context
  private readonly cursorKey = randomBytes(32);
  private nextSeq = 1;
  private readonly sweeper: NodeJS.Timeout;
  private readonly expiryTimers = new Map<TaskRecord, NodeJS.Timeout>();

  /** The pollInterval every task suggests. */
  readonly pollIntervalMs: number;

  constructor(options: { pollIntervalMs?: number } = {}) {
    this.pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
    // Expired tasks are also caught on access; the sweep frees them when nobody asks.
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  create({ taskId, context, ttl, lifetimeMs = ttl, keptWhileWorking = false }: CreateTask): TaskRecord {
    const now = Date.now();
    const existing = this.tasks.get(taskId);
    // Only a fault can reuse an id; the newer task then replaces the older one.
    if (existing) this.tasks.delete(taskId);
    const record: TaskRecord = {
      taskId,
      context,
      seq: this.nextSeq++,
      status: 'working',
      createdAtMs: now,
      lastUpdatedAtMs: now,
      ttl,
      pollInterval: this.pollIntervalMs,
      nextPollAtMs: now + this.pollIntervalMs,
      expiresAtMs: now + lifetimeMs,
      abort: new AbortController(),
      removed: false,
      listeners: new Set(),
      getCount: 0,
      getsSinceCompleted: 0,
      ...(keptWhileWorking ? { keptWhileWorking } : {}),
    };
    this.tasks.set(taskId, record);
    this.tombstones.delete(taskId);
    // Expire on time, so a tasks/result blocked on this task hears about it promptly.
    if (lifetimeMs <= MAX_TIMER_MS) {
      const timer = setTimeout(() => this.expireIfDue(record), lifetimeMs + 1);
      timer.unref();
      this.expiryTimers.set(record, timer);
    }
    return record;
  }

  /** Finds a task; with a context, a task of another context is reported exactly like a missing one. */
  lookup(taskId: string, context: string | undefined): Lookup {
    const record = this.tasks.get(taskId);
    if (record && this.expireIfDue(record)) return this.lookup(taskId, context);
    if (record) return context === undefined || record.context === context ? { state: 'found', record } : { state: 'missing' };
    const owner = this.tombstones.get(taskId);
    if (owner !== undefined && (context === undefined || owner === context)) return { state: 'expired' };
    return { state: 'missing' };
  }

  /** How long before a tasks/get of the task would keep its pollInterval; 0 when it already does. */
  pollWaitMs(record: TaskRecord): number {
    return Math.max(0, record.nextPollAtMs - Date.now());
  }

  /** A tasks/get of the task is served: the next keeps the pace from now. */
  polled(record: TaskRecord): void {
    record.nextPollAtMs = Date.now() + record.pollInterval;
  }

  /** Unfinished tasks of one context, for the concurrency limit. */
  activeCount(context: string): number {
    let count = 0;
    for (const record of this.tasks.values()) if (record.context === context && !isTerminal(record.status)) count++;
    return count;
  }

  /** Live tasks in creation order, optionally of one context only. */
  inCreationOrder(context: string | undefined): TaskRecord[] {
    this.sweep();
    const records = [...this.tasks.values()].filter((record) => context === undefined || record.context === context);
    return records.sort((a, b) => a.seq - b.seq);
  }

  /**
   * Moves a task to a new status. Terminal tasks never move unless `force` (used only by faults).
   * lastUpdatedAt never goes backwards and never precedes createdAt.
   */
  transition(record: TaskRecord, status: TaskStatus, statusMessage?: string, force = false): boolean {
    if (record.removed) return false;
    if (isTerminal(record.status) && !force) return false;
    if (record.status === status && record.statusMessage === statusMessage) return false;
    record.status = status;
    record.statusMessage = statusMessage;
    record.lastUpdatedAtMs = Math.max(Date.now(), record.lastUpdatedAtMs, record.createdAtMs);
    record.onStatusChange?.(record);
    this.emit(record);
    return true;
  }

  /** A keyset cursor: the last listed task's creation sequence, the context and the page number, signed. */
  encodeCursor(context: string, afterSeq: number, page: number): string {
    const payload = Buffer.from(JSON.stringify({ c: context, s: afterSeq, p: page })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** Returns the cursor's position, or undefined if it is not one this store issued to this context. */
  decodeCursor(cursor: string, context: string): { afterSeq: number; page: number } | undefined {
    const dot = cursor.indexOf('.');
    if (dot <= 0) return undefined;
    const payload = cursor.slice(0, dot);
    const given = Buffer.from(cursor.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.sign(payload), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { c?: unknown; s?: unknown; p?: unknown };
      if (decoded.c !== context || !Number.isSafeInteger(decoded.s) || !Number.isSafeInteger(decoded.p)) return undefined;
      return { afterSeq: decoded.s as number, page: decoded.p as number };
    } catch {
      return undefined;
    }
  }

  /** Ends every task's work and stops the sweep timer. */
  close(): void {
    clearInterval(this.sweeper);
    for (const record of this.tasks.values()) this.remove(record);
    this.tasks.clear();
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.cursorKey).update(payload).digest('base64url');
  }

  private sweep(): void {
    for (const record of [...this.tasks.values()]) this.expireIfDue(record);
  }

  private expireIfDue(record: TaskRecord): boolean {
    if (Date.now() < record.expiresAtMs || (record.keptWhileWorking && !isTerminal(record.status))) return false;
    if (this.tasks.get(record.taskId) === record) this.tasks.delete(record.taskId);
    this.tombstones.set(record.taskId, record.context);
    if (this.tombstones.size > TOMBSTONE_LIMIT) this.tombstones.delete(this.tombstones.keys().next().value as string);
    this.remove(record);
    return true;
  }

  private remove(record: TaskRecord): void {
    if (record.removed) return;
    record.removed = true;
    clearTimeout(this.expiryTimers.get(record));
    this.expiryTimers.delete(record);
    record.abort.abort(new Error('task removed'));
    this.emit(record);
  }

  private emit(record: TaskRecord): void {
    for (const listener of [...record.listeners]) {
      try {
        listener(record);
      } catch (error) {
        process.stderr.write(`reference-server: task listener failed: ${String(error)}\n`);
      }
    }
  }
}
