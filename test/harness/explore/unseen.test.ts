// explore on implementations the suite has never seen: help, an exploration with nothing to explore, results judged
// against the plain call (as the scripted check judges them), and the one rule on which tools may be called as tasks.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TargetFacts } from '../../../harness/receivers/check.js';
import { takesTasks, type FixtureBinding } from '../../../harness/model/fixtures.js';
import { unmetPrecondition } from '../../../harness/receivers/preconditions.js';

const CLI = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));
const REFERENCE = fileURLToPath(new URL('../../../dist/reference-server/main.js', import.meta.url));
const ERROR_PREFIX = fileURLToPath(new URL('../../fixtures/broken/error-prefix.mjs', import.meta.url));
const BUILT = existsSync(CLI) && existsSync(REFERENCE);
const dir = mkdtempSync(join(tmpdir(), 'explore-unseen-'));

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe.skipIf(!BUILT)('explore on the unseen (run "npm run build" first when running vitest alone)', () => {
  it('explore --help prints the usage of explore (server --help, of server only) and exits 0', () => {
    for (const command of ['explore', 'server']) {
      const run = cli(command, '--help');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^usage:\n/);
      expect(run.stdout.includes('mcp-tasks-conformance explore [--role server|client]')).toBe(command === 'explore');
    }
  });

  it('with nothing to explore: exit 2, and neither the console nor the report says pass', () => {
    const json = join(dir, 'nothing.json');
    const run = cli('explore', '--command', `"${process.execPath}" "${REFERENCE}" --variant no-tasks`, '--runs', '3', '--json', json);
    expect(run.code).toBe(2);
    expect(run.stdout).not.toMatch(/Verdict: PASS/);
    expect(run.stdout).toMatch(/Verdict: FAIL — nothing was judged: nothing to explore: the receiver does not declare tasks\.requests\.tools\.call/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.outcome).toBe('fail');
    expect(report.properties.every((property: { outcome: string }) => property.outcome === 'skip')).toBe(true);
  });

  // A fail, an echo and an error task, each followed by tasks/result: what the plain calls return is what they must return.
  const replayFile = join(dir, 'results.json');
  writeFileSync(
    replayFile,
    JSON.stringify({
      $schema: 'urn:mcp-tasks-conformance:explore-counterexample:v1',
      seed: 7,
      operations: [
        { step: 0, kind: 'create', args: { role: 'fail', delayMs: 0, ttl: null }, summary: '' },
        { step: 0, kind: 'create', args: { role: 'echo', delayMs: 0, ttl: null }, summary: '' },
        { step: 0, kind: 'create', args: { role: 'error', delayMs: 0, ttl: null }, summary: '' },
        { step: 1, kind: 'result', args: { task: 0 }, summary: '' },
        { step: 1, kind: 'result', args: { task: 1 }, summary: '' },
        { step: 1, kind: 'result', args: { task: 2 }, summary: '' },
      ],
    }),
  );

  it('judges a task result against the plain call: errors worded its own way in both are no violation, as for the scripted check', () => {
    const command = `"${process.execPath}" "${ERROR_PREFIX}"`;
    const json = join(dir, 'prefix.json');
    const run = cli('explore', '--command', command, '--replay', replayFile, '--json', json);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const results = report.properties.find((property: { id: string }) => property.id === 'explore.results');
    expect(results.outcome, results.message).toBe('pass');
    expect(results.observations).toBe(3);
    expect(run.code, run.stdout.slice(-1500)).toBe(0);
    expect(report.notices.join('\n')).not.toMatch(/not compared/);
    // The scripted checks agree.
    const scripted = cli('server', '--command', command, '--spec', '2025-11-25', '--only', 'result-retrieval.same-as-plain-call,result-retrieval.same-error');
    expect(scripted.code, scripted.stdout.slice(-1500)).toBe(0);
  });

  it('still finds a task result that differs from the plain call', () => {
    const run = cli('explore', '--command', `"${process.execPath}" "${REFERENCE}" --fault result-differs`, '--replay', replayFile);
    expect(run.code, run.stdout.slice(-1500)).toBe(1);
    expect(run.stdout).toMatch(/broken: TASKS-RESULT-EXACT .*\n.*expected the plain call's result/);
  });
});

describe('one rule for calling a tool as a task (server and explore alike)', () => {
  const binding = (role: FixtureBinding['role'], declaredTaskSupport: unknown): FixtureBinding => ({
    role,
    method: 'tools/call',
    tool: `conformance_${role}`,
    echoesInput: true,
    honoursDelay: true,
    declaredTaskSupport,
  });
  const facts = (...bindings: FixtureBinding[]) => ({ fixtures: new Map(bindings.map((b) => [b.role, b])) }) as unknown as TargetFacts;

  it('a tool that declares no taskSupport means "forbidden": a check of a task role skips, saying so', () => {
    expect(takesTasks(binding('echo', undefined))).toBe(false);
    expect(takesTasks(binding('echo', 'forbidden'))).toBe(false);
    expect(takesTasks(binding('echo', 'optional'))).toBe(true);
    expect(takesTasks(binding('echo', 'required'))).toBe(true);
    expect(unmetPrecondition([{ kind: 'fixture', role: 'echo' }], facts(binding('echo', undefined)))).toMatch(
      /conformance_echo\) declares no execution\.taskSupport, which means "forbidden", so a requestor must not call it as a task/,
    );
    expect(unmetPrecondition([{ kind: 'fixture', role: 'echo' }], facts(binding('echo', 'optional')))).toBeUndefined();
    // The roles the contract never runs as tasks are not concerned.
    expect(unmetPrecondition([{ kind: 'fixture', role: 'plain' }], facts(binding('plain', undefined)))).toBeUndefined();
    expect(unmetPrecondition([{ kind: 'fixture', role: 'forbidden' }], facts(binding('forbidden', 'forbidden')))).toBeUndefined();
    // A client's requests it takes as tasks are not tools.
    expect(takesTasks({ ...binding('echo', undefined), method: 'sampling/createMessage' })).toBe(true);
  });
});
