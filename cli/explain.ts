// The explain command: for a check, what it verifies and does, and why implementations fail it; for a requirement,
// what it asks and which checks verify it (or why none does). Unknown IDs get the closest ones, in one line.
import type { CheckDefinition } from '../harness/receivers/check.js';
import { coverageMatrix } from '../harness/engine/coverage.js';
import { FIXTURE_TASK_SUPPORT, FIXTURE_TOOL_NAMES } from '../harness/model/fixtures.js';
import { requirementUrl } from '../harness/model/model-basics.js';
import type { Precondition, ReceiverRole, Requirement } from '../harness/model/model.js';
import type { Profile } from '../harness/engine/profile.js';
import { editDistance } from '../harness/engine/run-policy.js';
import { rerunCommand, UsageError } from './options.js';

const WIDTH = 100;
/** How many IDs a "did you mean" offers at most. */
const SUGGESTIONS = 3;

export function explainCommand(args: string[], profile: Profile): number {
  if (args.length !== 1 || args[0].startsWith('-')) {
    throw new UsageError('explain takes one check ID or requirement ID, e.g. "mcp-tasks-conformance explain creation.task-ids"; "mcp-tasks-conformance list" shows them');
  }
  process.stdout.write(explain(args[0], profile));
  return 0;
}

/**
 * explain with --spec reads that profile; without it, the ID is looked up in each profile in turn, the default one
 * first (the check IDs of the profiles never collide: the 2026-07-28 ones begin with "ext-").
 */
export async function explainInProfiles(args: string[], spec: string | undefined): Promise<number> {
  const { DEFAULT_PROFILE, loadProfile, PROFILE_IDS, profileForListing } = await import('./profiles.js');
  if (spec !== undefined && spec !== 'auto') {
    const profile = await profileForListing(spec);
    return explainCommand(args, profile);
  }
  const fallback = await loadProfile(DEFAULT_PROFILE);
  const id = args[0];
  const names = (profile: Profile) => id !== undefined && (profile.checks.some((check) => check.id === id) || profile.requirements.has(id));
  if (args.length === 1 && !names(fallback)) {
    for (const other of PROFILE_IDS.filter((each) => each !== DEFAULT_PROFILE)) {
      const profile = await loadProfile(other);
      if (names(profile)) return explainCommand(args, profile);
    }
  }
  return explainCommand(args, fallback);
}

/** The explanation of one check or requirement ID, as printed; a UsageError naming the closest IDs for an unknown one. */
export function explain(id: string, profile: Profile): string {
  const ids = [...profile.checks.map((check) => check.id), ...profile.requirements.keys()];
  // Exact first; then regardless of case, since requirement IDs are upper case and check IDs lower.
  const found = ids.find((known) => known === id) ?? ids.find((known) => known.toLowerCase() === id.toLowerCase());
  const check = profile.checks.find((candidate) => candidate.id === found);
  if (check) return explainCheck(check, profile);
  const requirement = found === undefined ? undefined : profile.requirements.get(found);
  if (requirement) return explainRequirement(requirement, profile);
  const closest = closestIds(id, ids);
  throw new UsageError(
    `"${id}" is no check or requirement of ${profile.title}; ` +
      (closest.length > 0 ? `did you mean ${closest.join(', ')}? ` : '') +
      '"mcp-tasks-conformance list" shows the checks, "list --requirements" the requirements',
  );
}

/** Up to SUGGESTIONS known IDs nearest to a mistyped one: those containing it first, then by edit distance within a bound. */
export function closestIds(id: string, known: readonly string[]): string[] {
  const wanted = id.toLowerCase();
  const bound = Math.max(3, Math.floor(wanted.length / 3));
  return known
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      return { candidate, distance: lower.includes(wanted) ? -1 / lower.length : editDistance(wanted, lower) };
    })
    .filter(({ distance }) => distance <= bound)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, SUGGESTIONS)
    .map(({ candidate }) => candidate);
}

function explainCheck(check: CheckDefinition, profile: Profile): string {
  const explanation = check.explain;
  const lines = [`${check.id} — ${check.title}`, ''];
  lines.push(...field('Suite', [check.suite]));
  lines.push(...field('Roles', [check.roles.join(', ')]));
  lines.push(...field('Needs', check.needs.length > 0 ? check.needs.map((need) => describeNeed(need, check.roles)) : ['nothing: it runs against every receiver']));
  lines.push(
    ...field(
      'Run alone',
      check.roles.map((role) => `${rerunCommand(role, {}, check.id)}  (plus your target's flags)`),
    ),
  );
  lines.push('', 'Verifies');
  for (const id of check.requirements) {
    const requirement = profile.requirements.get(id);
    if (requirement) lines.push(...describeRequirement(requirement, '  '));
  }
  lines.push('', 'What it does', ...wrap(explanation.does, '  '));
  lines.push('', 'When it fails');
  for (const { cause, fix, seenIn, faults } of explanation.causes) {
    lines.push(...wrap(cause, '  - ', '    '), ...wrap(`Fix: ${fix}`, '    '));
    if (seenIn) lines.push(...wrap(`Seen in: ${seenIn}.`, '    '));
    if (faults) lines.push(...wrap(`The bundled reference fails this way with ${faults.map((fault) => `--fault ${fault}`).join(', or ')}.`, '    '));
  }
  return `${lines.join('\n')}\n`;
}

function explainRequirement(requirement: Requirement, profile: Profile): string {
  const row = coverageMatrix(profile.checks, profile.requirements).find((entry) => entry.requirement.id === requirement.id);
  const lines = [`${requirement.id} — ${requirement.keyword}, binds the ${requirement.binds}`, ''];
  lines.push(...field('Section', [`${requirement.section}  ${requirementUrl(requirement)}`]));
  lines.push(...field('Summary', [requirement.summary]));
  if (requirement.leniency) lines.push(...field('Leniency', [requirement.leniency]));
  if (row && row.checks.length > 0) {
    const titles = new Map(profile.checks.map((check) => [check.id, check.title]));
    lines.push(
      ...field(
        'Checks',
        row.checks.map((id) => `${id}: ${titles.get(id) ?? ''}`),
      ),
    );
    lines.push('', ...wrap(`"mcp-tasks-conformance explain ${row.checks[0]}" says how a check works and why implementations fail it.`, ''));
  } else {
    lines.push(...field('Checks', [`none: ${row?.reason ?? 'no check yet, and no reason given (a coverage gap)'}`]));
  }
  return `${lines.join('\n')}\n`;
}

function describeRequirement(requirement: Requirement, indent: string): string[] {
  const heading = `${indent}${requirement.id}  ${requirement.keyword}, binds the ${requirement.binds}, ${requirement.section}`;
  // A long section title (some base-page headings are) goes on a line of its own.
  const head = heading.length <= 100 ? [heading] : [`${indent}${requirement.id}  ${requirement.keyword}, binds the ${requirement.binds},`, `${indent}  ${requirement.section}`];
  return [...head, ...wrap(requirement.summary, `${indent}  `), `${indent}  ${requirementUrl(requirement)}`, ...(requirement.leniency ? wrap(`Leniency: ${requirement.leniency}`, `${indent}  `) : [])];
}

/** A precondition in words: what the receiver must offer for the check to run rather than skip. */
function describeNeed(need: Precondition, roles: readonly ReceiverRole[]): string {
  switch (need.kind) {
    case 'tasks-capability':
      return need.path === 'requests'
        ? 'task support declared for its requests (tasks.requests: tools.call on a server, sampling or elicitation on a client)'
        : `tasks.${need.path} declared in its capabilities`;
    case 'no-tasks-capability':
      return 'no task support declared for the request type (the rule is for receivers without it)';
    case 'tasks-extension':
      return 'the io.modelcontextprotocol/tasks extension listed in the capabilities server/discover returns';
    case 'fixture': {
      const server = `the ${FIXTURE_TOOL_NAMES[need.role]} tool (or the one --config maps to "${need.role}")`;
      const client = `the "${need.role}" directive of the client fixture contract`;
      const tool = roles.includes('server') ? (roles.includes('client') ? `${server}; for a client, ${client}` : server) : client;
      const declared = FIXTURE_TASK_SUPPORT[need.role];
      return need.taskSupport ? `${tool}, declaring ${declared ? `execution.taskSupport "${declared}"` : 'no execution.taskSupport'}` : tool;
    }
    case 'transport':
      return need.transport === 'http' ? 'the Streamable HTTP transport (--url)' : 'the stdio transport (--command)';
    case 'peer-identity':
      return 'a second identity over HTTP (--peer-header)';
    case 'no-peer-identity':
      return 'no second identity (without --peer-header; with one, the isolation checks test the binding directly)';
  }
}

/** A labelled block: the label in a column of its own, each value wrapped beside it. */
function field(label: string, values: readonly string[]): string[] {
  const pad = ' '.repeat(14);
  return values.flatMap((value, index) => wrap(value, index === 0 ? label.padEnd(14) : pad, pad));
}

/** Words wrapped at WIDTH, the first line after `first`, the rest after `rest`. */
function wrap(text: string, first: string, rest = first): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = rest + word;
    } else {
      line += empty ? word : ` ${word}`;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}
