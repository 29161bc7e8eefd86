// Checks the requirement catalogue for internal consistency and, when ../shared is present, against the spec text.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import type { Keyword } from '../harness/model.js';
import { REQUIREMENTS, REQUIREMENTS_BY_ID, requirement } from '../suites/requirements.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const SPEC_PATH = path.resolve(here, '../../shared/reference/tasks-2025-11-25.en.mdx');
const specExists = existsSync(SPEC_PATH);
const spec = specExists ? readFileSync(SPEC_PATH, 'utf8') : '';
const SKIP_NOTE = specExists ? '' : ` [skipped: ${SPEC_PATH} is absent; a clone without ../shared cannot compare with the spec]`;
if (!specExists) console.warn(`requirements.test: spec-based tests skipped, ${SPEC_PATH} not found.`);

const KEYWORDS: readonly Keyword[] = ['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'MAY'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Heading slug as the spec site builds anchors: lowercase, punctuation dropped, spaces to hyphens. */
function slugify(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** Heading titles of the spec, ignoring fenced code blocks (mermaid or JSON could hold a '#'). */
function specHeadings(text: string): string[] {
  const headings: string[] = [];
  let inFence = false;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) inFence = !inFence;
    else if (!inFence) {
      const match = /^#{1,6}\s+(.+?)\s*$/.exec(line);
      if (match?.[1]) headings.push(match[1]);
    }
  }
  return headings;
}

function countKeywords(text: string): Record<Keyword, number> {
  const counts: Record<Keyword, number> = { MUST: 0, 'MUST NOT': 0, SHOULD: 0, 'SHOULD NOT': 0, MAY: 0 };
  for (const match of text.matchAll(/\*\*(MUST NOT|MUST|SHOULD NOT|SHOULD|MAY)\*\*/g)) {
    counts[match[1] as Keyword] += 1;
  }
  return counts;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

function nGrams(tokens: readonly string[], n: number): string[] {
  const grams: string[] = [];
  for (let i = 0; i + n <= tokens.length; i += 1) grams.push(tokens.slice(i, i + n).join(' '));
  return grams;
}

/**
 * Keyword occurrences in the spec that deliberately have no entry of their own, per keyword.
 * Each one restates a statement already catalogued, or is the second keyword of a catalogued sentence:
 * - MUST (5): the Streamable HTTP compliance note appears three times (Getting Tasks, Retrieving Task
 *   Results, Input Required Status) → one entry, TASKS-TRANSPORT-COMPLIANCE, so 2 extra; the elicitation
 *   example under Associating Task-Related Messages is part of TASKS-META-RELATED-ALL; "receivers MUST ignore
 *   such metadata" shares TASKS-META-PARAM-SOURCE-OF-TRUTH with the source-of-truth MUST of the same item;
 *   Related Task Metadata repeats the "all related messages carry the key" MUST (TASKS-META-RELATED-ALL).
 * - MUST NOT (1): Task Notifications repeats "requestors must not rely on status notifications".
 * - MAY (1): Task Notifications repeats "receivers may send status notifications".
 * - SHOULD NOT (1): Related Task Metadata repeats the get/list/cancel metadata rule for both parties,
 *   catalogued as TASKS-META-REQUESTOR-NO-META and TASKS-META-RECEIVER-NO-META.
 * - SHOULD (0): list items under one SHOULD (Resource Management, Audit and Logging) get one entry each.
 * Conversely one keyword can yield several entries (the Protocol Errors MUST lists four error cases),
 * and some entries are derived without a keyword (their leniency says so); both only raise the entry count.
 */
const ALLOWANCE: Record<Keyword, number> = { MUST: 5, 'MUST NOT': 1, SHOULD: 0, 'SHOULD NOT': 1, MAY: 1 };
const TOTAL_ALLOWANCE = Object.values(ALLOWANCE).reduce((sum, n) => sum + n, 0);

describe('requirement catalogue', () => {
  it('has unique IDs in the TASKS-* style', () => {
    const ids = REQUIREMENTS.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^TASKS-[A-Z0-9-]+$/);
    expect(REQUIREMENTS_BY_ID.size).toBe(ids.length);
  });

  it('fills every field with an allowed value', () => {
    for (const entry of REQUIREMENTS) {
      expect(KEYWORDS, entry.id).toContain(entry.keyword);
      expect(['receiver', 'requestor'], entry.id).toContain(entry.binds);
      expect(entry.section.trim(), entry.id).not.toBe('');
      expect(entry.anchor, entry.id).toMatch(SLUG);
      expect(entry.summary.trim(), entry.id).not.toBe('');
      for (const note of [entry.untestable, entry.leniency]) {
        if (note === undefined) continue;
        expect(note.trim(), entry.id).not.toBe('');
        expect(note, entry.id).not.toMatch(/[\r\n]/);
      }
    }
  });

  it('keeps summaries to one line under 160 characters', () => {
    for (const entry of REQUIREMENTS) {
      expect(entry.summary, entry.id).not.toMatch(/[\r\n]/);
      expect(entry.summary.length, entry.id).toBeLessThan(160);
    }
  });

  it("derives each anchor from its section's title", () => {
    for (const entry of REQUIREMENTS) expect(entry.anchor, entry.id).toBe(slugify(entry.section));
  });

  it('groups entries by section: each section forms one contiguous block', () => {
    const seen = new Set<string>();
    let previous = '';
    for (const entry of REQUIREMENTS) {
      if (entry.section !== previous) {
        expect(seen.has(entry.section), `${entry.id}: section "${entry.section}" resumes after another`).toBe(false);
        seen.add(entry.section);
        previous = entry.section;
      }
    }
  });

  it('looks IDs up and rejects unknown ones with a clear message', () => {
    expect(requirement('TASKS-CANCEL-TERMINAL-REJECTED').anchor).toBe('task-cancellation');
    expect(() => requirement('TASKS-NO-SUCH-THING')).toThrow(/Unknown requirement id "TASKS-NO-SUCH-THING"/);
  });
});

describe('requirement catalogue against the spec text', () => {
  it.skipIf(!specExists)(`anchors every entry to a heading of the spec${SKIP_NOTE}`, () => {
    const headings = specHeadings(spec);
    const slugs = new Set(headings.map(slugify));
    const titles = new Set(headings);
    for (const entry of REQUIREMENTS) {
      expect(titles.has(entry.section), `${entry.id}: no heading titled "${entry.section}"`).toBe(true);
      expect(slugs.has(entry.anchor), `${entry.id}: no heading with anchor "${entry.anchor}"`).toBe(true);
    }
  });

  it.skipIf(!specExists)(`has no fewer entries than spec keywords, less the documented allowance${SKIP_NOTE}`, () => {
    const inSpec = countKeywords(spec);
    const inCatalogue: Record<Keyword, number> = { MUST: 0, 'MUST NOT': 0, SHOULD: 0, 'SHOULD NOT': 0, MAY: 0 };
    for (const entry of REQUIREMENTS) inCatalogue[entry.keyword] += 1;
    const specTotal = Object.values(inSpec).reduce((sum, n) => sum + n, 0);
    console.log(
      [
        'keyword      spec  catalogue  allowance',
        ...KEYWORDS.map((k) => `${k.padEnd(12)} ${String(inSpec[k]).padStart(4)}  ${String(inCatalogue[k]).padStart(9)}  ${String(ALLOWANCE[k]).padStart(9)}`),
        `${'total'.padEnd(12)} ${String(specTotal).padStart(4)}  ${String(REQUIREMENTS.length).padStart(9)}  ${String(TOTAL_ALLOWANCE).padStart(9)}`,
      ].join('\n'),
    );
    expect(specTotal).toBeLessThanOrEqual(REQUIREMENTS.length + TOTAL_ALLOWANCE);
    // Per keyword too, so a missing MUST NOT cannot hide behind a surplus of derived MUSTs.
    for (const k of KEYWORDS) expect(inSpec[k], k).toBeLessThanOrEqual(inCatalogue[k] + ALLOWANCE[k]);
  });

  it.skipIf(!specExists)(`copies no run of 8 consecutive spec words into any summary or note${SKIP_NOTE}`, () => {
    const specGrams = new Set(nGrams(words(spec), 8));
    for (const entry of REQUIREMENTS) {
      for (const text of [entry.summary, entry.untestable, entry.leniency]) {
        if (text === undefined) continue;
        const copied = nGrams(words(text), 8).filter((gram) => specGrams.has(gram));
        expect(copied, `${entry.id} repeats spec wording: "${copied[0] ?? ''}"`).toEqual([]);
      }
    }
  });
});
