import { describe, expect, it } from 'vitest';
import { parseShard, selectChecks, unknownPatterns } from '../../harness/engine/selection.js';
import { ALL_CHECKS, ALL_REQUIREMENTS } from '../../suites/2025-11-25/index.js';

describe('check selection', () => {
  it('selects by ID glob, suite name and requirement ID, and skips likewise', () => {
    expect(selectChecks(ALL_CHECKS, { only: ['creation.*'] }).every((c) => c.suite === 'creation')).toBe(true);
    expect(selectChecks(ALL_CHECKS, { only: ['listing'] }).map((c) => c.suite)).toEqual(expect.arrayContaining(['listing']));
    expect(selectChecks(ALL_CHECKS, { only: ['TASKS-ERROR-INVALID-TASK-ID'] }).map((c) => c.id)).toContain('protocol-errors.unknown-task-get');
    const withoutLifecycle = selectChecks(ALL_CHECKS, { skip: ['lifecycle'] });
    expect(withoutLifecycle.some((c) => c.suite === 'lifecycle')).toBe(false);
    expect(withoutLifecycle.length).toBeLessThan(ALL_CHECKS.length);
  });

  it('--level must keeps only checks whose strongest requirement is a MUST', () => {
    const must = selectChecks(ALL_CHECKS, { level: 'must' }, ALL_REQUIREMENTS);
    expect(must.length).toBeGreaterThan(0);
    expect(must.map((c) => c.id)).not.toContain('creation.prompt');
    expect(must.map((c) => c.id)).toContain('result-retrieval.same-error');
  });

  it('shards partition the selection deterministically', () => {
    const shards = [1, 2, 3].map((index) => selectChecks(ALL_CHECKS, { shard: { index, count: 3 } }).map((c) => c.id));
    expect(shards.flat().sort()).toEqual(ALL_CHECKS.map((c) => c.id).sort());
    expect(new Set(shards.flat()).size).toBe(ALL_CHECKS.length);
    expect(selectChecks(ALL_CHECKS, { shard: { index: 2, count: 3 } }).map((c) => c.id)).toEqual(shards[1]);
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/3', '4/3', '1/0', 'a/b', '2']) expect(parseShard(bad)).toBeUndefined();
  });

  it('names each pattern that matches no check, with the nearest known name, whatever the other patterns match', () => {
    expect(unknownPatterns(ALL_CHECKS, { only: ['creation.*', 'listing', 'TASKS-ERROR-INVALID-TASK-ID'], skip: ['lifecycle'] })).toEqual([]);
    expect(unknownPatterns(ALL_CHECKS, { only: ['creation.*,creaton.*'], skip: ['lifecycel', 'zzzz-nothing'] })).toEqual([
      { flag: '--only', pattern: 'creaton.*', suggestion: 'creation.*' },
      { flag: '--skip', pattern: 'lifecycel', suggestion: 'lifecycle' },
      { flag: '--skip', pattern: 'zzzz-nothing', suggestion: undefined },
    ]);
  });
});
