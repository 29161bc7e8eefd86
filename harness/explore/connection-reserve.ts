// A receiver process started ahead: while one run of an exploration goes on, the next run's process (a stdio server, or
// a client under test) starts and initializes, so runs do not wait on process starts (about half of a client run's time).
import type { Connection } from '../wire/connections/connect.js';
import { withinMs } from '../wire/timing.js';
import { Transcript } from '../wire/transcript.js';

export class ConnectionReserve {
  private next?: Promise<Connection>;
  private ended = false;

  /** `open` starts and initializes one connection, writing to the transcript given. */
  constructor(private readonly open: (transcript: Transcript) => Promise<Connection>) {}

  /**
   * A connection for a run, writing to its transcript from now on: the one started ahead when it is up and still
   * open, else a new one (whose failure is the run's to report). Either way the next one starts now.
   */
  async take(transcript: Transcript, label: string): Promise<Connection> {
    const ahead = this.next;
    this.next = undefined;
    this.startNext();
    const ready = ahead ? await ahead.catch(() => undefined) : undefined;
    if (ready && !ready.session.closed && ready.handOver) {
      ready.handOver({ transcript, label });
      transcript.note(`${label} was started and initialized while the previous run went on (its handshake is not shown here)`, label);
      return ready;
    }
    // It failed to start or ended while it waited: this run starts its own, and says what happened if it fails too.
    if (ready) void withinMs(ready.close(), 5000);
    return this.open(transcript);
  }

  /** Closes the connection started ahead; no process outlives the exploration. */
  async end(): Promise<void> {
    this.ended = true;
    const ahead = this.next;
    this.next = undefined;
    const connection = await ahead?.catch(() => undefined);
    if (connection) await withinMs(connection.close(), 5000);
  }

  private startNext(): void {
    if (this.ended) return;
    const opening = this.open(new Transcript());
    opening.catch(() => undefined);
    this.next = opening;
  }
}
