// The list command: the profile's checks, or its requirement matrix (each requirement, its checks, or why none).
import { JUDGED_RULES } from '../harness/rules/rule-book.js';
import type { CheckDefinition } from '../harness/receivers/check.js';
import { coverageMatrix } from '../harness/engine/coverage.js';
import { requirementUrl } from '../harness/model/model-basics.js';
import type { Requirement } from '../harness/model/model.js';
import { PROBE_OPERATIONS, PROBE_STATUS_LABELS, PROBE_STATUSES, type ProbeCell, type Profile } from '../harness/engine/profile.js';
import { parse } from './options.js';

export function listCommand(args: string[], profile: Profile): number {
  const { values } = parse(args, { json: { type: 'boolean' }, requirements: { type: 'boolean' }, matrix: { type: 'boolean' } }, 'list');
  if (values.matrix) return printMatrix(Boolean(values.json), profile);
  if (values.requirements) return printCoverage(Boolean(values.json), profile);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(profile.checks.map(describeCheck), null, 2)}\n`);
    return 0;
  }
  for (const check of profile.checks) {
    process.stdout.write(`${check.id.padEnd(44)} ${check.requirements.join(', ')}\n${''.padEnd(44)} ${check.title}\n`);
  }
  process.stdout.write(`\n${profile.checks.length} checks, ${profile.requirements.size} requirements\n`);
  return 0;
}

/** Where the statement stands: its keyword's ordinal in the section ("#3", "#3 +1" when restated), or what it is read from. */
function locate(requirement: Requirement): string {
  const sites = requirement.sites ?? [];
  if (sites.length > 0) return `#${sites[0].split('/')[1]}${sites.length > 1 ? ` +${sites.length - 1}` : ''}`;
  return requirement.basis ? `(${requirement.basis.kind})` : '';
}

/** The requirements the era's rule book judges in every message of every check (and of explore and proxy). */
function ruleBookRules(profile: Profile): Set<string> {
  const rules = JUDGED_RULES[profile.era];
  // A stdio server's stdout is the rule book's on a proxied conversation only; in a run, transport.stdout-only-mcp reads it.
  return new Set([...rules.receiver, ...rules.requestor].filter((id) => profile.requirements.has(id) && id !== 'BASE-STDIO-STDOUT-MCP-ONLY'));
}

function printCoverage(json: boolean, profile: Profile): number {
  const rows = coverageMatrix(profile.checks, profile.requirements);
  const judgedThroughout = ruleBookRules(profile);
  if (json) {
    process.stdout.write(
      `${JSON.stringify(
        rows.map((row) => ({
          id: row.requirement.id,
          keyword: row.requirement.keyword,
          binds: row.requirement.binds,
          section: row.requirement.section,
          url: requirementUrl(row.requirement),
          sites: row.requirement.sites ?? [],
          basis: row.requirement.basis ?? null,
          checks: row.checks,
          ruleBook: judgedThroughout.has(row.requirement.id),
          reason: row.reason,
        })),
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  let section = '';
  for (const row of rows) {
    if (row.requirement.section !== section) {
      section = row.requirement.section;
      process.stdout.write(`\n${section}  ${requirementUrl(row.requirement)}\n`);
    }
    const byRuleBook = judgedThroughout.has(row.requirement.id);
    const verdict = row.checks.length > 0 ? `${row.checks.join(', ')}${byRuleBook ? ' + rule book' : ''}` : byRuleBook ? 'rule book (every message)' : `— ${row.reason ?? 'NOT COVERED'}`;
    process.stdout.write(`  ${row.requirement.id.padEnd(40)} ${row.requirement.keyword.padEnd(10)} ${locate(row.requirement).padEnd(12)} ${verdict}\n`);
  }
  const covered = rows.filter((row) => row.checks.length > 0).length;
  const explained = rows.filter((row) => row.checks.length === 0 && row.reason).length;
  process.stdout.write(
    `\n${rows.length} requirements: ${covered} verified by checks, ${explained} explained, ${rows.length - covered - explained} not covered; ` +
      `${judgedThroughout.size} judged by the rule book in every message of every check\n`,
  );
  return 0;
}

/** The probe matrix: each task operation in each state, and the checks, rule-book requirements or reason that answer for it. */
function printMatrix(json: boolean, profile: Profile): number {
  if (json) {
    process.stdout.write(`${JSON.stringify({ spec: profile.id, operations: profile.probes }, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(`Probe matrix of ${profile.title}: each task operation in each state, and what judges it\n`);
  let judged = 0;
  for (const operation of PROBE_OPERATIONS) {
    process.stdout.write(`\n${operation === 'requestor' ? 'requestor (a client under test following a task)' : operation}\n`);
    for (const status of PROBE_STATUSES) {
      const cell = profile.probes[operation][status];
      if ((cell.checks?.length ?? 0) + (cell.ruleBook?.length ?? 0) > 0) judged += 1;
      process.stdout.write(`  ${PROBE_STATUS_LABELS[status].padEnd(20)} ${describeCell(cell)}\n`);
    }
  }
  const cells = PROBE_OPERATIONS.length * PROBE_STATUSES.length;
  process.stdout.write(`\n${cells} cells: ${judged} judged by checks or the rule book, ${cells - judged} explained\n`);
  return 0;
}

function describeCell(cell: ProbeCell): string {
  const parts = [...(cell.checks ?? []), ...(cell.ruleBook?.length ? [`rule book (${cell.ruleBook.join(', ')})`] : [])];
  const judges = parts.join(', ');
  if (!cell.why) return judges;
  return judges ? `${judges} — ${cell.why}` : `— ${cell.why}`;
}

function describeCheck(check: CheckDefinition) {
  return { id: check.id, title: check.title, suite: check.suite, requirements: check.requirements, roles: check.roles, needs: check.needs };
}
