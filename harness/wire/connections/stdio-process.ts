// A receiver process on stdio and the checks holding it: one at a time (hand-over) or several at once (admit).
// What the process does below JSON-RPC (stderr, lines that are not JSON, its exit, a failed write) is told to every
// check holding it, in its transcript, its session and its watch: a crash is every holder's to see.
import type { AnswerPace } from '../answer-pace.js';
import { RpcSession } from '../session.js';
import type { Transcript } from '../transcript.js';
import { SharedWire, type TenantTransport } from './shared-wire.js';
import type { CommandStdioTransport } from './stdio-transport.js';
import type { ConnectionObserver } from './target-watch.js';

/** A check's hold on the process: where its output goes. */
export interface TenantHolder {
  transcript: Transcript;
  observer?: ConnectionObserver;
  session: RpcSession;
}

/** The check taking over a holder's place (hand-over) or joining (admit). */
export interface NextHolder {
  transcript: Transcript;
  label: string;
  observer?: ConnectionObserver;
}

export class StdioProcess {
  private readonly wire: SharedWire;
  private readonly holders: { holder: TenantHolder; transport: TenantTransport }[] = [];

  constructor(private readonly stdio: CommandStdioTransport) {
    this.wire = new SharedWire(stdio);
    stdio.onraw = (line) => {
      // The exit goes to every check that held the process, also one that has let it go: its watch decides whether
      // that still concerns it (a request of its failed just before), as a process of its own would.
      for (const { transcript, session, observer } of line.kind === 'exit' ? this.holders.map(({ holder }) => holder) : this.present()) {
        if (line.kind === 'stderr') {
          transcript.stderr(session.label, line.text);
          session.noteStderr(line.text);
        } else if (line.kind === 'not-json') {
          transcript.record({ dir: 'in', conn: session.label, text: line.text });
          session.noteAnomaly('line that is not JSON', line.text);
        } else if (line.kind === 'exit') {
          const text = line.text.replace(/^the process/, 'the receiver process');
          transcript.note(text, session.label);
          // Told before the session fails its pending requests: what the check sees after the exit is its effect.
          if (line.exit) observer?.processExited(line.exit);
          session.closeWith(text);
        } else {
          transcript.note(line.text, session.label);
          session.noteAnomaly('line that is not JSON', line.text);
        }
      }
    };
    // A write to a process that just died fails before its exit is reported: the check must wait for that report.
    const send = stdio.send.bind(stdio);
    stdio.send = async (message) => {
      try {
        await send(message);
      } catch (error) {
        for (const { holder } of this.holders) holder.observer?.transportFailed(false);
        throw error;
      }
    };
  }

  /** A new holder's transport; its watch learns of the process at once. */
  tenant(holder: TenantHolder): { transport: TenantTransport; firstRequestId: number } {
    const made = this.wire.tenant((text) => holder.transcript.note(text, holder.session.label));
    this.holders.push({ holder, transport: made.transport });
    holder.observer?.processStarted(this.stdio.exitReported);
    return made;
  }

  /** The holders still on the process (those whose session has not left). */
  private present(): TenantHolder[] {
    return this.holders.filter(({ transport }) => transport.open).map(({ holder }) => holder);
  }

  /** Hands this holder's connection to the next check, after the last one ended. */
  handOverOf(holder: TenantHolder): (next: NextHolder) => void {
    return (next) => {
      holder.transcript = next.transcript;
      holder.observer = next.observer;
      holder.session.handOver(next.transcript, next.label);
      next.observer?.processStarted(this.stdio.exitReported);
    };
  }

  /** A further check joins while others hold the process: a session of its own on the initialized process. */
  admit(next: NextHolder, options: { requestTimeoutMs: number; answerPace?: AnswerPace }): { session: RpcSession; handOver: (next: NextHolder) => void } {
    const holder: TenantHolder = { transcript: next.transcript, observer: next.observer, session: undefined as unknown as RpcSession };
    const made = this.tenant(holder);
    holder.session = new RpcSession(made.transport, next.transcript, next.label, options.requestTimeoutMs, options.answerPace, made.firstRequestId);
    return { session: holder.session, handOver: this.handOverOf(holder) };
  }

  /** Processes it started that left its process group and were ended after it. */
  get escaped(): CommandStdioTransport['escaped'] {
    return this.stdio.escaped;
  }

  /** Whether the process left the request unanswered while it answered one sent after it (shared-wire.ts). */
  readonly passedOver = (requestId: string | number): boolean => this.wire.passedOver(requestId);
}
