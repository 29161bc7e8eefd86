// Runs of every check of a profile against the receivers that declare everything and do nothing
// (test/fixtures/refusing/), and what must hold of every such run: test/full/no-pass-without-evidence.test.ts.
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { ClientEndpoint } from '../../harness/wire/2025-11-25/client-endpoint.js';
import type { TargetSpec } from '../../harness/wire/connections/connect.js';
import type { RunReport } from '../../harness/model/model.js';
import type { Profile } from '../../harness/engine/profile.js';
import { runSuite } from '../../harness/engine/runner.js';
import { makeTiming } from '../../harness/wire/timing.js';
import { TASKS_2025_11_25 } from '../../suites/2025-11-25/index.js';

const SERVER = fileURLToPath(new URL('../fixtures/refusing/refusing-server.mjs', import.meta.url));
const CLIENT = fileURLToPath(new URL('../fixtures/refusing/refusing-client.mjs', import.meta.url));

async function run(target: TargetSpec, role: 'server' | 'client', profile: Profile): Promise<RunReport> {
  return runSuite({
    target,
    role,
    checks: profile.checks.filter((check) => check.roles.includes(role)),
    profile,
    timing: makeTiming(1),
    concurrency: 16,
    tool: { name: 'mcp-tasks-conformance', version: 'test' },
  });
}

export function runServer(profile: Profile, env: Record<string, string>): Promise<RunReport> {
  return run({ transport: 'stdio', command: `"${process.execPath}" "${SERVER}"`, env }, 'server', profile);
}

export async function runClient(): Promise<RunReport> {
  const endpoint = await ClientEndpoint.start();
  try {
    return await run({ transport: 'client', command: `"${process.execPath}" "${CLIENT}"`, endpoint }, 'client', TASKS_2025_11_25);
  } finally {
    await endpoint.close();
  }
}

export const outcomesOf = (report: RunReport, outcome: string) =>
  report.results
    .filter((result) => result.outcome === outcome)
    .map((result) => result.id)
    .sort();
export const lines = (report: RunReport) => report.results.map((result) => `${result.id}: ${result.outcome} — ${result.message}`);

/** What holds for every such run: no fail or warn says it could not proceed, and every inconclusive names its prerequisite. */
export function expectHonest(report: RunReport): void {
  const cascades = report.results.filter((result) => (result.outcome === 'fail' || result.outcome === 'warn') && /could not (proceed|go on)/.test(result.message));
  expect(cascades.map((result) => `${result.id}: ${result.message}`)).toEqual([]);
  for (const result of report.results.filter((r) => r.outcome === 'inconclusive'))
    expect(result.message, result.id).toMatch(/^prerequisite [A-Z0-9-]+ not met \((failed|warned of) by [a-z0-9.-]+ in this run\)/);
  expect(outcomesOf(report, 'error'), lines(report).join('\n')).toEqual([]);
  expect(report.summary.inconclusive).toBe(outcomesOf(report, 'inconclusive').length);
}
