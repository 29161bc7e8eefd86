// Every task operation of the 2025-11-25 Tasks utility in every state a task can be met in, and what judges it: the
// scripted checks that stage it, the requirements the rule book judges in every such message, or why nothing does.
// `list --spec 2025-11-25 --matrix` prints it; test/suites/probe-matrix.test.ts keeps it complete and its names real.
import type { ProbeMatrix } from '../../harness/engine/profile.js';

const STARTS_WORKING = 'Every new task begins working (TASKS-LIFECYCLE-START-WORKING): a CreateTaskResult in another status fails creation.status-working.';
const NO_UPDATE = 'The utility has no tasks/update: input is given by answering the request the task sends (elicitation/create), ' + 'staged under input_required.';
const NO_LISTEN = 'The utility has no subscriptions/listen: a receiver may push notifications/tasks/status on its own, and every ' + 'one of them is judged by the rule book.';
const TTL_OVER = 'Past its ttl a task may still answer or be gone (-32602); ttl.expiry reads it with tasks/get, and then requires it cleaned up.';

export const PROBE_MATRIX: ProbeMatrix = {
  create: {
    working: {
      checks: ['creation.create-task-result-shape', 'creation.status-working', 'creation.prompt', 'creation.no-result-in-create', 'creation.task-ids'],
      ruleBook: ['TASKS-RESULT-CREATE-TASK-RESULT', 'TASKS-TASK-SHAPE'],
    },
    input_required: { checks: ['creation.status-working'], why: STARTS_WORKING },
    completed: { checks: ['creation.status-working'], why: STARTS_WORKING },
    failed: { checks: ['creation.status-working'], why: STARTS_WORKING },
    cancelled: { checks: ['creation.status-working'], why: STARTS_WORKING },
    expired: { why: 'A task cannot be made past its ttl, which counts from its creation (ttl.max-ttl judges the ttl granted).' },
    unknown: { why: 'A task-augmented call names no task: the receiver generates the id (creation.task-ids).' },
    foreign: { why: "A task is made in the caller's own context; another identity meets it in the operations after." },
  },
  get: {
    working: { checks: ['lifecycle.transitions', 'ttl.present-in-get', 'ttl.timestamps', 'task-data.valid-everywhere'], ruleBook: ['TASKS-TASK-SHAPE', 'TASKS-TTL-INCLUDE-ACTUAL'] },
    input_required: { checks: ['input-required.status-shown', 'input-required.no-sse-on-get'], ruleBook: ['TASKS-TASK-SHAPE'] },
    completed: { checks: ['lifecycle.transitions', 'ttl.stable'], ruleBook: ['TASKS-LIFECYCLE-TERMINAL-FINAL'] },
    failed: { checks: ['execution-errors.iserror-failed', 'execution-errors.rpc-error-failed', 'execution-errors.failed-status-message'], ruleBook: ['TASKS-LIFECYCLE-TERMINAL-FINAL'] },
    cancelled: { checks: ['cancellation.stays-cancelled'], ruleBook: ['TASKS-CANCEL-STAYS-CANCELLED'] },
    expired: { checks: ['ttl.expiry'], why: TTL_OVER },
    unknown: { checks: ['protocol-errors.unknown-task-get'] },
    foreign: { checks: ['isolation.foreign-task-rejected'], ruleBook: ['TASKS-SEC-BIND-CONTEXT'] },
  },
  result: {
    working: { checks: ['result-retrieval.blocks-until-terminal', 'result-retrieval.blocks-past-short-ttl'] },
    input_required: { checks: ['result-retrieval.blocks-until-terminal', 'input-required.completes-with-answer'] },
    completed: { checks: ['result-retrieval.same-as-plain-call', 'result-retrieval.related-task-meta'], ruleBook: ['TASKS-META-RESULT-INCLUDES'] },
    failed: { checks: ['result-retrieval.same-error'] },
    cancelled: { checks: ['cancellation.result-after-cancel'] },
    expired: { why: `Not staged with tasks/result: ${TTL_OVER}` },
    unknown: { checks: ['protocol-errors.unknown-task-result'] },
    foreign: { checks: ['isolation.foreign-task-rejected'] },
  },
  list: {
    working: { checks: ['listing.paginates', 'listing.next-cursor', 'listing.get-implies-list', 'listing.no-duplicates'] },
    input_required: { why: 'tasks/list names no task: a task waiting for input is listed only where the listing checks’ tasks are in that status when they walk.' },
    completed: { checks: ['listing.get-implies-list'], why: 'tasks/list names no task: the listing walks every task tasks/get can read, ended ones included.' },
    failed: { why: 'tasks/list names no task: a failed task is listed only where the listing checks’ tasks are in that status when they walk.' },
    cancelled: { why: 'tasks/list names no task: a cancelled task is listed only where the listing checks’ tasks are in that status when they walk.' },
    expired: { why: 'A task past its ttl may leave the listing (TASKS-RES-CLEANUP); not judged per listing.' },
    unknown: { checks: ['listing.invalid-cursor'], why: 'tasks/list names no task id; its cursor is the only reference it takes, and a made-up one is refused.' },
    foreign: { checks: ['isolation.list-own-only', 'isolation.no-list-without-auth'] },
  },
  cancel: {
    working: { checks: ['cancellation.cancel-working', 'cancellation.stays-cancelled', 'cancellation.stops-work'], ruleBook: ['TASKS-CANCEL-BEFORE-RESPONSE', 'TASKS-CANCEL-STAYS-CANCELLED'] },
    input_required: { why: 'Not staged by a scripted check yet: a task waiting for input is cancelled only where explore’s runs reach one.' },
    completed: { checks: ['cancellation.terminal-rejected'], ruleBook: ['TASKS-CANCEL-TERMINAL-REJECTED'] },
    failed: { checks: ['cancellation.terminal-rejected'], ruleBook: ['TASKS-CANCEL-TERMINAL-REJECTED'] },
    cancelled: { checks: ['cancellation.terminal-rejected'], ruleBook: ['TASKS-CANCEL-TERMINAL-REJECTED'] },
    expired: { why: 'Past its ttl the task may be gone, so a refusal as terminal and an unknown-task error are both allowed.' },
    unknown: { checks: ['protocol-errors.unknown-task-cancel'] },
    foreign: { checks: ['isolation.foreign-task-rejected', 'isolation.untouched-by-peer'] },
  },
  update: {
    working: { why: NO_UPDATE },
    input_required: { checks: ['input-required.leaves-status', 'input-required.completes-with-answer', 'input-required.elicitation-related-meta'], why: NO_UPDATE },
    completed: { why: NO_UPDATE },
    failed: { why: NO_UPDATE },
    cancelled: { why: NO_UPDATE },
    expired: { why: NO_UPDATE },
    unknown: { why: NO_UPDATE },
    foreign: { why: NO_UPDATE },
  },
  listen: {
    working: { checks: ['notifications.full-task', 'related-task.not-on-status-notifications'], ruleBook: ['TASKS-NOTIFY-FULL-TASK', 'TASKS-NOTIFY-NO-RELATED-META'], why: NO_LISTEN },
    input_required: { ruleBook: ['TASKS-NOTIFY-FULL-TASK', 'TASKS-NOTIFY-NO-RELATED-META'], why: NO_LISTEN },
    completed: { ruleBook: ['TASKS-NOTIFY-FULL-TASK', 'TASKS-NOTIFY-NO-RELATED-META'], why: NO_LISTEN },
    failed: { ruleBook: ['TASKS-NOTIFY-FULL-TASK', 'TASKS-NOTIFY-NO-RELATED-META'], why: NO_LISTEN },
    cancelled: { ruleBook: ['TASKS-NOTIFY-FULL-TASK', 'TASKS-NOTIFY-NO-RELATED-META'], why: NO_LISTEN },
    expired: { why: NO_LISTEN },
    unknown: { why: NO_LISTEN },
    foreign: { ruleBook: ['TASKS-SEC-BIND-CONTEXT'], why: `${NO_LISTEN} A status notification reaching another identity is judged so.` },
  },
  requestor: {
    working: {
      checks: ['requestor.respects-poll-interval', 'requestor.polls-until-terminal', 'requestor.no-related-meta-on-task-operations', 'requestor.keeps-polling-with-notifications'],
      ruleBook: ['TASKS-GET-RESPECT-POLL-INTERVAL', 'TASKS-META-REQUESTOR-NO-META'],
    },
    input_required: { checks: ['requestor.result-on-input-required', 'requestor.input-on-any-stream', 'requestor.polls-after-result-cut'] },
    completed: { checks: ['requestor.polls-until-terminal'] },
    failed: { why: 'What a client does with a failed task has no requirement of its own.' },
    cancelled: { checks: ['requestor.cancels-with-tasks-cancel', 'requestor.no-reliance-on-cancelled-task'] },
    expired: { why: 'A requestor may stop following a task past its ttl: nothing to judge.' },
    unknown: { why: 'The endpoint offers a client only the tasks it made: there is no id it never got to follow.' },
    foreign: { why: "The suite's endpoint serves one client at a time: there is no other identity's task to offer it." },
  },
};
