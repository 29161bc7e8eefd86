// Checks that once passed without judging anything (issue 36): where what they verify never showed, they now skip
// saying why, or are inconclusive naming the root cause; where it shows, the fault matrix proves they still fail.
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import type { RunReport } from '../../../harness/model/model.js';
import { runSuite } from '../../../harness/engine/runner.js';
import { makeTiming } from '../../../harness/wire/timing.js';
import { TASKS_2025_11_25 } from '../../../suites/2025-11-25/index.js';
import { TASKS_2026_07_28 } from '../../../suites/2026-07-28/index.js';
import { runAgainstReferenceClient, runAgainstReferenceHttp } from '../../support/reference-runs.js';

const REFUSING_SERVER = fileURLToPath(new URL('../../fixtures/refusing/refusing-server.mjs', import.meta.url));

const resultOf = (report: RunReport, id: string) => report.results.find((result) => result.id === id);

describe('no pass where nothing was judged', () => {
  it.concurrent('tool-negotiation.task-support-values skips when no tool declares execution', async ({ expect }) => {
    const report = await runSuite({
      target: { transport: 'stdio', command: `"${process.execPath}" "${REFUSING_SERVER}"`, env: { REFUSING_NO_EXECUTION: '1' } },
      role: 'server',
      checks: TASKS_2025_11_25.checks.filter((check) => check.id === 'tool-negotiation.task-support-values'),
      profile: TASKS_2025_11_25,
      timing: makeTiming(1),
      concurrency: 1,
      tool: { name: 'mcp-tasks-conformance', version: 'test' },
    });
    const result = resultOf(report, 'tool-negotiation.task-support-values');
    expect(result?.outcome).toBe('skip');
    expect(result?.message).toMatch(/none of the \d+ tool\(s\) the receiver lists declares execution/);
  });

  it.concurrent('requestor.honours-task-support skips when the client calls only an optional tool', async ({ expect }) => {
    const report = await runAgainstReferenceClient({ faults: ['calls-echo-only'], only: ['requestor.honours-task-support'] });
    const result = resultOf(report, 'requestor.honours-task-support');
    expect(result?.outcome).toBe('skip');
    expect(result?.message).toMatch(/called none of the tools whose taskSupport binds it .* only conformance_echo/);
  });

  it.concurrent('lifecycle.monotonic-update is inconclusive, naming the timestamp rule, when no two lastUpdatedAt parse', async ({ expect }) => {
    const report = await runAgainstReferenceHttp({ faults: ['timestamps-not-iso'], only: ['lifecycle.monotonic-update', 'ttl.timestamps'] });
    expect(resultOf(report, 'ttl.timestamps')?.outcome).toBe('fail');
    const result = resultOf(report, 'lifecycle.monotonic-update');
    expect(result?.outcome).toBe('inconclusive');
    expect(result?.message).toMatch(/TASKS-TTL-LAST-UPDATED-AT not met \(failed by ttl\.timestamps in this run\)/);
  });

  it.concurrent('the input checks skip, naming the fixture contract, when the input task never asks', async ({ expect }) => {
    const ids = ['input-required.elicitation-related-meta', 'input-required.completes-with-answer', 'input-required.status-shown', 'input-required.leaves-status'];
    const report = await runAgainstReferenceHttp({ faults: ['input-never-asks'], only: ids });
    for (const id of ids) {
      const result = resultOf(report, id);
      expect(result?.outcome, `${id}: ${result?.message}`).toBe('skip');
      expect(result?.message, id).toMatch(/without sending elicitation\/create .*the fixture contract/);
    }
  });

  it.concurrent('ext-creation.mrtr-before-task follows the answered round to the task and judges it', async ({ expect }) => {
    const report = await runAgainstReferenceHttp({ profile: TASKS_2026_07_28, only: ['ext-creation.mrtr-before-task'] });
    const result = resultOf(report, 'ext-creation.mrtr-before-task');
    expect(result?.outcome, result?.message).toBe('pass');
    expect(result?.info.join('\n')).toMatch(/asked 1 question\(s\) on the call and, answered, handed out task .*, which asked none of them again/);
  });
});
