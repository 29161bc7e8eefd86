// What an exploration (mcp-tasks-conformance explore) hands the reports: the runs it made, and for each property
// of the model whether any run broke it, with the shrunk counterexample. Plain data, like the RunReport.
import type { Keyword, ProfileRef, ReceiverRole, RunTarget, TranscriptEntry } from '../model/model.js';

/** One operation of a generated sequence, as data (what replays it), and what it saw. */
export interface OperationRecord {
  /** Position in the sequence; operations of one step run concurrently. */
  step: number;
  /** e.g. "create", "get", "result", "cancel", "list", "peer-get", "wait". */
  kind: string;
  /** The operation's own parameters: fixture role, delay, ttl, which task (by creation index), wait length... */
  args: Record<string, unknown>;
  /** One line for people, e.g. `get(task #2) → working` or `cancel(task #1) → error -32602`. */
  summary: string;
}

/** A property broken: the requirement it maps to decides fail or warn, as everywhere else in the suite. */
export interface Counterexample {
  requirement: string;
  keyword: Keyword;
  severity: 'fail' | 'warn';
  /** What the model expected and what the receiver did, in one or two sentences. */
  message: string;
  /** The shrunk sequence: the fewest operations that still showed the violation. */
  operations: OperationRecord[];
  /** How many operations the first failing sequence had, before shrinking. */
  originalLength: number;
  /** Shrinking attempts that still failed, as fast-check counts them. */
  shrinkSteps: number;
  /** What went over the wire in the shrunk run (the last one that showed the violation). */
  transcript: TranscriptEntry[];
  /** Where the counterexample file was written (replayable with --replay), when it was. */
  file?: string;
  /** The exact command that replays it. */
  replayCommand: string;
  /** fast-check's seed and path of the failing run (the generation, not the receiver's timing, is replayed). */
  seed: number;
  path?: string;
}

export interface PropertyResult {
  /** Stable, e.g. "explore.status-graph". */
  id: string;
  title: string;
  /** The catalogue requirements a violation of it can be recorded against. */
  requirements: readonly string[];
  /** pass: no run broke it; fail/warn: a run broke it (severity from the requirement's keyword); skip: never exercised, with why. */
  outcome: 'pass' | 'fail' | 'warn' | 'skip' | 'error';
  /** How many operations of all runs this property judged. */
  observations: number;
  message: string;
  counterexample?: Counterexample;
}

export interface ExploreReport {
  tool: { name: string; version: string };
  profile: ProfileRef;
  target: RunTarget;
  role: ReceiverRole;
  seed: number;
  /** Runs asked for, and runs made before the budget or a violation ended the exploration. */
  runsRequested: number;
  runsDone: number;
  operations: number;
  budgetMs: number;
  startedAt: string;
  durationMs: number;
  /** Why the exploration ended: all runs done, the time budget spent, a violation found and shrunk. */
  endedBecause: string;
  properties: PropertyResult[];
  /**
   * What the runs exercised: per state a task was in (as the requestor last saw it before sending), the operations
   * sent to it, in the order of the states (harness/explore/coverage.ts); a tasks/list walk counts once per task of its run.
   */
  coverage?: { state: string; operations: Record<string, number> }[];
  /** pass when no property failed (warns do not fail it, unless --strict) and at least one was judged: never without a run. */
  outcome: 'pass' | 'fail';
  notices: string[];
}
