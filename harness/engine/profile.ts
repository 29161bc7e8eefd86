import type { CheckDefinition } from '../receivers/check.js';
import type { Era, Requirement } from '../model/model.js';

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
