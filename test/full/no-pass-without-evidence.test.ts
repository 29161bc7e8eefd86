// The longer half of test/harness/engine/no-pass-without-evidence.test.ts (what it holds is said there): the 2026-07-28 server that
// creates tasks it never serves, and the client, whose waits the run meets alone again at its end.
import { describe, expect, it } from 'vitest';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';
import { expectHonest, lines, outcomesOf, runClient, runServer } from '../support/refusing-runs.js';

describe('no check passes without having seen what it verifies', () => {
  it.concurrent('2026-07-28: a server whose every tools/call is a task it then never serves', async () => {
    const report = await runServer(TASKS_2026_07_28, { REFUSING_ERA: 'modern', REFUSING_CREATES_TASKS: '1' });
    expectHonest(report);
    expect(outcomesOf(report, 'pass'), lines(report).join('\n')).toEqual([
      'ext-errors.informative-messages',
      'ext-errors.removed-methods',
      'ext-negotiation.no-legacy-capability',
      // A task for a call without the 2025-11-25 task parameter shows the parameter opts nothing in.
      'ext-negotiation.task-param-not-opt-in',
      'ext-results.create-task-result',
    ]);
    // Cascades of the unreadable task are inconclusive, naming the check that fails it.
    expect(outcomesOf(report, 'fail')).toContain('ext-creation.durable-before-reply');
    expect(report.results.find((result) => result.id === 'ext-creation.mrtr-before-task')?.outcome).not.toBe('warn');
  });

  it.concurrent('a client that declares sampling tasks and answers -32601 to every sampling/createMessage and tasks/*', async () => {
    const report = await runClient();
    expectHonest(report);
    expect(outcomesOf(report, 'pass'), lines(report).join('\n')).toEqual(['capabilities.tasks-shape', 'capabilities.undeclared-type-ignores-task', 'protocol-errors.informative-messages']);
    expect(outcomesOf(report, 'fail'), lines(report).join('\n')).toEqual([
      'creation.create-task-result-shape',
      'listing.invalid-cursor',
      'protocol-errors.unknown-task-cancel',
      'protocol-errors.unknown-task-get',
      'protocol-errors.unknown-task-result',
    ]);
    expect(outcomesOf(report, 'warn')).toEqual([]);
    // It ignores the call-tools directive: the requestor checks skip, as the client fixture contract says.
    for (const result of report.results.filter((r) => r.id.startsWith('requestor.'))) expect(result.outcome, `${result.id}: ${result.message}`).toBe('skip');
    const statusWorking = report.results.find((result) => result.id === 'creation.status-working');
    expect(statusWorking?.outcome).toBe('inconclusive');
    expect(statusWorking?.message).toContain('failed by creation.create-task-result-shape in this run');
  });
});
