import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alphabetSize, analyzeTaskIds } from '../../../harness/model/id-entropy.js';

const NOW = Date.UTC(2025, 10, 25, 10, 30);
const sample = (make: (index: number) => string, count = 32) => Array.from({ length: count }, (_, index) => make(index));

describe('analyzeTaskIds', () => {
  it('passes 256-bit base64url IDs (the reference receiver)', () => {
    const result = analyzeTaskIds(
      sample(() => randomBytes(32).toString('base64url')),
      NOW,
    );
    expect(result.verdict).toBe('pass');
    expect(result.apparentBits).toBeGreaterThan(240);
  });

  it('passes UUIDv4, estimating its 122 random bits', () => {
    const result = analyzeTaskIds(
      sample(() => randomUUID()),
      NOW,
    );
    expect(result.verdict).toBe('pass');
    expect(result.uuidV4).toBe(true);
    expect(result.apparentBits).toBe(122);
  });

  it('passes 32 random hex characters (128 bits) and a constant prefix before 22 base64url characters', () => {
    expect(
      analyzeTaskIds(
        sample(() => randomBytes(16).toString('hex')),
        NOW,
      ).verdict,
    ).toBe('pass');
    const prefixed = analyzeTaskIds(
      sample(() => `task_${randomBytes(17).toString('base64url').slice(0, 22)}`),
      NOW,
    );
    expect(prefixed.verdict).toBe('pass');
    expect(prefixed.apparentBits).toBeLessThan(140);
  });

  it('fails sequential IDs, naming the counter', () => {
    const result = analyzeTaskIds(
      sample((index) => `task-${57 + index * 2}`),
      NOW,
    );
    expect(result.verdict).toBe('fail');
    expect(result.patterns.join()).toMatch(/counter/);
  });

  it('fails a long constant prefix with a counter, even when the IDs are long', () => {
    const prefix = randomBytes(24).toString('base64url');
    const result = analyzeTaskIds(
      sample((index) => `${prefix}-${1000 + index}`),
      NOW,
    );
    expect(result.verdict).toBe('fail');
    expect(result.apparentBits).toBe(0);
    expect(result.reason).toMatch(/counter/);
  });

  it('fails timestamps with a little randomness, in ms and in s', () => {
    const ms = analyzeTaskIds(
      sample((index) => `${NOW + index * 3}-${randomBytes(3).toString('hex')}`),
      NOW,
    );
    expect(ms.verdict).toBe('fail');
    expect(ms.patterns.join()).toMatch(/current time/);
    const seconds = analyzeTaskIds(
      sample(() => `job${Math.floor(NOW / 1000)}x${randomBytes(4).toString('hex')}`),
      NOW,
    );
    expect(seconds.verdict).toBe('fail');
    expect(seconds.patterns.join()).toMatch(/timestamp in s/);
  });

  it('counts a timestamp as 0 bits but passes when enough randomness follows it', () => {
    const result = analyzeTaskIds(
      sample((index) => `${NOW + index}-${randomBytes(32).toString('base64url')}`),
      NOW,
    );
    expect(result.patterns).toHaveLength(1);
    expect(result.verdict).toBe('pass');
  });

  it('fails 8 hex characters (too short) and duplicates', () => {
    const short = analyzeTaskIds(
      sample(() => randomBytes(4).toString('hex')),
      NOW,
    );
    expect(short.verdict).toBe('fail');
    expect(short.reason).toMatch(/8 characters/);
    const ids = sample(() => randomBytes(32).toString('base64url'));
    ids[5] = ids[3];
    const duplicated = analyzeTaskIds(ids, NOW);
    expect(duplicated.verdict).toBe('fail');
    expect(duplicated.duplicates).toEqual([ids[3]]);
  });

  it('warns on 18 base64url characters (about 108 bits)', () => {
    const result = analyzeTaskIds(
      sample(() => randomBytes(14).toString('base64url').slice(0, 18)),
      NOW,
    );
    expect(result.verdict).toBe('warn');
    expect(result.apparentBits).toBeGreaterThanOrEqual(100);
    expect(result.apparentBits).toBeLessThan(128);
  });

  it('fails long IDs with few varying characters', () => {
    const result = analyzeTaskIds(
      sample(() => `session-0000000000-${randomBytes(4).toString('hex')}`),
      NOW,
    );
    expect(result.verdict).toBe('fail');
    expect(result.apparentBits).toBeLessThan(40);
  });

  it('does not take random decimal IDs for counters or timestamps', () => {
    const result = analyzeTaskIds(
      sample(() => [...randomBytes(40)].map((byte) => String(byte % 10)).join('')),
      NOW,
    );
    expect(result.patterns).toEqual([]);
    expect(result.verdict).toBe('pass');
  });

  it('infers the smallest common alphabet', () => {
    expect(alphabetSize(new Set('0123'))).toBe(10);
    expect(alphabetSize(new Set('09af'))).toBe(16);
    expect(alphabetSize(new Set('azq'))).toBe(26);
    expect(alphabetSize(new Set('0zq'))).toBe(36);
    expect(alphabetSize(new Set('aZ0'))).toBe(62);
    expect(alphabetSize(new Set('aZ0_'))).toBe(64);
    expect(alphabetSize(new Set('a!'))).toBe(95);
  });
});
