// Checks the requirement catalogue for internal consistency and, when ../shared is present, against the spec text.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import type { Keyword } from '../../../harness/model/model.js';
import { REQUIREMENTS, REQUIREMENTS_BY_ID, RETIRED_REQUIREMENT_IDS, requirement } from '../../../suites/2025-11-25/requirements.js';
import { keywordSites, nGrams, slugify, specHeadings, words } from '../../support/keyword-sites.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const SPEC_PATH = path.resolve(here, '../../../../shared/reference/tasks-2025-11-25.en.mdx');
const specExists = existsSync(SPEC_PATH);
const spec = specExists ? readFileSync(SPEC_PATH, 'utf8') : '';
const SKIP_NOTE = specExists ? '' : ` [skipped: ${SPEC_PATH} is absent; a clone without ../shared cannot compare with the spec]`;
if (!specExists) console.warn(`requirements.test: spec-based tests skipped, ${SPEC_PATH} not found.`);

const KEYWORDS: readonly Keyword[] = ['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'MAY'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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

  it('locates every entry: bold keyword sites, or the basis it is read from', () => {
    for (const entry of REQUIREMENTS) {
      const located = (entry.sites?.length ?? 0) > 0;
      expect(located !== (entry.basis !== undefined), `${entry.id}: give either sites or a basis`).toBe(true);
      for (const site of entry.sites ?? []) expect(site, entry.id).toMatch(/^[a-z0-9-]+\/[1-9][0-9]*$/);
      if (entry.basis?.kind === 'derived') expect(entry.basis.from, `${entry.id}: a derived entry names the site it is derived from`).toBeDefined();
    }
  });

  it('never reuses a retired ID', () => {
    for (const id of RETIRED_REQUIREMENT_IDS) expect(REQUIREMENTS_BY_ID.has(id), id).toBe(false);
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

  it.skipIf(!specExists)(`locates every entry at bold keywords of its own keyword, and every bold keyword is some entry's site${SKIP_NOTE}`, () => {
    const sites = keywordSites(spec);
    const claimed = new Set<string>();
    for (const entry of REQUIREMENTS) {
      for (const site of entry.sites ?? []) {
        expect(sites.get(site), `${entry.id}: site ${site} holds ${sites.get(site) ?? 'no bold keyword'}, the entry says ${entry.keyword}`).toBe(entry.keyword);
        claimed.add(site);
      }
      if (entry.basis?.from) expect(sites.has(entry.basis.from), `${entry.id}: derived from ${entry.basis.from}, which is no keyword site`).toBe(true);
    }
    // A keyword a new revision adds (or moves) shows up here as unclaimed: the mechanical re-diff.
    expect([...sites.keys()].filter((site) => !claimed.has(site))).toEqual([]);
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
