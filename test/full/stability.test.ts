import { spawn, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../harness/model/model.js';
import { unstableChecks } from '../../cli/repeat.js';
import { notableResults, runAgainstReferenceHttp } from '../support/reference-runs.js';

const RUNS = 20;
const busy: ChildProcess[] = [];

/** One process per core spinning until killed, so timing-based checks meet a machine with no idle core. */
function occupyEveryCore(): void {
  for (let core = 0; core < cpus().length; core++) busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

afterAll(() => {
  for (const child of busy) child.kill('SIGKILL');
});

async function runRepeatedly(): Promise<{ reports: RunReport[]; wallMs: number[] }> {
  const reports: RunReport[] = [];
  for (let run = 0; run < RUNS; run++) reports.push(await runAgainstReferenceHttp());
  return { reports, wallMs: reports.map((r) => r.durationMs) };
}

describe(`verdicts are identical in ${RUNS} runs against the reference receiver`, () => {
  // Twenty whole-suite runs take about a minute; the bound leaves room for a slow machine.
  it('on an idle machine', { timeout: 600_000 }, async () => {
    const { reports, wallMs } = await runRepeatedly();
    console.log(`idle: ${RUNS} runs, wall ${Math.min(...wallMs)}–${Math.max(...wallMs)} ms`);
    expect(unstableChecks(reports)).toEqual([]);
    expect(reports.flatMap(notableResults)).toEqual([]);
  });

  it('with every core busy', { timeout: 600_000 }, async () => {
    occupyEveryCore();
    const { reports, wallMs } = await runRepeatedly();
    console.log(`busy: ${RUNS} runs, wall ${Math.min(...wallMs)}–${Math.max(...wallMs)} ms`);
    expect(unstableChecks(reports)).toEqual([]);
    expect(reports.flatMap(notableResults)).toEqual([]);
  });
});
