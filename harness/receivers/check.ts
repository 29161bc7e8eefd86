import type { Connection, Era, TargetSpec } from '../wire/connections/connect.js';
import type { FixtureBinding, ToolInfo } from '../model/fixtures.js';
import type { Finding, FixtureRole, Observation, Precondition, ReceiverRole, Requirement, TransportKind } from '../model/model.js';
import type { TaskSchemaName } from '../model/schemas/validate.js';
import type { Timing } from '../wire/timing.js';
import type { Transcript } from '../wire/transcript.js';
import type { StartSlot } from '../wire/start-gate.js';

/** What the run learned about the IUT before the checks: shared, read-only. */
export interface TargetFacts {
  role: ReceiverRole;
  transport: TransportKind;
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  serverInfo: unknown;
  tools: ToolInfo[];
  fixtures: ReadonlyMap<FixtureRole, FixtureBinding>;
  /** The era the profile speaks to the receiver: legacy (initialize) or modern (per-request envelope). */
  era: Era;
  /** Modern: the protocol versions server/discover listed. */
  supportedVersions?: readonly string[];
  /** True when the fixture tools appeared only after notifications/initialized. */
  toolsAppearLate: boolean;
  hasPeerIdentity: boolean;
  /** True when the primary identity sends credentials (an Authorization header) on HTTP. */
  hasAuthorization: boolean;
}

/**
 * The API a check uses; it knows the spec, not the transport. What every era shares: a check of an era gets its
 * era's context (harness/receivers/<era>/check.ts), which adds the era's way to reach the receiver (`connect`).
 */
export interface CheckContext {
  readonly facts: TargetFacts;
  readonly timing: Timing;
  /** Aborted when the check's deadline passes or the run ends. */
  readonly signal: AbortSignal;
  fixture(role: FixtureRole): FixtureBinding;
  /**
   * Records a violation of the requirement when ok is false; returns ok. `observation` names what it was seen on, so
   * that a check of the run blocked by the same observation points here instead of failing it again.
   */
  expect(requirementId: string, ok: boolean, message: string | (() => string), observation?: Observation): boolean;
  /**
   * Like `expect`, for an expectation that only a bound decides (a silence longer than the quiet the run allows,
   * where no text bounds the time): under load it is no verdict, so the engine runs the check again alone first.
   */
  expectWithinBound(requirementId: string, ok: boolean, message: string | (() => string)): boolean;
  /** As expect, and stops the check when ok is false. */
  require(requirementId: string, ok: boolean, message: string | (() => string), observation?: Observation): asserts ok;
  /** Records a warning against a requirement whose keyword would fail it, where the spec allows the behaviour elsewhere; says why. */
  lenient(requirementId: string, message: string): void;
  /** Validates a message against our schema; a violation is recorded against the requirement. */
  validate(requirementId: string, schema: TaskSchemaName, value: unknown, what: string, observation?: Observation): boolean;
  skip(reason: string): never;
  /**
   * Ends a scenario that cannot go on because the receiver did not do what `requirementId` asks (e.g. created no
   * task): a finding where the check verifies that requirement, otherwise inconclusive, naming it and its checks.
   */
  unmet(requirementId: string, message: string, observation?: Observation): never;
  /**
   * Runs a scenario that races work against round trips. When the scenario calls `missed`, it runs again with
   * every duration multiplied by `stretch` (doubled each time, three tries in all); then the check skips, saying why.
   */
  staged<T>(scenario: (stretch: number) => Promise<T>): Promise<T>;
  /** Ends this try of a staged scenario: the timing did not let it show what it needed (e.g. the work ended before the cancel arrived). */
  missed(reason: string): never;
  /**
   * Adds a line to the result's `info`: a fact every report shows beside the verdict (what was not judged and why,
   * what the receiver chose among allowed behaviours). No verdict.
   */
  reportInfo(text: string): void;
  /** Writes a line into the check's transcript, between the messages it explains; the reports show it only there. */
  noteInTranscript(text: string): void;
}

/** One way a check typically fails, and how implementations mend it. */
export interface FailureCause {
  /** What the implementation does wrong, as its maintainer would notice it. */
  cause: string;
  fix: string;
  /** Real implementations that showed it (docs/compatibility.md). */
  seenIn?: string;
  /** Faults of the reference receivers that break the check this way (each one of the check's provenBy). */
  faults?: readonly string[];
}

/** What `mcp-tasks-conformance explain` and the HTML report say of a check, in our own words (never the spec's). */
export interface CheckExplanation {
  /** What the check does, in a few sentences. */
  does: string;
  causes: readonly FailureCause[];
}

export interface CheckDefinition<C extends CheckContext = CheckContext> {
  /** Stable, never reused: "<suite>.<name>". */
  id: string;
  title: string;
  /** Spec section the check belongs to, as a folder name under suites/. */
  suite: string;
  /**
   * The spec section the check exercises: an https link with an anchor, on modelcontextprotocol.io, to a page its
   * requirements cite (test/suites/spec-coverage.test.ts holds every check to that).
   */
  spec: string;
  /** What the check does and why implementations fail it, for explain and the report's fix cards. */
  explain: CheckExplanation;
  /**
   * The faults of the reference receivers (reference-server/, reference-client/) whose fault cases in
   * test/fault-cases/ make this check fail or warn: each check is shown to catch something. The fault matrix's
   * static test demands exactly the faults of those cases.
   */
  provenBy: readonly string[];
  requirements: readonly string[];
  /** Receiver roles the rule applies to; where it is the same for both, list both. */
  roles: readonly ReceiverRole[];
  needs: readonly Precondition[];
  /**
   * What the scenario costs, so the runner can start the longest checks first: fixed waiting (work, ttl, graces)
   * plus sequential exchanges with the receiver. The expected duration is timing.span(waitMs, roundTrips).
   */
  cost: ScenarioCost;
  /**
   * The check judges something of the receiver process itself (all it writes to stdout, what it does at start), so
   * its stdio connections are its own processes, never ones an earlier check used.
   */
  ownConnections?: boolean;
  /**
   * No other check's traffic on the same receiver process can change this check's verdict: it judges the answers to
   * its own requests, its own tasks, and of a tasks/list any of the requestor's tasks alike (other checks' tasks show
   * there too); it needs no request of the receiver's that names no task of its own (by related-task metadata) and
   * no notification that names none. So it may share a process with other such checks at the same time. A check that
   * does not pass on a process other checks used is run again on one of its own, and that run's result stands.
   */
  cohabits?: boolean;
  run(ctx: C): Promise<void>;
}

export interface ScenarioCost {
  /** Milliseconds the scenario waits whatever the receiver's pace (before the multiplier). */
  waitMs: number;
  /** Exchanges with the receiver that follow one another. */
  roundTrips: number;
  /**
   * Fixture tasks whose end the scenario waits for, one after another. Where the fixture takes the suite's delay,
   * waitMs counts that work; where it does not (a mapped tool with its own pace), these checks start first.
   */
  awaitsWork?: number;
}

/** A check that declares no cost: a handful of exchanges and no waiting of its own. */
export const TYPICAL_COST: ScenarioCost = { waitMs: 0, roundTrips: 6 };

/** What a check module writes: a CheckDefinition whose roles, needs and cost have defaults. */
export type CheckDeclaration<C extends CheckContext = CheckContext> = Omit<CheckDefinition<C>, 'roles' | 'needs' | 'cost'> &
  Partial<Pick<CheckDefinition<C>, 'roles' | 'needs'>> & { cost?: Partial<ScenarioCost> };

/** A check on the context every era shares; a check of an era uses its era's defineCheck (harness/receivers/<era>/check.ts). */
export function defineCheck<C extends CheckContext = CheckContext>(definition: CheckDeclaration<C>): CheckDefinition<C> {
  return { roles: ['server'], needs: [], ...definition, cost: { ...TYPICAL_COST, ...definition.cost } };
}

/** The tasks a check created on one connection, as its era follows them: the connection serves another check only once all ended. */
export interface HeldTasks {
  /** The tasks not yet seen ended, given the notifications the connection received. */
  unfinished(notifications: readonly { method: string; params: Record<string, unknown> }[]): string[];
  /** False when the check left the connection unfit for another check whatever its tasks (e.g. a session of another era opened on it). */
  handOn?(): boolean;
}

/**
 * What the engine hands an era's check context (harness/receivers/<era>/check.ts) besides the API every era shares:
 * the target, the check's transcript, and connections from the run's broker, held until the check ends.
 */
export interface CheckHost extends CheckContext {
  readonly target: TargetSpec;
  readonly transcript: Transcript;
  readonly checkId: string;
  readonly requirements: ReadonlyMap<string, Requirement>;
  /** The requirements the check verifies. */
  readonly verifies: readonly string[];
  /** The findings so far. */
  readonly findings: readonly Finding[];
  /** False when the check needs receiver processes no other check has used: then a connection has no kind to share. */
  readonly shareable: boolean;
  /** The number of the check's next connection (1, 2, …), for its label. */
  nextConnection(): number;
  /**
   * A connection from the run's broker, held until the check ends: a kept process of the same `kind` if one is free,
   * else `opener`'s. With `mayCohabit` (an era whose messages name the check they belong to) a check that declares
   * `cohabits` may share the process with other checks at once.
   */
  open(request: { label: string; kind: string | undefined; mayCohabit: boolean; tasks: HeldTasks }, opener: () => Promise<Connection>): Promise<Connection>;
  /** A slot to start a process in (one per core), for what the era starts outside the broker. */
  startSlot(): Promise<StartSlot>;
  /** The check reached the target without a connection of the broker's (it drove a client under test). */
  reachedWithoutConnection(): void;
}

/**
 * The base of an era's check context: the API every era shares, forwarded to the engine's; the era's class adds its
 * way to reach the receiver, using `host`.
 */
export abstract class EraCheckContext implements CheckContext {
  constructor(protected readonly host: CheckHost) {}
  get facts(): TargetFacts {
    return this.host.facts;
  }
  get timing(): Timing {
    return this.host.timing;
  }
  get signal(): AbortSignal {
    return this.host.signal;
  }
  fixture(role: FixtureRole): FixtureBinding {
    return this.host.fixture(role);
  }
  expect(requirementId: string, ok: boolean, message: string | (() => string), observation?: Observation): boolean {
    return this.host.expect(requirementId, ok, message, observation);
  }
  expectWithinBound(requirementId: string, ok: boolean, message: string | (() => string)): boolean {
    return this.host.expectWithinBound(requirementId, ok, message);
  }
  require(requirementId: string, ok: boolean, message: string | (() => string), observation?: Observation): asserts ok {
    this.host.require(requirementId, ok, message, observation);
  }
  lenient(requirementId: string, message: string): void {
    this.host.lenient(requirementId, message);
  }
  validate(requirementId: string, schema: TaskSchemaName, value: unknown, what: string, observation?: Observation): boolean {
    return this.host.validate(requirementId, schema, value, what, observation);
  }
  skip(reason: string): never {
    return this.host.skip(reason);
  }
  unmet(requirementId: string, message: string, observation?: Observation): never {
    return this.host.unmet(requirementId, message, observation);
  }
  staged<T>(scenario: (stretch: number) => Promise<T>): Promise<T> {
    return this.host.staged(scenario);
  }
  missed(reason: string): never {
    return this.host.missed(reason);
  }
  reportInfo(text: string): void {
    this.host.reportInfo(text);
  }
  noteInTranscript(text: string): void {
    this.host.noteInTranscript(text);
  }
}

export { CheckSkip, CheckStop, RunDeadline, StagingMissed, UnexpectedReply, WaitRanOut } from './check-errors.js';
