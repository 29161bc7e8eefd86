import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { driveClient, tasksOf } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.deduplicates-input-keys',
  title: 'The client answers each inputRequests key once, though later polls show it again',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#task-update-requests',
  requirements: ['EXT-UPDATE-CLIENT-DEDUPLICATES', 'EXT-UPDATE-CLIENT-TRACKS-KEYS'],
  roles: ['client'],
  cost: { waitMs: 2_500, roundTrips: 16 },
  provenBy: ['ext-req-reanswers-shown-keys'],
  explain: {
    does:
      'Gives a task that asks two questions in turn and shows each answered key once more on the next ' +
      'poll, as a server still processing an answer may; requires every key answered in one tasks/update ' +
      'only.',
    causes: [
      {
        cause: 'The client answers whatever each poll shows, so a key still listed after its answer is answered (and shown to the user) again.',
        fix: 'Remember the keys answered per task and skip them when a later poll lists them again.',
        faults: ['ext-req-reanswers-shown-keys'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // Two questions in turn; each answered key is shown once more on the next poll, as a server still processing it may.
    const run = await driveClient(ctx, { tools: ['input'], inputRounds: 2 });
    let shownAgain = 0;
    for (const task of tasksOf(run, 'input')) {
      const answeredAt = new Map<string, number>();
      const twice = new Set<string>();
      for (const update of task.updates) {
        for (const key of Object.keys(update.responses)) {
          if (answeredAt.has(key)) twice.add(key);
          else answeredAt.set(key, update.at);
        }
      }
      shownAgain += [...answeredAt].filter(([key, at]) => task.reported.some((report) => report.at > at && report.keys.includes(key))).length;
      const keys = [...twice].map((key) => `"${key}"`).join(', ');
      ctx.expect(
        'EXT-UPDATE-CLIENT-DEDUPLICATES',
        twice.size === 0,
        `expected each inputRequests key of task ${task.taskId} answered once, got ${keys} answered again when a later poll showed it again`,
      );
      ctx.expect('EXT-UPDATE-CLIENT-TRACKS-KEYS', twice.size === 0, `expected the client to remember the keys it answered (task ${task.taskId}), got ${keys} in more than one tasks/update`);
    }
    if (shownAgain === 0) ctx.skip('no poll of the client showed a key again after it had answered it, so there was nothing to deduplicate');
  },
});
