import { describe, it } from 'vitest';
import { notableResults, runAgainstReferenceClient } from '../../support/reference-runs.js';

describe('the reference client receiver passes every client check', () => {
  it('with full task support', async ({ expect }) => {
    const report = await runAgainstReferenceClient();
    expect(notableResults(report)).toEqual([]);
    expect(report.role).toBe('client');
    expect(report.summary.pass).toBeGreaterThan(30);
  });

  it('and without a tasks capability, where it processes task-augmented requests normally', async ({ expect }) => {
    const report = await runAgainstReferenceClient({ variant: 'no-tasks' });
    expect(notableResults(report)).toEqual([]);
    expect(report.results.find((r) => r.id === 'capabilities.undeclared-ignores-task')?.outcome).toBe('pass');
  });
});
