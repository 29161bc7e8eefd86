import { describe, expect, it } from 'vitest';
import { openConnection } from '../harness/connections/connect.js';
import { groupRunning, liveProcessGroups } from '../harness/connections/process-group.js';
import { CommandStdioTransport } from '../harness/connections/stdio-transport.js';
import { IutError } from '../harness/session.js';
import { Transcript } from '../harness/transcript.js';

const groupAlive = groupRunning;

describe('process cleanup', () => {
  it('ends the whole process group of a stdio IUT, grandchildren included', async () => {
    // The shell starts a background grandchild that ignores stdin closing; only a group kill ends it.
    const transport = new CommandStdioTransport('sleep 300 & sleep 300');
    await transport.start();
    const pid = transport.pid!;
    expect(groupAlive(pid)).toBe(true);
    await transport.close();
    expect(groupAlive(pid)).toBe(false);
    expect(liveProcessGroups()).not.toContain(pid);
  });

  it('ends a process that ignores SIGTERM, after the grace period', async () => {
    const transport = new CommandStdioTransport(`trap '' TERM; sleep 300 & wait`);
    await transport.start();
    const pid = transport.pid!;
    await transport.close();
    expect(groupAlive(pid)).toBe(false);
  });

  it('gives up on an IUT that never answers initialize, and leaves no process behind', async () => {
    const transcript = new Transcript();
    const attempt = openConnection({ transport: 'stdio', command: 'cat > /dev/null' }, { transcript, label: 'A', requestTimeoutMs: 200, connectTimeoutMs: 200 });
    await expect(attempt).rejects.toBeInstanceOf(IutError);
    expect(liveProcessGroups()).toEqual([]);
    expect(transcript.entries().some((e) => e.dir === 'out')).toBe(true);
  });

  it('reports non-JSON stdout lines and stderr in the transcript', async () => {
    const transcript = new Transcript();
    const command = `echo 'this is not json'; echo 'oops' >&2; cat > /dev/null`;
    await expect(openConnection({ transport: 'stdio', command }, { transcript, label: 'A', requestTimeoutMs: 300, connectTimeoutMs: 300 })).rejects.toBeInstanceOf(IutError);
    const entries = transcript.entries();
    expect(entries.some((e) => e.dir === 'in' && e.text === 'this is not json')).toBe(true);
    expect(entries.some((e) => e.dir === 'stderr' && e.text === 'oops')).toBe(true);
  });
});
