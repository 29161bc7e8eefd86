import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { analyzeTaskIds } from '../../../harness/model/id-entropy.js';

const SAMPLE_SIZE = 32;
/** Created this many at a time, to stay within a receiver's limit on concurrent tasks per requestor. */
const BATCH = 8;

export default defineCheck({
  id: 'isolation.task-id-entropy',
  title: 'Without a second identity to test binding with, task IDs show no sign of being guessable',
  suite: 'isolation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-isolation-and-access-control',
  cohabits: true,
  requirements: ['TASKS-SEC-SECURE-IDS'],
  roles: ['server', 'client'],
  needs: [{ kind: 'no-peer-identity' }, { kind: 'tasks-capability', path: 'requests' }, { kind: 'fixture', role: 'echo' }],
  // 32 tasks, 8 at a time: four rounds of creations that load the receiver.
  cost: { roundTrips: 12 },
  provenBy: ['borderline-task-ids', 'sequential-task-ids', 'short-task-ids'],
  explain: {
    does:
      'Without a second identity to test binding with, creates 32 tasks, eight at a time, and studies their IDs: duplicates, ' +
      'length, counters and timestamps, and the apparent entropy of each character position. Below 64 bits fails, below 128 ' +
      'warns, random version 4 UUIDs pass. When the requests carry credentials, a fail is only warned, as the rule binds ' +
      'receivers that do not tie tasks to them.',
    causes: [
      {
        cause: 'Sequential IDs (task-1, task-2, …) or IDs built from a timestamp.',
        fix: 'Use `crypto.randomUUID()`, or 16 or more random bytes in base64url.',
        faults: ['sequential-task-ids'],
      },
      {
        cause: 'Random, but too short (e.g. 8 hex characters, 32 bits).',
        fix: 'Use at least 128 random bits.',
        faults: ['short-task-ids', 'borderline-task-ids'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    const receiver = await ctx.connect();
    const ids: string[] = [];
    while (ids.length < SAMPLE_SIZE) {
      const batch = await Promise.all(Array.from({ length: BATCH }, () => receiver.startTask(binding, { text: uniqueText('entropy'), delayMs: 0 }, { task: { ttl: 60_000 } })));
      ids.push(...batch.map(({ task }) => task.taskId));
    }
    const analysis = analyzeTaskIds(ids, Date.now());
    const judged = `${ids.length} task IDs created ${BATCH} at a time: ${analysis.reason}`;
    // The MUST binds only receivers that do not tie tasks to an authorization context; with credentials and no second identity the suite cannot tell which this is.
    if (analysis.verdict === 'fail' && ctx.facts.hasAuthorization)
      ctx.lenient(
        'TASKS-SEC-SECURE-IDS',
        `expected unguessable task IDs; ${judged}. The requests carry an Authorization header, and the rule ` +
          `applies only where tasks are not bound to it; give a second identity (--peer-header) to check the ` +
          `binding instead (warned, not failed)`,
      );
    else if (analysis.verdict === 'fail') ctx.expect('TASKS-SEC-SECURE-IDS', false, `expected unguessable task IDs; ${judged}`);
    // The spec names no number of bits, so an ID that is merely below the usual recommendation is warned, not failed.
    else if (analysis.verdict === 'warn') ctx.lenient('TASKS-SEC-SECURE-IDS', `expected at least 128 bits of apparent entropy (no exact bar is set by the spec, hence a warning); ${judged}`);
    else ctx.reportInfo(judged);
  },
});
