import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { startExtTask } from '../../../harness/receivers/2026-07-28/tasks.js';
import { analyzeTaskIds } from '../../../harness/model/id-entropy.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

const SAMPLE_SIZE = 32;
/** Created this many at a time, to stay within a server's limit on concurrent tasks per requestor. */
const BATCH = 8;

export default defineCheck({
  id: 'ext-security.unguessable-ids',
  title: 'Task IDs show no sign of being guessable',
  suite: 'ext-security',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#security-considerations',
  requirements: ['EXT-SEC-UNGUESSABLE-IDS'],
  needs: [{ kind: 'tasks-extension' }, { kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: SAMPLE_SIZE / BATCH },
  provenBy: ['ext-sequential-ids'],
  explain: {
    does:
      'Creates 32 slow_compute tasks, eight at a time, and studies their IDs: duplicates, length, ' +
      'counters, timestamps and the apparent entropy of each character position. Below 64 bits fails, ' +
      'below 128 warns; random version 4 UUIDs pass.',
    causes: [
      {
        cause: 'IDs come from a counter (task-1, task-2, …) or a timestamp, so anyone can enumerate them.',
        fix: 'Generate IDs from a cryptographically secure source: `crypto.randomUUID()` or 16 or more random bytes in base64url.',
        faults: ['ext-sequential-ids'],
      },
      {
        cause: 'IDs are random but short (e.g. 8 hex characters).',
        fix: 'Use at least 128 random bits.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const ids: string[] = [];
    while (ids.length < SAMPLE_SIZE) {
      const batch = await Promise.all(Array.from({ length: BATCH }, () => startExtTask(ctx, receiver, 'slow', { seconds: 0, label: uniqueText('entropy') })));
      ids.push(...batch.map(({ task }) => task.taskId));
    }
    const analysis = analyzeTaskIds(ids, Date.now());
    const judged = `${ids.length} task IDs created ${BATCH} at a time: ${analysis.reason}`;
    // Unlike 2025-11-25 the extension binds every server, whatever its authorization: task IDs may serve as bearer tokens.
    if (analysis.verdict === 'fail') ctx.expect('EXT-SEC-UNGUESSABLE-IDS', false, `expected unguessable task IDs; ${judged}`);
    // The spec names no number of bits, so an ID that is merely below the usual recommendation is warned, not failed.
    else if (analysis.verdict === 'warn') ctx.lenient('EXT-SEC-UNGUESSABLE-IDS', `expected at least 128 bits of apparent entropy (no exact bar is set by the spec, hence a warning); ${judged}`);
    else ctx.reportInfo(judged);
  },
});
