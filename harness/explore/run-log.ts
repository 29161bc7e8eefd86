// What one run of a sequence saw: every operation with when it was sent and answered, and the tasks it created.
// The model judges this log alone, so it is plain data that tests can write by hand.
import { canonicalJson } from '../model/describe.js';
import type { FixtureMethod } from '../model/fixtures.js';
import type { TranscriptEntry } from '../model/model.js';
import type { ExploreRole, Operation } from './operations.js';

/** How the receiver answered one operation. */
export type Answer =
  | { kind: 'result'; result: Record<string, unknown> }
  | { kind: 'error'; code: number; message: string; data?: unknown }
  /** tasks/result only: nothing came within the bound the model expected (it may block while the task runs). */
  | { kind: 'no-answer'; boundMs: number }
  /** A whole tasks/list walk: every task of every page, in order; stoppedBecause when a page was refused. */
  | { kind: 'list'; tasks: Record<string, unknown>[]; pages: number; stoppedBecause?: string }
  | { kind: 'waited' }
  /** 2026-07-28 subscriptions/listen: whether it was acknowledged, and the notifications/tasks params it carried until the run closed it. */
  | { kind: 'heard'; acknowledged: boolean; notifications: Record<string, unknown>[] };

export interface ObservedOperation {
  /** Position in the sequence, counting every operation (dropped ones are not logged). */
  position: number;
  step: number;
  operation: Operation;
  /** Identity B sent it (peer-get, peer-list, peer-cancel, peer-update, peer-listen). */
  peer: boolean;
  /** The creation index of the task it named; absent for an unknown id, lists and waits. */
  task?: number;
  /** The taskId sent (a random well-formed one for an unknown id). */
  taskId?: string;
  /** tasks/update: the inputRequests keys it answered. */
  inputKeys?: string[];
  /** A tasks/get of the follow-up after the last step: judged like any other, never replayed as an operation. */
  followUp?: boolean;
  /** A crowd (2025-11-25): the ids its creates were given, and the size of each page of the walk after them. */
  crowd?: { ids: string[]; pageSizes: number[] };
  /** Identity B refused a task of A: how it answered the same request for an id no task has, sent right after. */
  unknownTwin?: { taskId: string; answer: Answer };
  /** A cancel-progress probe: progress notifications of its task before the cancel was answered, and after, watched for `watchedMs`. */
  progress?: { before: number; after: number; watchedMs: number };
  /** A walk (list, peer-list, crowd): how many tasks each page held. */
  pageSizes?: number[];
  /** performance.now() when the request left and when its answer arrived (a walk: its first page and its last answer). */
  sentAt: number;
  receivedAt: number;
  answer: Answer;
}

/** A task the sequence asked for, by creation index, whether or not the receiver created it. */
export interface CreatedTask {
  index: number;
  role: ExploreRole;
  /** How the work was asked for: a tool call of a server, or a sampling or elicitation request of a client (absent: tools/call). */
  method?: Exclude<FixtureMethod, 'tools/call'>;
  delayMs: number;
  /** What was asked: null for no ttl. */
  ttlRequested: number | null;
  /** The arguments the fixture got (text for echo and fail; code and message for error). */
  input: Record<string, unknown>;
  /** False where a mapped tool does not get the text, so results cannot be compared with it. */
  comparesText: boolean;
  /** False where a mapped tool ignores delayMs, so the work's length is unknown. */
  honoursDelay: boolean;
  /** The plain call's result for this task's input (plain-results.ts, as `comparable` gives it): its tasks/result must equal it. */
  plainResult?: string;
  /** The error fixture's plain call's error: its tasks/result must be this very error (code and message). */
  plainError?: { code: number; message: string; data?: unknown };
  /** Set once the CreateTaskResult named a task. */
  taskId?: string;
  /** The task of the CreateTaskResult. */
  created?: Record<string, unknown>;
  /** The position of its create operation. */
  position: number;
}

export interface RunLog {
  operations: ObservedOperation[];
  tasks: CreatedTask[];
  /** Wall-clock time (Date.now()) at performance.now() 0, for this run: times the receiver reports (createdAt) map onto sentAt/receivedAt with it. */
  timeOrigin: number;
  /** The calibrated allowance per round trip: the slack every timing judgement gets (clock skew, scheduling). */
  allowanceMs: number;
  transcript: TranscriptEntry[];
  /** 2025-11-25: the status notifications identity A received during the run (params: the Task), when they came. */
  notifications?: { receivedAt: number; params: Record<string, unknown> }[];
  /** One stream carries every message in the order sent (stdio): only then do notifications tell what came before what. */
  notificationsInOrder?: boolean;
  /** 2025-11-25 servers: how the requestor reaches the receiver, for what a receiver that cannot tell requestors apart should not offer. */
  access?: { http: boolean; credentials: boolean; listDeclared: boolean; peer: boolean };
  /** Set when the run could not finish (a request unanswered within its bound, a lost connection). */
  error?: string;
  /** What the era's rule book saw in the run's traffic: messages judged, and each violation with when it showed (performance time). */
  ruleBook?: { messages: number; sightings: { requirement: string; message: string; at: number; family: 'message' | 'lifecycle' }[] };
}

/** A result as compared with the plain call's: canonical JSON without _meta, which legitimately differs (related-task metadata). */
export function comparable(result: Record<string, unknown>): string {
  const { _meta: _ignored, ...rest } = result;
  return canonicalJson(rest);
}

/** The error a tasks/* request must give for a task it does not know. */
export const INVALID_PARAMS = -32602;

export function isErrorAnswer(answer: Answer, code?: number): answer is Extract<Answer, { kind: 'error' }> {
  return answer.kind === 'error' && (code === undefined || answer.code === code);
}

/** The task a tasks/get or tasks/cancel result shows (the result is the task itself). */
export function answeredTask(answer: Answer): Record<string, unknown> | undefined {
  return answer.kind === 'result' && typeof answer.result.taskId === 'string' ? answer.result : undefined;
}

/** What an operation saw, in a few words, for its one-line summary. */
/** `taskLabel` names a task of the run ("#2"), undefined for any other. */
export function describeAnswer(observed: Pick<ObservedOperation, 'operation' | 'answer'>, taskLabel: (taskId: unknown) => string | undefined): string {
  const { answer, operation } = observed;
  switch (answer.kind) {
    case 'waited':
      return 'done';
    case 'no-answer':
      return `no answer within ${answer.boundMs} ms`;
    case 'error':
      return `error ${answer.code}`;
    case 'heard': {
      const heard = answer.notifications.map((n) => `${taskLabel(n.taskId) ?? 'another task'} ${String(n.status)}`);
      return `${answer.acknowledged ? 'acknowledged' : 'no acknowledgement'}, ${answer.notifications.length} notifications/tasks${heard.length ? `: ${heard.join(', ')}` : ''}`;
    }
    case 'list': {
      // The run's own tasks by name; tasks of earlier runs (HTTP keeps them listed) only counted.
      const own = answer.tasks.filter((task) => taskLabel(task.taskId) !== undefined).map((task) => `${taskLabel(task.taskId)} ${String(task.status)}`);
      const others = answer.tasks.length - own.length;
      const parts = [...own, ...(others > 0 ? [`${others} other${others === 1 ? '' : 's'}`] : [])];
      const pages = `${answer.pages} page${answer.pages === 1 ? '' : 's'}`;
      const stopped = answer.stoppedBecause ? ` (stopped: ${answer.stoppedBecause})` : '';
      return `${answer.tasks.length} task${answer.tasks.length === 1 ? '' : 's'} in ${pages}${parts.length ? `: ${parts.join(', ')}` : ''}${stopped}`;
    }
    case 'result': {
      if (operation.kind === 'create') {
        // 2025-11-25 nests the task; a 2026-07-28 CreateTaskResult is the task itself.
        const task = (answer.result.task ?? (answer.result.resultType === 'task' ? answer.result : undefined)) as Record<string, unknown> | undefined;
        return task && typeof task.taskId === 'string' ? `${String(task.status)}` : 'no task in the answer';
      }
      if (operation.kind === 'result') {
        const content = Array.isArray(answer.result.content) ? (answer.result.content as Record<string, unknown>[]) : [];
        const text = content.find((item) => item?.type === 'text')?.text;
        return `${answer.result.isError === true ? 'isError ' : ''}${typeof text === 'string' ? `text ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)}` : 'a result'}`;
      }
      const task = answeredTask(answer);
      return task ? String(task.status) : 'a result that is no task';
    }
  }
}
