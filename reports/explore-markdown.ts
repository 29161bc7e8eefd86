// The Markdown summary of an exploration (explore --markdown FILE): the verdict, what ran (runs, operations, seed,
// budget, duration), a table of the model's properties, and each counterexample with its operations as a numbered list
// (one item per step: operations sent together share it), the requirement it broke with a link, and the command that
// replays it. It renders the report's outcomes and verdict; it decides neither. Text that came from the receiver
// (messages, summaries, the target's description) is escaped as in the run summary (escapeMarkdown).

import type { Counterexample, ExploreReport, PropertyResult } from '../harness/explore/report.js';
import type { Outcome } from '../harness/model/model.js';
import { counterexamplesOf, COVERAGE_CAPTION, coverageTable, exploreFacts, shrinkLine, stepLine, stepsOf, verdictLine } from './explore-text.js';
import { writeFileAtomic } from './json.js';
import { escapeMarkdown } from './markdown.js';

const OUTCOME_LABEL: Record<Outcome, string> = { pass: '✅ pass', fail: '❌ fail', warn: '⚠️ warn', skip: '⏭️ skip', inconclusive: '❔ inconclusive', error: '💥 error' };

/** Longest replay command or message kept, in characters. */
const LONG_TEXT_MAX = 4000;

/** A link only to an https URL that cannot break out of the link syntax; the label alone otherwise. */
function link(label: string, url: string): string {
  return /^https:\/\/[^\s()<>|\\"`]+$/.test(url) ? `[${escapeMarkdown(label)}](${url})` : escapeMarkdown(label);
}

/** escapeMarkdown for text that begins a line or a list item: a leading "#", "-", "+", "=" or "1." cannot start a block either. */
function leading(text: string, max?: number): string {
  return escapeMarkdown(text, max).replace(/^([#+=-]|\d+[.)])/, '\\$1');
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** One line as a fenced block, the fence longer than any run of backticks in it, so nothing inside can close it. */
function fenced(text: string, language: string): string[] {
  const line = Array.from(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim())
    .slice(0, LONG_TEXT_MAX)
    .join('');
  const longest = Math.max(0, ...[...line.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${language}`, line, fence];
}

function headline(report: ExploreReport): string[] {
  const passes = report.outcome === 'pass';
  return [passes ? '## ✅ MCP Tasks explore: passed' : '## ❌ MCP Tasks explore: failed', '', `${passes ? '**Passed**' : '**Failed**'}: ${escapeMarkdown(verdictLine(report), 1000)}.`];
}

function factLines(report: ExploreReport): string[] {
  const facts = new Map(exploreFacts(report));
  const shown = ['Seed', 'Runs', 'Operations', 'Budget', 'Duration'].map((label) => `**${label}:** ${escapeMarkdown(facts.get(label) ?? '')}`);
  const lines = [
    [`**Target:** ${escapeMarkdown(facts.get('Target') ?? '', 500)}`, `**Profile:** ${link(report.profile.title, report.profile.specUrl)}`, `**Role:** ${escapeMarkdown(report.role)}`].join(' · '),
    '',
    shown.join(' · '),
    '',
    `**Ended because:** ${escapeMarkdown(report.endedBecause, 1000)}.`,
  ];
  if (report.notices.length > 0) lines.push('', ...report.notices.map((notice) => `- ${leading(notice, 500)}`));
  return lines;
}

function propertyTable(report: ExploreReport): string[] {
  const header = ['property', 'outcome', 'observations', 'requirements', 'message'];
  const lines = [row(header), row(['---', '---', '---:', '---', '---'])];
  for (const property of report.properties) {
    lines.push(
      row([
        `${escapeMarkdown(property.id)}: ${escapeMarkdown(property.title)}`,
        OUTCOME_LABEL[property.outcome] ?? escapeMarkdown(String(property.outcome)),
        String(property.observations),
        property.requirements.map((id) => escapeMarkdown(id)).join(', '),
        escapeMarkdown(property.message),
      ]),
    );
  }
  return lines;
}

/** The operations tried per task state, as a table (none when nothing was tried). */
function coverageTableLines(report: ExploreReport): string[] {
  const { columns, rows } = coverageTable(report);
  if (rows.length === 0) return [];
  return [
    `**${escapeMarkdown(COVERAGE_CAPTION)}:**`,
    '',
    row(['state', ...columns.map((column) => escapeMarkdown(column))]),
    row(['---', ...columns.map(() => '---:')]),
    ...rows.map(({ state, counts }) => row([escapeMarkdown(state), ...counts.map(String)])),
  ];
}

function counterexampleLines(report: ExploreReport, property: PropertyResult, counterexample: Counterexample): string[] {
  const steps = stepsOf(counterexample.operations);
  const lines = [
    `### Counterexample: ${escapeMarkdown(property.id)} (${OUTCOME_LABEL[counterexample.severity]})`,
    '',
    `**What happened:** ${escapeMarkdown(counterexample.message, LONG_TEXT_MAX)}`,
    '',
    `**Requirement:** ${link(counterexample.requirement, report.profile.specUrl)} (${escapeMarkdown(counterexample.keyword)})`,
    '',
    `**Operations** (${escapeMarkdown(shrinkLine(counterexample))}; the operations of one step, joined by ‖, were sent together):`,
    '',
    ...steps.map((step, index) => `${index + 1}. ${leading(stepLine(step), LONG_TEXT_MAX)}`),
    '',
    '**Replay:**',
    '',
    ...fenced(counterexample.replayCommand, 'sh'),
  ];
  if (counterexample.file) lines.push('', `Counterexample file: ${escapeMarkdown(counterexample.file, 500)}`);
  return lines;
}

/** The Markdown summary of an exploration, ending with a newline. */
export function buildExploreMarkdown(report: ExploreReport): string {
  const blocks = [headline(report), factLines(report), propertyTable(report), coverageTableLines(report)].filter((block) => block.length > 0);
  for (const { property, counterexample } of counterexamplesOf(report)) blocks.push(counterexampleLines(report, property, counterexample));
  return `${blocks.map((block) => block.join('\n')).join('\n\n')}\n`;
}

/** Writes the Markdown summary atomically, creating the folder when needed. */
export async function writeExploreMarkdown(file: string, report: ExploreReport): Promise<void> {
  await writeFileAtomic(file, buildExploreMarkdown(report));
}
