// Over HTTP every check talks to one launched server: its stderr goes to the checks running while each line is written,
// and a line written while other checks ran too is labelled as the shared server's, since it may be theirs.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { LaunchedServer } from '../../../harness/wire/connections/launch-http.js';
import { OutputTail } from '../../../harness/wire/connections/output-tail.js';
import { TargetWatcher } from '../../../harness/wire/connections/target-watch.js';
import { Transcript } from '../../../harness/wire/transcript.js';

/** A launched server that never exits, whose stderr the test writes; resolves each line once the watcher has had it. */
function fakeServer(): { server: LaunchedServer; say(text: string): Promise<void> } {
  const stream = new PassThrough();
  const stderr = new OutputTail(stream);
  const server = { stderr, exited: new Promise(() => undefined), endedOnPurpose: false, pid: -1 } as unknown as LaunchedServer;
  const say = (text: string) =>
    new Promise<void>((resolve) => {
      const stop = stderr.onLine(() => {
        stop();
        resolve();
      });
      stream.write(`${text}\n`);
    });
  return { server, say };
}

const stderrOf = (transcript: Transcript) =>
  transcript
    .entries()
    .filter((entry) => entry.dir === 'stderr')
    .map((entry) => `${entry.conn}: ${entry.text}`);

describe('the launched server stderr in the transcripts', () => {
  it('goes to the checks running when each line is written, labelled shared while others ran too', async () => {
    const { server, say } = fakeServer();
    const watcher = new TargetWatcher({ server, exitGraceMs: 1000 });
    const [a, b] = [new Transcript(), new Transcript()];
    const watchA = watcher.watch(
      'check.a',
      a,
      () => 0,
      () => undefined,
    );
    await say('before b started');
    const watchB = watcher.watch(
      'check.b',
      b,
      () => 0,
      () => undefined,
    );
    await say('while both ran');
    watchA.release();
    await say('after a ended');
    watchB.release();
    await say('after both ended');
    await watcher.stop();
    expect(stderrOf(a)).toEqual(['server: before b started', 'shared server: while both ran']);
    expect(stderrOf(b)).toEqual(['shared server: while both ran', 'server: after a ended']);
    // The first shared line says what the label means, once.
    const notes = b.entries().filter((entry) => entry.dir === 'note' && entry.text?.includes('"shared server"'));
    expect(notes).toHaveLength(1);
    expect(notes[0].text).toMatch(/may have been caused by another check's requests/);
  });
});
