import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceLongWait, ProgressLine, QUIET_WAIT_MS } from '../../cli/progress-line.js';

/** A stream that keeps what is written. */
function sink() {
  const chunks: string[] = [];
  return { chunks, stream: { write: (chunk: string) => chunks.push(chunk) > 0 } as unknown as NodeJS.WritableStream };
}

describe('announceLongWait', () => {
  afterEach(() => vi.useRealTimers());

  it('says nothing for a wait shorter than QUIET_WAIT_MS; past it, one line off a TTY, a live line cleared at the end on one', async () => {
    vi.useFakeTimers();
    let clock = 0;
    const now = () => clock;
    for (const live of [false, true]) {
      clock = 0;
      const { chunks, stream } = sink();
      let finish!: (value: string) => void;
      const waited = announceLongWait('waiting for the server', new Promise<string>((resolve) => (finish = resolve)), stream, live, now);
      clock = QUIET_WAIT_MS - 1;
      await vi.advanceTimersByTimeAsync(1000);
      expect(chunks).toEqual([]);
      clock = QUIET_WAIT_MS + 1000;
      await vi.advanceTimersByTimeAsync(1000);
      finish('done');
      expect(await waited).toBe('done');
      const text = chunks.join('');
      if (live) {
        expect(text).toMatch(/\r\u001b\[2K… waiting for the server \(6\.0 s so far\)/);
        expect(text.endsWith('\r\u001b[2K')).toBe(true);
      } else expect(chunks).toEqual(['… waiting for the server (6 s so far)\n']);
    }
  });

  it('a short wait writes nothing at all', async () => {
    const { chunks, stream } = sink();
    expect(await announceLongWait('quick', Promise.resolve(1), stream, true)).toBe(1);
    expect(chunks).toEqual([]);
  });
});

describe('ProgressLine', () => {
  afterEach(() => vi.useRealTimers());

  it('off a TTY leaves the passing lines out and counts them; a quiet stretch past QUIET_WAIT_MS says how far the run is', async () => {
    vi.useFakeTimers();
    let clock = 0;
    const { chunks, stream } = sink();
    const progress = new ProgressLine(3, stream, false, () => clock);
    progress.finished('PASS   a.one', true);
    progress.finished('FAIL   a.two', false);
    clock = QUIET_WAIT_MS - 1;
    await vi.advanceTimersByTimeAsync(1000);
    expect(chunks).toEqual(['FAIL   a.two\n']);
    clock = QUIET_WAIT_MS + 1;
    await vi.advanceTimersByTimeAsync(1000);
    expect(chunks.at(-1)).toBe('  … 2/3 checks done · 5 s\n');
    progress.finished('PASS   a.three', true);
    progress.stop();
    expect(chunks.at(-1)).toBe('  2 passing checks not listed (stdout is not a terminal; the reports list every check)\n');
    expect(chunks.join('')).not.toContain('PASS');
  });

  it('on a TTY prints every line above the live line', () => {
    const { chunks, stream } = sink();
    const progress = new ProgressLine(1, stream, true, () => 0);
    progress.finished('PASS   a.one', true);
    progress.stop();
    expect(chunks.join('')).toContain('\r\u001b[2KPASS   a.one\n');
  });
});
