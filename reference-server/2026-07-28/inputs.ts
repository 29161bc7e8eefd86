// The input requests of one task: issued under keys that are never reused (`<prefix>-<n>`, n counting per task),
// shown as inputRequests while outstanding, answered through tasks/update, partial answers included.
import { AbortedError } from '../shared/fixture-tools.js';
import type { Faults } from '../faults.js';
import { isObject } from '../shared/jsonrpc.js';

/** A server-to-client request carried inside a result or a task (method and params, no id). */
export interface InputRequest {
  method: string;
  params: Record<string, unknown>;
}

export type InputAnswer = Record<string, unknown>;

/** One outstanding request of a task. */
export interface PendingInput {
  readonly key: string;
  readonly prefix: string;
  readonly request: InputRequest;
  readonly batch: Batch;
}

/** The requests issued together by one ask(); it settles when all of them are answered. */
interface Batch {
  readonly entries: PendingInput[];
  readonly answers: Map<string, InputAnswer>;
  /** Keys of this batch already answered, in the order they were answered. */
  readonly answeredKeys: string[];
  resolve(answers: Record<string, InputAnswer>): void;
  reject(error: Error): void;
}

const ELICIT_ACTIONS = new Set(['accept', 'decline', 'cancel']);

export class InputBook {
  private counter = 0;
  private outstanding: PendingInput[] = [];
  /** The key each prefix was last answered under (read only by a fault). */
  private readonly answeredByPrefix = new Map<string, string>();
  /** The requests already answered, in the order they were (read only by the fault ext-answered-key-lingers). */
  private readonly answered: PendingInput[] = [];

  /** Fault ext-answered-key-lingers: whether an answered request is still shown. */
  lingers(faults: Faults): boolean {
    return faults.has('ext-answered-key-lingers') && this.answered.length > 0;
  }

  get waiting(): boolean {
    return this.outstanding.length > 0;
  }

  /** Issues one request per entry, each under a fresh key; resolves with the answers by prefix once all are answered. */
  ask(entries: ReadonlyArray<readonly [prefix: string, request: InputRequest]>, signal: AbortSignal, faults?: Faults): Promise<Record<string, InputAnswer>> {
    if (signal.aborted) return Promise.reject(new AbortedError());
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.outstanding = this.outstanding.filter((pending) => pending.batch !== batch);
        reject(new AbortedError());
      };
      const batch: Batch = {
        entries: [],
        answers: new Map(),
        answeredKeys: [],
        resolve: (answers) => (signal.removeEventListener('abort', onAbort), resolve(answers)),
        reject,
      };
      for (const [prefix, request] of entries) {
        // Fault ext-reasks-under-answered-key: a request asked again goes out under the key its last answer came in.
        const reused = faults?.has('ext-reasks-under-answered-key') ? this.answeredByPrefix.get(prefix) : undefined;
        const pending: PendingInput = { key: reused ?? `${prefix}-${++this.counter}`, prefix, request, batch };
        batch.entries.push(pending);
        this.outstanding.push(pending);
      }
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The outstanding requests by key, as tasks/get and notifications/tasks show them. */
  view(faults: Faults): Record<string, InputRequest> {
    const outstanding = faults.has('ext-one-request-at-a-time') ? this.outstanding.slice(0, 1) : this.outstanding;
    // Fault ext-answered-key-lingers: answered requests are never taken off the list.
    const shown = faults.has('ext-answered-key-lingers') ? [...this.answered, ...outstanding] : outstanding;
    const view: Record<string, InputRequest> = {};
    for (const pending of shown) view[this.shownKey(pending, faults)] = structuredClone(pending.request);
    return view;
  }

  /** The outstanding request a tasks/update key names (under its shown key when a fault shows it under another). */
  find(key: string, faults: Faults): PendingInput | undefined {
    if (faults.has('ext-reuses-input-key')) {
      const aliased = this.outstanding.find((pending) => this.shownKey(pending, faults) === key);
      if (aliased) return aliased;
    }
    return this.outstanding.find((pending) => pending.key === key);
  }

  /** Why an answer cannot be the result of its request, or undefined when it can. */
  problemWith(pending: PendingInput, answer: unknown): string | undefined {
    if (!isObject(answer)) return `inputResponses["${pending.key}"] must be an object (the result of ${pending.request.method})`;
    if (pending.request.method === 'elicitation/create') {
      if (typeof answer.action !== 'string' || !ELICIT_ACTIONS.has(answer.action)) return `inputResponses["${pending.key}"].action must be "accept", "decline" or "cancel"`;
      if (answer.content !== undefined && !isObject(answer.content)) return `inputResponses["${pending.key}"].content must be an object when present`;
    }
    return undefined;
  }

  /** Records the answer to one outstanding request; its batch settles when it was the last one. */
  answer(pending: PendingInput, answer: InputAnswer): void {
    if (!this.outstanding.includes(pending)) return;
    this.outstanding = this.outstanding.filter((other) => other !== pending);
    const { batch } = pending;
    batch.answers.set(pending.prefix, answer);
    batch.answeredKeys.push(pending.key);
    this.answeredByPrefix.set(pending.prefix, pending.key);
    this.answered.push(pending);
    if (batch.answers.size === batch.entries.length) batch.resolve(Object.fromEntries(batch.answers));
  }

  /** Fault ext-reuses-input-key: the i-th still-outstanding request of a batch is shown under the i-th key already answered. */
  private shownKey(pending: PendingInput, faults: Faults): string {
    if (!faults.has('ext-reuses-input-key')) return pending.key;
    const { batch } = pending;
    const index = batch.entries.filter((entry) => this.outstanding.includes(entry)).indexOf(pending);
    return batch.answeredKeys[index] ?? pending.key;
  }
}
