// The task lifecycle as the wire shows it, judged by explore's models (harness/explore/2025-11-25/model.ts, harness/explore/2026-07-28/model.ts):
// every exchange that names a task the proxy saw created becomes an operation of that task's log, and the model's
// pure judgements run on the log after each one. Judgements that need to know what the work was asked to do
// (exact results, listing walks, unknown ids, a second identity) are the scripted suite's; the proxy leaves them out.
import { judgeCancelAnswers, judgeStatusGraph, judgeTerminalFinal, judgeTtl, isTerminalStatus, type Judgement, type Violation } from './2025-11-25/lifecycle.js';
import { judgeDurable, judgeInput, judgeModernCancel, judgeModernResults, judgeModernStatuses, judgeModernTerminalFinal } from './2026-07-28/lifecycle.js';
import type { Operation } from '../explore/operations.js';
import { answeredTask, type Answer, type CreatedTask, type ObservedOperation, type RunLog } from '../explore/run-log.js';
import type { Era } from '../model/model.js';

/** The requirement a property counts as exercised when it judged something (a violation names its own). */
const EXERCISED_BY: Record<Era, Record<string, string>> = {
  legacy: {
    'explore.status-graph': 'TASKS-LIFECYCLE-VALID-TRANSITIONS',
    'explore.terminal-final': 'TASKS-LIFECYCLE-TERMINAL-FINAL',
    'explore.cancel-answers': 'TASKS-CANCEL-BEFORE-RESPONSE',
    'explore.ttl': 'TASKS-TTL-INCLUDE-ACTUAL',
  },
  modern: {
    'explore.status-graph': 'EXT-GET-CURRENT-STATUS',
    'explore.terminal-final': 'EXT-LIFECYCLE-TERMINAL-FINAL',
    'explore.durable': 'EXT-CREATE-DURABLE',
    'explore.cancel-answers': 'EXT-CANCEL-ACK',
    'explore.results': 'EXT-GET-COMPLETED-RESULT',
    'explore.input': 'EXT-GET-INPUT-REQUIRED',
  },
};

/** Every requirement the lifecycle judgements can name, per era (for the report's list of what the proxy judges). */
export const LIFECYCLE_REQUIREMENTS: Record<Era, readonly string[]> = {
  legacy: [
    'TASKS-LIFECYCLE-VALID-TRANSITIONS',
    'TASKS-LIFECYCLE-TERMINAL-FINAL',
    'TASKS-CANCEL-STAYS-CANCELLED',
    'TASKS-RESULT-BLOCK',
    'TASKS-CANCEL-TERMINAL-REJECTED',
    'TASKS-CANCEL-BEFORE-RESPONSE',
    'TASKS-TTL-INCLUDE-ACTUAL',
  ],
  modern: [
    'EXT-GET-CURRENT-STATUS',
    'EXT-LIFECYCLE-TERMINAL-FINAL',
    'EXT-CREATE-DURABLE',
    'EXT-CANCEL-ACK',
    'EXT-GET-COMPLETED-RESULT',
    'EXT-GET-FAILED-ERROR',
    'EXT-EXEC-SAME-RESULT',
    'EXT-GET-INPUT-REQUIRED',
    'EXT-UPDATE-KEY-NO-REUSE',
  ],
};

/** A log longer than this is compacted to its creation, its first terminal sighting and its latest operations: bounded work per look. */
const MAX_OPERATIONS = 64;
const KEPT_LATEST = 40;

/** One task the proxy saw created, with its log. */
export interface TrackedTask {
  index: number;
  taskId: string;
  era: Era;
  log: RunLog;
  /** Violations already reported, by property, requirement and position. */
  reported: Set<string>;
  nextPosition: number;
  firstTerminalPosition?: number;
}

export interface LifecycleFinding {
  requirement: string;
  violation: Violation;
  /** The operation that showed it. */
  operation: ObservedOperation;
}

export function startTask(index: number, taskId: string, era: Era, created: Record<string, unknown>, sentAt: number, receivedAt: number, allowanceMs: number): TrackedTask {
  const operation: Operation = { kind: 'create', role: era === 'modern' ? 'slow' : 'echo', delayMs: 0, ttl: null };
  const task: CreatedTask = { index, role: operation.role, delayMs: 0, ttlRequested: null, input: {}, comparesText: false, honoursDelay: false, taskId, created, position: 0 };
  const answer: Answer = { kind: 'result', result: era === 'modern' ? created : { task: created } };
  const log: RunLog = {
    operations: [{ position: 0, step: 0, operation, peer: false, task: index, taskId, sentAt, receivedAt, answer }],
    tasks: [task],
    // Wire times are wall-clock milliseconds already, so a createdAt the receiver reports maps onto them directly.
    timeOrigin: 0,
    allowanceMs,
    transcript: [],
  };
  const tracked: TrackedTask = { index, taskId, era, log, reported: new Set(), nextPosition: 1 };
  noteTerminal(tracked, log.operations[0]!);
  return tracked;
}

/** Adds one exchange about the task to its log and returns the violations it newly shows, with what each exercised. */
export function addOperation(
  tracked: TrackedTask,
  kind: 'get' | 'cancel' | 'result' | 'update' | 'list',
  answer: Answer,
  sentAt: number,
  receivedAt: number,
  inputKeys?: string[],
): { findings: LifecycleFinding[]; exercised: string[] } {
  const position = tracked.nextPosition++;
  const operation: Operation = kind === 'list' ? { kind: 'list' } : { kind, task: tracked.index };
  const observed: ObservedOperation = {
    position,
    step: position,
    operation,
    peer: false,
    ...(kind === 'list' ? {} : { task: tracked.index, taskId: tracked.taskId }),
    ...(inputKeys ? { inputKeys } : {}),
    sentAt,
    receivedAt,
    answer,
  };
  tracked.log.operations.push(observed);
  noteTerminal(tracked, observed);
  compact(tracked);
  const judgements = judge(tracked);
  const findings: LifecycleFinding[] = [];
  const exercised: string[] = [];
  for (const [property, judgement] of Object.entries(judgements)) {
    if (!judgement) continue;
    const requirement = EXERCISED_BY[tracked.era][property];
    if (requirement && judgement.observations > 0) exercised.push(requirement);
    for (const violation of judgement.violations) {
      const key = `${violation.property}|${violation.requirement}|${violation.position}`;
      if (tracked.reported.has(key)) continue;
      tracked.reported.add(key);
      exercised.push(violation.requirement);
      const shown = tracked.log.operations.find((each) => each.position === violation.position) ?? observed;
      findings.push({ requirement: violation.requirement, violation, operation: shown });
    }
  }
  return { findings, exercised };
}

function judge(tracked: TrackedTask): Record<string, Judgement | undefined> {
  const { log } = tracked;
  if (tracked.era === 'modern') {
    return {
      'explore.status-graph': judgeModernStatuses(log),
      'explore.terminal-final': judgeModernTerminalFinal(log),
      'explore.durable': judgeDurable(log),
      'explore.cancel-answers': judgeModernCancel(log),
      'explore.results': judgeModernResults(log),
      'explore.input': judgeInput(log),
    };
  }
  return {
    'explore.status-graph': judgeStatusGraph(log),
    'explore.terminal-final': judgeTerminalFinal(log),
    'explore.cancel-answers': judgeCancelAnswers(log),
    'explore.ttl': judgeTtl(log),
  };
}

function noteTerminal(tracked: TrackedTask, operation: ObservedOperation): void {
  if (tracked.firstTerminalPosition !== undefined) return;
  const { answer } = operation;
  const shown = operation.operation.kind === 'create' ? ((answer.kind === 'result' ? (answer.result.task ?? answer.result) : undefined) as Record<string, unknown> | undefined) : answeredTask(answer);
  const listed = answer.kind === 'list' ? answer.tasks.find((task) => task.taskId === tracked.taskId) : undefined;
  const status = (shown ?? listed)?.status;
  if (isTerminalStatus(status) || (operation.operation.kind === 'result' && answer.kind === 'result')) tracked.firstTerminalPosition = operation.position;
}

/** Keeps the creation, the first terminal sighting (terminal finality is judged against it) and the latest operations. */
function compact(tracked: TrackedTask): void {
  const { operations } = tracked.log;
  if (operations.length <= MAX_OPERATIONS) return;
  const latest = operations.slice(-KEPT_LATEST);
  const kept = operations.filter((operation) => operation.position === 0 || operation.position === tracked.firstTerminalPosition);
  tracked.log.operations = [...kept.filter((operation) => !latest.includes(operation)), ...latest];
  // Reported keys of operations gone can no longer recur; forget them so the set stays bounded too.
  const positions = new Set(tracked.log.operations.map((operation) => operation.position));
  for (const key of tracked.reported) if (!positions.has(Number(key.split('|')[2]))) tracked.reported.delete(key);
}
