import type { CheckDefinition, TargetFacts } from '../receivers/check.js';
import type { Measured } from '../receivers/discovery.js';
import type { Era, Finding, FixtureRole, ReceiverRole, Requirement, TranscriptEntry } from '../model/model.js';
import type { FixtureMapping } from '../model/fixtures.js';
import type { TargetSpec } from '../wire/connections/connect.js';
import type { Timing } from '../wire/timing.js';

/**
 * What the engine needs of an era, so that it names none: how the target is discovered before the checks, and the
 * era's rule book over each check's traffic. Each era's driver lives in harness/eras/<era>/driver.ts.
 */
export interface EraDriver {
  /** What the target declares and how fast it answers, learnt before the checks; throws TargetUnreachable when it cannot be reached. */
  discover(target: TargetSpec, timing: Timing, role: ReceiverRole, mappings: Partial<Record<FixtureRole, FixtureMapping>>): Promise<{ facts: TargetFacts; measured: Measured }>;
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
export interface Profile {
  /** The spec version it covers, e.g. "2025-11-25"; also the name in reports and JUnit suite names. */
  id: string;
  /** One line for people, e.g. "Tasks, MCP 2025-11-25". */
  title: string;
  /** The spec page the catalogue's section anchors point into. */
  specUrl: string;
  /** The protocol version the harness asks for when it connects. */
  protocolVersion: string;
  /** How the harness speaks to the receiver: legacy opens with initialize, modern sends the envelope on each request. */
  era: Era;
  /** Every requirement, each with its full link (see defineProfile). */
  requirements: ReadonlyMap<string, Requirement>;
  checks: readonly CheckDefinition[];
  /** Where implementers read what the fixtures must do, per receiver role. */
  fixtureContract: { server: string; client: string };
  /** How the engine discovers a target of this era and judges its traffic. */
  driver: EraDriver;
}

export interface ProfileDefinition extends Omit<Profile, 'requirements'> {
  requirements: readonly Requirement[];
}

/** Builds a profile: requirement IDs must be unique, every check must name known requirements, and every requirement gets its full link. */
export function defineProfile(definition: ProfileDefinition): Profile {
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
