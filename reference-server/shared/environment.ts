// What every connection of one receiver instance shares: options, faults, the task store, and the
// capability decisions that follow from the transport.
import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { Faults } from '../faults.js';
import type { ReferenceOptions, Variant } from '../options.js';
import { TaskStore } from './task-store.js';
import { WorkLine } from './fixture-tools.js';

export const PROTOCOL_VERSION = '2025-11-25';
export const SERVER_INFO = { name: 'mcp-tasks-conformance-reference', version: '0.1.0' } as const;

/** The single context of a stdio process, and of HTTP callers when no tokens are configured. */
export const STDIO_CONTEXT = 'stdio';
export const ANONYMOUS_CONTEXT = 'anonymous';

export class ReceiverEnvironment {
  readonly faults: Faults;
  readonly variant: Variant;
  readonly store: TaskStore;
  /** Counter behind the sequential-task-ids fault. */
  sequentialIds = 0;
  /** Whether the first-task-id-empty fault has given its one task the empty id. */
  emptyIdIssued = false;
  readonly answerDelayMs: number;
  readonly intakeDelayMs: number;
  readonly notifyLagMs: number;
  /** Correct but behind (2026-07-28): a tasks/update's answers take effect this long after its acknowledgement (--update-lag-ms). */
  readonly updateLagMs: number;
  readonly flood: boolean;
  /** Correct but strict about pace: a tasks/get sooner than the task's pollInterval is refused (--rate-limit). */
  readonly rateLimit: boolean;
  /** Correct but long: the text fixtures' work takes at least this long (--work-ms). */
  readonly workMs: number;
  /** Correct but serial: the one line every piece of fixture work waits in (--serial-work); none when work runs at once. */
  readonly workLine?: WorkLine;
  /** Every open 2025-11-25 connection of this receiver (for the fault status-to-every-session, which tells them all). */
  readonly openConnections = new Set<{ notify(method: string, params: Record<string, unknown>): void }>();

  constructor(
    options: ReferenceOptions,
    readonly transport: 'stdio' | 'http',
    /** True when HTTP callers are identified by bearer tokens. */
    readonly identifiesRequestors: boolean,
  ) {
    this.faults = new Faults(options.faults ?? []);
    this.variant = options.variant ?? 'full';
    this.answerDelayMs = options.answerDelayMs ?? 0;
    this.intakeDelayMs = options.intakeDelayMs ?? 0;
    this.notifyLagMs = options.notifyLagMs ?? 0;
    this.updateLagMs = options.updateLagMs ?? 0;
    this.flood = options.flood ?? false;
    this.rateLimit = options.rateLimit ?? false;
    this.workMs = options.workMs ?? 0;
    if (options.serialWork) this.workLine = new WorkLine();
    this.store = new TaskStore({ pollIntervalMs: options.pollIntervalMs });
  }

  /** Whether this receiver declares (and serves) task-augmented tools/call and the tasks/* methods. */
  get tasksEnabled(): boolean {
    return this.variant === 'full';
  }

  /** tasks/list exposes task metadata, so it is offered only when requestors can be told apart. */
  get listEnabled(): boolean {
    return this.tasksEnabled && (this.identifiesRequestors || this.faults.has('list-without-auth'));
  }

  /** Whether get/result/cancel/list are restricted to the caller's own context. */
  get bindsContexts(): boolean {
    return !this.faults.has('no-context-binding');
  }

  capabilities(): ServerCapabilities {
    const capabilities: Record<string, unknown> = { tools: { listChanged: false } };
    // The flood is log messages, which a server sends under the logging capability.
    if (this.flood) capabilities.logging = {};
    if (this.tasksEnabled) {
      const tasks: Record<string, unknown> = {};
      if (this.listEnabled) tasks.list = {};
      tasks.cancel = {};
      tasks.requests = { tools: { call: {} } };
      if (this.faults.has('capability-shape-invalid')) {
        // A boolean where the schema wants an object; fall back to cancel when list is not declared.
        if (this.listEnabled) tasks.list = true;
        else tasks.cancel = true;
      }
      capabilities.tasks = tasks;
    }
    return capabilities as ServerCapabilities;
  }

  close(): void {
    this.store.close();
  }
}
