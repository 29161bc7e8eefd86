// The official conformance suite (@modelcontextprotocol/conformance, pinned in package.json) as a peer oracle: its
// ten Tasks-extension scenarios (SEP-2663) run against `mcp-tasks-conformance reference-server --http`, so the
// reference cannot drift from the fixtures that suite expects. It speaks Streamable HTTP only, so there is no stdio run.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OFFICIAL = path.join(ROOT, 'node_modules/@modelcontextprotocol/conformance');
const PINNED = '0.2.0-alpha.12';
/** Its ten scenarios of the Tasks extension (`conformance list --server`, marked [extension]). */
const SCENARIOS = [
  'tasks-capability-negotiation',
  'tasks-dispatch-and-envelope',
  'tasks-lifecycle',
  'tasks-request-headers',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-mrtr-composition',
  'tasks-status-notifications',
  'tasks-required-task-error',
];
/** The suite imports fs.globSync, which Node has from 22 on; on Node 20 a loader supplies it to that bundle alone. */
const NODE20_SHIM = typeof (fs as { globSync?: unknown }).globSync === 'function' ? [] : ['--import', path.join(ROOT, 'test/fixtures/node20-fs-glob/register.mjs')];

interface OfficialCheck {
  id: string;
  status: string;
  errorMessage?: string;
}

/** Runs one scenario against the URL; resolves with the checks it wrote and its exit status. */
function runScenario(url: string, scenario: string, outDir: string): Promise<{ code: number | null; checks: OfficialCheck[]; output: string }> {
  return new Promise((resolve, reject) => {
    const args = [...NODE20_SHIM, path.join(OFFICIAL, 'dist/index.js'), 'server', '--url', url, '--scenario', scenario, '--suite', 'all', '-o', path.join(outDir, scenario)];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const dir = path.join(outDir, scenario);
      const runs = readdirSync(dir);
      const checks = runs.length === 1 ? (JSON.parse(readFileSync(path.join(dir, runs[0], 'checks.json'), 'utf8')) as OfficialCheck[]) : [];
      resolve({ code, checks, output });
    });
  });
}

describe(`the official suite ${PINNED}: its Tasks-extension scenarios pass against the reference over Streamable HTTP`, () => {
  let reference: ChildProcess;
  let url: string;
  let outDir: string;

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'official-suite-'));
    reference = spawn(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), 'reference-server', '--http', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    url = await new Promise<string>((resolve, reject) => {
      let said = '';
      reference.stderr!.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        const listening = /listening on (\S+)/.exec(said);
        if (listening) resolve(listening[1]);
      });
      reference.on('exit', (code) => reject(new Error(`the reference ended (${code}) before listening: ${said}`)));
    });
  });

  afterAll(() => {
    reference?.kill();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('is the pinned version', () => {
    expect(JSON.parse(readFileSync(path.join(OFFICIAL, 'package.json'), 'utf8')).version).toBe(PINNED);
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario}: no check fails or warns`, async () => {
      const { code, checks, output } = await runScenario(url, scenario, outDir);
      const bad = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING').map((check) => `${check.id}: ${check.status} ${check.errorMessage ?? ''}`);
      expect(bad, output).toEqual([]);
      expect(checks.length, output).toBeGreaterThan(0);
      expect(code, output).toBe(0);
    }, 60_000);
  }
});
