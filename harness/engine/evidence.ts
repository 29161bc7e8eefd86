// How much of a run judged the target, computed once from its results for the verdict (run-policy.ts), which every
// report renders: a green run that judged 9 checks of 71 must say so, and say why the rest skipped and how to mend it.
import type { Outcome, RunEvidence } from '../model/model.js';
import { describeSkipCause, skipCauseOf } from '../model/skip-causes.js';
import { oneLine, plural } from '../model/words.js';

/**
 * A run is "mostly skipped" when more than this share of its checks skipped: past half, what the verdict leaves
 * unsaid outweighs what it says, so the verdict names the causes (a missing --config, a transport) and their mends.
 */
export const MOSTLY_SKIPPED_SHARE = 0.5;
/** The causes named: the one or two most common say why nearly any such run judged little; the reports list every skip. */
const CAUSES_NAMED = 2;
/** A skip message standing as its own cause is cut to this length in the one-line evidence. */
const CAUSE_MAX = 160;

const JUDGED: ReadonlySet<Outcome> = new Set<Outcome>(['pass', 'warn', 'fail', 'inconclusive']);

/** The evidence of a run: `outcomes` holds each check once (its worst outcome) with its message. */
export function runEvidence(outcomes: ReadonlyMap<string, { outcome: Outcome; message: string }>, minJudged?: number): RunEvidence {
  const all = [...outcomes.values()];
  const selected = all.length;
  const judged = all.filter((entry) => JUDGED.has(entry.outcome)).length;
  const skips = all.filter((entry) => entry.outcome === 'skip');
  const mostlySkipped = selected > 0 && skips.length > selected * MOSTLY_SKIPPED_SHARE;
  const tooFew = minJudged !== undefined && judged < minJudged;
  const skipCauses = mostlySkipped || tooFew ? commonCauses(skips.map((entry) => entry.message)) : [];

  const notRun = selected - judged - skips.length;
  const counts = [`${judged} of ${plural(selected, 'check')} judged`];
  if (skips.length > 0) counts.push(`${skips.length} skipped`);
  if (notRun > 0) counts.push(`${notRun} not run`);
  const causes = skipCauses.map(({ checks, cause, mend }) => `${cause} (${checks})${mend ? ` — ${mend}` : ''}`);
  const line = selected === 0 ? 'no check ran' : `${counts.join(', ')}${causes.length > 0 ? `; chiefly: ${causes.join('; ')}` : ''}`;
  return { selected, judged, skipped: skips.length, mostlySkipped, skipCauses, ...(minJudged !== undefined ? { minJudged } : {}), line: oneLine(line) };
}

/** The skips grouped by cause (missing fixture roles together), the most common first, ties by first seen. */
function commonCauses(messages: readonly string[]): RunEvidence['skipCauses'] {
  const groups = new Map<string, { checks: number; details: Map<string, number> }>();
  for (const message of messages) {
    const { key, detail } = skipCauseOf(message);
    const group = groups.get(key) ?? { checks: 0, details: new Map<string, number>() };
    group.checks += 1;
    if (detail !== undefined) group.details.set(detail, (group.details.get(detail) ?? 0) + 1);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].checks - a[1].checks)
    .slice(0, CAUSES_NAMED)
    .map(([key, { checks, details }]) => {
      // The roles that skipped the most checks first: the first mapping to add.
      const { cause, mend } = describeSkipCause(
        key,
        [...details.entries()].sort((a, b) => b[1] - a[1]).map(([detail]) => detail),
      );
      const short = cause.length > CAUSE_MAX ? `${cause.slice(0, CAUSE_MAX - 1)}…` : cause;
      return { checks, cause: oneLine(short), ...(mend !== undefined ? { mend } : {}) };
    });
}
