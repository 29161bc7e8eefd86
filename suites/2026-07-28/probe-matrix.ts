// Every task operation of the Tasks extension in every state a task can be met in, and what judges it: the scripted
// checks that stage it, the requirements the rule book judges in every such message, or why nothing does.
// `list --spec 2026-07-28 --matrix` prints it; test/suites/probe-matrix.test.ts keeps it complete and its names real.
import type { ProbeMatrix } from '../../harness/engine/profile.js';

const REMOVED_RESULT =
  'Removed by the extension: the outcome comes inlined in tasks/get (see get of a completed or failed task). ' +
  'ext-errors.removed-methods sends tasks/result once, for a task it has just made, and requires -32601 whatever the task.';
const REMOVED_LIST = 'Removed by the extension, and it names no task: ext-errors.removed-methods requires -32601 for it once, while a task works.';
const TTL_OVER =
  'After its ttlMs a server may keep the task, fail it or remove it (EXT-GET-TTL-EXPIRY, a MAY), so no answer is ' +
  'wrong; only a task gone before its ttlMs is judged (ext-lifecycle.retained-until-ttl, which waits a short ttlMs out to ' +
  'its last moments). explore reads tasks late too.';
const SEEDED_ENDED =
  'The CreateTaskResult seeds the task in a status of the server’s choosing (working, typically): one already ' +
  'ended is judged by the rule book like any, and the checks that follow the task see it so.';

export const EXT_PROBE_MATRIX: ProbeMatrix = {
  create: {
    working: { checks: ['ext-results.create-task-result', 'ext-creation.durable-before-reply', 'ext-polling.working-status'], ruleBook: ['EXT-RESULTTYPE-TASK', 'EXT-CREATE-DURABLE'] },
    input_required: { checks: ['ext-creation.mrtr-before-task'], why: 'A tool needing input before its work asks on the call itself, before any task exists.' },
    completed: { ruleBook: ['EXT-RESULTTYPE-TASK'], why: SEEDED_ENDED },
    failed: { ruleBook: ['EXT-RESULTTYPE-TASK'], why: SEEDED_ENDED },
    cancelled: { ruleBook: ['EXT-RESULTTYPE-TASK'], why: 'Nothing can cancel a task before its CreateTaskResult names it; a seed status cancelled is judged like any other.' },
    expired: { why: 'A task cannot be made past its ttlMs, which counts from its creation.' },
    unknown: { why: 'tools/call names no task: the server makes the id.' },
    foreign: { why: "A task is made in the caller's own context; another identity meets it in the operations after." },
  },
  get: {
    working: { checks: ['ext-polling.working-status'], ruleBook: ['EXT-GET-CURRENT-STATUS', 'EXT-GET-RESULTTYPE-COMPLETE'] },
    input_required: { checks: ['ext-polling.input-required-lists-requests', 'ext-polling.all-outstanding'], ruleBook: ['EXT-GET-INPUT-REQUIRED'] },
    completed: {
      checks: ['ext-polling.completed-inlines-result', 'ext-polling.same-as-plain', 'ext-lifecycle.retained-until-ttl', 'ext-errors.tool-error-completed'],
      ruleBook: ['EXT-GET-COMPLETED-RESULT', 'EXT-EXEC-SAME-RESULT'],
    },
    failed: { checks: ['ext-polling.failed-inlines-error'], ruleBook: ['EXT-GET-FAILED-ERROR'] },
    cancelled: { checks: ['ext-cancel.stays-cancelled'], ruleBook: ['EXT-LIFECYCLE-TERMINAL-FINAL'] },
    expired: { why: TTL_OVER },
    unknown: { checks: ['ext-errors.unknown-task'] },
    foreign: { checks: ['ext-security.per-context-access'] },
  },
  result: {
    working: { checks: ['ext-errors.removed-methods'], why: REMOVED_RESULT },
    input_required: { why: REMOVED_RESULT },
    completed: { why: REMOVED_RESULT },
    failed: { why: REMOVED_RESULT },
    cancelled: { why: REMOVED_RESULT },
    expired: { why: REMOVED_RESULT },
    unknown: { why: REMOVED_RESULT },
    foreign: { why: REMOVED_RESULT },
  },
  list: {
    working: { checks: ['ext-errors.removed-methods'], why: REMOVED_LIST },
    input_required: { why: REMOVED_LIST },
    completed: { why: REMOVED_LIST },
    failed: { why: REMOVED_LIST },
    cancelled: { why: REMOVED_LIST },
    expired: { why: REMOVED_LIST },
    unknown: { why: REMOVED_LIST },
    foreign: { why: REMOVED_LIST },
  },
  cancel: {
    working: { checks: ['ext-cancel.acknowledged', 'ext-cancel.stays-cancelled', 'ext-results.acknowledgements'], ruleBook: ['EXT-CANCEL-ACK', 'EXT-CANCEL-RESULTTYPE-COMPLETE'] },
    input_required: { checks: ['ext-cancel.input-required-acknowledged'], ruleBook: ['EXT-CANCEL-ACK', 'EXT-CANCEL-RESULTTYPE-COMPLETE'] },
    completed: { checks: ['ext-cancel.terminal-untouched'], why: 'Acknowledged or refused, both pass (the reading beside EXT-CANCEL-ACK); the task must stay completed.' },
    failed: { checks: ['ext-cancel.terminal-untouched'], why: 'Acknowledged or refused, both pass (the reading beside EXT-CANCEL-ACK); the task must stay failed.' },
    cancelled: { why: 'Not staged by a scripted check: cancelling twice has no rule beyond the task staying cancelled, which ext-cancel.stays-cancelled reads.' },
    expired: { why: 'Past its ttlMs the task may be gone, so an acknowledgement and an unknown-task error are both allowed.' },
    unknown: { checks: ['ext-errors.unknown-task'] },
    foreign: { checks: ['ext-security.per-context-access'] },
  },
  update: {
    working: { why: 'A task asking for nothing has no key to answer: an update of it names unknown keys, which a server ignores; staged only on input_required (ext-update.unknown-keys-ignored).' },
    input_required: {
      checks: ['ext-update.acknowledged', 'ext-update.unknown-keys-ignored', 'ext-update.keys-unique', 'ext-update.reask-new-key', 'ext-results.acknowledgements'],
      ruleBook: ['EXT-UPDATE-KEY-NO-REUSE'],
    },
    completed: { why: 'The extension names no answer to answers for an ended task, and the task cannot change (judged on every later read by the rule book).' },
    failed: { why: 'The extension names no answer to answers for an ended task, and the task cannot change (judged on every later read by the rule book).' },
    cancelled: { why: 'The extension names no answer to answers for an ended task, and the task cannot change (judged on every later read by the rule book).' },
    expired: { why: 'Past its ttlMs the task may be gone, so an acknowledgement and an unknown-task error are both allowed.' },
    unknown: { checks: ['ext-errors.unknown-task'] },
    foreign: { checks: ['ext-security.per-context-access'] },
  },
  listen: {
    working: { checks: ['ext-notify.acknowledged-first', 'ext-notify.full-task', 'ext-notify.no-progress-on-stream', 'ext-notify.listen-needs-extension', 'ext-notify.only-when-subscribed'] },
    input_required: { checks: ['ext-notify.input-required-full-task'], ruleBook: ['EXT-NOTIFY-FULL-TASK'] },
    completed: {
      checks: ['ext-notify.full-task'],
      ruleBook: ['EXT-NOTIFY-FULL-TASK'],
      why: 'Subscribed while working, the notification of the end must carry the whole completed task (the rule book sets every notification against the terminal status).',
    },
    failed: { why: 'Not staged: the listen checks follow a task that completes.' },
    cancelled: { why: 'Not staged: the listen checks follow a task that completes.' },
    expired: { why: 'A subscription to a task past its ttlMs has nothing the extension requires to be sent.' },
    unknown: { why: 'The acknowledgement names the tasks the server agreed to watch; one naming no task is left out, and nothing of it is required.' },
    foreign: { checks: ['ext-security.per-context-access'] },
  },
  requestor: {
    working: {
      checks: [
        'ext-requestor.respects-poll-interval',
        'ext-requestor.polls-until-terminal',
        'ext-requestor.declares-extension-on-task-requests',
        'ext-requestor.request-envelope',
        'ext-requestor.routing-headers',
        'ext-requestor.persists-task-ids',
      ],
      ruleBook: ['EXT-POLL-RESPECT-INTERVAL', 'EXT-ERR-CLIENT-DECLARES-ON-TASK-METHODS'],
    },
    input_required: { checks: ['ext-requestor.answers-input-requests', 'ext-requestor.input-as-standalone', 'ext-requestor.deduplicates-input-keys', 'ext-requestor.observes-after-update'] },
    completed: { checks: ['ext-requestor.polls-until-terminal', 'ext-requestor.handles-plain-or-task'] },
    failed: { why: 'The endpoint fails an input task left unanswered; what a client does with a failed task has no requirement of its own.' },
    cancelled: { checks: ['ext-requestor.cancels-with-tasks-cancel'], ruleBook: ['EXT-CANCEL-NOT-BY-NOTIFICATION'] },
    expired: { why: 'A client may give a task up once its ttlMs is over (EXT-GET-TTL-BACKSTOP, a MAY): nothing to judge.' },
    unknown: { checks: ['ext-requestor.rejects-unsupported-task'], why: 'A task id answering a request that cannot make tasks (tools/list) is one the client must not follow.' },
    foreign: { why: "The suite's endpoint serves one client: there is no other identity's task to offer it." },
  },
};
