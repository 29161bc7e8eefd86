import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Receiver } from '../../../harness/receivers/2025-11-25/receiver.js';
import type { ReceivedNotification, RpcReply } from '../../../harness/wire/session.js';
import { makeTiming } from '../../../harness/wire/timing.js';
import { pollTask } from '../../../harness/receivers/2025-11-25/waits.js';
import { PollSchedule } from '../../../harness/wire/poll-pace.js';

/**
 * A receiver whose task is "working" at the first poll and "completed" after; it announces the completion with a
 * status notification right after answering that first poll, before the poller can start waiting for one.
 */
function announcingReceiver() {
  const notifications: ReceivedNotification[] = [];
  let polls = 0;
  const receiver = {
    session: { pollSchedule: new PollSchedule() },
    getTask: async (taskId: string): Promise<RpcReply> => {
      polls += 1;
      const receivedAt = performance.now();
      if (polls === 1) notifications.push({ method: 'notifications/tasks/status', params: { taskId, status: 'completed' }, receivedAt: receivedAt + 0.001 });
      return { ok: true, id: polls, elapsedMs: 1, receivedAt, result: { taskId, status: polls === 1 ? 'working' : 'completed', pollInterval: 60_000 } };
    },
    // As RpcSession: what already came counts unless includePast is false; otherwise nothing more comes here.
    waitForNotification: (predicate: (n: ReceivedNotification) => boolean, timeoutMs: number, options: { includePast?: boolean } = {}) =>
      Promise.resolve(options.includePast === false ? undefined : notifications.find(predicate)).then((seen) =>
        seen ? seen : new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs)),
      ),
  };
  return { receiver: receiver as unknown as Receiver, polls: () => polls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('polling a task', () => {
  it('a status notification that came between a poll’s answer and the wait brings the next poll forward', async () => {
    vi.useFakeTimers();
    const { receiver, polls } = announcingReceiver();
    let ended = false;
    const polled = pollTask(receiver, 'task-1', (task) => task.status === 'completed', { timing: makeTiming(1) }).then((end) => {
      ended = true;
      return end;
    });
    // No timer is advanced: the poll interval (capped at 1 s) never passes, so only the notification can wake it.
    for (let turn = 0; turn < 20 && !ended; turn += 1) await Promise.resolve();
    expect(ended).toBe(true);
    expect(polls()).toBe(2);
    expect(await polled).toMatchObject({ deleted: false, task: { status: 'completed' } });
  });
});
