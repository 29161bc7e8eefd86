// The 2026-07-28 requestor of an exploration: fixture calls that the server may turn into tasks, tasks/get (whose answer
// inlines the result, the error or the questions), tasks/update answering what the task asked, tasks/cancel, all with
// the per-request envelope declaring the Tasks extension.
import type { FixtureRole } from '../../model/model.js';
import { answersFor, inputRequestsOf } from '../../receivers/2026-07-28/inputs.js';
import { createdTask, type ExtReceiver, type Subscription } from '../../receivers/2026-07-28/receiver.js';
import { listenOutcome } from '../../receivers/2026-07-28/waits.js';
import { pause } from '../../wire/timing.js';
import { uniqueText } from '../../receivers/waits.js';
import { MODERN_DELAYS_MS, type Operation } from '../operations.js';
import type { CreatedTask, ObservedOperation } from '../run-log.js';
import { answerOf, RunnerBase, timesOf, type OperationBase } from '../runner-base.js';

/** The longest work a generated create asks for. */
const MAX_WORK_MS = Math.max(...MODERN_DELAYS_MS);

/** The key an update sends when the task asked nothing: one it never issued, which the server should drop. */
export const UNKNOWN_INPUT_KEY = 'explore-never-issued';

export class SequenceRunner extends RunnerBase<ExtReceiver> {
  /** Keys already answered, per creation index: each is answered once. */
  private readonly answered = new Map<number, Set<string>>();
  /** A subscription is summarised as it opened: what it heard is known only once the run closes it (the transcript has it). */
  override summarise(observed: ObservedOperation): string {
    if (observed.operation.kind !== 'peer-listen' || observed.answer.kind !== 'heard') return super.summarise(observed);
    return `${observed.answer.acknowledged ? 'acknowledged' : 'no acknowledgement'}, open until the run ends`;
  }

  /** Positions of the looks made between the sequence's operations: after every position the sequence and its follow-up take. */
  private readonly lookPositions = { next: 1_000_000 };
  /** Identity B's open subscriptions: what each heard is written into its logged operation when the run closes it. */
  private readonly listening: { subscription: Subscription; observed: ObservedOperation }[] = [];

  override plan(operation: Operation) {
    // Gone from the extension: a replayed file of the other profile may hold them.
    if (operation.kind === 'result' || operation.kind === 'list' || operation.kind === 'peer-list') return { run: false as const };
    return super.plan(operation);
  }

  protected async create(operation: Extract<Operation, { kind: 'create' }>, index: number, base: OperationBase): Promise<ObservedOperation> {
    const binding = this.setup.fixtures.get(operation.role as FixtureRole)!;
    const input = inputFor(operation.role, operation.delayMs);
    const created = this.recordCreate(operation, index, base, input);
    const reply = await this.primary.callFixture(binding, input);
    const task = createdTask(reply);
    if (task) {
      created.taskId = task.taskId;
      created.created = task;
    }
    return { ...base, task: index, taskId: created.taskId, ...timesOf(reply), answer: answerOf(reply) };
  }

  protected async send(operation: Exclude<Operation, { kind: 'create' }>, base: OperationBase): Promise<ObservedOperation> {
    if (operation.kind === 'wait') {
      const sentAt = performance.now();
      await pause(operation.ms, this.signal);
      return { ...base, sentAt, receivedAt: performance.now(), answer: { kind: 'waited' } };
    }
    if (!('task' in operation)) throw new Error(`${operation.kind} is no operation of the 2026-07-28 profile`);
    const { task, taskId } = this.resolve(operation.task);
    const named = { ...base, taskId, ...(task ? { task: task.index } : {}) };
    switch (operation.kind) {
      case 'update': {
        const inputKeys = task ? this.outstandingKeys(task) : [];
        const asked = task ? this.lastAsked(task) : undefined;
        const answers = asked && inputKeys.length > 0 ? answersFor(asked, inputKeys, () => 'explore') : {};
        const sent = Object.keys(answers).length > 0 ? answers : { [UNKNOWN_INPUT_KEY]: { action: 'accept', content: {} } };
        if (task) for (const key of Object.keys(answers)) this.answeredOf(task.index).add(key);
        const reply = await this.primary.updateTask(taskId, sent);
        return { ...named, inputKeys: Object.keys(sent), ...timesOf(reply), answer: answerOf(reply) };
      }
      case 'cancel': {
        const reply = await this.primary.cancelTask(taskId);
        // A look right after the acknowledgement: a task that reads cancelled before its work would have ended is looked
        // at again once that work is over (followUp), which shows whether cancelled held.
        if (task && reply.ok) await this.look(task, this.lookPositions, this.primary);
        return { ...named, ...timesOf(reply), answer: answerOf(reply) };
      }
      case 'get':
      case 'peer-get': {
        const reply = await (operation.kind === 'get' ? this.primary : this.peer!).getTask(taskId);
        return { ...named, ...timesOf(reply), answer: answerOf(reply) };
      }
      case 'peer-cancel': {
        const reply = await this.peer!.cancelTask(taskId);
        return { ...named, ...timesOf(reply), answer: answerOf(reply) };
      }
      case 'peer-update': {
        // B knows none of the task's questions: it answers a key never issued, as a stranger would.
        const sent = { [UNKNOWN_INPUT_KEY]: { action: 'accept', content: {} } };
        const reply = await this.peer!.updateTask(taskId, sent);
        return { ...named, inputKeys: Object.keys(sent), ...timesOf(reply), answer: answerOf(reply) };
      }
      case 'peer-listen':
        return this.listen(taskId, named);
      default:
        throw new Error(`${operation.kind} is no operation of the 2026-07-28 profile`);
    }
  }

  /**
   * Follows every task of the run that was not seen terminal to its end, as a requestor does (it keeps polling until a
   * terminal status): tasks/get at the task's pollIntervalMs (50 to 250 ms), until terminal or waiting for input, for at
   * most the work asked plus slack. What a cancel set in motion near the end of the work shows here. Then one more look
   * identity B's tasks/get of each task it wrote to or listened to, then A's look at those and at each task cancelled
   * since A last saw it (what the cancel did to a finished task), and B's subscriptions closed with what they heard.
   */
  override async followUp(position: number): Promise<void> {
    const { timing } = this.setup;
    const endsAt = performance.now() + MAX_WORK_MS + timing.span(1000, 4);
    const open = this.log.tasks.filter((task) => task.taskId !== undefined && !this.ended(task));
    const counter = { next: position };
    // Seen cancelled before its work would have ended: one look once that work is over shows whether cancelled held.
    const cutShort = this.log.tasks.filter((task) => task.taskId !== undefined && this.cancelledEarly(task));
    await Promise.all(
      cutShort.map(async (task) => {
        const workOver = (this.createSentAt.get(task.index) ?? 0) + task.delayMs + timing.allowanceMs;
        if (performance.now() < workOver) await pause(workOver - performance.now(), this.signal);
        if (!this.signal.aborted) await this.look(task, counter, this.primary);
      }),
    );
    await Promise.all(
      open.map(async (task) => {
        while (performance.now() < endsAt && !this.signal.aborted) {
          const reply = await this.look(task, counter, this.primary);
          const status = reply.ok ? reply.result.status : undefined;
          if (!reply.ok || status === 'input_required') return;
          if (status === 'completed' || status === 'failed' || status === 'cancelled') {
            // Ended before its work would have: one more look once that work is over shows whether the end held.
            const workOver = (this.createSentAt.get(task.index) ?? 0) + task.delayMs + timing.allowanceMs;
            if (performance.now() < workOver) {
              await pause(workOver - performance.now(), this.signal);
              await this.look(task, counter, this.primary);
            }
            return;
          }
          const interval = typeof reply.result.pollIntervalMs === 'number' ? reply.result.pollIntervalMs : 100;
          await pause(Math.min(250, Math.max(50, interval)), this.signal);
        }
      }),
    );
    if (this.signal.aborted) return;
    // A late cancel, as when a user's click arrives after the end: each task seen completed or failed, and not cancelled
    // since, is cancelled once; the look after it shows whether its terminal status held.
    const finished = this.log.tasks.filter((task) => task.taskId !== undefined && this.finishedUncancelled(task));
    await Promise.all(finished.map((task) => this.lateCancel(task, counter)));
    const touched = new Set(this.log.operations.filter((operation) => operation.peer && operation.task !== undefined && operation.operation.kind !== 'peer-get').map((operation) => operation.task));
    const peer = this.peer;
    if (peer) await Promise.all(this.log.tasks.filter((task) => touched.has(task.index)).map((task) => this.look(task, counter, peer)));
    // A's look after B's shows whether a task B was refused was there all along.
    const again = this.log.tasks.filter((task) => task.taskId !== undefined && (touched.has(task.index) || this.cancelledSinceLastLook(task)));
    await Promise.all(again.map((task) => this.look(task, counter, this.primary)));
    await this.closeSubscriptions();
  }

  /** One tasks/get of the follow-up, by identity A or B, logged. */
  private async look(task: CreatedTask, counter: { next: number }, receiver: ExtReceiver) {
    const reply = await receiver.getTask(task.taskId);
    const peer = receiver !== this.primary;
    this.log.operations.push({
      position: counter.next++,
      step: Number.MAX_SAFE_INTEGER,
      operation: { kind: peer ? 'peer-get' : 'get', task: task.index },
      peer,
      task: task.index,
      taskId: task.taskId,
      followUp: true,
      ...timesOf(reply),
      answer: answerOf(reply),
    });
    return reply;
  }

  /** Whether A's last look showed the task completed or failed, and no cancel (A's or B's) named it since. */
  private finishedUncancelled(task: CreatedTask): boolean {
    const mine = this.log.operations.filter((operation) => operation.task === task.index);
    const looks = mine.filter((operation) => !operation.peer && (operation.operation.kind === 'get' || operation.operation.kind === 'create')).sort((a, b) => a.receivedAt - b.receivedAt);
    const last = looks[looks.length - 1];
    const status = last?.answer.kind === 'result' ? last.answer.result.status : undefined;
    if (status !== 'completed' && status !== 'failed') return false;
    return !mine.some((operation) => (operation.operation.kind === 'cancel' || operation.operation.kind === 'peer-cancel') && operation.sentAt > last.sentAt);
  }

  /** tasks/cancel of a task A saw finished, logged as one of the follow-up. */
  private async lateCancel(task: CreatedTask, counter: { next: number }): Promise<void> {
    const reply = await this.primary.cancelTask(task.taskId);
    this.log.operations.push({
      position: counter.next++,
      step: Number.MAX_SAFE_INTEGER,
      operation: { kind: 'cancel', task: task.index },
      peer: false,
      task: task.index,
      taskId: task.taskId,
      followUp: true,
      ...timesOf(reply),
      answer: answerOf(reply),
    });
  }

  /** Whether a tasks/cancel of the task (A's or B's) was answered after A's last look at it: what it did is not yet seen. */
  private cancelledSinceLastLook(task: CreatedTask): boolean {
    const mine = this.log.operations.filter((operation) => operation.task === task.index);
    const lastLook = Math.max(...mine.filter((operation) => !operation.peer && (operation.operation.kind === 'get' || operation.operation.kind === 'create')).map((operation) => operation.sentAt));
    return mine.some((operation) => (operation.operation.kind === 'cancel' || operation.operation.kind === 'peer-cancel') && operation.receivedAt > lastLook);
  }

  /** Identity B's subscriptions/listen naming the task, open until the run ends: refused, or acknowledged (what it heard is added at the end). */
  private async listen(taskId: string, named: OperationBase & { taskId: string; task?: number }): Promise<ObservedOperation> {
    const sentAt = performance.now();
    const subscription = this.peer!.listen([taskId]);
    const { ack, answer } = await listenOutcome(subscription, this.setup.timing.answerPace.boundMs());
    if (answer && !answer.ok) return { ...named, ...timesOf(answer), answer: answerOf(answer) };
    const observed: ObservedOperation = { ...named, sentAt, receivedAt: performance.now(), answer: { kind: 'heard', acknowledged: ack !== undefined, notifications: [] } };
    this.listening.push({ subscription, observed });
    return observed;
  }

  /** Closes B's subscriptions; each logged operation then holds the notifications/tasks its stream carried. */
  private async closeSubscriptions(): Promise<void> {
    for (const { subscription, observed } of this.listening.splice(0)) {
      const heard = subscription
        .messages()
        .filter((notification) => notification.method === 'notifications/tasks')
        .map((notification) => notification.params);
      if (observed.answer.kind === 'heard') observed.answer = { ...observed.answer, notifications: heard };
      await subscription.close();
    }
  }

  /** Whether identity A saw the task terminal (its last look said so). */
  /** Whether A's last look showed the task cancelled before its work would have ended (a look after that is still to come). */
  private cancelledEarly(task: CreatedTask): boolean {
    const looks = this.log.operations.filter((operation) => operation.task === task.index && !operation.peer && (operation.operation.kind === 'get' || operation.operation.kind === 'create'));
    const last = looks.sort((a, b) => a.receivedAt - b.receivedAt).pop();
    const workOver = (this.createSentAt.get(task.index) ?? 0) + task.delayMs + this.setup.timing.allowanceMs;
    return last?.answer.kind === 'result' && last.answer.result.status === 'cancelled' && last.sentAt < workOver;
  }

  private ended(task: CreatedTask): boolean {
    const looks = this.log.operations.filter((operation) => operation.task === task.index && !operation.peer && (operation.operation.kind === 'get' || operation.operation.kind === 'create'));
    const last = looks.sort((a, b) => a.receivedAt - b.receivedAt).pop();
    const status = last?.answer.kind === 'result' ? last.answer.result.status : undefined;
    return status === 'completed' || status === 'failed' || status === 'cancelled';
  }

  /** The task as identity A last saw it asking for input (create or tasks/get), if it did. */
  private lastAsked(task: CreatedTask): Record<string, unknown> | undefined {
    const shown = [
      task.created,
      ...this.log.operations
        .filter((operation) => operation.task === task.index && !operation.peer && operation.operation.kind === 'get')
        .map((get) => (get.answer.kind === 'result' ? get.answer.result : undefined)),
    ];
    return shown.filter((each): each is Record<string, unknown> => each !== undefined && inputRequestsOf(each) !== undefined).pop();
  }

  private outstandingKeys(task: CreatedTask): string[] {
    const asked = this.lastAsked(task);
    const done = this.answeredOf(task.index);
    return Object.keys(asked ? (inputRequestsOf(asked) ?? {}) : {}).filter((key) => !done.has(key));
  }

  private answeredOf(index: number): Set<string> {
    let keys = this.answered.get(index);
    if (!keys) this.answered.set(index, (keys = new Set()));
    return keys;
  }
}

/** The fixture's arguments for a role (the 2026-07-28 fixture contract); delayMs is whole seconds of work for slow_compute. */
function inputFor(role: string, delayMs: number): Record<string, unknown> {
  switch (role) {
    case 'slow':
      return { seconds: Math.round(delayMs / 1000), label: uniqueText('explore') };
    case 'confirm':
      return { filename: `${uniqueText('explore')}.txt` };
    default:
      return {};
  }
}
