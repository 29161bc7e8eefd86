// What the rule book costs a run: every message of every check passes it (harness/engine/traffic-judgement.ts). A run
// against the bundled reference is recorded (its JSON report keeps each check's transcript), then all its messages
// are judged again here, in one process, timed: the time the rule book took beside the run's wall time.
// Goal: a few percent of the run. Median of BENCH_ROUNDS rounds (default 3), per profile.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TrafficJudgement } from '../harness/engine/traffic-judgement.js';
import type { RunReport } from '../harness/model/model.js';
import { TASKS_2025_11_25 } from '../suites/2025-11-25/index.js';
import { TASKS_2026_07_28 } from '../suites/2026-07-28/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

for (const profile of [TASKS_2025_11_25, TASKS_2026_07_28]) {
  const shares: { messages: number; judgeMs: number; wallMs: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'rule-book-bench-'));
    const file = join(dir, 'run.json');
    const started = performance.now();
    try {
      execFileSync(process.execPath, [CLI, 'server', '--spec', profile.id, '--json', file], { stdio: 'ignore' });
    } catch {
      // A failing run is still a run whose traffic can be judged; its report is written either way.
    }
    const wallMs = performance.now() - started;
    const report = JSON.parse(readFileSync(file, 'utf8')) as RunReport;
    rmSync(dir, { recursive: true, force: true });
    let messages = 0;
    const judgeStarted = performance.now();
    for (const result of report.results) {
      const judgement = new TrafficJudgement(profile.era, 'server', profile.requirements, () => undefined);
      for (const entry of result.transcript) {
        if (entry.message === undefined) continue;
        messages += 1;
        judgement.observe(entry);
      }
      judgement.findings();
    }
    shares.push({ messages, judgeMs: performance.now() - judgeStarted, wallMs });
  }
  const messages = median(shares.map((share) => share.messages));
  const judgeMs = median(shares.map((share) => share.judgeMs));
  const wallMs = median(shares.map((share) => share.wallMs));
  process.stdout.write(
    `rule book, ${profile.id} against the reference over stdio: ${messages} messages judged in ${judgeMs.toFixed(1)} ms ` +
      `(${((judgeMs / messages) * 1000).toFixed(1)} µs each), ${((judgeMs / wallMs) * 100).toFixed(2)}% of the run's ${(wallMs / 1000).toFixed(1)} s wall time\n`,
  );
}
