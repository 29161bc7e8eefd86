// Reading a spec page the way the requirement catalogues locate statements: headings and their anchors, and every
// bold RFC 2119 keyword as "<anchor>/<n>" (the n-th keyword of its section, page order). Shared by the catalogue
// tests of both profiles.

import type { Keyword } from '../../harness/model/model.js';

/** Heading slug as the spec site builds anchors: lowercase, punctuation dropped, spaces to hyphens. */
export function slugify(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** A heading of the page and its anchor. */
export interface Heading {
  title: string;
  /** The slug, with "-1", "-2", ... appended when an earlier heading has the same slug (as the docs site renders it). */
  anchor: string;
}

/** Each line of the page outside fenced code blocks (mermaid or JSON could hold a '#' or a bold keyword). */
function* proseLines(text: string): Generator<string> {
  let inFence = false;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      inFence = !inFence;
      continue;
    }
    if (!inFence) yield line;
  }
}

/** The heading a line is, if it is one. */
function headingTitle(line: string): string | undefined {
  return /^#{1,6}\s+(.+?)\s*$/.exec(line)?.[1];
}

/** Gives each heading its anchor, numbering repeated slugs in page order. */
function anchorMaker(): (title: string) => string {
  const seen = new Map<string, number>();
  return (title) => {
    const slug = slugify(title);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    return count === 0 ? slug : `${slug}-${count}`;
  };
}

/** Every heading of the page with its anchor, in page order. */
export function headingAnchors(text: string): Heading[] {
  const anchorOf = anchorMaker();
  const headings: Heading[] = [];
  for (const line of proseLines(text)) {
    const title = headingTitle(line);
    if (title) headings.push({ title, anchor: anchorOf(title) });
  }
  return headings;
}

/** Heading titles of the spec, in page order. */
export function specHeadings(text: string): string[] {
  return headingAnchors(text).map((heading) => heading.title);
}

/** Every bold keyword of the page, as "<anchor>/<n>" (the n-th keyword of its section, page order) → keyword. */
export function keywordSites(text: string): Map<string, Keyword> {
  const anchorOf = anchorMaker();
  const sites = new Map<string, Keyword>();
  let anchor = '';
  let ordinal = 0;
  for (const line of proseLines(text)) {
    const title = headingTitle(line);
    if (title) {
      anchor = anchorOf(title);
      ordinal = 0;
      continue;
    }
    for (const match of line.matchAll(/\*\*(MUST NOT|MUST|SHOULD NOT|SHOULD|MAY)\*\*/g)) sites.set(`${anchor}/${++ordinal}`, match[1] as Keyword);
  }
  return sites;
}

/** The lowercase words of a text, for comparing wording. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** Every run of n consecutive tokens, joined by spaces. */
export function nGrams(tokens: readonly string[], n: number): string[] {
  const grams: string[] = [];
  for (let i = 0; i + n <= tokens.length; i += 1) grams.push(tokens.slice(i, i + n).join(' '));
  return grams;
}
