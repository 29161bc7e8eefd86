import type { FaultCase } from './types.js';

/** Faults proving the foundation's checks: capabilities, tool negotiation, creation, lifecycle, results, errors. */
export const CORE_FAULT_CASES: FaultCase[] = [
  { faults: ['capability-shape-invalid'], catches: { 'capabilities.tasks-shape': 'fail' } },
  { faults: ['undeclared-still-creates-task'], variant: 'no-tasks', catches: { 'capabilities.undeclared-ignores-task': 'fail' } },
  { faults: ['undeclared-type-rejects-task'], catches: { 'capabilities.undeclared-type-ignores-task': 'fail' } },
  { faults: ['task-support-invalid-value'], catches: { 'tool-negotiation.task-support-values': 'fail' } },
  { faults: ['required-without-task-iserror'], catches: { 'tool-negotiation.required-without-task': 'fail' } },
  { faults: ['required-without-task-invalid-request'], catches: { 'tool-negotiation.required-without-task': 'warn' } },
  { faults: ['forbidden-with-task-runs'], catches: { 'tool-negotiation.forbidden-with-task': 'warn' } },
  { faults: ['plain-with-task-runs'], catches: { 'tool-negotiation.no-execution-with-task': 'warn' } },
  { faults: ['optional-plain-call-answers-task'], catches: { 'tool-negotiation.optional-both-ways': 'fail', 'result-retrieval.same-as-plain-call': 'fail' } },
  { faults: ['create-result-incomplete'], catches: { 'creation.create-task-result-shape': 'fail', 'ttl.timestamps': 'fail' } },
  { faults: ['create-status-not-working'], catches: { 'creation.status-working': 'fail' } },
  // The input fixture waits for tasks/result, which needs the task ID the slow CreateTaskResult withholds: a deadlock,
  // which the shape check (it calls every task-capable tool) meets as a tools/call left unanswered.
  // A deadlock each input check waits out (10 s, then again alone): the fast tier runs it for creation.prompt only.
  {
    faults: ['create-result-slow'],
    waitsOut: true,
    catches: {
      'creation.create-task-result-shape': 'fail',
      'creation.prompt': 'warn',
      'creation.status-working': 'fail',
      'input-required.status-shown': 'fail',
      'input-required.elicitation-related-meta': 'fail',
      'input-required.leaves-status': 'fail',
      'input-required.completes-with-answer': 'fail',
    },
  },
  { faults: ['create-includes-result'], catches: { 'creation.no-result-in-create': 'fail' } },
  // Identical calls share an ID, so a later one replaces the task under it: a tasks/list walk under way then meets it
  // twice (a new place in the order), when another check's identical call lands mid-walk.
  { faults: ['task-id-from-arguments'], mayAlsoCatch: { 'listing.no-duplicates': 'warn' }, catches: { 'creation.task-ids': 'fail' } },
  { faults: ['adopt-requestor-task-id'], catches: { 'creation.task-ids': 'fail' } },
  { faults: ['numeric-task-id-when-offered'], catches: { 'creation.task-ids': 'fail' } },
  { faults: ['immediate-response-not-string'], catches: { 'creation.immediate-response-meta': 'warn' } },
  { faults: ['terminal-reverts-to-working'], catches: { 'lifecycle.transitions': 'fail' } },
  // An unknown status is no allowed transition, and no Task: the checks that judge the shape see it too.
  // task-data.valid-everywhere polls a task of seconds while it works, and the rule book hands the unknown status it
  // shows to lifecycle.transitions; ttl.poll-interval-integer's short task may end before its first poll under load.
  {
    faults: ['status-unknown-while-working'],
    mayMiss: ['ttl.poll-interval-integer'],
    catches: { 'lifecycle.transitions': 'fail', 'ttl.poll-interval-integer': 'fail', 'task-data.valid-everywhere': 'fail' },
  },
  // The outcome of a finished task withheld: every check that fetches one after the end sees it. related-task-meta
  // has no result to read its _meta from, a cascade: inconclusive, naming TASKS-RESULT-TERMINAL-RETURNS.
  {
    faults: ['result-terminal-refused'],
    catches: {
      'result-retrieval.same-as-plain-call': 'fail',
      'result-retrieval.same-error': 'fail',
      'result-retrieval.related-task-meta': 'inconclusive',
      'isolation.untouched-by-peer': 'fail',
    },
  },
  // A drifting createdAt also lands after lastUpdatedAt, which ttl.timestamps warns of.
  { faults: ['created-at-drifts'], catches: { 'lifecycle.stable-identity': 'fail', 'ttl.timestamps': 'warn' } },
  { faults: ['last-updated-goes-back'], catches: { 'lifecycle.monotonic-update': 'fail' } },
  // The input scenario cannot get past tasks/result answering -32602 at once: a cascade of the one root cause, which
  // result-retrieval.blocks-until-terminal fails; the input checks are inconclusive, naming it (each is proven by its own fault).
  // Issue 39: a waiter with a bound of its own (min(ttl, 5 min)) that answers a made-up success shows only under a ttl
  // shorter than the work, which only this check asks for.
  { faults: ['result-gives-up-at-ttl'], catches: { 'result-retrieval.blocks-past-short-ttl': 'fail' } },
  {
    faults: ['result-does-not-block'],
    catches: {
      'result-retrieval.blocks-until-terminal': 'fail',
      'input-required.status-shown': 'inconclusive',
      'input-required.elicitation-related-meta': 'inconclusive',
      'input-required.leaves-status': 'inconclusive',
      'input-required.completes-with-answer': 'inconclusive',
    },
  },
  { faults: ['result-differs'], catches: { 'result-retrieval.same-as-plain-call': 'fail', 'input-required.completes-with-answer': 'fail' } },
  { faults: ['result-error-not-replayed'], catches: { 'result-retrieval.same-error': 'fail' } },
  { faults: ['result-error-data-dropped'], catches: { 'result-retrieval.same-error': 'fail' } },
  { faults: ['iserror-task-completed'], catches: { 'execution-errors.iserror-failed': 'warn' } },
  { faults: ['error-task-completed'], catches: { 'execution-errors.rpc-error-failed': 'warn' } },
  { faults: ['failed-without-status-message'], catches: { 'execution-errors.failed-status-message': 'warn' } },
  { faults: ['unknown-task-get-wrong-code'], catches: { 'protocol-errors.unknown-task-get': 'fail' } },
  { faults: ['unknown-task-result-wrong-code'], catches: { 'protocol-errors.unknown-task-result': 'fail' } },
  { faults: ['unknown-task-cancel-wrong-code'], catches: { 'protocol-errors.unknown-task-cancel': 'fail' } },
  {
    faults: ['malformed-task-id-wrong-code'],
    catches: { 'protocol-errors.unknown-task-get': 'fail', 'protocol-errors.unknown-task-result': 'fail', 'protocol-errors.unknown-task-cancel': 'fail' },
  },
  { faults: ['error-messages-empty'], catches: { 'protocol-errors.informative-messages': 'warn' } },
  { faults: ['sse-on-get'], catches: { 'input-required.no-sse-on-get': 'warn' } },
  { faults: ['stdout-log-line'], stdio: true, catches: { 'transport.stdout-only-mcp': 'fail' } },
  // Issue 36: a prerequisite broken on one fixture only is judged on that fixture: the shape check tries every
  // task-capable tool, and the checks that start conformance_fail tasks point at it.
  {
    faults: ['fail-task-call-ignored'],
    catches: {
      'creation.create-task-result-shape': 'fail',
      'lifecycle.transitions': 'inconclusive',
      'result-retrieval.same-as-plain-call': 'inconclusive',
      'execution-errors.iserror-failed': 'inconclusive',
      'execution-errors.failed-status-message': 'inconclusive',
      'listing.get-implies-list': 'inconclusive',
      'listing.no-duplicates': 'inconclusive',
      'cancellation.terminal-rejected': 'inconclusive',
      'notifications.full-task': 'inconclusive',
    },
  },
  // tasks/result refused on input_required: blocks-until-terminal tries that status too, and fails it.
  {
    faults: ['input-result-refused'],
    catches: {
      'result-retrieval.blocks-until-terminal': 'fail',
      'input-required.status-shown': 'inconclusive',
      'input-required.elicitation-related-meta': 'inconclusive',
      'input-required.leaves-status': 'inconclusive',
      'input-required.completes-with-answer': 'inconclusive',
    },
  },
  // A request left unanswered is a fail wherever it happens: each input check's own tasks/result. Each waits it out
  // (then again alone): the fast tier proves these checks with the faults of their own below.
  {
    faults: ['input-result-unanswered'],
    waitsOut: true,
    catches: {
      'input-required.status-shown': 'fail',
      'input-required.elicitation-related-meta': 'fail',
      'input-required.leaves-status': 'fail',
      'input-required.completes-with-answer': 'fail',
    },
  },
];
