// The data model shared by the runner, the checks and the reports: requirements, checks, results.

export const SPEC_VERSION = '2025-11-25';
export const SPEC_URL = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks';

export type Keyword = 'MUST' | 'MUST NOT' | 'SHOULD' | 'SHOULD NOT' | 'MAY';

/** Which party a requirement binds. */
export type Binds = 'receiver' | 'requestor';

/** The role of the implementation under test when it receives task-augmented requests. */
export type ReceiverRole = 'server' | 'client';

export interface Requirement {
  /** Stable, never reused. */
  id: string;
  keyword: Keyword;
  binds: Binds;
  /** Section title as in the spec, e.g. "Task Cancellation". */
  section: string;
  /** Anchor of that section on the spec page, e.g. "task-cancellation". */
  anchor: string;
  /** One line, in our own words. */
  summary: string;
  /** Set when the statement cannot be observed from outside the implementation: why. */
  untestable?: string;
  /** Set when the suite reads an ambiguous statement leniently: why. */
  leniency?: string;
  /** Set when no single check verifies it because every check does, e.g. that requests are answered. */
  verifiedThroughout?: string;
  /** Full link when the statement lives on another spec page than Tasks. */
  url?: string;
}

/** Severity a check's verdict takes from the keyword of the requirement it found violated. */
export type Level = 'must' | 'should' | 'may';

export function levelOf(keyword: Keyword): Level {
  if (keyword === 'MUST' || keyword === 'MUST NOT') return 'must';
  if (keyword === 'SHOULD' || keyword === 'SHOULD NOT') return 'should';
  return 'may';
}

export function requirementUrl(requirement: Pick<Requirement, 'anchor' | 'url'>): string {
  return requirement.url ?? `${SPEC_URL}#${requirement.anchor}`;
}

export type Outcome = 'pass' | 'fail' | 'warn' | 'skip' | 'error';
export const OUTCOMES: readonly Outcome[] = ['pass', 'fail', 'warn', 'skip', 'error'];

export type TransportKind = 'stdio' | 'http';

/** What a check needs before it can run; an unmet precondition skips it with the reason. */
export type Precondition =
  | { kind: 'tasks-capability'; path: 'list' | 'cancel' | 'requests' }
  | { kind: 'no-tasks-capability' }
  /** With taskSupport, a server's tool must also declare the taskSupport the role stands for (FIXTURE_TASK_SUPPORT). */
  | { kind: 'fixture'; role: FixtureRole; taskSupport?: boolean }
  | { kind: 'transport'; transport: TransportKind }
  | { kind: 'peer-identity' }
  | { kind: 'no-peer-identity' };

export type FixtureRole = 'echo' | 'required' | 'forbidden' | 'plain' | 'fail' | 'error' | 'input' | 'progress';

export interface TranscriptEntry {
  /** Milliseconds since the check started. */
  t: number;
  /** out: harness → IUT; in: IUT → harness; stderr: a line the IUT wrote to stderr; note: the harness's own remark. */
  dir: 'out' | 'in' | 'stderr' | 'note';
  /** Connection label, e.g. "A" or "B" (second identity). */
  conn?: string;
  message?: unknown;
  text?: string;
}

export interface Finding {
  requirement: string;
  keyword: Keyword;
  /** fail for a MUST, warn for a SHOULD; a lenient reading may downgrade to warn. */
  severity: 'fail' | 'warn';
  message: string;
}

export interface CheckResult {
  id: string;
  title: string;
  suite: string;
  role: ReceiverRole;
  requirements: string[];
  /** Severity of the strongest requirement the check verifies. */
  level: Level;
  outcome: Outcome;
  /** Why: the first finding, the skip reason, or the harness error. */
  message: string;
  findings: Finding[];
  /** Facts worth reporting that are no verdict, e.g. "the receiver sends status notifications". */
  info: string[];
  durationMs: number;
  /** Protocol version the IUT negotiated on this check's connection(s). */
  protocolVersion?: string;
  /** How many times the suite had started the --launch server again (after it died) before this check started; absent or 0: the first process. */
  targetRestarts?: number;
  transcript: TranscriptEntry[];
}

/**
 * The server under test went away while the run went on: its process exited, or its endpoint stopped accepting
 * connections. The checks in flight carry the crash finding (BASE-NO-CRASH); this is the run's record of it.
 */
export interface TargetExit {
  /** When the harness saw it go, ISO 8601. */
  at: string;
  /** exited: the process ended; refused: the endpoint stopped accepting connections (no process the suite started). */
  how: 'exited' | 'refused';
  /** The exit code, when the process exited by itself. */
  code?: number;
  /** The signal that ended the process, when one did. */
  signal?: string;
  /** On stdio, where each check has its own process: the check whose process it was. Absent for the shared (HTTP) server. */
  check?: string;
  /** The checks running when it went; each carries the crash finding (or, after a clean exit with nothing unanswered, an error). */
  checks: string[];
  /** The last lines it wrote to stderr (at most 40), oldest first, each with when the harness read it; absent when the suite did not start it and so cannot see its stderr. */
  stderrTail?: { at: string; text: string }[];
  /** What the suite did next, for the shared server: started it again, tried and failed, or did not try (no --launch, or the restart limit). */
  restart?: { outcome: 'restarted' | 'failed' | 'not-attempted'; at?: string; message: string };
  /** The whole story in one sentence, as the notices say it. */
  summary: string;
}

export interface RunSummary {
  pass: number;
  fail: number;
  warn: number;
  skip: number;
  error: number;
}

export interface RunTarget {
  transport: TransportKind;
  /** The command line (stdio) or URL (HTTP). */
  description: string;
  /** True when the target is the bundled reference receiver. */
  bundledReference: boolean;
}

/** One row of the requirement matrix: what verifies a requirement in this run, or why nothing does. */
export interface CoverageEntry {
  id: string;
  keyword: Keyword;
  binds: Binds;
  section: string;
  url: string;
  summary: string;
  /** Checks of this run that verify it. */
  checks: string[];
  /** Why no check verifies it (not testable, binds the requestor, a permission…); absent when checks do. */
  reason?: string;
}

/**
 * What the harness measured of the receiver before the checks, and the allowance every scenario derives its
 * durations, graces and margins from: a slow receiver gets longer work and longer waits, never a false fail.
 */
export interface Calibration {
  /** How the round trip was measured, e.g. "median of 5 ping requests on the discovery connection". */
  method: string;
  /** Each measured round trip, in milliseconds. */
  samplesMs: number[];
  /** The median sample: the receiver's round trip while the suite was otherwise idle. */
  roundTripMs: number;
  /** How long opening and initializing one connection took (on stdio including the process start). */
  connectMs: number;
  /** --timeout-multiplier, applied on top of everything measured. */
  multiplier: number;
  /** One round trip as scenarios budget it: the measured one with head-room for load, never below a floor, times the multiplier. */
  allowanceMs: number;
}

/** A check whose outcome decides the run's verdict, with the line that explains it. */
export interface VerdictEntry {
  check: string;
  outcome: Outcome;
  message: string;
}

/**
 * The run's one verdict, computed once by the run policy (strict, baseline) and rendered by every report, so
 * that the console, JSON, JUnit, Markdown and HTML agree with the exit status.
 */
export interface RunVerdict {
  /** pass exactly when the exit status is 0. */
  outcome: 'pass' | 'fail';
  strict: boolean;
  /** Checks whose outcome fails the run (failing and not expected by the baseline). */
  failing: VerdictEntry[];
  baseline?: {
    file?: string;
    /** Listed checks that failed as expected: they do not fail the run. */
    expected: (VerdictEntry & { reason: string; link?: string })[];
    /** Listed checks that now pass (or only warn without strict): they fail the run until their entry is removed. */
    stale: (VerdictEntry & { reason: string })[];
    /** Entries naming no check of the suite (typos), each with the line that says so and suggests the closest ID. */
    unknown: { check: string; message: string }[];
    /** Listed checks that were skipped or not selected (outcome skip for both; the message says which): they never fail the run. */
    notExercised: (VerdictEntry & { reason: string })[];
  };
  /** With --repeat: checks whose outcome changed between the runs, each run's outcome in order; each fails the run. */
  unstable?: { check: string; outcomes: Outcome[] }[];
  /** One line for each thing that fails the run; the run passes exactly when there is none. */
  problems: string[];
  /** One line: why the run passes or fails. */
  summary: string;
}

export interface RunReport {
  tool: { name: string; version: string };
  /** The profile's spec version, e.g. "2025-11-25". */
  specVersion: string;
  /** The profile the run used: which spec version, and where its requirement links point. */
  profile: { id: string; title: string; specUrl: string };
  target: RunTarget;
  role: ReceiverRole;
  /** Version the IUT answered initialize with; differs from specVersion when it negotiated another. */
  negotiatedProtocolVersion?: string;
  serverInfo?: unknown;
  startedAt: string;
  durationMs: number;
  summary: RunSummary;
  results: CheckResult[];
  /** Remarks about the run as a whole, e.g. a negotiated version other than 2025-11-25. */
  notices: string[];
  /** The requirement matrix for the checks this run selected. */
  coverage: CoverageEntry[];
  /** The receiver's measured round trip and the allowance derived from it; absent when the run could not happen. */
  calibration?: Calibration;
  /** The run's verdict under the run policy; set by the CLI before any report is written. */
  verdict?: RunVerdict;
  /** Each time the server under test died or stopped accepting connections during the run; absent or empty when it never did. */
  targetExits?: TargetExit[];
}

export function summarize(results: readonly Pick<CheckResult, 'outcome'>[]): RunSummary {
  const summary: RunSummary = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const result of results) summary[result.outcome] += 1;
  return summary;
}
