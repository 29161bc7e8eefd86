// Before the checks, one task of the fixture work: the pollInterval the receiver asks for and how long its work
// takes, so every bound of the run is sized for the pace this receiver keeps, never timed out for it.
import type { Connection } from '../wire/connections/connect.js';
import type { FixtureBinding } from '../model/fixtures.js';
import { ExtReceiver, createdTask, extTaskOf, isExtTerminal } from './2026-07-28/receiver.js';
import { askedIntervalMs } from '../wire/poll-pace.js';
import { isTerminal, Receiver, taskOf } from './2025-11-25/receiver.js';
import { IutError, type RpcReply } from '../wire/session.js';
import type { Timing } from '../wire/timing.js';

/** What the probe learned, as the calibration records it. */
export interface PaceFacts {
  pollIntervalMs?: number;
  workMs?: number;
  paceProbe: string;
  workEnded?: boolean;
}

/**
 * Bound on the probe. A tool the --config maps has work of its own, whose length is what the probe learns: a check's
 * bound, plus the duration the mapping gives. A contract tool asked for no delay has none: a task of it that does not
 * end soon is the receiver's to answer for (the checks waiting for an end judge it), not a length to wait out.
 */
function probeBoundMs(timing: Timing, binding: FixtureBinding): number {
  return isMapped(binding) ? timing.checkTimeoutMs + (binding.durationMs ?? 0) : timing.span(CONTRACT_WORK_BOUND_MS, 4);
}

/** How long a contract tool asked for no delay may take before the probe stops waiting for its end. */
const CONTRACT_WORK_BOUND_MS = 2000;

function isMapped(binding: FixtureBinding): boolean {
  return binding.template !== undefined;
}

/** The 2025-11-25 probe: the echo fixture as a task (a server's tool, or a client's sampling or elicitation), followed to its end at its pace. */
export async function probeLegacyPace(connection: Connection, echo: FixtureBinding | undefined, takesTasks: boolean, timing: Timing): Promise<PaceFacts> {
  if (!echo || !takesTasks) return { paceProbe: 'no task-capable echo fixture, so the pace is learned from each task as the checks run' };
  const receiver = new Receiver(connection);
  return follow(
    echo,
    timing,
    () => receiver.invoke(echo, { text: 'pace-probe', delayMs: 0 }, { task: { ttl: 60_000 }, timeoutMs: probeBoundMs(timing, echo) }),
    (reply) => (reply.ok && typeof reply.result.task === 'object' && reply.result.task !== null ? (reply.result.task as Record<string, unknown>) : undefined),
    (taskId) => receiver.getTask(taskId),
    (reply) => taskOf(reply),
    (status) => isTerminal(status),
  );
}

/** The 2026-07-28 probe: slow_compute of no seconds, with the extension declared; a plain answer teaches no pace. */
export async function probeModernPace(connection: Connection, slow: FixtureBinding | undefined, timing: Timing): Promise<PaceFacts> {
  if (!slow) return { paceProbe: 'no slow_compute fixture, so the pace is learned from each task as the checks run' };
  const receiver = new ExtReceiver(connection);
  return follow(
    slow,
    timing,
    () => receiver.callFixture(slow, { seconds: 0, label: 'pace-probe' }, { timeoutMs: probeBoundMs(timing, slow) }),
    (reply) => createdTask(reply),
    (taskId) => receiver.getTask(taskId),
    (reply) => extTaskOf(reply),
    (status) => isExtTerminal(status),
  );
}

async function follow(
  binding: FixtureBinding,
  timing: Timing,
  start: () => Promise<RpcReply>,
  created: (reply: RpcReply) => Record<string, unknown> | undefined,
  get: (taskId: string) => Promise<RpcReply>,
  taskIn: (reply: RpcReply) => Record<string, unknown> | undefined,
  terminal: (status: unknown) => boolean,
): Promise<PaceFacts> {
  const what = `${binding.tool} as a task`;
  try {
    const reply = await start();
    const task = created(reply);
    if (!task || typeof task.taskId !== 'string') return { paceProbe: `${what} made no task, so the pace is learned from each task as the checks run` };
    const firstAskedMs = askedIntervalMs(task);
    // The mapping declares how long the work takes: the pace is the CreateTaskResult's, the work is not waited out.
    if (isMapped(binding) && binding.durationMs !== undefined) {
      return {
        pollIntervalMs: firstAskedMs,
        workMs: binding.durationMs,
        paceProbe: `${what}: the pace from its CreateTaskResult, the work's length (${binding.durationMs} ms) as the --config mapping declares it`,
      };
    }
    const deadline = reply.receivedAt + probeBoundMs(timing, binding);
    let last = task;
    // Each tasks/get waits the interval the task asked for (the session keeps it).
    while (!terminal(last.status) && performance.now() < deadline) {
      const answer = await get(task.taskId);
      const seen = taskIn(answer);
      if (!seen) return { pollIntervalMs: firstAskedMs, paceProbe: `${what}: tasks/get was answered with no task, so only the first pollInterval was learned` };
      last = seen;
    }
    const pollIntervalMs = askedIntervalMs(last) ?? firstAskedMs;
    const learned = `learned from one ${what}, followed to its end`;
    if (!terminal(last.status)) {
      const waited = Math.round(performance.now() - reply.receivedAt);
      if (!isMapped(binding)) return { pollIntervalMs, paceProbe: `${what} asked for no delay, and had not ended after ${waited} ms: the pace is learned, the work's length is not` };
      return {
        pollIntervalMs,
        workMs: waited,
        paceProbe: `${what}, whose work had not ended after ${waited} ms: every bound on work allows that much more (a --config durationMs or --timeout-multiplier allows more)`,
      };
    }
    const workMs = workLength(task, last) ?? Math.max(0, Math.round(performance.now() - reply.receivedAt - (pollIntervalMs ?? 0)));
    return { pollIntervalMs, workMs, paceProbe: learned };
  } catch (error) {
    if (!(error instanceof IutError)) throw error;
    return { paceProbe: `${what} could not be followed (${error.message}), so the pace is learned from each task as the checks run` };
  }
}

/** The work's length by the receiver's own clock: from createdAt to the terminal lastUpdatedAt, when both are timestamps. */
function workLength(created: Record<string, unknown>, ended: Record<string, unknown>): number | undefined {
  const from = typeof created.createdAt === 'string' ? Date.parse(created.createdAt) : NaN;
  const to = typeof ended.lastUpdatedAt === 'string' ? Date.parse(ended.lastUpdatedAt) : NaN;
  return Number.isFinite(from) && Number.isFinite(to) && to >= from ? to - from : undefined;
}
