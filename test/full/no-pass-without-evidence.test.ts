// No pass without evidence, one root cause failed once: every check of both profiles against receivers that declare
// everything and do nothing (test/fixtures/refusing/). A check that needs a task, a notification or an answer it never
// got must skip or be inconclusive, saying what was missing; the only fails are checks whose own requirement was
// exercised and broken (a declared capability not served, -32601 where -32602 is required); nothing says it "could
// not proceed". Moved whole from the inner loop for its time (three runs of 14-18 s each, side by side).
import { describe, expect, it } from 'vitest';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';
import { TASKS_2025_11_25 } from '../../suites/2025-11-25/index.js';
import { expectHonest, lines, outcomesOf, runClient, runServer } from '../support/refusing-runs.js';

describe('no check passes without having seen what it verifies', () => {
  it.concurrent('2025-11-25: a server that creates no task, sends nothing and answers -32601 to every tools/call, tasks/* and ping', async () => {
    const report = await runServer(TASKS_2025_11_25, {});
    expectHonest(report);
    // Passes only where what the check verifies was seen: the declarations, and -32601 where -32601 is what is asked.
    expect(outcomesOf(report, 'pass'), lines(report).join('\n')).toEqual([
      'capabilities.tasks-shape',
      'capabilities.undeclared-type-ignores-task',
      'protocol-errors.informative-messages',
      'tool-negotiation.forbidden-with-task',
      'tool-negotiation.no-execution-with-task',
      'tool-negotiation.required-without-task',
      'tool-negotiation.task-support-values',
    ]);
    // A declared capability not served, and -32601 where -32602 is required.
    expect(outcomesOf(report, 'fail'), lines(report).join('\n')).toEqual([
      'creation.create-task-result-shape',
      'listing.invalid-cursor',
      'protocol-errors.unknown-task-cancel',
      'protocol-errors.unknown-task-get',
      'protocol-errors.unknown-task-result',
      'tool-negotiation.optional-both-ways',
    ]);
    expect(outcomesOf(report, 'warn')).toEqual([]);
    for (const id of ['creation.status-working', 'ttl.max-ttl', 'notifications.full-task', 'related-task.not-on-status-notifications'])
      expect(report.results.find((result) => result.id === id)?.outcome, id).toBe('inconclusive');
    // The requestor checks: the ask fixture sent nothing.
    for (const result of report.results.filter((r) => r.id.startsWith('requestor.'))) expect(['skip', 'inconclusive'], `${result.id}: ${result.message}`).toContain(result.outcome);
    // The calibration says the pings failed and what was measured instead.
    expect(report.calibration?.method).toMatch(/^the ping probes were all answered with an error \(error -32601 .*\); so median of \d tools\/list requests/);
  });

  it.concurrent('2025-11-25: a server that creates tasks it then never serves (-32601 to every tasks/*) and sends no notification', async () => {
    const report = await runServer(TASKS_2025_11_25, { REFUSING_CREATES_TASKS: '1' });
    expectHonest(report);
    expect(outcomesOf(report, 'pass'), lines(report).join('\n')).toEqual([
      'capabilities.tasks-shape',
      'capabilities.undeclared-type-ignores-task',
      'creation.create-task-result-shape',
      'creation.no-result-in-create',
      'creation.status-working',
      'creation.task-ids',
      'isolation.task-id-entropy',
      'protocol-errors.informative-messages',
      'tool-negotiation.required-without-task',
      'tool-negotiation.task-support-values',
      'ttl.max-ttl',
    ]);
    // Each a requirement exercised and broken: tasks/get, tasks/result, tasks/cancel and tasks/list of a live task refused.
    expect(outcomesOf(report, 'fail'), lines(report).join('\n')).toEqual([
      'cancellation.cancel-working',
      'listing.invalid-cursor',
      'protocol-errors.unknown-task-cancel',
      'protocol-errors.unknown-task-get',
      'protocol-errors.unknown-task-result',
      'result-retrieval.blocks-until-terminal',
      'task-data.valid-everywhere',
      'ttl.poll-interval-integer',
    ]);
    // Tasks for forbidden and execution-less tools, and a plain call to an optional tool refused: all SHOULDs.
    expect(outcomesOf(report, 'warn'), lines(report).join('\n')).toEqual(['tool-negotiation.forbidden-with-task', 'tool-negotiation.no-execution-with-task', 'tool-negotiation.optional-both-ways']);
  });

  it.concurrent('2026-07-28: a server that declares the extension and answers -32601 to every tools/call and tasks/*', async () => {
    const report = await runServer(TASKS_2026_07_28, { REFUSING_ERA: 'modern' });
    expectHonest(report);
    expect(outcomesOf(report, 'pass'), lines(report).join('\n')).toEqual([
      'ext-errors.informative-messages',
      'ext-errors.removed-methods',
      'ext-negotiation.no-legacy-capability',
      'ext-negotiation.no-task-without-extension',
    ]);
  });

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
