// Checks the 2026-07-28 catalogue (the Tasks extension) for internal consistency and, when ../shared is present,
// against the extension page, the SEP and the base pages its EXT-BASE-* entries link to.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import type { Keyword, Requirement } from '../../../harness/model/model.js';
import { EXT_REQUIREMENTS, EXT_REQUIREMENTS_BY_ID, EXT_RETIRED_REQUIREMENT_IDS } from '../../../suites/2026-07-28/requirements.js';
import { headingAnchors, keywordSites, nGrams, slugify, words } from '../../support/keyword-sites.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const SPEC_DIR = path.resolve(here, '../../../../shared/reference/2026-07-28');
const SPEC_PATH = path.join(SPEC_DIR, 'extension-tasks.md');
const SEP_PATH = path.join(SPEC_DIR, 'sep-2663-tasks-extension.md');
const specExists = existsSync(SPEC_PATH);
const spec = specExists ? readFileSync(SPEC_PATH, 'utf8') : '';
const SKIP_NOTE = specExists ? '' : ` [skipped: ${SPEC_PATH} is absent; a clone without ../shared cannot compare with the spec]`;
if (!specExists) console.warn(`ext-requirements.test: spec-based tests skipped, ${SPEC_PATH} not found.`);

const KEYWORDS: readonly Keyword[] = ['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'MAY'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Where the EXT-BASE-* entries link: the 2026-07-28 base pages. */
const BASE_URL = 'https://modelcontextprotocol.io/specification/2026-07-28/';

/**
 * The IDs the checks of the profile use, with the keyword the working contract gives them (undefined where it names a
 * basis instead of a keyword, or leaves the keyword open); renaming one breaks those checks.
 */
const CONTRACT_IDS: Readonly<Record<string, Keyword | undefined>> = {
  'EXT-CAP-NO-TASK-WITHOUT-EXTENSION': 'MUST NOT',
  'EXT-CAP-REQUIRED-CAPABILITY-ERROR': 'MUST',
  'EXT-CAP-NO-LEGACY-CAPABILITY': undefined,
  'EXT-RESULTTYPE-TASK': 'MUST',
  'EXT-RESULTTYPE-NOT-TASK-ELSEWHERE': 'MUST NOT',
  'EXT-CREATE-DURABLE': 'MUST NOT',
  'EXT-GET-WORKING': undefined,
  'EXT-GET-INPUT-REQUIRED': undefined,
  'EXT-GET-ALL-OUTSTANDING': undefined,
  'EXT-GET-COMPLETED-RESULT': undefined,
  'EXT-GET-CANCELLED': undefined,
  'EXT-GET-FAILED-ERROR': undefined,
  'EXT-GET-RESULTTYPE-COMPLETE': undefined,
  'EXT-UPDATE-ACK': 'MUST',
  'EXT-UPDATE-RESULTTYPE-COMPLETE': undefined,
  'EXT-UPDATE-IGNORE-UNKNOWN-KEYS': 'SHOULD',
  'EXT-UPDATE-KEY-UNIQUE': undefined,
  'EXT-CANCEL-ACK': 'MUST',
  'EXT-CANCEL-RESULTTYPE-COMPLETE': undefined,
  'EXT-LIFECYCLE-TERMINAL-FINAL': undefined,
  'EXT-NOTIFY-LISTEN-REQUIRES-EXTENSION': 'MUST',
  'EXT-NOTIFY-FULL-TASK': undefined,
  'EXT-NOTIFY-NO-PROGRESS-ON-STREAM': 'MUST NOT',
  'EXT-ERR-UNKNOWN-TASK-GET': 'MUST',
  'EXT-ERR-UNKNOWN-TASK-UPDATE-CANCEL': 'SHOULD',
  'EXT-ERR-TASK-METHODS-REQUIRE-EXTENSION': 'MUST',
  'EXT-ERR-INFORMATIVE-MESSAGES': 'SHOULD',
  'EXT-EXEC-FAILED-ERROR': 'MUST',
  'EXT-EXEC-FAILED-STATUS-MESSAGE': 'SHOULD',
  'EXT-EXEC-TOOL-ERROR-COMPLETED': undefined,
  'EXT-EXEC-SAME-RESULT': 'MUST',
  'EXT-REMOVED-METHODS': undefined,
  'EXT-SEC-UNGUESSABLE-IDS': 'MUST',
  'EXT-SEC-AUTH-EACH-REQUEST': 'MUST',
  'EXT-HTTP-MCP-NAME': 'MUST',
  'EXT-BASE-DISCOVER': 'MUST',
  'EXT-BASE-META-REQUIRED': undefined,
  'EXT-BASE-UNSUPPORTED-VERSION': undefined,
  'EXT-BASE-HEADER-VALIDATION': undefined,
  'EXT-BASE-UNKNOWN-METHOD-HTTP': undefined,
  'EXT-BASE-SUBSCRIPTION-ACK-FIRST': 'MUST',
  'EXT-BASE-NOTIFY-ONLY-REQUESTED': 'MUST NOT',
};

const isBase = (entry: Requirement): boolean => entry.id.startsWith('EXT-BASE-');
const extensionEntries = EXT_REQUIREMENTS.filter((entry) => !isBase(entry));
const baseEntries = EXT_REQUIREMENTS.filter(isBase);

/** The base page file an EXT-BASE-* url points to: ".../basic/transports/streamable-http#x" → basic-transports-streamable-http.mdx. */
function basePagePath(url: string): string {
  const page = url.slice(BASE_URL.length).split('#')[0] ?? '';
  return path.join(SPEC_DIR, `${page.replaceAll('/', '-')}.mdx`);
}

describe('extension requirement catalogue', () => {
  it('has unique IDs in the EXT-* style', () => {
    const ids = EXT_REQUIREMENTS.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^EXT-[A-Z0-9-]+$/);
    expect(EXT_REQUIREMENTS_BY_ID.size).toBe(ids.length);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(EXT_REQUIREMENTS)).toBe(true);
  });

  it('defines every ID the checks use, with the keyword they were written against', () => {
    for (const [id, keyword] of Object.entries(CONTRACT_IDS)) {
      const entry = EXT_REQUIREMENTS_BY_ID.get(id);
      expect(entry, `${id} is missing`).toBeDefined();
      if (keyword !== undefined) expect(entry?.keyword, id).toBe(keyword);
    }
  });

  it('fills every field with an allowed value', () => {
    for (const entry of EXT_REQUIREMENTS) {
      expect(KEYWORDS, entry.id).toContain(entry.keyword);
      expect(['receiver', 'requestor'], entry.id).toContain(entry.binds);
      expect(entry.section.trim(), entry.id).not.toBe('');
      expect(entry.anchor, entry.id).toMatch(SLUG);
      expect(entry.summary.trim(), entry.id).not.toBe('');
      for (const note of [entry.untestable, entry.leniency, entry.verifiedThroughout]) {
        if (note === undefined) continue;
        expect(note.trim(), entry.id).not.toBe('');
        expect(note, entry.id).not.toMatch(/[\r\n]/);
      }
    }
  });

  it('keeps summaries to one line under 160 characters', () => {
    for (const entry of EXT_REQUIREMENTS) {
      expect(entry.summary, entry.id).not.toMatch(/[\r\n]/);
      expect(entry.summary.length, entry.id).toBeLessThan(160);
    }
  });

  it("derives each extension anchor from its section's title (a repeated heading adds -1, -2, ...)", () => {
    for (const entry of extensionEntries) {
      expect(entry.url, `${entry.id}: an extension-page entry takes its link from the profile`).toBeUndefined();
      expect(entry.anchor, entry.id).toMatch(new RegExp(`^${slugify(entry.section)}(?:-[1-9][0-9]*)?$`));
    }
  });

  it('links every base entry to its base-page section, the section named after the page', () => {
    expect(baseEntries.length).toBeGreaterThan(0);
    for (const entry of baseEntries) {
      expect(entry.url, entry.id).toBeDefined();
      expect(entry.url?.startsWith(BASE_URL), `${entry.id}: ${entry.url} is no 2026-07-28 page`).toBe(true);
      expect(entry.url?.endsWith(`#${entry.anchor}`), `${entry.id}: ${entry.url} does not end in #${entry.anchor}`).toBe(true);
      const [, heading] = /^[^:]+: (.+)$/.exec(entry.section) ?? [];
      expect(heading, `${entry.id}: section "${entry.section}" is not "<page>: <heading>"`).toBeDefined();
      expect(slugify(heading ?? ''), entry.id).toBe(entry.anchor);
    }
  });

  it('groups entries by section: each section forms one contiguous block', () => {
    // By anchor and link, since the page has three sections titled "Response".
    const seen = new Set<string>();
    let previous = '';
    for (const entry of EXT_REQUIREMENTS) {
      const key = `${entry.url ?? ''}#${entry.anchor}`;
      if (key !== previous) {
        expect(seen.has(key), `${entry.id}: section "${entry.section}" (${entry.anchor}) resumes after another`).toBe(false);
        seen.add(key);
        previous = key;
      }
    }
  });

  it('locates every entry: bold keyword sites, or the basis it is read from; base entries by basis only', () => {
    for (const entry of EXT_REQUIREMENTS) {
      const located = (entry.sites?.length ?? 0) > 0;
      expect(located !== (entry.basis !== undefined), `${entry.id}: give either sites or a basis`).toBe(true);
      for (const site of entry.sites ?? []) expect(site, entry.id).toMatch(/^[a-z0-9-]+\/[1-9][0-9]*$/);
      if (entry.basis?.kind === 'derived') expect(entry.basis.from, `${entry.id}: a derived entry names the site it is derived from`).toBeDefined();
      // A basis without a keyword is a reading of the text: the entry says why it reads it so.
      if (entry.basis && !isBase(entry)) expect(entry.leniency, `${entry.id}: an entry read from prose says why in a leniency note`).toBeDefined();
    }
    for (const entry of baseEntries) expect(entry.basis?.kind, `${entry.id}: base entries are read from their page's prose`).toBe('prose');
  });

  it('never reuses a retired ID', () => {
    for (const id of EXT_RETIRED_REQUIREMENT_IDS) expect(EXT_REQUIREMENTS_BY_ID.has(id), id).toBe(false);
  });
});

describe('extension requirement catalogue against the spec text', () => {
  it.skipIf(!specExists)(`anchors every extension entry to the heading of that title${SKIP_NOTE}`, () => {
    const titleAt = new Map(headingAnchors(spec).map((heading) => [heading.anchor, heading.title]));
    for (const entry of extensionEntries) {
      expect(titleAt.has(entry.anchor), `${entry.id}: no heading with anchor "${entry.anchor}"`).toBe(true);
      expect(titleAt.get(entry.anchor), `${entry.id}: the heading at #${entry.anchor}`).toBe(entry.section);
    }
  });

  it.skipIf(!specExists)(`locates every entry at bold keywords of its own keyword, and every bold keyword is exactly one entry's site${SKIP_NOTE}`, () => {
    const sites = keywordSites(spec);
    const claimedBy = new Map<string, string[]>();
    for (const entry of EXT_REQUIREMENTS) {
      for (const site of entry.sites ?? []) {
        expect(sites.get(site), `${entry.id}: site ${site} holds ${sites.get(site) ?? 'no bold keyword'}, the entry says ${entry.keyword}`).toBe(entry.keyword);
        claimedBy.set(site, [...(claimedBy.get(site) ?? []), entry.id]);
      }
      if (entry.basis?.from) expect(sites.has(entry.basis.from), `${entry.id}: derived from ${entry.basis.from}, which is no keyword site`).toBe(true);
    }
    // A keyword a new revision adds (or moves) shows up here as unclaimed: the mechanical re-diff.
    expect([...sites.keys()].filter((site) => !claimedBy.has(site))).toEqual([]);
    expect([...claimedBy].filter(([, ids]) => ids.length > 1).map(([site, ids]) => `${site}: ${ids.join(', ')}`)).toEqual([]);
  });

  it.skipIf(!specExists)(`finds each base entry's section on its page, holding a bold keyword of the entry's keyword${SKIP_NOTE}`, () => {
    for (const entry of baseEntries) {
      const file = basePagePath(entry.url ?? '');
      expect(existsSync(file), `${entry.id}: ${file} not found`).toBe(true);
      const page = readFileSync(file, 'utf8');
      const heading = headingAnchors(page).find((candidate) => candidate.anchor === entry.anchor);
      expect(heading, `${entry.id}: no heading with anchor "${entry.anchor}" in ${path.basename(file)}`).toBeDefined();
      expect(`${heading?.title.replaceAll('`', '')}`, entry.id).toBe(entry.section.replace(/^[^:]+: /, ''));
      const keywords = [...keywordSites(page)].filter(([site]) => site.startsWith(`${entry.anchor}/`)).map(([, keyword]) => keyword);
      expect(keywords, `${entry.id}: #${entry.anchor} of ${path.basename(file)} holds no bold ${entry.keyword}`).toContain(entry.keyword);
    }
  });

  it.skipIf(!specExists)(`copies no run of 8 consecutive words of the extension page, the SEP or a linked base page into any summary or note${SKIP_NOTE}`, () => {
    const sources = [SPEC_PATH, SEP_PATH, ...new Set(baseEntries.map((entry) => basePagePath(entry.url ?? '')))].filter((file) => existsSync(file));
    const specGrams = new Set(sources.flatMap((file) => nGrams(words(readFileSync(file, 'utf8')), 8)));
    for (const entry of EXT_REQUIREMENTS) {
      for (const text of [entry.summary, entry.untestable, entry.leniency, entry.verifiedThroughout]) {
        if (text === undefined) continue;
        const copied = nGrams(words(text), 8).filter((gram) => specGrams.has(gram));
        expect(copied, `${entry.id} repeats spec wording: "${copied[0] ?? ''}"`).toEqual([]);
      }
    }
  });
});
