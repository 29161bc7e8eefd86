// The model of what the 2025-11-25 spec allows a task receiver to show, as pure judgements of a finished run's log.
// "A happens before B" when A's answer arrived before B was sent; operations that overlap are races, and a race
// accepts every outcome the spec allows for either order.
import { brief } from '../../model/describe.js';
import type { FixtureMethod } from '../../model/fixtures.js';
import { levelOf } from '../../model/model-basics.js';
import type { Keyword, Requirement } from '../../model/model.js';
import { TASK_SHAPE_REQUIREMENTS } from '../../model/schemas/task-shape.js';
import { describeOperation } from '../../explore/operations.js';
import { answeredTask, comparable, INVALID_PARAMS, type CreatedTask, type ObservedOperation, type RunLog } from '../../explore/run-log.js';

export const EXPLORE_PROPERTIES = [
  { id: 'explore.status-graph', title: "A task's statuses follow the lifecycle graph", requirements: ['TASKS-LIFECYCLE-VALID-TRANSITIONS'] },
  { id: 'explore.terminal-final', title: 'Once terminal, a task keeps that status', requirements: ['TASKS-LIFECYCLE-TERMINAL-FINAL', 'TASKS-CANCEL-STAYS-CANCELLED', 'TASKS-RESULT-BLOCK'] },
  { id: 'explore.cancel-answers', title: 'tasks/cancel rejects terminal tasks and answers with a cancelled task', requirements: ['TASKS-CANCEL-TERMINAL-REJECTED', 'TASKS-CANCEL-BEFORE-RESPONSE'] },
  { id: 'explore.unknown-ids', title: 'Operations on unknown task ids fail with -32602', requirements: ['TASKS-ERROR-INVALID-TASK-ID'] },
  {
    id: 'explore.results',
    title: "tasks/result answers with the work's exact outcome",
    requirements: ['TASKS-RESULT-EXACT', 'TASKS-EXEC-SAME-ERROR', 'TASKS-RESULT-TERMINAL-RETURNS', 'TASKS-RESULT-BLOCK', 'TASKS-CANCEL-RESULT-ANSWERS'],
  },
  { id: 'explore.listing', title: 'A tasks/list walk shows every live task once', requirements: ['TASKS-LIST-GET-IMPLIES-LIST', 'TASKS-LIST-NO-DUPLICATES'] },
  { id: 'explore.ttl', title: 'Tasks are not deleted before the ttl they report', requirements: ['TASKS-TTL-INCLUDE-ACTUAL'] },
  { id: 'explore.isolation', title: "Another requestor neither reaches nor lists the requestor's tasks", requirements: ['TASKS-SEC-REJECT-FOREIGN', 'TASKS-SEC-LIST-OWN-ONLY'] },
  // Judged by answers.ts: the form of each answer, and what the operations only patient runs send show.
  { id: 'explore.task-form', title: 'Every task in every answer is a well-formed Task', requirements: TASK_SHAPE_REQUIREMENTS },
  { id: 'explore.timestamps', title: 'A task keeps its createdAt, and its lastUpdatedAt never goes back', requirements: ['TASKS-LIFECYCLE-STABLE-IDENTITY', 'TASKS-LIFECYCLE-MONOTONIC-UPDATE'] },
  { id: 'explore.timestamp-order', title: 'lastUpdatedAt is not before createdAt (no keyword orders them: a warning)', requirements: ['TASKS-TTL-LAST-UPDATED-AT'] },
  { id: 'explore.related-meta', title: 'A tasks/result answer names its task in the related-task _meta', requirements: ['TASKS-META-RESULT-INCLUDES'] },
  { id: 'explore.plain-calls', title: 'A tool of taskSupport "optional" answers a plain call plainly', requirements: ['TASKS-TOOL-OPTIONAL-SERVED'] },
  { id: 'explore.cursors', title: 'tasks/list with a cursor the receiver never issued fails with -32602', requirements: ['TASKS-ERROR-INVALID-CURSOR'] },
  { id: 'explore.pagination', title: 'tasks/list splits more than 100 tasks into pages', requirements: ['TASKS-LIST-PAGINATE'] },
  { id: 'explore.expiry', title: 'A task whose ttl ran out is either still there or answered with -32602', requirements: ['TASKS-ERROR-INVALID-TASK-ID'] },
  { id: 'explore.cancel-stops-work', title: 'Cancelling a task stops its work: its progress notifications end', requirements: ['TASKS-CANCEL-STOP-WORK'] },
  { id: 'explore.cleanup', title: 'A task is cleaned up some time after its ttl ran out', requirements: ['TASKS-RES-CLEANUP'] },
  { id: 'explore.max-ttl', title: 'A ten-year ttl is not granted in full', requirements: ['TASKS-RES-MAX-TTL'] },
  { id: 'explore.foreign-refusals', title: "Another requestor's refusal is the same as for an unknown task (a warning)", requirements: ['TASKS-SEC-REJECT-FOREIGN'] },
  { id: 'explore.task-ids', title: 'Without a second identity to test binding with, task ids look unguessable', requirements: ['TASKS-SEC-SECURE-IDS'] },
  { id: 'explore.list-without-auth', title: 'A receiver reached without credentials does not offer tasks/list', requirements: ['TASKS-SEC-NO-LIST-WITHOUT-AUTH'] },
  {
    id: 'explore.rule-book',
    title: "Every other message keeps the era's rule book, as the checks and the proxy judge it",
    requirements: ['TASKS-META-RECEIVER-NO-META', 'TASKS-NOTIFY-NO-RELATED-META', 'TASKS-SEC-BIND-CONTEXT'],
  },
] as const;

/**
 * A property of either era's model: this era's, or one only the 2026-07-28 model has (its EXPLORE_PROPERTIES, in
 * rules/2026-07-28/lifecycle.ts, are held to this type).
 */
export type PropertyId = (typeof EXPLORE_PROPERTIES)[number]['id'] | 'explore.durable' | 'explore.input' | 'explore.answer-forms' | 'explore.unguessable-ids';
export type ExploreProperty = { id: PropertyId; title: string; requirements: readonly string[] };

/** One thing the receiver did that the model does not allow; it names exactly one requirement. */
export interface Violation {
  property: PropertyId;
  requirement: string;
  message: string;
  /** The operation that showed it, by position in the sequence, and when its answer arrived. */
  position: number;
  at: number;
  /** A MUST read leniently (the scripted check warns there too): reported as a warning, the reason in the message. */
  lenient?: true;
}

export interface Judgement {
  /** Operations this property judged. */
  observations: number;
  violations: Violation[];
}

/**
 * What the era's rule book (harness/rules/rule-book.ts) saw in the run's traffic: its message rules, less those another
 * property judges with more knowledge of the run (its lifecycle rules are this file's and the 2026-07-28 one's
 * properties already). Each violation is placed at the operation in flight.
 */
export function judgeRuleBook(log: RunLog, judgedByOtherProperties: readonly string[]): Judgement {
  const violations = (log.ruleBook?.sightings ?? [])
    .filter((sighting) => sighting.family === 'message' && !judgedByOtherProperties.includes(sighting.requirement))
    .map((sighting) => ({ property: 'explore.rule-book' as const, requirement: sighting.requirement, message: sighting.message, position: positionAt(log, sighting.at), at: sighting.at }));
  return { observations: log.ruleBook?.messages ?? 0, violations };
}

/** The operation whose request went out last before the moment, or the first. */
function positionAt(log: RunLog, at: number): number {
  let position = log.operations[0]?.position ?? 0;
  for (const operation of log.operations) if (operation.sentAt <= at) position = operation.position;
  return position;
}

/** A violation's keyword and severity, from the catalogue: a fail under MUST or MUST NOT, a warn under SHOULD or SHOULD NOT. */
export function severityOf(requirement: string, requirements: ReadonlyMap<string, Requirement>, lenient?: boolean): { keyword: Keyword; severity: 'fail' | 'warn' } {
  const keyword = requirements.get(requirement)?.keyword ?? 'MUST';
  return { keyword, severity: levelOf(keyword) === 'must' && !lenient ? 'fail' : 'warn' };
}

export const STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
const TERMINAL = ['completed', 'failed', 'cancelled'];

export function isKnownStatus(status: unknown): boolean {
  return (STATUSES as readonly unknown[]).includes(status);
}

export function isTerminalStatus(status: unknown): boolean {
  return TERMINAL.includes(status as string);
}

/** Whether a task showing `from` may later show `to`: working ↔ input_required → terminal, a terminal status only itself. */
export function reachable(from: unknown, to: unknown): boolean {
  if (!isKnownStatus(from) || !isKnownStatus(to)) return false;
  return isTerminalStatus(from) ? from === to : true;
}

/** A status the receiver showed for a task of the run; a tasks/result answer says only "terminal by now". */
export interface Sighting {
  task: number;
  status: unknown;
  source: 'create' | 'get' | 'list' | 'cancel' | 'result' | 'notification';
  operation: ObservedOperation;
  sentAt: number;
  receivedAt: number;
  ttl?: unknown;
  createdAt?: unknown;
  lastUpdatedAt?: unknown;
}

/** Every status identity A saw of the run's tasks, in the order of their answers. */
export function sightingsOf(log: RunLog): Sighting[] {
  const byId = new Map(log.tasks.filter((task) => task.taskId !== undefined).map((task) => [task.taskId!, task]));
  const sightings: Sighting[] = [];
  const add = (source: Sighting['source'], operation: ObservedOperation, shown: Record<string, unknown>) => {
    const task = byId.get(shown.taskId as string);
    if (!task) return;
    sightings.push({
      task: task.index,
      status: shown.status,
      source,
      operation,
      sentAt: operation.sentAt,
      receivedAt: operation.receivedAt,
      ttl: shown.ttl,
      createdAt: shown.createdAt,
      lastUpdatedAt: shown.lastUpdatedAt,
    });
  };
  for (const operation of log.operations) {
    if (operation.peer) continue;
    const { answer } = operation;
    switch (operation.operation.kind) {
      case 'create':
        if (answer.kind === 'result' && isRecord(answer.result.task)) add('create', operation, answer.result.task);
        break;
      case 'get':
      case 'late-get':
      case 'cancel': {
        const task = answeredTask(answer);
        // A task other than the one asked about is not taken as a sighting of either.
        if (task && task.taskId === operation.taskId) add(operation.operation.kind === 'cancel' ? 'cancel' : 'get', operation, task);
        break;
      }
      case 'list':
        if (answer.kind === 'list') for (const task of answer.tasks) if (isRecord(task)) add('list', operation, task);
        break;
      case 'result': {
        const task = taskAt(log, operation.task);
        if (task && resultShowsOutcome(task, operation))
          sightings.push({ task: task.index, status: 'terminal', source: 'result', operation, sentAt: operation.sentAt, receivedAt: operation.receivedAt });
        break;
      }
    }
  }
  return sightings.sort((a, b) => a.receivedAt - b.receivedAt);
}

/**
 * The statuses status notifications showed, in the order they came. When one was sent is not known (only that it was
 * before it arrived), so they are judged only against one another, and only where one stream carries them in order.
 */
export function notificationSightingsOf(log: RunLog): Sighting[] {
  if (!log.notificationsInOrder) return [];
  const byId = new Map(log.tasks.filter((task) => task.taskId !== undefined).map((task) => [task.taskId!, task]));
  return (log.notifications ?? []).flatMap((notification, index): Sighting[] => {
    const task = byId.get(notification.params.taskId as string);
    if (!task) return [];
    const { receivedAt, params } = notification;
    const operation: ObservedOperation = { position: -1 - index, step: -1, operation: { kind: 'wait', ms: 0 }, peer: false, sentAt: receivedAt, receivedAt, answer: { kind: 'waited' } };
    return [
      { task: task.index, status: params.status, source: 'notification', operation, sentAt: receivedAt, receivedAt, ttl: params.ttl, createdAt: params.createdAt, lastUpdatedAt: params.lastUpdatedAt },
    ];
  });
}

/** A tasks/result answer that carries the work's outcome (a result, or the fixture's own error) means the task had ended. */
function resultShowsOutcome(task: CreatedTask, operation: ObservedOperation): boolean {
  const { answer } = operation;
  if (answer.kind === 'result') return true;
  return answer.kind === 'error' && task.role === 'error' && answer.code === task.input.code && answer.code !== INVALID_PARAMS;
}

const happensBefore = (a: { receivedAt: number }, b: { sentAt: number }) => a.receivedAt < b.sentAt;

/** Judges the properties of statuses, outcomes, listing, ttl and isolation on the log (answers.ts' judgeLegacyRun adds the answers' form and the probes'). */
export function judgeRun(log: RunLog): Partial<Record<PropertyId, Judgement>> {
  const sightings = sightingsOf(log);
  return {
    'explore.status-graph': judgeStatusGraph(log, sightings),
    'explore.terminal-final': judgeTerminalFinal(log, sightings),
    'explore.cancel-answers': judgeCancelAnswers(log, sightings),
    'explore.unknown-ids': judgeUnknownIds(log),
    'explore.results': judgeResults(log, sightings),
    'explore.listing': judgeListing(log, sightings),
    'explore.ttl': judgeTtl(log, sightings),
    'explore.isolation': judgeIsolation(log),
  };
}

/** The violation that showed first (ties go to the property listed first). */
export function firstViolation(
  judgements: Partial<Record<PropertyId, Judgement>>,
  only?: { property: PropertyId; requirement: string },
  /** Properties whose violations are passed over (already broken earlier in the exploration). */
  besides?: ReadonlySet<PropertyId>,
): Violation | undefined {
  const order = Object.keys(judgements) as PropertyId[];
  return order
    .flatMap((id) => judgements[id]?.violations ?? [])
    .filter((violation) => !only || (violation.property === only.property && violation.requirement === only.requirement))
    .filter((violation) => !besides?.has(violation.property))
    .sort((a, b) => a.at - b.at || order.indexOf(a.property) - order.indexOf(b.property))[0];
}

// ------------------------------------------------------------------------------------------------ the properties

/** Every status shown is one of the lifecycle's; a terminal status changing is terminal-final's to judge. */
export function judgeStatusGraph(log: RunLog, sightings: readonly Sighting[] = sightingsOf(log)): Judgement {
  const judged = sightings.filter((sighting) => sighting.source === 'create' || sighting.source === 'get' || sighting.source === 'list');
  const violations: Violation[] = [];
  for (const sighting of judged) {
    if (isKnownStatus(sighting.status)) continue;
    const before = judged.filter((earlier) => earlier.task === sighting.task && happensBefore(earlier, sighting) && isKnownStatus(earlier.status)).pop();
    violations.push(
      violation(
        'explore.status-graph',
        'TASKS-LIFECYCLE-VALID-TRANSITIONS',
        sighting.operation,
        `${said(log, sighting)} status ${JSON.stringify(sighting.status)}, which is no status of the lifecycle;` +
          ` expected one of ${STATUSES.join(', ')}${before ? ` (after "${String(before.status)}", shown ${at(log, before.operation)})` : ''}`,
      ),
    );
  }
  return { observations: judged.length, violations };
}

/** After a terminal status, every later status shown is that one (after a tasks/result outcome: a terminal one). */
export function judgeTerminalFinal(log: RunLog, sightings: readonly Sighting[] = sightingsOf(log)): Judgement {
  const answers = terminalFinalOf(log, sightings);
  const notified = terminalFinalOf(log, notificationSightingsOf(log));
  return { observations: answers.observations + notified.observations, violations: [...answers.violations, ...notified.violations] };
}

function terminalFinalOf(log: RunLog, sightings: readonly Sighting[]): Judgement {
  const terminal = sightings.filter((sighting) => sighting.source === 'result' || isTerminalStatus(sighting.status));
  const violations: Violation[] = [];
  let observations = 0;
  for (const later of sightings) {
    if (later.source === 'cancel' || later.source === 'result') continue; // tasks/cancel answers are cancel-answers' to judge
    const before = terminal.filter((first) => first.task === later.task && happensBefore(first, later));
    if (before.length === 0) continue;
    observations += 1;
    // A terminal status seen and then changed is the plainest reading; only without one is the outcome the contradiction.
    const contradicted = before.find((first) => first.source !== 'result' && later.status !== first.status) ?? before.find((first) => first.source === 'result' && !isTerminalStatus(later.status));
    if (!contradicted) continue;
    if (contradicted.source === 'result' && !before.some((first) => first.source !== 'result')) {
      // No terminal status was ever shown: the outcome came while the receiver's own record still said the task ran, so
      // tasks/result did not wait for the end (the status never having gone back is the reading that needs no unseen step).
      violations.push(
        violation(
          'explore.terminal-final',
          'TASKS-RESULT-BLOCK',
          later.operation,
          `task #${later.task}: tasks/result sent ${at(log, contradicted.operation)} answered with an outcome, yet later ${said(log, later)} "${String(later.status)}" ` +
            `and no terminal status had been shown; expected tasks/result to wait until the task ended`,
        ),
      );
      continue;
    }
    const afterCancel = contradicted.source === 'cancel' && contradicted.status === 'cancelled';
    const first =
      contradicted.source === 'result'
        ? `tasks/result sent ${at(log, contradicted.operation)} answered with its outcome, so it had ended`
        : `${said(log, contradicted)} "${String(contradicted.status)}"`;
    violations.push(
      violation(
        'explore.terminal-final',
        afterCancel ? 'TASKS-CANCEL-STAYS-CANCELLED' : 'TASKS-LIFECYCLE-TERMINAL-FINAL',
        later.operation,
        `task #${later.task}: ${first}; later ${said(log, later)} "${String(later.status)}";` +
          ` expected ${contradicted.source === 'result' ? 'a terminal status' : `"${String(contradicted.status)}"`} from then on`,
      ),
    );
  }
  return { observations, violations };
}

/** tasks/cancel of a task seen terminal before it was sent fails with -32602; one that answers with the task shows it cancelled. */
export function judgeCancelAnswers(log: RunLog, sightings: readonly Sighting[] = sightingsOf(log)): Judgement {
  const cancels = log.operations.filter((operation) => operation.operation.kind === 'cancel' && operation.task !== undefined);
  const violations: Violation[] = [];
  for (const cancel of cancels) {
    const seenTerminal = sightings.find(
      (sighting) => sighting.task === cancel.task && sighting.operation !== cancel && happensBefore(sighting, cancel) && (sighting.source === 'result' || isTerminalStatus(sighting.status)),
    );
    const shown = answeredTask(cancel.answer);
    if (seenTerminal) {
      if (cancel.answer.kind === 'error' && cancel.answer.code === INVALID_PARAMS) continue;
      const how = seenTerminal.source === 'result' ? `tasks/result sent ${at(log, seenTerminal.operation)} answered with its outcome` : `${said(log, seenTerminal)} "${String(seenTerminal.status)}"`;
      violations.push(
        violation(
          'explore.cancel-answers',
          'TASKS-CANCEL-TERMINAL-REJECTED',
          cancel,
          `tasks/cancel of task #${cancel.task} ${at(log, cancel)} came after it had ended (${how}); expected error -32602, got ${answerText(cancel)}`,
        ),
      );
    } else if (cancel.answer.kind === 'result' && shown?.status !== 'cancelled') {
      // Sent while the task still ran (or raced its end): an error is fine, an answer with the task must say cancelled.
      violations.push(
        violation(
          'explore.cancel-answers',
          'TASKS-CANCEL-BEFORE-RESPONSE',
          cancel,
          `tasks/cancel of task #${cancel.task} ${at(log, cancel)}` +
            ` was answered with ${shown ? `the task in status "${String(shown.status)}"` : 'a result that is no task'};` +
            ` expected the task already "cancelled" (or error -32602 had it ended first)`,
        ),
      );
    }
  }
  return { observations: cancels.length, violations };
}

/** get, result and cancel of an id the receiver never issued fail with -32602. */
export function judgeUnknownIds(log: RunLog): Judgement {
  const unknown = log.operations.filter((operation) => 'task' in operation.operation && operation.operation.task === 'unknown');
  const violations: Violation[] = [];
  for (const operation of unknown) {
    if (operation.answer.kind === 'error' && operation.answer.code === INVALID_PARAMS) continue;
    violations.push(
      violation(
        'explore.unknown-ids',
        'TASKS-ERROR-INVALID-TASK-ID',
        operation,
        `${methodOf(operation)} of a taskId the receiver never issued (${JSON.stringify(operation.taskId)}) ${at(log, operation)}: expected error -32602, got ${answerText(operation)}`,
      ),
    );
  }
  return { observations: unknown.length, violations };
}

/**
 * tasks/result of a task the requestor neither cancelled nor let expire gives the work's exact outcome: the echo's text,
 * the fail fixture's isError result, the error fixture's JSON-RPC error. One sent after the task was seen terminal answers.
 */
export function judgeResults(log: RunLog, sightings: readonly Sighting[] = sightingsOf(log)): Judgement {
  const results = log.operations.filter((operation) => operation.operation.kind === 'result' && operation.task !== undefined);
  const violations: Violation[] = [];
  let observations = 0;
  for (const result of results) {
    const task = taskAt(log, result.task)!;
    const cancelled = cancelSentBefore(log, task.index, result.receivedAt);
    const expired = mayHaveExpired(log, task, sightings, result.receivedAt);
    if (result.answer.kind === 'no-answer') {
      const seenTerminal = sightings.find((sighting) => sighting.task === task.index && happensBefore(sighting, result) && (sighting.source === 'result' || isTerminalStatus(sighting.status)));
      // An ended task answers at once: only its expiry before (or as) the request came excuses the silence.
      if (!seenTerminal || mayHaveExpired(log, task, sightings, result.sentAt + log.allowanceMs)) continue;
      observations += 1;
      const cancelledSeen = seenTerminal.status === 'cancelled';
      violations.push(
        violation(
          'explore.results',
          cancelledSeen ? 'TASKS-CANCEL-RESULT-ANSWERS' : 'TASKS-RESULT-TERMINAL-RETURNS',
          result,
          `tasks/result of task #${task.index} ${at(log, result)} got no answer within ${result.answer.boundMs} ms although the task had ended (` +
            `${seenTerminal.source === 'result' ? 'an earlier tasks/result gave its outcome' : `${said(log, seenTerminal)} "${String(seenTerminal.status)}"`})`,
        ),
      );
      continue;
    }
    if (cancelled || expired) continue; // a cancelled or expired task may answer anything, or be gone
    const { later, ended, runningThen } = stateAtResult(log, task, result, sightings);
    if (result.answer.kind === 'error' && result.answer.code === INVALID_PARAMS) {
      // "No such task": a deletion (the ttl property's to judge) unless the task is seen alive afterwards.
      if (!later) continue;
      observations += 1;
      violations.push(
        violation(
          'explore.results',
          ended ? 'TASKS-RESULT-TERMINAL-RETURNS' : 'TASKS-RESULT-BLOCK',
          result,
          `tasks/result of task #${task.index} ${at(log, result)} was refused with ${answerText(result)},` +
            ` yet the task was still there afterwards (${said(log, later)} "${String(later.status)}");` +
            ` tasks/result ${ended ? 'on an ended task answers with its outcome' : 'on a task still running waits for its outcome'}`,
        ),
      );
      continue;
    }
    observations += 1;
    const problem = outcomeProblem(task, result);
    // An error that is not the work's, while the work was still going: tasks/result did not wait for the outcome.
    if (problem && result.answer.kind === 'error' && runningThen) {
      violations.push(
        violation(
          'explore.results',
          'TASKS-RESULT-BLOCK',
          result,
          `tasks/result of task #${task.index} ${at(log, result)} was answered with ${answerText(result)}` +
            ` while the task was still running (` +
            `${later && !ended ? `${said(log, later)} "${String(later.status)}" afterwards` : `its ${task.delayMs} ms of work not yet done`});` +
            ` tasks/result on a task still running waits for its outcome`,
        ),
      );
      continue;
    }
    if (problem)
      violations.push(
        violation(
          'explore.results',
          task.role === 'error' ? 'TASKS-EXEC-SAME-ERROR' : 'TASKS-RESULT-EXACT',
          result,
          `tasks/result of task #${task.index} (${task.role}) ${at(log, result)}: ${problem}`,
        ),
      );
  }
  return { observations, violations };
}

/**
 * Where the task stood when tasks/result was sent: the first sighting after its answer (`later`), whether it had ended
 * (seen terminal before, or not running afterwards with its work done), and whether the answer surely came before the
 * outcome (seen running afterwards, or answered before the work could be done, and never seen terminal before): an
 * answer that came after the work may have waited for it, and is judged as the outcome's.
 */
function stateAtResult(log: RunLog, task: CreatedTask, result: ObservedOperation, sightings: readonly Sighting[]): { later?: Sighting; ended: boolean; runningThen: boolean } {
  const later = sightings.find((sighting) => sighting.task === task.index && sighting.operation !== result && sighting.sentAt >= result.receivedAt);
  const seenTerminal = sightings.some((sighting) => sighting.task === task.index && happensBefore(sighting, result) && (sighting.source === 'result' || isTerminalStatus(sighting.status)));
  // Still running afterwards means running when asked; otherwise the work asked for tells whether it was done.
  const stillRunning = later !== undefined && later.source !== 'result' && !isTerminalStatus(later.status);
  const workDone = task.honoursDelay && (createOf(log, task)?.receivedAt ?? Number.POSITIVE_INFINITY) + task.delayMs <= result.sentAt;
  const ended = seenTerminal || (!stillRunning && workDone);
  // The work began no earlier than its create was sent: an answer before that plus the work came before the outcome.
  const answeredBeforeWork = task.honoursDelay && (createOf(log, task)?.sentAt ?? Number.NEGATIVE_INFINITY) + task.delayMs > result.receivedAt;
  return { later, ended, runningThen: !seenTerminal && (stillRunning || answeredBeforeWork) };
}

/** What is wrong with a tasks/result answer for the fixture's work, or undefined when it is exactly right. */
function outcomeProblem(task: CreatedTask, result: ObservedOperation): string | undefined {
  const { answer } = result;
  if (task.role === 'error') {
    // The plain call's error where it was asked for (as result-retrieval.same-error judges), else the one asked for.
    const wanted = task.plainError ?? { code: task.input.code, message: task.input.message };
    const expected = `${task.plainError ? "the plain call's" : "the work's"} JSON-RPC error ${String(wanted.code)} "${String(wanted.message)}"`;
    if (answer.kind !== 'error') return `expected ${expected}, got ${answerText(result)}`;
    if (task.comparesText && (answer.code !== wanted.code || answer.message !== wanted.message)) return `expected ${expected}, got error ${answer.code} "${answer.message}"`;
    // The data the plain call's error carried must be kept (what it holds may differ per call: only its loss is judged).
    if (task.plainError?.data !== undefined && answer.data === undefined) return `expected ${expected} with its data ${brief(task.plainError.data)}, got the error without data`;
    return undefined;
  }
  if (task.method !== undefined) return clientOutcomeProblem(task, task.method, result);
  // Exactly what the plain call returns, as result-retrieval.same-as-plain-call judges it.
  if (task.plainResult !== undefined) {
    const expected = `the plain call's result ${brief(task.plainResult)}`;
    if (answer.kind !== 'result') return `expected ${expected}, got ${answerText(result)}`;
    const got = comparable(answer.result);
    return got === task.plainResult ? undefined : `expected ${expected}, got ${brief(got)}`;
  }
  const isError = task.role === 'fail';
  const expected = `a CallToolResult${isError ? ' with isError true' : ''}${task.comparesText ? ` and the text ${JSON.stringify(task.input.text)}` : ''}`;
  if (answer.kind !== 'result') return `expected ${expected}, got ${answerText(result)}`;
  if ((answer.result.isError === true) !== isError) return `expected ${expected}, got isError ${JSON.stringify(answer.result.isError ?? false)}`;
  if (!task.comparesText) return undefined;
  return textProblem(expected, textsOf(answer.result.content), task.input.text);
}

/**
 * A client's echo (docs/client-fixture-contract.md): a sampled message whose text is the directive's, or an accepted
 * elicitation whose answer is.
 */
function clientOutcomeProblem(task: CreatedTask, method: Exclude<FixtureMethod, 'tools/call'>, result: ObservedOperation): string | undefined {
  const { answer } = result;
  const text = JSON.stringify(task.input.text);
  const sampling = method === 'sampling/createMessage';
  const expected = sampling ? `a sampled message with the text ${text}` : `an accepted elicitation answering ${text}`;
  if (answer.kind !== 'result') return `expected ${expected}, got ${answerText(result)}`;
  if (sampling) return textProblem(expected, textsOf(answer.result.content), task.input.text);
  const content = isRecord(answer.result.content) ? answer.result.content : {};
  return answer.result.action === 'accept' && content.answer === task.input.text
    ? undefined
    : `expected ${expected}, got action ${JSON.stringify(answer.result.action)} with content ${JSON.stringify(answer.result.content ?? null)}`;
}

/** The text blocks of a content list (or of one content block, as a sampled message may carry it). */
function textsOf(content: unknown): unknown[] {
  const blocks = Array.isArray(content) ? (content as unknown[]) : [content];
  return blocks
    .filter(isRecord)
    .filter((item) => item.type === 'text')
    .map((item) => item.text);
}

function textProblem(expected: string, texts: readonly unknown[], wanted: unknown): string | undefined {
  return texts.length === 1 && texts[0] === wanted
    ? undefined
    : `expected ${expected}, got the text${texts.length === 1 ? '' : 's'} ${texts.map((text) => JSON.stringify(text)).join(', ') || '(none)'}`;
}

/**
 * A walk shows no task twice, and shows every task of the requestor created before it began and still there after it
 * ended (seen by a later request). A task missing from a walk and never seen again may have been deleted meanwhile:
 * whether that deletion was allowed is the ttl property's to judge, not the listing's.
 */
export function judgeListing(log: RunLog, sightings: readonly Sighting[] = sightingsOf(log)): Judgement {
  const walks = log.operations.filter((operation) => operation.operation.kind === 'list' && operation.answer.kind === 'list');
  const violations: Violation[] = [];
  for (const walk of walks) {
    if (walk.answer.kind !== 'list') continue;
    const ids = walk.answer.tasks.map((task) => (isRecord(task) ? task.taskId : undefined));
    const twice = ids.find((id, index) => id !== undefined && ids.indexOf(id) !== index);
    if (twice !== undefined) {
      violations.push(
        violation(
          'explore.listing',
          'TASKS-LIST-NO-DUPLICATES',
          walk,
          `the tasks/list walk ${at(log, walk)} showed ${taskName(log, twice)} more than once (${walk.answer.pages} pages, ${ids.length} entries)`,
        ),
      );
    }
    if (walk.answer.stoppedBecause) continue; // a walk cut short cannot show what it did not reach
    for (const task of log.tasks) {
      const create = createOf(log, task);
      if (!task.taskId || !create || !happensBefore(create, walk) || ids.includes(task.taskId)) continue;
      // Seen after the walk's last answer, the task existed throughout the walk.
      const later = sightings.find((sighting) => sighting.task === task.index && sighting.operation !== walk && sighting.sentAt >= walk.receivedAt);
      if (!later) continue;
      violations.push(
        violation(
          'explore.listing',
          'TASKS-LIST-GET-IMPLIES-LIST',
          walk,
          `the tasks/list walk ${at(log, walk)} (${walk.answer.pages} page${walk.answer.pages === 1 ? '' : 's'}, ${ids.length} tasks)` +
            ` left out task #${task.index}, created ${at(log, create)} before the walk began and still there after it ended (` +
            `${later.source === 'result' ? `tasks/result sent ${at(log, later.operation)} answered with its outcome` : `${said(log, later)} "${String(later.status)}"`})`,
        ),
      );
    }
  }
  return { observations: walks.length, violations };
}

/** tasks/get answering -32602 before the ttl the receiver reported has run out, without a cancel: that ttl was not in force. */
export function judgeTtl(log: RunLog, sightings: readonly Sighting[] = sightingsOf(log)): Judgement {
  const gets = log.operations.filter((operation) => operation.operation.kind === 'get' && operation.task !== undefined);
  const violations: Violation[] = [];
  for (const get of gets) {
    if (get.answer.kind !== 'error' || get.answer.code !== INVALID_PARAMS) continue;
    const task = taskAt(log, get.task)!;
    if (cancelSentBefore(log, task.index, get.receivedAt)) continue; // TASKS-CANCEL-MAY-DELETE
    const expiry = expiryOf(log, task, sightings, get.sentAt);
    if (!expiry || get.receivedAt >= expiry.at - log.allowanceMs) continue; // TASKS-TTL-MAY-DELETE
    const create = createOf(log, task)!;
    violations.push(
      violation(
        'explore.ttl',
        'TASKS-TTL-INCLUDE-ACTUAL',
        get,
        `tasks/get of task #${task.index} ${at(log, get)} answered -32602 (deleted) ${ms(get.receivedAt - create.sentAt)} after it was created,` +
          ` although its reported ttl ${expiry.ttl === null ? 'null (unlimited)' : `of ${expiry.ttl} ms had ${ms(expiry.at - get.receivedAt)} left`} and it was never cancelled:` +
          ` the ttl reported was not the one in force`,
      ),
    );
  }
  return { observations: gets.length, violations };
}

/** Identity B cannot read A's tasks with tasks/get, nor see them in its tasks/list. */
export function judgeIsolation(log: RunLog): Judgement {
  const judged = log.operations.filter((operation) => operation.peer && (operation.operation.kind === 'peer-list' || operation.task !== undefined));
  const violations: Violation[] = [];
  const own = new Set(log.tasks.map((task) => task.taskId).filter((id) => id !== undefined));
  for (const operation of judged) {
    const reached = operation.answer.kind === 'result' || (operation.operation.kind === 'peer-result' && operation.answer.kind === 'no-answer');
    if (operation.task !== undefined && operation.operation.kind !== 'peer-list' && reached) {
      // Any refusal will do here; whether it matches the answer for an unknown id is foreign-refusals' to judge.
      const got =
        operation.answer.kind === 'no-answer'
          ? `${answerText(operation)}, as if it waited for the task`
          : answeredTask(operation.answer)
            ? `the task (status "${String(answeredTask(operation.answer)?.status)}")`
            : 'a result';
      violations.push(
        violation(
          'explore.isolation',
          'TASKS-SEC-REJECT-FOREIGN',
          operation,
          `${methodOf(operation)} of task #${operation.task}, created by identity A, ${at(log, operation)} was answered with ${got}; expected a refusal (error -32602)`,
        ),
      );
    }
    if (operation.answer.kind === 'list') {
      const leaked = operation.answer.tasks.find((task) => isRecord(task) && own.has(task.taskId as string));
      if (leaked) {
        violations.push(
          violation('explore.isolation', 'TASKS-SEC-LIST-OWN-ONLY', operation, `the tasks/list walk of identity B ${at(log, operation)} showed ${taskName(log, leaked.taskId)}, created by identity A`),
        );
      }
    }
  }
  return { observations: judged.length, violations };
}

// ------------------------------------------------------------------------------------------------ shared reasoning

/** The task of a creation index (a create dropped at execution leaves its index unused). */
export function taskAt(log: RunLog, index: number | undefined): CreatedTask | undefined {
  return index === undefined ? undefined : log.tasks.find((task) => task.index === index);
}

export function createOf(log: RunLog, task: CreatedTask): ObservedOperation | undefined {
  return log.operations.find((operation) => operation.position === task.position);
}

export function cancelSentBefore(log: RunLog, task: number, time: number): boolean {
  return log.operations.some((operation) => !operation.peer && operation.operation.kind === 'cancel' && operation.task === task && operation.sentAt < time);
}

/**
 * When the task's ttl runs out: from its creation (the createdAt it reported, kept within the time its create was in
 * flight, so clock skew cannot move it outside) plus the shortest ttl reported before `before`. null ttl: never.
 * Undefined when the receiver reported no usable ttl.
 */
export function expiryOf(log: RunLog, task: CreatedTask, sightings: readonly Sighting[], before = Number.POSITIVE_INFINITY): { at: number; ttl: number | null } | undefined {
  const create = createOf(log, task);
  if (!create) return undefined;
  const reported = sightings.filter((sighting) => sighting.task === task.index && sighting.receivedAt <= before && sighting.source !== 'result').map((sighting) => sighting.ttl);
  const numbers = reported.filter((ttl): ttl is number => typeof ttl === 'number' && Number.isFinite(ttl) && ttl >= 0);
  if (numbers.length === 0) return reported.includes(null) ? { at: Number.POSITIVE_INFINITY, ttl: null } : undefined;
  const ttl = Math.min(...numbers);
  const createdAt = sightings.find((sighting) => sighting.task === task.index && typeof sighting.createdAt === 'string')?.createdAt as string | undefined;
  const reportedAt = createdAt === undefined ? Number.NaN : Date.parse(createdAt) - log.timeOrigin;
  const createdPerf = Number.isFinite(reportedAt) ? Math.min(Math.max(reportedAt, create.sentAt), create.receivedAt) : create.sentAt;
  return { at: createdPerf + ttl, ttl };
}

/** Whether the ttl may have run out by `time` (within the allowance); a task of unknown ttl may have. */
export function mayHaveExpired(log: RunLog, task: CreatedTask, sightings: readonly Sighting[], time: number): boolean {
  const expiry = expiryOf(log, task, sightings, time);
  return !expiry || time >= expiry.at - log.allowanceMs;
}

// ------------------------------------------------------------------------------------------------ wording

export function violation(property: PropertyId, requirement: string, operation: ObservedOperation, message: string): Violation {
  return { property, requirement, message, position: operation.position, at: operation.receivedAt };
}

/** "+812 ms": when an operation was sent, from the run's first request. */
export function at(log: RunLog, operation: ObservedOperation): string {
  return `at +${Math.round(operation.sentAt - runStart(log))} ms`;
}

function runStart(log: RunLog): number {
  return log.operations.reduce((first, each) => Math.min(first, each.sentAt), Number.POSITIVE_INFINITY);
}

function said(log: RunLog, sighting: Sighting): string {
  if (sighting.source === 'notification') return `a status notification received at +${Math.round(sighting.receivedAt - runStart(log))} ms showed task #${sighting.task}`;
  const by = { create: 'the CreateTaskResult', get: 'tasks/get', list: 'tasks/list', cancel: 'the tasks/cancel answer', result: 'tasks/result' }[sighting.source];
  return `${by} ${at(log, sighting.operation)} showed task #${sighting.task}`;
}

function taskName(log: RunLog, taskId: unknown): string {
  const task = log.tasks.find((created) => created.taskId === taskId && taskId !== undefined);
  return task ? `task #${task.index}` : `task ${JSON.stringify(taskId)}`;
}

export function methodOf(operation: ObservedOperation): string {
  const kind = operation.operation.kind;
  return kind.startsWith('peer-') ? `tasks/${kind.slice('peer-'.length)} by identity B` : `tasks/${kind}`;
}

export function answerText(operation: ObservedOperation): string {
  const { answer } = operation;
  switch (answer.kind) {
    case 'error':
      return `error ${answer.code} "${answer.message}"`;
    case 'no-answer':
      return `no answer within ${answer.boundMs} ms`;
    case 'result': {
      const task = answeredTask(answer);
      return task ? `the task (status "${String(task.status)}")` : answer.result.isError === true ? 'a result with isError true' : 'a result';
    }
    default:
      return describeOperation(operation.operation);
  }
}

export function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
