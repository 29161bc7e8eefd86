// Judges how guessable a sample of task IDs is, from the IDs alone. Pure: no I/O, the clock is a parameter.
//
// The estimate is "apparent" entropy: for each character position, the alphabet the sample appears to draw
// from there (decimal, hex, alphanumeric, base64url...), or 0 bits where the position never varies. Parts
// that follow a visible pattern (counters, timestamps) count 0 bits too. A sample can only reveal weakness,
// never prove strength: a generator that hides its structure (e.g. an encrypted counter) looks random here.

/** Below this a guess is within reach of an attacker who can make many requests: evidently too weak. */
export const MIN_BITS = 64;
/** The usual recommendation for unguessable identifiers; between MIN_BITS and this the verdict is a warning. */
export const STRONG_BITS = 128;
/** Even at 6 bits per character (base64url) fewer characters cannot carry MIN_BITS. */
export const MIN_LENGTH = 11;
/** Random bits of a version 4 UUID (128 minus 4 version and 2 variant bits). */
export const UUID_V4_BITS = 122;

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Consecutive values of a counter differ by at most this on average (other requests may take values between). */
const COUNTER_MAX_AVERAGE_STEP = 100n;
const DAY_MS = 86_400_000;

export interface IdAnalysis {
  count: number;
  duplicates: string[];
  shortestLength: number;
  uuidV4: boolean;
  /** Estimated bits every ID in the sample carries (positions up to the shortest ID's length). */
  apparentBits: number;
  /** Visible structure that makes parts of the IDs predictable, in words. */
  patterns: string[];
  verdict: 'pass' | 'warn' | 'fail';
  /** Why, in a sentence a maintainer can act on. */
  reason: string;
}

export function analyzeTaskIds(ids: readonly string[], nowMs: number): IdAnalysis {
  const count = ids.length;
  const seen = new Map<string, number>();
  for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  const duplicates = [...seen].filter(([, times]) => times > 1).map(([id]) => id);
  const shortestLength = Math.min(...ids.map((id) => id.length));
  const uuidV4 = count > 0 && ids.every((id) => UUID_V4.test(id));

  const masks = ids.map((id) => new Array<boolean>(id.length).fill(false));
  const patterns = [...findTimestamps(ids, masks, nowMs), ...findCounters(ids, masks)];
  const apparentBits = Math.round(estimateBits(ids, masks, shortestLength) * 10) / 10;

  const base = { count, duplicates, shortestLength, uuidV4, apparentBits, patterns };
  const structure = patterns.length > 0 ? `; predictable parts, counted as 0 bits: ${patterns.join('; ')}` : '';
  const example = `e.g. ${JSON.stringify(ids[0])}`;
  if (duplicates.length > 0) {
    return { ...base, verdict: 'fail', reason: `${duplicates.length} ID(s) occur more than once among ${count} tasks, e.g. ${JSON.stringify(duplicates[0])}` };
  }
  if (shortestLength < MIN_LENGTH) {
    const shortest = ids.find((id) => id.length === shortestLength);
    return {
      ...base,
      verdict: 'fail',
      reason:
        `the shortest ID, ${JSON.stringify(shortest)}, has ${shortestLength} characters; ` +
        `fewer than ${MIN_LENGTH} cannot carry ${MIN_BITS} random bits even in base64url (about ${apparentBits} bits apparent${structure})`,
    };
  }
  if (uuidV4) {
    // A random UUID is the industry's standard unguessable ID; its 122 random bits meet the bar, whose
    // 128 "apparent" bits are an estimate from a sample, not a precise threshold.
    return { ...base, apparentBits: UUID_V4_BITS, verdict: 'pass', reason: `the IDs are well-formed version 4 UUIDs (${UUID_V4_BITS} random bits), ${example}` };
  }
  if (apparentBits < MIN_BITS) {
    return { ...base, verdict: 'fail', reason: `about ${apparentBits} bits of apparent entropy per ID, below ${MIN_BITS}${structure}; ${example}` };
  }
  if (apparentBits < STRONG_BITS) {
    return { ...base, verdict: 'warn', reason: `about ${apparentBits} bits of apparent entropy per ID, below the ${STRONG_BITS} bits recommended for unguessable identifiers${structure}; ${example}` };
  }
  return { ...base, verdict: 'pass', reason: `about ${apparentBits} bits of apparent entropy per ID${structure}; ${example}` };
}

interface DigitRun {
  start: number;
  text: string;
}

function digitRuns(id: string): DigitRun[] {
  return [...id.matchAll(/\d+/g)].map((match) => ({ start: match.index ?? 0, text: match[0] }));
}

function mask(masks: boolean[][], index: number, start: number, length: number): void {
  for (let position = start; position < start + length; position++) masks[index][position] = true;
}

/** Decimal runs that read as the current time in seconds or milliseconds, in at least half the IDs. */
function findTimestamps(ids: readonly string[], masks: boolean[][], nowMs: number): string[] {
  const hits: { index: number; start: number; length: number; text: string; unit: string }[] = [];
  ids.forEach((id, index) => {
    for (const run of digitRuns(id)) {
      const candidates = [
        { length: 13, unit: 'ms', near: (value: number) => Math.abs(value - nowMs) <= DAY_MS },
        { length: 10, unit: 's', near: (value: number) => Math.abs(value * 1000 - nowMs) <= DAY_MS },
      ];
      const found = candidates.find((c) => run.text.length >= c.length && c.near(Number(run.text.slice(0, c.length))));
      if (found) {
        hits.push({ index, start: run.start, length: found.length, text: run.text.slice(0, found.length), unit: found.unit });
        break;
      }
    }
  });
  if (hits.length === 0 || hits.length * 2 < ids.length) return [];
  for (const hit of hits) mask(masks, hit.index, hit.start, hit.length);
  return [`${hits.length} of ${ids.length} IDs contain the current time (e.g. ${hits[0].text}, a timestamp in ${hits[0].unit})`];
}

/** Among IDs of the same shape (digits aside), numeric parts whose values lie close together like a counter's. */
function findCounters(ids: readonly string[], masks: boolean[][]): string[] {
  const groups = new Map<string, number[]>();
  ids.forEach((id, index) => {
    const skeleton = id.replace(/\d+/g, '#');
    groups.set(skeleton, [...(groups.get(skeleton) ?? []), index]);
  });
  const found: string[] = [];
  for (const members of groups.values()) {
    if (members.length < 8 || members.length * 2 < ids.length) continue;
    const runs = members.map((index) => digitRuns(ids[index]));
    for (let k = 0; k < runs[0].length; k++) {
      const values = [...new Set(runs.map((r) => BigInt(r[k].text)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (values.length < 2) continue; // constant: the per-position estimate gives it 0 bits anyway
      const span = values[values.length - 1] - values[0];
      if (span > COUNTER_MAX_AVERAGE_STEP * BigInt(values.length - 1)) continue;
      members.forEach((index, m) => mask(masks, index, runs[m][k].start, runs[m][k].text.length));
      const sample = members
        .slice(0, 3)
        .map((index) => JSON.stringify(ids[index]))
        .join(', ');
      found.push(`a counter-like number (values ${values[0]}–${values[values.length - 1]} across ${members.length} IDs: ${sample}, …)`);
    }
  }
  return found;
}

/** Sum over character positions of the bits the position appears to carry. */
function estimateBits(ids: readonly string[], masks: boolean[][], length: number): number {
  let bits = 0;
  for (let position = 0; position < length; position++) {
    const chars = ids.filter((_, index) => !masks[index][position]).map((id) => id[position]);
    const distinct = new Set(chars);
    if (distinct.size <= 1) continue;
    const alphabet = alphabetSize(distinct);
    // Far fewer distinct characters than a uniform draw from that alphabet would show: a narrower set (e.g.
    // the variant nibble of a UUID), so count only what was seen.
    const expected = alphabet * (1 - (1 - 1 / alphabet) ** chars.length);
    bits += Math.log2(distinct.size < expected / 2 ? distinct.size : alphabet);
  }
  return bits;
}

/** The smallest common alphabet that holds every character seen at a position. */
export function alphabetSize(chars: ReadonlySet<string>): number {
  const all = [...chars].join('');
  const classes: [RegExp, number][] = [
    [/^[0-9]*$/, 10],
    [/^[0-9a-f]*$/, 16],
    [/^[0-9A-F]*$/, 16],
    [/^[a-z]*$/, 26],
    [/^[A-Z]*$/, 26],
    [/^[0-9a-z]*$/, 36],
    [/^[0-9A-Z]*$/, 36],
    [/^[A-Za-z]*$/, 52],
    [/^[0-9A-Za-z]*$/, 62],
    [/^[0-9A-Za-z_-]*$/, 64],
    [/^[0-9A-Za-z+/]*$/, 64],
  ];
  // Anything else: printable ASCII at most, or more if the sample itself shows more.
  return classes.find(([pattern]) => pattern.test(all))?.[1] ?? Math.max(95, chars.size);
}
