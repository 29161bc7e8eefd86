import type { CheckContext, CheckDefinition, CheckHost, TargetFacts } from '../receivers/check.js';
import type { Measured } from '../receivers/discovery.js';
import type { Era, Finding, FixtureRole, ReceiverRole, Requirement, TranscriptEntry } from '../model/model.js';
import type { FixtureMapping } from '../model/fixtures.js';
import type { TargetSpec } from '../wire/connections/connect.js';
import type { Timing } from '../wire/timing.js';

/**
 * What the engine needs of an era, so that it names none: how the target is discovered before the checks, the
 * context the era's checks get (its way to reach the receiver), and the era's rule book over each check's traffic.
 * Each era's driver lives in harness/eras/<era>/driver.ts.
 */
export interface EraDriver<C extends CheckContext = CheckContext> {
  /** What the target declares and how fast it answers, learnt before the checks; throws TargetUnreachable when it cannot be reached. */
  discover(target: TargetSpec, timing: Timing, role: ReceiverRole, mappings: Partial<Record<FixtureRole, FixtureMapping>>): Promise<{ facts: TargetFacts; measured: Measured }>;
  /**
   * The context one check of the era runs with, built on the engine's (`host`: the API every era shares, and the
   * run's connections). None: the era's checks get the shared API alone.
   */
  checkContext?(host: CheckHost): C;
  /** The era's rule book over one check's traffic (none: the checks' scripts judge alone). */
  judgeTraffic?(options: TrafficJudgeOptions): TrafficJudge;
}

export interface TrafficJudgeOptions {
  role: ReceiverRole;
  requirements: ReadonlyMap<string, Requirement>;
  /** The identity each conversation (connection label) speaks for; undefined where the run has a single identity. */
  identityOf: (channel: string) => string | undefined;
  transport: 'stdio' | 'http';
}

/** Reads every message of one check as it passes and hands back what it found broken once the check is over. */
export interface TrafficJudge {
  observe(entry: TranscriptEntry): void;
  findings(): Finding[];
}

/**
 * A profile is one spec version as data: its catalogue of requirements, its checks and its fixture contract.
 * The runner, the selection, the coverage matrix and the reports take a profile; none is written for one.
 */
export interface Profile<C extends CheckContext = CheckContext> {
  /** The spec version it covers (a date); also the name of its era in code, reports and JUnit suite names. */
  id: string;
  /** One line for people, e.g. "Tasks, MCP <version>". */
  title: string;
  /** The spec page the catalogue's section anchors point into. */
  specUrl: string;
  /** The protocol version the harness asks for when it connects. */
  protocolVersion: string;
  /** The key of the era's rules in the rule book (harness/rules/rule-book.ts), which explore and proxy read too. */
  era: Era;
  /** Every requirement, each with its full link (see defineProfile). */
  requirements: ReadonlyMap<string, Requirement>;
  checks: readonly CheckDefinition<C>[];
  /** Where implementers read what the fixtures must do, per receiver role. */
  fixtureContract: { server: string; client: string };
  /** How the engine discovers a target of this era, gives its checks their context and judges its traffic. */
  driver: EraDriver<C>;
  /** Every task operation in every status: what judges it (`list --matrix`). */
  probes: ProbeMatrix;
}

/** The operations on a task, as a receiver takes them, and the requestor's side (a client under test following one). */
export const PROBE_OPERATIONS = ['create', 'get', 'result', 'list', 'cancel', 'update', 'listen', 'requestor'] as const;
/** The states an operation can meet a task in: its statuses, past its ttl, an id naming no task, a task of another identity. */
export const PROBE_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled', 'expired', 'unknown', 'foreign'] as const;
export type ProbeOperation = (typeof PROBE_OPERATIONS)[number];
export type ProbeStatus = (typeof PROBE_STATUSES)[number];
/** How `list --matrix` names each state. */
export const PROBE_STATUS_LABELS: Readonly<Record<ProbeStatus, string>> = {
  working: 'working',
  input_required: 'input_required',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  expired: 'expired (ttl over)',
  unknown: 'unknown id',
  foreign: "another identity's",
};

/**
 * One cell of the probe matrix: the checks that send this operation to a task in this state and judge the answer,
 * the requirements the rule book judges on every such message of the run's traffic, and (required when neither
 * judges it) why nothing does.
 */
export interface ProbeCell {
  checks?: readonly string[];
  ruleBook?: readonly string[];
  why?: string;
}

export type ProbeMatrix = Readonly<Record<ProbeOperation, Readonly<Record<ProbeStatus, ProbeCell>>>>;

export interface ProfileDefinition<C extends CheckContext = CheckContext> extends Omit<Profile<C>, 'requirements'> {
  requirements: readonly Requirement[];
}

/** Builds a profile: requirement IDs must be unique, every check must name known requirements, and every requirement gets its full link. */
export function defineProfile<C extends CheckContext = CheckContext>(definition: ProfileDefinition<C>): Profile<C> {
  const requirements = new Map<string, Requirement>();
  for (const requirement of definition.requirements) {
    if (requirements.has(requirement.id)) throw new Error(`profile ${definition.id}: requirement ${requirement.id} is listed twice`);
    requirements.set(requirement.id, { ...requirement, url: requirement.url ?? `${definition.specUrl}#${requirement.anchor}` });
  }
  const checkIds = new Set<string>();
  for (const check of definition.checks) {
    if (checkIds.has(check.id)) throw new Error(`profile ${definition.id}: check ${check.id} is listed twice`);
    checkIds.add(check.id);
    const unknown = check.requirements.filter((id) => !requirements.has(id));
    if (unknown.length > 0) throw new Error(`profile ${definition.id}: check ${check.id} names requirements not in the catalogue: ${unknown.join(', ')}`);
  }
  return { ...definition, requirements };
}
