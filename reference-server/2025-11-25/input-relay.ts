// Holds a task's requests for input (elicitations) until the requestor has a tasks/result open for
// that task, then sends them on that tasks/result's connection and hands the answer back to the work.
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { ConnectionClosedError, type Connection } from './connection.js';
import { AbortedError } from '../shared/fixture-tools.js';
import type { TaskRecord } from '../shared/task-store.js';

interface PendingInput {
  params: ElicitRequestFormParams;
  signal: AbortSignal;
  /** The connection it was sent on, while an answer is awaited there. */
  sentOn?: Connection;
  resolve(result: ElicitResult): void;
  reject(error: Error): void;
}

class InputRelay {
  private readonly pending: PendingInput[] = [];
  /** Connections with a tasks/result open for this task, with how many each has open. */
  private readonly openResults = new Map<Connection, number>();

  /** Queues one elicitation; it is sent as soon as a tasks/result for the task is open. */
  ask(params: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult> {
    if (signal.aborted) return Promise.reject(new AbortedError());
    return new Promise((resolve, reject) => {
      const input: PendingInput = { params, signal, resolve, reject };
      const onAbort = () => {
        this.drop(input);
        reject(new AbortedError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      input.resolve = (result) => (signal.removeEventListener('abort', onAbort), this.drop(input), resolve(result));
      input.reject = (error) => (signal.removeEventListener('abort', onAbort), this.drop(input), reject(error));
      this.pending.push(input);
      this.pump();
    });
  }

  /** Marks a tasks/result as open on a connection; the returned function marks it closed. */
  openResult(connection: Connection): () => void {
    this.openResults.set(connection, (this.openResults.get(connection) ?? 0) + 1);
    this.pump();
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      const count = (this.openResults.get(connection) ?? 1) - 1;
      if (count > 0) this.openResults.set(connection, count);
      else this.openResults.delete(connection);
    };
  }

  private pump(): void {
    for (const input of this.pending) {
      if (input.sentOn) continue;
      const connection = [...this.openResults.keys()].find((candidate) => !candidate.closed);
      if (!connection) return;
      input.sentOn = connection;
      connection.request('elicitation/create', input.params as unknown as Record<string, unknown>, input.signal).then(
        (result) => input.resolve(result as ElicitResult),
        (error: Error) => {
          if (error instanceof ConnectionClosedError) {
            // The requestor went away before answering: wait for the next tasks/result to ask again.
            input.sentOn = undefined;
            this.pump();
          } else if (!(error instanceof AbortedError)) {
            input.reject(error);
          }
        },
      );
    }
  }

  private drop(input: PendingInput): void {
    const index = this.pending.indexOf(input);
    if (index >= 0) this.pending.splice(index, 1);
  }
}

const relays = new WeakMap<TaskRecord, InputRelay>();

/** The relay of one task, created on first use. */
export function inputRelayFor(record: TaskRecord): InputRelay {
  let relay = relays.get(record);
  if (!relay) {
    relay = new InputRelay();
    relays.set(record, relay);
  }
  return relay;
}
