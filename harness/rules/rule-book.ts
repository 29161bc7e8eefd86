// The passive judge: fed every message a proxy forwards (or a recorded trace), it pairs requests with their answers,
// learns each conversation's era from the traffic (an initialize is 2025-11-25; a request carrying its protocol
// version in _meta is 2026-07-28), and judges receiver rules on the side that receives a task and requestor rules on
// the side that asks. Message rules reuse the suite's schemas; lifecycle rules are explore's model (lifecycle.ts).
// Every structure is bounded, so a session of days costs what a session of minutes does.
import { RELATED_TASK_META, levelOf } from '../model/model-basics.js';
import type { Era, Keyword, Requirement } from '../model/model.js';
import { isRecord, isTerminalStatus } from './2025-11-25/lifecycle.js';
import type { Answer } from '../explore/run-log.js';
import { pacedTaskOf } from '../wire/poll-pace.js';
import { sightingsInAnswer, taskShapeViolations, TASK_SHAPE_REQUIREMENTS } from '../model/schemas/task-shape.js';
import { declaresExtension, META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION } from '../wire/2026-07-28/envelope.js';
import { extTaskShapeProblems } from '../receivers/2026-07-28/tasks.js';
import { addOperation, LIFECYCLE_REQUIREMENTS, startTask, type TrackedTask } from './task-logs.js';
import { otherParty, type Party, type WireEntry } from './traffic.js';

/** The rules the proxy judges, per era, and whether each binds the side receiving a task or the side asking. */
export const JUDGED_RULES: Record<Era, { receiver: readonly string[]; requestor: readonly string[] }> = {
  legacy: {
    receiver: [
      'BASE-JSONRPC-RESPONSE',
      'BASE-STDIO-STDOUT-MCP-ONLY',
      'BASE-PROGRESS-INCREASES',
      ...TASK_SHAPE_REQUIREMENTS,
      'TASKS-META-RESULT-INCLUDES',
      'TASKS-META-RECEIVER-NO-META',
      'TASKS-NOTIFY-NO-RELATED-META',
      'TASKS-SEC-BIND-CONTEXT',
      ...LIFECYCLE_REQUIREMENTS.legacy,
    ],
    requestor: [
      'TASKS-META-REQUESTOR-NO-META',
      'TASKS-CAP-REQUESTOR-ONLY-DECLARED',
      'TASKS-CAP-NO-TASKS-NO-CREATE',
      'TASKS-TOOL-NO-CAP-NO-TASK',
      'TASKS-TOOL-FORBIDDEN-NO-TASK',
      'TASKS-TOOL-REQUIRED-TASK',
      'TASKS-GET-RESPECT-POLL-INTERVAL',
    ],
  },
  modern: {
    receiver: [
      'BASE-JSONRPC-RESPONSE',
      'EXT-BASE-META-REQUIRED',
      'BASE-PROGRESS-INCREASES',
      'EXT-RESULTTYPE-TASK',
      'EXT-GET-CURRENT-STATUS',
      'EXT-GET-RESULTTYPE-COMPLETE',
      'EXT-CANCEL-RESULTTYPE-COMPLETE',
      'EXT-NOTIFY-FULL-TASK',
      'EXT-REMOVED-METHODS',
      'EXT-CAP-NO-LEGACY-CAPABILITY',
      ...LIFECYCLE_REQUIREMENTS.modern,
    ],
    requestor: ['EXT-CANCEL-NOT-BY-NOTIFICATION', 'EXT-POLL-RESPECT-INTERVAL', 'EXT-ERR-CLIENT-DECLARES-ON-TASK-METHODS'],
  },
};

/** One violation as it showed on the wire. */
export interface WireViolation {
  era: Era;
  /** A rule of one message or exchange, or of a task's life (the lifecycle rules explore's properties judge too). */
  family: 'message' | 'lifecycle';
  /** The side that broke the rule. */
  party: Party;
  requirement: string;
  keyword: Keyword;
  severity: 'fail' | 'warn';
  message: string;
  /** The exchange that showed it, in words: method, id, direction and time. */
  exchange: string;
  /** The messages of that exchange (the request and its answer, or the notification). */
  messages: WireEntry[];
  t: number;
}

/** What the traffic showed of one rule on one side. */
export interface RuleObservation {
  era: Era;
  party: Party;
  requirement: string;
  /** How many exchanges put the rule to the test. */
  exercised: number;
  /** How many broke it; the first few are kept. */
  violationCount: number;
  violations: WireViolation[];
}

export interface JudgeOptions {
  /** The catalogue of each era: keywords for severity. */
  requirements: Record<Era, ReadonlyMap<string, Requirement>>;
  /** Called at once for every violation. */
  onViolation?: (violation: WireViolation) => void;
  /** The era of every conversation, where the traffic's owner knows it (a check's profile); otherwise learnt from the traffic. */
  era?: Era;
  /**
   * Who each conversation speaks for, where the traffic's owner knows it (a check's identities): tasks belong to the
   * identity whose conversation created them, and news of a task reaching another identity is a leak. Unknown
   * (the proxy, which cannot tell callers apart): not judged.
   */
  identityOf?: (channel: string) => string | undefined;
  /** The transport of each conversation; the proxy's default: its stdio conversation is named "stdio", the rest are HTTP. */
  transport?: 'stdio' | 'http';
}

interface PendingRequest {
  entry: WireEntry;
  method: string;
  params: Record<string, unknown>;
  era: Era | undefined;
  /** 2026-07-28: the request lacks its protocol version or client capabilities in _meta, which the server must refuse. */
  lacksEnvelope?: boolean;
  /** It lacks all of it, on stdio: maybe a 2025-11-25 request to a server of both eras. */
  bareOnStdio?: boolean;
  /** The requestor sent notifications/cancelled for it: the receiver need not answer. */
  cancelled?: boolean;
}

interface Channel {
  era?: Era;
  protocolVersion?: string;
  /** Capabilities each side declared in initialize (legacy). */
  capabilities: Partial<Record<Party, Record<string, unknown>>>;
  /** Lines on a stdio server's stdout that were no message, before the era was known (at most a few). */
  earlyStdout: WireEntry[];
  /** Each tool's execution.taskSupport as the server's latest tools/list showed it (undefined: none declared). */
  tools: Map<string, unknown>;
}

/**
 * What the receiver showed of one task's status against its lastUpdatedAt: the first terminal sighting (any answer or
 * notification) and the status notifications that said it was not terminal, for NOTIFY-FULL-TASK's cross-check.
 */
interface StatusTimeline {
  terminal?: { status: string; lastUpdatedAt: number };
  /** Non-terminal status notifications not yet set against a terminal sighting (the latest few), in arrival order. */
  notes: { status: string; lastUpdatedAt: number; seq: number; createdAt: number; fineClock: boolean }[];
  /** The arrival number of the latest status notification that said a terminal status. */
  terminalNoteSeq?: number;
}

interface PaceState {
  lastPollAt?: number;
  intervalMs?: number;
  /** A status notification arrived since the last poll: a poll it brings forward is not judged. */
  notified: boolean;
  /** The task was last shown terminal: a look at a finished task is no polling, and its pace is not judged. */
  ended: boolean;
}

/** Bounds: requests awaiting answers, tasks followed, violations kept per rule. */
const MAX_PENDING = 10_000;
const MAX_TASKS = 2_000;
const MAX_CHANNELS = 1_000;
const KEPT_VIOLATIONS = 20;
const MAX_TOOLS = 5_000;
/** Slack for timing judgements (a ttl's end): the network and the clocks of two processes. */
const ALLOWANCE_MS = 1_000;
/** How far apart two entries seen within one clock tick are set, so that their order stays the order they came in. */
const ORDER_STEP_MS = 0.001;
const TASK_REQUESTS = new Set(['tasks/get', 'tasks/result', 'tasks/cancel', 'tasks/list']);
/** Methods a receiver answers without waiting on work or on a person (tools/call, tasks/result, sampling… may wait). */
const ANSWERED_AT_ONCE = new Set(['ping', 'initialize', 'server/discover', 'tools/list', 'tasks/get', 'tasks/list', 'tasks/cancel', 'tasks/update']);
/** How long such a request must have gone unanswered, with later ones answered, before the end counts as its silence. */
const UNANSWERED_AFTER_MS = 30_000;
/** The 2025-11-25 task methods 2026-07-28 no longer has. */
const REMOVED_METHODS = new Set(['tasks/result', 'tasks/list']);
const METHOD_NOT_FOUND = -32601;
/** The capability that says a receiver takes a request type as a task (2025-11-25). */
const TASK_CAPABILITY: Record<string, string[]> = {
  'tools/call': ['tools', 'call'],
  'sampling/createMessage': ['sampling', 'createMessage'],
  'elicitation/create': ['elicitation', 'create'],
};

/** A task method or notification, or a request sent as a task (2025-11-25's `task` param). */
function isTaskMessage(message: Record<string, unknown>): boolean {
  const method = typeof message.method === 'string' ? message.method : '';
  return method.startsWith('tasks/') || method.startsWith('notifications/tasks') || (isRecord(message.params) && message.params.task !== undefined);
}

export class RuleBook {
  private readonly pending = new Map<string, PendingRequest>();
  /** The time of the last entry observed (see observe). */
  private lastT = -Infinity;
  /** Per conversation and requestor: when the latest request that got its answer was sent (see end). */
  private readonly lastServedRequestAt = new Map<string, number>();
  private readonly channels = new Map<string, Channel>();
  private readonly tasks = new Map<string, TrackedTask & { receiver: Party }>();
  private readonly pace = new Map<string, PaceState>();
  private readonly timelines = new Map<string, StatusTimeline>();
  private sequence = 0;
  private readonly observations = new Map<string, RuleObservation>();
  /** The last progress value under each token, by conversation and side (stdio: one stream keeps their order). */
  private readonly lastProgress = new Map<string, number>();
  /** Where identities are known: the identity each task and progress token belongs to, by ID. */
  private readonly owners = new Map<string, string>();
  /** Modern: requests answered with a task, by channel and id, for notifications/cancelled naming them. */
  private readonly taskRequests = new Map<string, string>();
  private taskCount = 0;
  readonly erasSeen = new Set<Era>();
  readonly protocolVersions = new Set<string>();
  /** How many messages were judged, and how many entries were no JSON-RPC message. */
  messages = 0;
  /** Messages about tasks: task methods and their notifications, and requests sent as tasks (created tasks count apart). */
  private taskMessages = 0;
  unparsed = 0;
  /** Things dropped to keep memory bounded, said in the report. */
  dropped = { pending: 0, tasks: 0 };

  constructor(private readonly options: JudgeOptions) {}

  private transportOf(channel: string): 'stdio' | 'http' {
    return this.options.transport ?? (channel === 'stdio' ? 'stdio' : 'http');
  }

  /** Judges one entry; throws only on a defect of the judge itself (the proxy catches it and forwards on). */
  observe(observed: WireEntry): void {
    // Entries come in the order they were seen, and the lifecycle model orders exchanges by time ("answered before the
    // next was sent"): a request sent in the same millisecond as the answer before it must still come after it.
    const entry = observed.t > this.lastT ? observed : { ...observed, t: this.lastT + ORDER_STEP_MS };
    this.lastT = entry.t;
    if (entry.from === 'server' && entry.channel === 'stdio') this.judgeStdout(entry);
    if (entry.message === undefined) {
      this.unparsed += 1;
      return;
    }
    const messages = Array.isArray(entry.message) ? (entry.message as unknown[]) : [entry.message];
    for (const message of messages) {
      if (!isRecord(message)) continue;
      this.messages += 1;
      const single: WireEntry = messages.length === 1 ? entry : { ...entry, message };
      if (isTaskMessage(message)) this.taskMessages += 1;
      if (typeof message.method === 'string') {
        if (message.id !== undefined && message.id !== null) this.onRequest(single, message.method, message.id, paramsOf(message));
        else this.onNotification(single, message.method, paramsOf(message));
      } else if (message.id !== undefined && ('result' in message || 'error' in message)) {
        this.onAnswer(single, message);
      }
    }
  }

  /**
   * The conversation is over (the host left, or the trace ended) at `at`: a request that should have been answered at
   * once and never was breaks the base rule that every request gets a response. Judged only where silence proves it:
   * on stdio (one ordered pipe; over HTTP a caller that closed its POST leaves no way to answer), for methods answered
   * without waiting on work, not cancelled, waited on at least UNANSWERED_AFTER_MS, and with a later request of the same
   * conversation answered (the receiver went on serving: a slow or stuck one is not taken for one that dropped it).
   */
  end(at: number = this.lastT): void {
    for (const request of this.pending.values()) {
      const era = request.era ?? this.channels.get(request.entry.channel)?.era;
      if (era === undefined || request.cancelled || !ANSWERED_AT_ONCE.has(request.method) || this.transportOf(request.entry.channel) !== 'stdio') continue;
      const waitedMs = at - request.entry.t;
      const servedLater = (this.lastServedRequestAt.get(`${request.entry.channel}|${request.entry.from}`) ?? -Infinity) > request.entry.t;
      if (waitedMs < UNANSWERED_AFTER_MS || !servedLater) continue;
      this.judge(
        era,
        otherParty(request.entry.from),
        'BASE-JSONRPC-RESPONSE',
        false,
        () => `${request.method} (id ${JSON.stringify((request.entry.message as Record<string, unknown>).id)}) was never answered: ${Math.round(waitedMs / 1000)} s went by, and later requests were`,
        [request.entry],
      );
    }
  }

  /** How much the judge holds now: requests awaiting answers, tasks followed, the longest task log (for the memory bound). */
  sizes(): { pending: number; tasks: number; longestLog: number; channels: number } {
    let longestLog = 0;
    for (const task of this.tasks.values()) longestLog = Math.max(longestLog, task.log.operations.length);
    return { pending: this.pending.size, tasks: this.tasks.size, longestLog, channels: this.channels.size };
  }

  /** Whether the traffic held anything about tasks: without it, every rule went unobserved and there is nothing to judge. */
  get sawTaskTraffic(): boolean {
    return this.taskMessages > 0 || this.taskCount > 0;
  }

  /** Every rule observed so far. */
  results(): RuleObservation[] {
    return [...this.observations.values()];
  }

  /**
   * A stdio server's stdout carries MCP messages only (2025-11-25; the 2026-07-28 profile does not list the rule).
   * What it prints before the era is known (a start-up log line, typically) is judged once the host's initialize shows it.
   */
  private judgeStdout(entry: WireEntry): void {
    const channel = this.channel(entry.channel);
    const isMessage = isRecord(entry.message) || (Array.isArray(entry.message) && entry.message.every(isRecord));
    if (channel.era === undefined) {
      if (!isMessage && channel.earlyStdout.length < 5) channel.earlyStdout.push(entry);
      return;
    }
    if (channel.era !== 'legacy') return;
    for (const early of channel.earlyStdout.splice(0)) this.judgeStdoutLine(early, false);
    this.judgeStdoutLine(entry, isMessage);
  }

  private judgeStdoutLine(entry: WireEntry, isMessage: boolean): void {
    const text = entry.text ?? JSON.stringify(entry.message);
    this.judge(
      'legacy',
      'server',
      'BASE-STDIO-STDOUT-MCP-ONLY',
      isMessage,
      () => `the server wrote ${JSON.stringify(text.slice(0, 120))} on stdout, which is no JSON-RPC message; logs belong on stderr`,
      [entry],
    );
  }

  // ---------------------------------------------------------------------------------------------- requests

  private onRequest(entry: WireEntry, method: string, id: unknown, params: Record<string, unknown>): void {
    const channel = this.channel(entry.channel);
    if (method === 'initialize') {
      channel.era = 'legacy';
      channel.capabilities[entry.from] = isRecord(params.capabilities) ? params.capabilities : {};
    } else if (isRecord(params._meta) && typeof params._meta[META_PROTOCOL_VERSION] === 'string' && channel.era !== 'legacy') {
      channel.era = 'modern';
      this.noteVersion('modern', params._meta[META_PROTOCOL_VERSION]);
    }
    const era = channel.era;
    const meta = isRecord(params._meta) ? params._meta : {};
    const namesVersion = typeof meta[META_PROTOCOL_VERSION] === 'string';
    const lacksEnvelope = era === 'modern' && entry.from === 'host' && !(namesVersion && isRecord(meta[META_CLIENT_CAPABILITIES]));
    // On stdio a request with no protocol version at all may be a 2025-11-25 one sent before initialize, which a server
    // of both eras may serve as such: judged only where its answer shows it was served as 2026-07-28 (a resultType).
    // Over HTTP the MCP-Protocol-Version header marks it 2026-07-28 whatever it lacks.
    const bareOnStdio = lacksEnvelope && !namesVersion && this.transportOf(entry.channel) === 'stdio';
    const key = pendingKey(streamOf(entry), entry.from, id);
    if (this.pending.size >= MAX_PENDING) {
      this.pending.delete(this.pending.keys().next().value!);
      this.dropped.pending += 1;
    }
    this.pending.set(key, { entry, method, params, era, ...(lacksEnvelope ? { lacksEnvelope } : {}), ...(bareOnStdio ? { bareOnStdio } : {}) });
    const token = meta.progressToken;
    if (typeof token === 'string' || typeof token === 'number') this.noteOwner(`token ${JSON.stringify(token)}`, entry.channel);
    if (era === undefined) return;
    const requestor = entry.from;
    if (era === 'legacy') {
      if (TASK_REQUESTS.has(method)) {
        const meta = isRecord(params._meta) ? params._meta : {};
        this.judge(
          era,
          requestor,
          'TASKS-META-REQUESTOR-NO-META',
          !(RELATED_TASK_META in meta),
          () => `${method} request carries the related-task _meta; expected none (params.taskId names the task)`,
          [entry],
        );
      }
      if (params.task !== undefined && TASK_CAPABILITY[method]) this.judgeDeclared(entry, method, channel);
      else if (params.task !== undefined && channel.capabilities[otherParty(entry.from)])
        // No capability can declare task support for this request type (tasks/get, tasks/result, …): nothing allows `task` here.
        this.judge(era, requestor, 'TASKS-CAP-REQUESTOR-ONLY-DECLARED', false, () => `${method} was sent with task ${JSON.stringify(params.task)}; no receiver declares task support for ${method}`, [
          entry,
        ]);
      if (method === 'tools/call' && entry.from === 'host') this.judgeToolCall(entry, params, channel);
    }
    if (era === 'modern' && namesVersion) this.judgeDeclaresExtension(entry, method, params, meta);
    if (method === 'tasks/get') this.judgePace(era, entry, params.taskId);
  }

  /**
   * 2026-07-28: every tasks/get, tasks/update, tasks/cancel and task subscriptions/listen declares the extension in its
   * own clientCapabilities (none is remembered): a restarted client's resumed polls are requests like any other.
   * Judged where the request names its protocol version (one without it is the envelope's rule, and may be 2025-11-25).
   */
  private judgeDeclaresExtension(entry: WireEntry, method: string, params: Record<string, unknown>, meta: Record<string, unknown>): void {
    const listensToTasks = method === 'subscriptions/listen' && isRecord(params.notifications) && params.notifications.taskIds !== undefined;
    if (!(method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel' || listensToTasks)) return;
    this.judge(
      'modern',
      entry.from,
      'EXT-ERR-CLIENT-DECLARES-ON-TASK-METHODS',
      declaresExtension(meta[META_CLIENT_CAPABILITIES]),
      () =>
        `${method}${typeof params.taskId === 'string' ? ` of task ${params.taskId}` : ''} was sent with clientCapabilities ` +
        `${JSON.stringify(meta[META_CLIENT_CAPABILITIES] ?? null).slice(0, 160)}; expected extensions["io.modelcontextprotocol/tasks"] ` +
        `declared on every request of the extension`,
      [entry],
    );
  }

  /** A tool's taskSupport, as the server listed it, decides whether the host may or must call it as a task. */
  private judgeToolCall(entry: WireEntry, params: Record<string, unknown>, channel: Channel): void {
    const name = params.name;
    if (typeof name !== 'string' || !channel.tools.has(name)) return; // a tool this conversation never listed
    const support = channel.tools.get(name);
    const asTask = params.task !== undefined;
    if (asTask) {
      const allowed = support === 'optional' || support === 'required';
      this.judge(
        'legacy',
        'host',
        'TASKS-TOOL-FORBIDDEN-NO-TASK',
        allowed,
        () => `tools/call of ${name} was sent with task, but the tool's taskSupport is ${support === undefined ? 'missing' : JSON.stringify(support)}`,
        [entry],
      );
    }
    // A server that declares no task-augmented tools/call is never called with task, whatever a tool says (the capability rules first).
    const serverTakesTasks =
      isRecord(channel.capabilities.server?.tasks) &&
      isRecord((channel.capabilities.server.tasks as Record<string, unknown>).requests) &&
      isRecord(((channel.capabilities.server.tasks as Record<string, unknown>).requests as Record<string, unknown>).tools) &&
      ((channel.capabilities.server.tasks as Record<string, unknown>).requests as Record<string, Record<string, unknown>>).tools.call !== undefined;
    if (support === 'required' && serverTakesTasks)
      this.judge('legacy', 'host', 'TASKS-TOOL-REQUIRED-TASK', asTask, () => `tools/call of ${name}, whose taskSupport is "required", was sent without task`, [entry]);
  }

  /** A task-augmented request goes only where the receiver declared task support for its type. */
  private judgeDeclared(entry: WireEntry, method: string, channel: Channel): void {
    const declared = channel.capabilities[otherParty(entry.from)];
    if (!declared) return; // the receiver's initialize was not seen: nothing to judge against
    const receiver = otherParty(entry.from);
    const tasks = declared.tasks;
    if (!isRecord(tasks)) {
      this.judge('legacy', entry.from, 'TASKS-CAP-NO-TASKS-NO-CREATE', false, () => `${method} was sent with task, but the ${receiver} declared no tasks capability`, [entry]);
      return;
    }
    this.judge('legacy', entry.from, 'TASKS-CAP-NO-TASKS-NO-CREATE', true, () => '', [entry]);
    const [group, leaf] = TASK_CAPABILITY[method]!;
    const requests = isRecord(tasks.requests) ? tasks.requests : {};
    const ok = isRecord(requests[group]) && (requests[group] as Record<string, unknown>)[leaf] !== undefined;
    const why = () => `${method} was sent with task, but the ${receiver} declared no tasks.requests.${group}.${leaf}`;
    this.judge('legacy', entry.from, 'TASKS-CAP-REQUESTOR-ONLY-DECLARED', ok, why, [entry]);
    if (method === 'tools/call') this.judge('legacy', entry.from, 'TASKS-TOOL-NO-CAP-NO-TASK', ok, why, [entry]);
  }

  /**
   * Polls of one task come no sooner than half the interval the receiver last asked for (as requestor.respects-poll-interval
   * judges). Lenient where the pace does not clearly apply: a poll brought forward by a status notification, and
   * looks at a task already shown finished (polling is how a requestor learns when a task ends).
   */
  private judgePace(era: Era, entry: WireEntry, taskId: unknown): void {
    if (typeof taskId !== 'string') return;
    const state = this.pace.get(paceKey(entry, taskId));
    if (!state) return;
    const previous = state.lastPollAt;
    state.lastPollAt = entry.t;
    const notified = state.notified;
    state.notified = false;
    if (previous === undefined || state.intervalMs === undefined || state.intervalMs === 0 || notified || state.ended) return;
    const gap = entry.t - previous;
    const requirement = era === 'modern' ? 'EXT-POLL-RESPECT-INTERVAL' : 'TASKS-GET-RESPECT-POLL-INTERVAL';
    this.judge(
      era,
      entry.from,
      requirement,
      gap >= state.intervalMs / 2,
      () => `tasks/get of task ${taskId} came ${Math.round(gap)} ms after the previous one; the receiver asked for polls ${state.intervalMs} ms apart`,
      [entry],
    );
  }

  // ---------------------------------------------------------------------------------------------- notifications

  private onNotification(entry: WireEntry, method: string, params: Record<string, unknown>): void {
    if (method === 'notifications/cancelled') {
      const cancelled = this.pending.get(pendingKey(streamOf(entry), entry.from, params.requestId));
      if (cancelled) cancelled.cancelled = true;
    }
    const channel = this.channel(entry.channel);
    const era = channel.era ?? (isRecord(params._meta) && typeof params._meta[META_PROTOCOL_VERSION] === 'string' ? 'modern' : undefined);
    if (era === undefined) return;
    if (era === 'legacy') this.judgeRecipient(entry, method, params);
    if (method === 'notifications/progress') this.judgeProgress(era, entry, params);
    if (method === 'notifications/tasks/status' && era === 'legacy') {
      const meta = isRecord(params._meta) ? params._meta : {};
      this.judge(
        era,
        entry.from,
        'TASKS-NOTIFY-NO-RELATED-META',
        !(RELATED_TASK_META in meta),
        () => 'notifications/tasks/status carries the related-task _meta; expected none (its params name the task)',
        [entry],
      );
      this.judgeShape(era, entry.from, [entry], taskShapeViolations({ kind: 'notification', value: params, method }), ['TASKS-NOTIFY-FULL-TASK']);
    }
    if ((method === 'notifications/tasks/status' && era === 'legacy') || (method === 'notifications/tasks' && era === 'modern')) this.noteStatus(era, entry, params, true);
    if ((method === 'notifications/tasks/status' || method === 'notifications/tasks') && typeof params.taskId === 'string') {
      const state = this.pace.get(`${entry.channel}|${otherParty(entry.from)}|${params.taskId}`);
      if (state) state.notified = true;
    }
    if (method === 'notifications/cancelled' && era === 'modern') {
      const created = this.taskRequests.get(pendingKey(streamOf(entry), entry.from, params.requestId));
      this.judge(
        era,
        entry.from,
        'EXT-CANCEL-NOT-BY-NOTIFICATION',
        created === undefined,
        () => `notifications/cancelled names request ${JSON.stringify(params.requestId)}, which was answered with task ${created}; a task is cancelled with tasks/cancel`,
        [entry],
      );
    }
  }

  /**
   * News of a task (its status notification, a message naming it as related, progress under its request's token)
   * goes only to the identity that created it: another identity receiving it has reached a task bound to someone else.
   */
  private judgeRecipient(entry: WireEntry, method: string, params: Record<string, unknown>): void {
    const recipient = this.options.identityOf?.(entry.channel);
    if (recipient === undefined) return;
    const meta = isRecord(params._meta) ? params._meta : {};
    const related = isRecord(meta[RELATED_TASK_META]) ? (meta[RELATED_TASK_META] as Record<string, unknown>).taskId : undefined;
    const named: [string, string][] = [];
    if (method === 'notifications/tasks/status' && typeof params.taskId === 'string') named.push([`task ${params.taskId}`, `task ${params.taskId}`]);
    if (typeof related === 'string') named.push([`task ${related}`, `task ${related}`]);
    if (method === 'notifications/progress' && (typeof params.progressToken === 'string' || typeof params.progressToken === 'number'))
      named.push([`token ${JSON.stringify(params.progressToken)}`, `progress token ${JSON.stringify(params.progressToken)}`]);
    for (const [key, what] of named) {
      const owner = this.owners.get(key);
      if (owner === undefined) continue;
      this.judge(
        'legacy',
        entry.from,
        'TASKS-SEC-BIND-CONTEXT',
        owner === recipient,
        () => `${method} about ${what}, which identity ${owner} created, was sent to identity ${recipient} (on ${entry.channel})`,
        [entry],
      );
    }
  }

  /** Progress under one token only grows; judged where one stream keeps the order they were sent in. */
  private judgeProgress(era: Era, entry: WireEntry, params: Record<string, unknown>): void {
    const token = params.progressToken;
    if ((typeof token !== 'string' && typeof token !== 'number') || typeof params.progress !== 'number' || this.transportOf(entry.channel) !== 'stdio') return;
    const key = `${entry.channel}|${entry.from}|${JSON.stringify(token)}`;
    const last = this.lastProgress.get(key);
    this.lastProgress.delete(key);
    this.lastProgress.set(key, params.progress);
    if (this.lastProgress.size > MAX_TASKS) this.lastProgress.delete(this.lastProgress.keys().next().value!);
    if (last === undefined) return;
    const progress = params.progress;
    this.judge(
      era,
      entry.from,
      'BASE-PROGRESS-INCREASES',
      progress > last,
      () => `notifications/progress under token ${JSON.stringify(token)} says ${progress} after ${last}; expected more than ${last}, got ${progress}`,
      [entry],
    );
  }

  private noteOwner(key: string, channel: string): void {
    const owner = this.options.identityOf?.(channel);
    if (owner === undefined) return;
    if (this.owners.size >= MAX_TASKS) this.owners.delete(this.owners.keys().next().value!);
    this.owners.set(key, owner);
  }

  // ---------------------------------------------------------------------------------------------- answers

  private onAnswer(entry: WireEntry, message: Record<string, unknown>): void {
    const key = pendingKey(streamOf(entry), otherParty(entry.from), message.id);
    const request = this.pending.get(key);
    if (!request) return;
    this.pending.delete(key);
    const served = `${entry.channel}|${request.entry.from}`;
    this.lastServedRequestAt.set(served, Math.max(this.lastServedRequestAt.get(served) ?? -Infinity, request.entry.t));
    const era = request.era ?? this.channel(entry.channel).era;
    const receiver = entry.from;
    const exchange = [request.entry, entry];
    const result = isRecord(message.result) ? message.result : undefined;
    if (request.method === 'initialize' && result) {
      const channel = this.channel(entry.channel);
      channel.capabilities[receiver] = isRecord(result.capabilities) ? result.capabilities : {};
      if (typeof result.protocolVersion === 'string') channel.protocolVersion = result.protocolVersion;
      this.noteVersion('legacy', result.protocolVersion);
    }
    if (request.method === 'tools/list' && result && Array.isArray(result.tools)) this.noteTools(this.channel(entry.channel), request.params, result.tools as unknown[]);
    if (era === undefined) return;
    const answer = answerOf(message);
    if (era === 'legacy') this.legacyAnswer(request, entry, result, exchange);
    else this.modernAnswer(request, entry, result, exchange);
    this.followTask(era, request, entry, answer, result, exchange);
    if (result && !request.lacksEnvelope) for (const shown of tasksShownIn(era, request, result)) this.noteStatus(era, entry, shown, false, exchange);
  }

  /**
   * A status notification says the task's state as of its lastUpdatedAt. One that says a non-terminal status while
   * another message of the receiver shows the task terminal as of that same moment or an earlier one misreports it
   * (the notification of an end that says "working"). Two changes within one millisecond (working, then ended) share
   * a timestamp legitimately, so the equal case is judged only for a notification that came before the terminal
   * sighting with no notification of the end between them, and only for an end of the work (completed, failed), not
   * a cancel; one arriving after the end is the lifecycle rules' order.
   */
  private noteStatus(era: Era, entry: WireEntry, shown: Record<string, unknown>, notification: boolean, exchange: WireEntry[] = [entry]): void {
    const lastUpdatedAt = typeof shown.lastUpdatedAt === 'string' ? Date.parse(shown.lastUpdatedAt) : Number.NaN;
    if (typeof shown.taskId !== 'string' || typeof shown.status !== 'string' || !Number.isFinite(lastUpdatedAt)) return;
    const key = `${entry.channel}|${entry.from}|${shown.taskId}`;
    let timeline = this.timelines.get(key);
    if (!timeline) {
      if (this.timelines.size >= MAX_TASKS) this.timelines.delete(this.timelines.keys().next().value!);
      timeline = { notes: [] };
      this.timelines.set(key, timeline);
    }
    const seq = ++this.sequence;
    const requirement = era === 'modern' ? 'EXT-NOTIFY-FULL-TASK' : 'TASKS-NOTIFY-FULL-TASK';
    const method = era === 'modern' ? 'notifications/tasks' : 'notifications/tasks/status';
    const status = shown.status;
    if (isTerminalStatus(status)) {
      if (notification) timeline.terminalNoteSeq = seq;
      timeline.terminal ??= { status, lastUpdatedAt };
      const ended = timeline.terminal;
      // Each non-terminal notification is set against the first terminal sighting once, whichever came first.
      for (const note of timeline.notes.splice(0)) {
        // A cancel can land in the very millisecond of a working update (server-everything, cancelled at once), and a
        // server need not notify it: the equal case is judged only for an end of the work's own.
        // Equal times prove nothing on a clock coarser than a millisecond (a second-precision server's working update and
        // end share a second), nor for the notification of the task's creation (work that ends in its first millisecond).
        const sameMoment = note.lastUpdatedAt === ended.lastUpdatedAt && note.fineClock && note.lastUpdatedAt !== note.createdAt;
        const excused = !sameMoment || (timeline.terminalNoteSeq !== undefined && timeline.terminalNoteSeq > note.seq) || ended.status === 'cancelled';
        if (note.lastUpdatedAt < ended.lastUpdatedAt || (note.lastUpdatedAt === ended.lastUpdatedAt && excused)) continue;
        this.judge(era, entry.from, requirement, false, () => misreport(method, shown.taskId as string, note, ended), exchange);
      }
      return;
    }
    if (!notification) return;
    const ended = timeline.terminal;
    const createdAt = typeof shown.createdAt === 'string' ? Date.parse(shown.createdAt) : Number.NaN;
    const note = { status, lastUpdatedAt, seq, createdAt, fineClock: hasSubsecondDigits(shown.lastUpdatedAt as string) };
    if (!ended) {
      timeline.notes.push(note);
      if (timeline.notes.length > 10) timeline.notes.shift();
      return;
    }
    this.judge(era, entry.from, requirement, note.lastUpdatedAt <= ended.lastUpdatedAt, () => misreport(method, shown.taskId as string, note, ended), exchange);
  }

  private legacyAnswer(request: PendingRequest, entry: WireEntry, result: Record<string, unknown> | undefined, exchange: WireEntry[]): void {
    if (!result) return;
    const receiver = entry.from;
    const sightings = sightingsInAnswer(request.method, request.params, result);
    for (const sighting of sightings) {
      const applies =
        sighting.kind === 'create'
          ? TASK_SHAPE_REQUIREMENTS.filter((id) => id !== 'TASKS-NOTIFY-FULL-TASK' && id !== 'TASKS-TTL-INCLUDE-ACTUAL')
          : sighting.kind === 'get'
            ? TASK_SHAPE_REQUIREMENTS.filter((id) => id !== 'TASKS-NOTIFY-FULL-TASK' && id !== 'TASKS-RESULT-CREATE-TASK-RESULT')
            : ['TASKS-TASK-SHAPE', 'TASKS-ID-STRING', 'TASKS-TTL-CREATED-AT', 'TASKS-TTL-LAST-UPDATED-AT'];
      this.judgeShape('legacy', receiver, exchange, taskShapeViolations(sighting), applies);
    }
    const meta = isRecord(result._meta) ? result._meta : {};
    const related = isRecord(meta[RELATED_TASK_META]) ? (meta[RELATED_TASK_META] as Record<string, unknown>) : undefined;
    if (request.method === 'tasks/result') {
      const taskId = request.params.taskId;
      this.judge(
        'legacy',
        receiver,
        'TASKS-META-RESULT-INCLUDES',
        related?.taskId === taskId,
        () =>
          `the tasks/result answer for task ${JSON.stringify(taskId)} carries ${related ? `related-task _meta naming ${JSON.stringify(related.taskId)}` : 'no related-task _meta'};` +
          ` expected _meta["${RELATED_TASK_META}"].taskId ${JSON.stringify(taskId)}`,
        exchange,
      );
    }
    if (request.method === 'tasks/get' || request.method === 'tasks/list' || request.method === 'tasks/cancel') {
      this.judge(
        'legacy',
        receiver,
        'TASKS-META-RECEIVER-NO-META',
        !(RELATED_TASK_META in meta),
        () => `the ${request.method} result carries the related-task _meta; expected none (the result already names the task)`,
        exchange,
      );
    }
  }

  private modernAnswer(request: PendingRequest, entry: WireEntry, result: Record<string, unknown> | undefined, exchange: WireEntry[]): void {
    const receiver = entry.from;
    // Handled as 2026-07-28: answered with a resultType, with -32602, or with an error code that era defines (-32020…-32029).
    const code = isRecord((entry.message as Record<string, unknown>).error) ? ((entry.message as Record<string, unknown>).error as Record<string, unknown>).code : undefined;
    const handledAsModern = (result !== undefined && 'resultType' in result) || code === -32602 || (typeof code === 'number' && code <= -32020 && code >= -32029);
    const servedAsLegacy = request.bareOnStdio && !handledAsModern;
    if (request.lacksEnvelope && !servedAsLegacy) {
      const error = isRecord((entry.message as Record<string, unknown>).error) ? ((entry.message as Record<string, unknown>).error as Record<string, unknown>) : undefined;
      this.judge(
        'modern',
        receiver,
        'EXT-BASE-META-REQUIRED',
        error?.code === -32602,
        () => `${request.method} came without its protocol version or client capabilities in _meta and was answered with ${error ? `error ${String(error.code)}` : 'a result'}; expected error -32602`,
        exchange,
      );
    }
    this.judgeEraForbids(request, entry, result, code, exchange);
    if (!result) return;
    if (request.method === 'tools/call' && typeof result.taskId === 'string' && typeof result.status === 'string') {
      this.judge(
        'modern',
        receiver,
        'EXT-RESULTTYPE-TASK',
        result.resultType === 'task',
        () => `the tools/call answer is a task (${result.taskId}) whose resultType is ${JSON.stringify(result.resultType)}; expected "task"`,
        exchange,
      );
    }
    if (request.method === 'tools/call' && result.resultType === 'task') {
      const problems = wholeTaskProblems(result);
      this.judge('modern', receiver, 'EXT-RESULTTYPE-TASK', problems.length === 0, () => `the CreateTaskResult is not a whole Task: ${problems.join('; ')}`, exchange);
    }
    if (request.method === 'tasks/get') {
      const problems = wholeTaskProblems(result);
      this.judge('modern', receiver, 'EXT-GET-CURRENT-STATUS', problems.length === 0, () => `the tasks/get answer is not a whole Task: ${problems.join('; ')}`, exchange);
      this.judge(
        'modern',
        receiver,
        'EXT-GET-RESULTTYPE-COMPLETE',
        result.resultType === 'complete',
        () => `the tasks/get answer says resultType ${JSON.stringify(result.resultType)}; expected "complete"`,
        exchange,
      );
    }
    if (request.method === 'tasks/cancel') {
      this.judge(
        'modern',
        receiver,
        'EXT-CANCEL-RESULTTYPE-COMPLETE',
        result.resultType === 'complete',
        () => `the tasks/cancel answer says resultType ${JSON.stringify(result.resultType)}; expected "complete"`,
        exchange,
      );
    }
  }

  /**
   * What 2026-07-28 took out of the 2025-11-25 tasks: tasks/result and tasks/list are unknown methods (-32601), and the
   * discover result that offers the extension has no old `tasks` capability beside it. A removed method is
   * judged only where the request declared the extension (without it a server may refuse for the missing capability
   * first, and an undeclared request is the envelope's rule).
   */
  private judgeEraForbids(request: PendingRequest, entry: WireEntry, result: Record<string, unknown> | undefined, code: unknown, exchange: WireEntry[]): void {
    const meta = isRecord(request.params._meta) ? request.params._meta : {};
    if (REMOVED_METHODS.has(request.method) && !request.lacksEnvelope && declaresExtension(meta[META_CLIENT_CAPABILITIES])) {
      this.judge(
        'modern',
        entry.from,
        'EXT-REMOVED-METHODS',
        code === METHOD_NOT_FOUND,
        () => `${request.method} was answered with ${result ? 'a result' : `error ${String(code)}`}; the extension removed it, so it is an unknown method: expected error ${METHOD_NOT_FOUND}`,
        exchange,
      );
    }
    // Judged where the server offers the extension, as the check does: the rule is about migrating to it.
    if (request.method === 'server/discover' && result && isRecord(result.capabilities) && declaresExtension(result.capabilities)) {
      const capabilities = result.capabilities;
      this.judge(
        'modern',
        entry.from,
        'EXT-CAP-NO-LEGACY-CAPABILITY',
        !('tasks' in capabilities),
        () => `the server/discover result declares the 2025-11-25 tasks capability ${JSON.stringify(capabilities.tasks).slice(0, 120)}; in 2026-07-28 tasks are the extension alone`,
        exchange,
      );
    }
  }

  /** Tasks created in the traffic, and every later exchange about them, go to the lifecycle model. */
  private followTask(era: Era, request: PendingRequest, entry: WireEntry, answer: Answer, result: Record<string, unknown> | undefined, exchange: WireEntry[]): void {
    // A request refused for its missing envelope says nothing about the task it named.
    if (request.lacksEnvelope) return;
    const receiver = entry.from;
    const sentAt = request.entry.t;
    const created = result ? createdTask(era, request, result) : undefined;
    if (created) {
      const taskId = created.taskId as string;
      const key = taskKey(entry, taskId);
      if (this.tasks.size >= MAX_TASKS) {
        this.tasks.delete(this.tasks.keys().next().value!);
        this.dropped.tasks += 1;
      }
      this.tasks.set(key, { ...startTask(this.taskCount++, taskId, era, created, sentAt, entry.t, ALLOWANCE_MS), receiver });
      this.noteOwner(`task ${taskId}`, request.entry.channel);
      if (era === 'modern') this.taskRequests.set(pendingKey(streamOf(entry), request.entry.from, (request.entry.message as Record<string, unknown>).id), taskId);
      if (this.taskRequests.size > MAX_PENDING) this.taskRequests.delete(this.taskRequests.keys().next().value!);
      this.notePace(request.entry, request.method, result!);
      return;
    }
    if (result && request.method === 'tasks/get') this.notePace(request.entry, request.method, result);
    const kinds: Record<string, 'get' | 'cancel' | 'result' | 'update' | 'list'> = {
      'tasks/get': 'get',
      'tasks/cancel': 'cancel',
      'tasks/result': 'result',
      'tasks/update': 'update',
      'tasks/list': 'list',
    };
    const kind = kinds[request.method];
    if (!kind) return;
    if (kind === 'list') {
      const listed = result && Array.isArray(result.tasks) ? (result.tasks as unknown[]).filter(isRecord) : [];
      const answerAsList: Answer = { kind: 'list', tasks: listed, pages: 1, stoppedBecause: 'one page, as the proxy saw it' };
      for (const shown of listed) {
        const tracked = typeof shown.taskId === 'string' ? this.touch(taskKey(entry, shown.taskId)) : undefined;
        if (tracked?.era === era) this.report(tracked, addOperation(tracked, 'list', answerAsList, sentAt, entry.t), exchange);
      }
      return;
    }
    const taskId = request.params.taskId;
    const tracked = typeof taskId === 'string' ? this.touch(taskKey(entry, taskId)) : undefined;
    if (!tracked || tracked.era !== era || tracked.receiver !== receiver) return;
    const inputKeys = kind === 'update' && isRecord(request.params.inputResponses) ? Object.keys(request.params.inputResponses) : undefined;
    this.report(tracked, addOperation(tracked, kind, answer, sentAt, entry.t, inputKeys), exchange);
  }

  private report(tracked: TrackedTask & { receiver: Party }, outcome: ReturnType<typeof addOperation>, exchange: WireEntry[]): void {
    const violated = new Set(outcome.findings.map((finding) => finding.requirement));
    for (const requirement of new Set(outcome.exercised)) if (!violated.has(requirement)) this.judge(tracked.era, tracked.receiver, requirement, true, () => '', exchange);
    for (const finding of outcome.findings)
      this.judge(tracked.era, tracked.receiver, finding.requirement, false, () => `${finding.violation.message} (task #${tracked.index} is ${tracked.taskId})`, exchange, 'lifecycle');
  }

  private notePace(requestEntry: WireEntry, method: string, result: Record<string, unknown>): void {
    const paced = pacedTaskOf(method, result);
    if (!paced) return;
    const key = paceKey(requestEntry, paced.taskId);
    const state = this.pace.get(key) ?? { notified: false, ended: false };
    if (paced.intervalMs !== undefined) state.intervalMs = paced.intervalMs;
    const shown = isRecord(result.task) ? result.task : result;
    state.ended = isTerminalStatus(shown.status);
    this.pace.delete(key);
    this.pace.set(key, state);
    if (this.pace.size > MAX_TASKS) this.pace.delete(this.pace.keys().next().value!);
  }

  private touch(key: string): (TrackedTask & { receiver: Party }) | undefined {
    const tracked = this.tasks.get(key);
    if (!tracked) return undefined;
    this.tasks.delete(key);
    this.tasks.set(key, tracked);
    return tracked;
  }

  // ---------------------------------------------------------------------------------------------- bookkeeping

  private judgeShape(era: Era, party: Party, exchange: WireEntry[], violations: { requirement: string; message: string }[], applies: readonly string[]): void {
    const broken = new Set(violations.map((violation) => violation.requirement));
    for (const requirement of applies) if (!broken.has(requirement)) this.judge(era, party, requirement, true, () => '', exchange);
    for (const violation of violations) this.judge(era, party, violation.requirement, false, () => violation.message, exchange);
  }

  /** Counts one exercise of a rule on a side, and reports a violation when it did not hold. */
  private judge(era: Era, party: Party, requirement: string, held: boolean, message: () => string, exchange: WireEntry[], family: WireViolation['family'] = 'message'): void {
    const key = `${era}|${party}|${requirement}`;
    let observation = this.observations.get(key);
    if (!observation) {
      observation = { era, party, requirement, exercised: 0, violationCount: 0, violations: [] };
      this.observations.set(key, observation);
    }
    observation.exercised += 1;
    if (held) return;
    observation.violationCount += 1;
    const keyword = this.options.requirements[era].get(requirement)?.keyword ?? 'MUST';
    const last = exchange[exchange.length - 1]!;
    const violation: WireViolation = {
      era,
      family,
      party,
      requirement,
      keyword,
      severity: levelOf(keyword) === 'must' ? 'fail' : 'warn',
      message: message(),
      exchange: describeExchange(exchange),
      messages: exchange,
      t: last.t,
    };
    if (observation.violations.length < KEPT_VIOLATIONS) observation.violations.push(violation);
    this.options.onViolation?.(violation);
  }

  /** A first page replaces what was known; a later page (with a cursor) adds to it. */
  private noteTools(channel: Channel, params: Record<string, unknown>, tools: unknown[]): void {
    if (params.cursor === undefined) channel.tools.clear();
    for (const tool of tools.filter(isRecord)) {
      if (typeof tool.name !== 'string' || channel.tools.size >= MAX_TOOLS) continue;
      channel.tools.set(tool.name, isRecord(tool.execution) ? tool.execution.taskSupport : undefined);
    }
  }

  private channel(name: string): Channel {
    let channel = this.channels.get(name);
    if (!channel) {
      if (this.channels.size >= MAX_CHANNELS) this.channels.delete(this.channels.keys().next().value!);
      channel = { capabilities: {}, earlyStdout: [], tools: new Map(), ...(this.options.era ? { era: this.options.era } : {}) };
      this.channels.set(name, channel);
    }
    return channel;
  }

  private noteVersion(era: Era, version: unknown): void {
    this.erasSeen.add(era);
    if (typeof version === 'string') this.protocolVersions.add(version);
  }
}

/** What a 2026-07-28 task lacks of its fields; the status itself is each status's own rule (EXT-GET-WORKING, …), judged there. */
function wholeTaskProblems(task: Record<string, unknown>): string[] {
  return extTaskShapeProblems(task).filter((problem) => !problem.startsWith('status '));
}

function paramsOf(message: Record<string, unknown>): Record<string, unknown> {
  return isRecord(message.params) ? message.params : {};
}

function streamOf(entry: WireEntry): string {
  return entry.stream ?? entry.channel;
}

function pendingKey(channel: string, from: Party, id: unknown): string {
  return `${channel}|${from}|${JSON.stringify(id)}`;
}

/**
 * Tasks live with their receiver and are followed within one conversation (a stdio connection, an HTTP session, one
 * identity's sessionless requests): a look from another conversation, which may be another requestor, is not judged.
 */
function taskKey(answer: WireEntry, taskId: string): string {
  return `${answer.channel}|${answer.from}|${taskId}`;
}

/** A requestor's pace per task, on its conversation. */
function paceKey(request: WireEntry, taskId: string): string {
  return `${request.channel}|${request.from}|${taskId}`;
}

function answerOf(message: Record<string, unknown>): Answer {
  if (isRecord(message.error)) {
    const { code, message: text, data } = message.error;
    return { kind: 'error', code: typeof code === 'number' ? code : Number.NaN, message: typeof text === 'string' ? text : '', ...(data === undefined ? {} : { data }) };
  }
  return { kind: 'result', result: isRecord(message.result) ? message.result : {} };
}

/** The task an answer created: a legacy CreateTaskResult (`task`, for a request with task) or a modern one (resultType task). */
function createdTask(era: Era, request: PendingRequest, result: Record<string, unknown>): Record<string, unknown> | undefined {
  if (TASK_REQUESTS.has(request.method) || request.method === 'tasks/update') return undefined;
  const task = era === 'legacy' ? (request.params.task !== undefined && isRecord(result.task) ? result.task : undefined) : result.resultType === 'task' ? result : undefined;
  return task && typeof task.taskId === 'string' ? task : undefined;
}

/** The tasks an answer shows with their status: the task of tasks/get, tasks/cancel or a CreateTaskResult, each of a tasks/list page. */
function tasksShownIn(era: Era, request: PendingRequest, result: Record<string, unknown>): Record<string, unknown>[] {
  if (request.method === 'tasks/get' || request.method === 'tasks/cancel') return [result];
  if (request.method === 'tasks/list') return Array.isArray(result.tasks) ? (result.tasks as unknown[]).filter(isRecord) : [];
  const created = createdTask(era, request, result);
  return created ? [created] : [];
}

function misreport(method: string, taskId: string, note: { status: string; lastUpdatedAt: number }, ended: { status: string; lastUpdatedAt: number }): string {
  const same = note.lastUpdatedAt === ended.lastUpdatedAt;
  return (
    `${method} of task ${taskId} says "${note.status}" as of lastUpdatedAt ${new Date(note.lastUpdatedAt).toISOString()}, ` +
    `${same ? 'the same moment at which' : 'later than the moment'} the task was shown "${ended.status}" ` +
    `(lastUpdatedAt ${new Date(ended.lastUpdatedAt).toISOString()}); expected the notification to carry the task's ` +
    `state as of its timestamp, "${ended.status}"`
  );
}

/** "tasks/result (id 7), host → server at 12:00:01.234, answered 5 ms later". */
export function describeExchange(exchange: readonly WireEntry[]): string {
  const first = exchange[0]!;
  const message = isRecord(first.message) ? first.message : {};
  const what = typeof message.method === 'string' ? `${message.method}${message.id === undefined ? '' : ` (id ${JSON.stringify(message.id)})`}` : `answer (id ${JSON.stringify(message.id)})`;
  const answered = exchange.length > 1 ? `, answered ${Math.round(exchange[exchange.length - 1]!.t - first.t)} ms later` : '';
  return `${what}, ${first.from} → ${otherParty(first.from)} at ${first.at}${first.channel === 'stdio' ? '' : ` on ${first.channel}`}${answered}`;
}

/** Whether an ISO 8601 time gives a fraction of a second (a clock fine enough for equal times to mean one moment). */
function hasSubsecondDigits(time: string): boolean {
  return /T\d{2}:\d{2}:\d{2}[.,]\d/.test(time);
}
