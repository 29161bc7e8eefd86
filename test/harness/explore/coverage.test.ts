// The coverage of an exploration (harness/explore/coverage.ts): each operation naming a task counts in the state the
// requestor last saw the task in before sending it, a terminal status seen a second earlier counts as settled, and
// the weights of the next runs grow for the operations and roles whose (state, operation) pairs are still untried.
import { describe, expect, it } from 'vitest';
import { addRunCoverage, biasedWeights, runPairs, type Coverage } from '../../../harness/explore/coverage.js';
import type { ObservedOperation, RunLog } from '../../../harness/explore/run-log.js';

const task = (status: string) => ({ kind: 'result' as const, result: { taskId: 't0', status } });

function observed(position: number, operation: ObservedOperation['operation'], sentAt: number, receivedAt: number, answer: ObservedOperation['answer']): ObservedOperation {
  return { position, step: position, operation, peer: false, ...('task' in operation || operation.kind === 'create' ? { task: 0, taskId: 't0' } : {}), sentAt, receivedAt, answer };
}

const LOG: RunLog = {
  tasks: [{ index: 0, role: 'echo', delayMs: 100, ttlRequested: 5000, input: {}, comparesText: true, honoursDelay: true, taskId: 't0', position: 0 }],
  operations: [
    observed(0, { kind: 'create', role: 'echo', delayMs: 100, ttl: 5000 }, 0, 5, { kind: 'result', result: { task: { taskId: 't0', status: 'working' } } }),
    observed(1, { kind: 'get', task: 0 }, 10, 12, task('working')),
    observed(2, { kind: 'result', task: 0 }, 20, 110, { kind: 'result', result: { content: [] } }),
    observed(3, { kind: 'get', task: 0 }, 120, 122, task('completed')),
    observed(4, { kind: 'list' }, 130, 135, { kind: 'list', tasks: [{ taskId: 't0', status: 'completed' }], pages: 1 }),
    observed(5, { kind: 'get', task: 0 }, 1200, 1202, task('completed')),
    observed(6, { kind: 'get', task: 0 }, 1300, 1302, { kind: 'error', code: -32602, message: 'no such task' }),
    observed(7, { kind: 'get', task: 0 }, 1400, 1402, { kind: 'error', code: -32602, message: 'no such task' }),
  ],
  timeOrigin: 0,
  allowanceMs: 50,
  transcript: [],
};

describe('explore coverage', () => {
  it('counts each operation in the state last seen before it was sent; a second after a terminal status, the settled state', () => {
    expect(runPairs(LOG)).toEqual([
      ['working', 'get'],
      ['working', 'result'],
      ['working', 'get'],
      ['completed', 'list'],
      ['completed, 1 s on', 'get'],
      ['completed, 1 s on', 'get'],
      ['gone', 'get'],
    ]);
  });

  it('adds runs up, and biases the next runs toward the pairs not yet tried', () => {
    const coverage: Coverage = new Map();
    addRunCoverage(coverage, LOG);
    expect(coverage.get('completed, 1 s on')?.get('get')).toBe(2);
    const base = { weights: { get: 3, result: 1, cancel: 3 }, roleWeights: { echo: 1, fail: 1 } };
    const biased = biasedWeights(coverage, ['get', 'result', 'cancel'], ['echo', 'fail'], base);
    // get was tried in more states than result, and cancel in none.
    expect(biased.weights.get! / 3).toBeLessThan(biased.weights.result!);
    expect(biased.weights.cancel! / 3).toBeGreaterThan(biased.weights.get! / 3);
    // A fail task leads to failed states no operation has seen yet: its role weighs more than echo's.
    expect(biased.roleWeights.fail).toBeGreaterThan(biased.roleWeights.echo!);
  });
});
