// Runs one sequence against a fresh requestor (stdio: a new process; HTTP: a new session, and identity B when the
// sequence needs it), through the requestor of the profile's era (2025-11-25/execute.ts; 2026-07-28/execute.ts, with the
// per-request envelope), logging what each operation sent and saw and when. Every wait is bounded by the calibrated timing.
import { openConnection, wireTransport, type Connection } from '../wire/connections/connect.js';
import { ExtReceiver } from '../receivers/2026-07-28/receiver.js';
import { ConnectionReserve } from './connection-reserve.js';
import { Receiver } from '../receivers/2025-11-25/receiver.js';
import { SequenceRunner } from './2025-11-25/execute.js';
import { Transcript } from '../wire/transcript.js';
import { RuleBook } from '../rules/rule-book.js';

/** Rule-book violations one run keeps: the first shows the fault, and shrinking needs no more. */
const RULE_BOOK_KEPT = 20;
import { toRecord, type Sequence } from './operations.js';
import type { OperationRecord } from './report.js';
import type { RunLog } from './run-log.js';
import type { ExecutionSetup, RunnerBase } from './runner-base.js';

export type { ExecutionSetup } from './runner-base.js';

export interface ExecutedRun {
  log: RunLog;
  /** The operations that ran, each with what it saw; dropped ones (naming no task) are left out. */
  records: OperationRecord[];
}

/** Runs the steps in order, the operations of a step together; stops at the first request that cannot be completed. */
export async function executeSequence(sequence: Sequence, setup: ExecutionSetup): Promise<ExecutedRun> {
  const { target, timing } = setup;
  const transcript = new Transcript();
  // Taken afresh for each run: the wall clock may drift from performance.now() over a long exploration.
  const timeOrigin = Date.now() - performance.now();
  const log: RunLog = {
    operations: [],
    tasks: [],
    timeOrigin,
    allowanceMs: timing.allowanceMs,
    transcript: [],
    notificationsInOrder: wireTransport(target) === 'stdio',
    ...(setup.access ? { access: setup.access } : {}),
  };
  const records: OperationRecord[] = [];
  // Every message of the run past the era's rule book, as the checks' and the proxy's are.
  const ruleBook = { messages: 0, sightings: [] as NonNullable<RunLog['ruleBook']>['sightings'] };
  const book = new RuleBook({
    requirements: { legacy: new Map(), modern: new Map() },
    era: setup.modern ? 'modern' : 'legacy',
    identityOf: target.transport === 'http' && target.peerHeaders !== undefined ? (channel) => (channel.startsWith('B') ? 'peer' : 'primary') : undefined,
    transport: target.transport === 'http' ? 'http' : 'stdio',
    onViolation: (violation) => {
      if (violation.party === 'server' && ruleBook.sightings.length < RULE_BOOK_KEPT)
        ruleBook.sightings.push({ requirement: violation.requirement, message: violation.message, at: performance.now(), family: violation.family });
    },
  });
  transcript.read((entry) => {
    if (entry.dir !== 'in' && entry.dir !== 'out') return;
    ruleBook.messages += 1;
    const now = Date.now();
    try {
      book.observe({ t: now, at: new Date(now).toISOString(), from: entry.dir === 'in' ? 'server' : 'host', channel: entry.conn ?? 'A', message: entry.message });
    } catch {
      // A defect of the rule book must not end the run; the properties' own judgements stand.
    }
  });
  log.ruleBook = ruleBook;
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort(new Error('the exploration was interrupted'));
  if (setup.signal?.aborted) onOuterAbort();
  setup.signal?.addEventListener('abort', onOuterAbort, { once: true });
  // A run that hangs ends at the same bound a scripted check gets.
  const deadline = setTimeout(() => abort.abort(new Error(`the run did not finish within ${timing.checkTimeoutMs} ms`)), timing.checkTimeoutMs);
  const connections: Connection[] = [];
  const closeAll = () => Promise.all(connections.map((connection) => connection.close().catch(() => undefined)));
  // Closing ends every pending request at once, so an aborted run settles promptly.
  abort.signal.addEventListener('abort', () => void closeAll(), { once: true });
  try {
    const needsPeer = sequence.some((step) => step.some((operation) => operation.kind.startsWith('peer-')));
    const withPeer = needsPeer && target.transport === 'http' && target.peerHeaders !== undefined;
    const open = async (label: string, identity: 'primary' | 'peer') => {
      const connection = identity === 'primary' && setup.reserve ? await setup.reserve.take(transcript, label) : await openFor(setup, transcript, label, identity);
      connections.push(connection);
      if (abort.signal.aborted) void closeAll();
      return connection;
    };
    let runner: RunnerBase<unknown>;
    if (setup.modern) {
      const { SequenceRunner: ExtensionRunner } = await import('./2026-07-28/execute.js');
      const primary = new ExtReceiver(await open('A', 'primary'));
      const peer = withPeer ? new ExtReceiver(await open('B', 'peer')) : undefined;
      runner = new ExtensionRunner(setup, log, primary, peer, abort.signal);
    } else {
      const receiverOf = (connection: Connection) => {
        const receiver = new Receiver(connection);
        // A mapped tool may ask for input; the answer lets its task go on.
        receiver.onRequest('elicitation/create', () => ({ result: { action: 'accept', content: { answer: 'explore' } } }));
        return receiver;
      };
      const primary = receiverOf(await open('A', 'primary'));
      const peer = withPeer ? receiverOf(await open('B', 'peer')) : undefined;
      runner = new SequenceRunner(setup, log, primary, peer, abort.signal);
    }
    let position = 0;
    for (const step of sequence) {
      if (abort.signal.aborted) break;
      const planned = step.map((operation) => ({ operation, position: position++, plan: runner.plan(operation) })).filter((entry) => entry.plan.run);
      runner.endStep();
      if (planned.length === 0) continue;
      // Steps are numbered as they ran: a replay of the records gives the same steps.
      const stepNumber = records.length === 0 ? 0 : records[records.length - 1].step + 1;
      const settled = await Promise.allSettled(planned.map((entry) => runner.run(entry.operation, entry.plan, entry.position, stepNumber)));
      for (const outcome of settled) if (outcome.status === 'fulfilled') records.push(toRecord(outcome.value.operation, stepNumber, runner.summarise(outcome.value)));
      const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failure) {
        log.error = reasonText(abort.signal.aborted ? abort.signal.reason : failure.reason);
        break;
      }
    }
    // What the sequence set in motion is followed to its end where the profile's requestor does so (runner-base.ts).
    if (!log.error && !abort.signal.aborted) await runner.followUp(position).catch((error: unknown) => (log.error = reasonText(error)));
    if (abort.signal.aborted && !log.error) log.error = reasonText(abort.signal.reason);
  } catch (error) {
    log.error = abort.signal.aborted ? reasonText(abort.signal.reason) : `could not open a connection: ${reasonText(error)}`;
  } finally {
    clearTimeout(deadline);
    setup.signal?.removeEventListener('abort', onOuterAbort);
    await closeAll();
    log.transcript = transcript.entries();
  }
  log.operations.sort((a, b) => a.position - b.position);
  return { log, records };
}

/** One connection of a run, as the setup reaches the target. */
function openFor(setup: Omit<ExecutionSetup, 'signal' | 'reserve'>, transcript: Transcript, label: string, identity: 'primary' | 'peer'): Promise<Connection> {
  const { target, timing } = setup;
  return openConnection(target, {
    transcript,
    label,
    identity,
    requestTimeoutMs: timing.requestTimeoutMs,
    connectTimeoutMs: timing.connectTimeoutMs,
    ...(setup.modern ? { era: 'modern' as const, discovered: { ...setup.modern, raw: {} } } : {}),
  });
}

/**
 * Identity A's connections started one run ahead where a run starts a process (a stdio server, a client under test)
 * and a connection can be handed to the run's transcript (2025-11-25); none over HTTP, where a session costs little.
 */
export function connectionReserve(setup: Omit<ExecutionSetup, 'signal' | 'reserve'>): ConnectionReserve | undefined {
  if (setup.target.transport === 'http' || setup.modern) return undefined;
  return new ConnectionReserve((transcript) => openFor(setup, transcript, 'A', 'primary'));
}

function reasonText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
