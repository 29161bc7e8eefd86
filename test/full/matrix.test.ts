// The shipped manifest (configs/ecosystem.yaml, every pinned implementation in both roles and both eras) through
// `matrix`, as `npm run matrix` runs it: every target runs, each column holds the verdicts the third-party tests pin
// (test/expected/), nothing is left running, and the tables of docs/compatibility.md are the ones the matrix gives.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstDifferences, REGENERATE, renderTables, replaceBlocks } from '../../cli/compatibility-doc.js';
import { loadNotes } from '../../cli/compatibility-notes.js';
import { cellKey, type MatrixReport } from '../../reports/matrix-model.js';
import { CLI, ROOT } from '../support/cli-run.js';
import { ECOSYSTEM } from '../support/third-party.js';

const run = promisify(execFile);
/** The full tier's budget for the whole matrix: measured 196–247 s (two targets at a time, two cores at a load of 8–12). */
const MATRIX_BUDGET_MS = 600_000;

let dir: string;
let matrix: MatrixReport;
let wallMs: number;
let stdout: string;

/** Set in the matrix run's environment, so its descendants (and only they: other files of the tier run beside) can be told apart. */
const RUN_TAG_NAME = 'MATRIX_FULL_TEST_RUN';
const RUN_TAG_VALUE = `${process.pid}-${Date.now()}`;

/** Processes the matrix run started still running: any process whose environment carries this run's tag. */
function leftBehind(): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`${RUN_TAG_NAME}=${RUN_TAG_VALUE}`)) continue;
      found.push(`${entry}: ${readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ')}`);
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'matrix-full-'));
  const started = Date.now();
  const result = await run(process.execPath, [CLI, 'matrix', join(ROOT, 'configs/ecosystem.yaml'), '--json', join(dir, 'matrix.json'), '--html', join(dir, 'matrix.html')], {
    cwd: ROOT,
    env: { ...process.env, [RUN_TAG_NAME]: RUN_TAG_VALUE },
    timeout: MATRIX_BUDGET_MS + 60_000,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({ stdout: `${error.stdout ?? ''}\nexit ${error.code}: ${error.stderr ?? ''}`, stderr: '' }));
  wallMs = Date.now() - started;
  stdout = result.stdout;
  matrix = JSON.parse(readFileSync(join(dir, 'matrix.json'), 'utf8')) as MatrixReport;
}, MATRIX_BUDGET_MS + 90_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the matrix of every pinned implementation (configs/ecosystem.yaml)', () => {
  it('runs every target, in both roles and both eras, within the budget, and leaves nothing running', () => {
    expect(
      matrix.columns.filter((column) => column.status !== 'ran').map((column) => `${column.name}: ${column.why}`),
      stdout,
    ).toEqual([]);
    expect(matrix.columns.map((column) => column.name)).toEqual(ECOSYSTEM.targets.map((target) => target.name));
    expect(new Set(matrix.columns.map((column) => column.role))).toEqual(new Set(['server', 'client']));
    expect(new Set(matrix.columns.flatMap((column) => column.eras))).toEqual(new Set(['2025-11-25', '2026-07-28']));
    expect(wallMs).toBeLessThan(MATRIX_BUDGET_MS);
    expect(existsSync(join(dir, 'matrix.html'))).toBe(true);
    expect(leftBehind()).toEqual([]);
  });

  it("holds each run's verdicts: every check as test/expected/<name>.json pins it", () => {
    for (const column of matrix.columns) {
      const file = join(ROOT, `test/expected/${column.name}.json`);
      if (!existsSync(file)) continue;
      const expected = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const era = column.eras[0]!;
      const actual = Object.fromEntries(Object.keys(expected).map((check) => [check, matrix.evidence[column.name]?.[cellKey(era, check)]?.outcome]));
      expect(actual, `${column.name} against test/expected/${column.name}.json`).toEqual(expected);
    }
  });

  it('gives the tables of docs/compatibility.md as they are committed', async () => {
    const notes = await loadNotes(join(ROOT, 'docs/compatibility-notes.yaml'));
    const { blocks, problems } = renderTables(matrix, notes);
    expect(problems, `docs/compatibility-notes.yaml does not explain the matrix; mend it, then regenerate with: ${REGENERATE}`).toEqual([]);
    const page = readFileSync(join(ROOT, 'docs/compatibility.md'), 'utf8');
    const rendered = replaceBlocks(page, blocks, 'docs/compatibility.md');
    expect(rendered === page, `docs/compatibility.md's tables differ from the matrix; regenerate with: ${REGENERATE}\n${firstDifferences(page, rendered).join('\n')}`).toBe(true);
  });
});
