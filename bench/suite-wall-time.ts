// Wall time of a full run against the reference receiver, its longest check, and their ratio (goal ≤ 1.5).
import { fileURLToPath } from 'node:url';
import { ClientHub } from '../harness/connections/client-hub.js';
import type { TargetSpec } from '../harness/connections/connect.js';
import type { RunReport } from '../harness/model.js';
import { runSuite } from '../harness/runner.js';
import { makeTiming } from '../harness/timing.js';
import { startReferenceHttpServer } from '../reference-server/index.js';
import { ALL_CHECKS, ALL_REQUIREMENTS, TASKS_2025_11_25 } from '../suites/index.js';

const REFERENCE_MAIN = fileURLToPath(new URL('../reference-server/main.js', import.meta.url));
const REFERENCE_CLIENT_MAIN = fileURLToPath(new URL('../reference-client/main.js', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// The CLI's default, so the figures are what a user sees.
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function measure(target: TargetSpec, role: 'server' | 'client' = 'server'): Promise<RunReport> {
  return runSuite({ target, role, checks: ALL_CHECKS, profile: TASKS_2025_11_25, timing: makeTiming(1), concurrency: CONCURRENCY, tool: { name: 'bench', version: '0' } });
}

function line(label: string, reports: RunReport[]): string {
  const walls = reports.map((r) => r.durationMs).sort((a, b) => a - b);
  const longest = reports.map((r) => Math.max(...r.results.map((x) => x.durationMs)));
  const ratios = reports.map((r, i) => r.durationMs / longest[i]).sort((a, b) => a - b);
  const median = (values: number[]) => values[Math.floor(values.length / 2)];
  const slowest = reports[0].results.reduce((a, b) => (b.durationMs > a.durationMs ? b : a));
  const bad = reports.reduce((n, r) => n + r.summary.fail + r.summary.warn + r.summary.error, 0);
  return `${label.padEnd(6)} wall ${median(walls)} ms (min ${walls[0]}, max ${walls.at(-1)})  longest check ${median(longest.sort((a, b) => a - b))} ms (${slowest.id})  ratio ${median(ratios).toFixed(2)}${bad ? `  [${bad} non-pass results!]` : ''}`;
}

const stdio: RunReport[] = [];
const http: RunReport[] = [];
const client: RunReport[] = [];
for (let round = 0; round < ROUNDS; round++) {
  stdio.push(await measure({ transport: 'stdio', command: `"${process.execPath}" "${REFERENCE_MAIN}"` }));
  const server = await startReferenceHttpServer({ port: 0, tokens: { 'token-a': 'alice', 'token-b': 'bob' } });
  try {
    http.push(await measure({ transport: 'http', url: server.url, headers: { Authorization: 'Bearer token-a' }, peerHeaders: { Authorization: 'Bearer token-b' } }));
  } finally {
    await server.close();
  }
  const hub = await ClientHub.start();
  try {
    client.push(await measure({ transport: 'client', command: `"${process.execPath}" "${REFERENCE_CLIENT_MAIN}"`, hub }, 'client'));
  } finally {
    await hub.close();
  }
}
console.log(`${ALL_CHECKS.length} checks (server and client roles), ${ROUNDS} rounds each, concurrency ${CONCURRENCY}, median of rounds`);
console.log(line('stdio', stdio));
console.log(line('http', http));
console.log(line('client', client));
